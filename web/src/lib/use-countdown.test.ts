import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCountdown } from '@/lib/use-countdown'

afterEach(() => vi.useRealTimers())

describe('useCountdown', () => {
  it('counts whole seconds down to zero from the deadline, and stop clears it', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useCountdown())
    expect(result.current.secondsLeft).toBe(0)
    act(() => result.current.start(30))
    expect(result.current.secondsLeft).toBe(30)
    act(() => vi.advanceTimersByTime(29_000))
    expect(result.current.secondsLeft).toBe(1)
    act(() => vi.advanceTimersByTime(5_000))
    expect(result.current.secondsLeft).toBe(0)
    act(() => result.current.start(30))
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current.secondsLeft).toBe(20)
    act(() => result.current.stop())
    expect(result.current.secondsLeft).toBe(0)
  })
})
