import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDebouncedValue } from '@/lib/use-debounced-value'

afterEach(() => vi.useRealTimers())

describe('useDebouncedValue', () => {
  it('follows the value only once it has been still for the delay', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: '' } })
    rerender({ value: 'p' })
    act(() => vi.advanceTimersByTime(200))
    rerender({ value: 'pl' })
    act(() => vi.advanceTimersByTime(200))
    rerender({ value: 'plot' })
    act(() => vi.advanceTimersByTime(299))
    expect(result.current).toBe('')
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe('plot')
  })
})
