import { QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { act, renderHook, screen, waitFor } from '@testing-library/react'
import * as React from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toaster'
import { ApiError } from '@/lib/api-client'
import { apiMutation, useApiMutation, type ApiMutationOptions } from '@/lib/api-mutation'
import { createQueryClient } from '@/lib/query-client'

function setup<TData, TVariables>(
  mutation: Parameters<typeof useApiMutation<TData, TVariables>>[0],
  options?: ApiMutationOptions<TData, TVariables>,
) {
  const queryClient = createQueryClient()
  const keys: QueryKey[] = [['/api/matches', { type: 'buyer' }], ['/api/dashboard/stats'], ['/api/properties'], ['/api/user']]
  keys.forEach((key) => queryClient.setQueryData(key, []))
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  )
  const hook = renderHook(() => useApiMutation(mutation, options), { wrapper })
  const stale = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[0])
  return { ...hook, stale }
}

describe('useApiMutation', () => {
  it('writes, then marks the families stale, then toasts, then calls onSuccess', async () => {
    const order: string[] = []
    const write = apiMutation({
      mutationFn: async (id: number) => {
        order.push(`write ${id}`)
        return { id }
      },
      invalidates: ['/api/matches', '/api/dashboard/stats'],
    })
    const { result, stale } = setup(write, {
      successToast: (data) => {
        order.push(`toast ${data.id}`)
        return { variant: 'success', title: `Saved ${data.id}` }
      },
      onSuccess: (data, id) => {
        order.push(`onSuccess ${data.id} ${id}`)
      },
    })
    await act(() => result.current.mutateAsync(7))
    expect(order).toEqual(['write 7', 'toast 7', 'onSuccess 7 7'])
    expect(stale()).toEqual(['/api/matches', '/api/dashboard/stats'])
    expect(await screen.findByTestId('toast')).toHaveTextContent('Saved 7')
  })

  it('takes a test on each cached key as what is stale', async () => {
    const write = apiMutation({ mutationFn: async () => 'ok', invalidates: (key) => key[0] === '/api/properties' })
    const { result, stale } = setup(write)
    await act(() => result.current.mutateAsync())
    expect(stale()).toEqual(['/api/properties'])
  })

  it('makes a string success toast a success toast with that title', async () => {
    const { result } = setup(apiMutation({ mutationFn: async () => 'ok' }), { successToast: 'Property deleted successfully' })
    await act(() => result.current.mutateAsync())
    const toast = await screen.findByTestId('toast')
    expect(toast).toHaveTextContent('Property deleted successfully')
  })

  it('on failure toasts the title with the error message and calls onError, leaving the cache alone', async () => {
    const onError = vi.fn()
    const write = apiMutation({
      mutationFn: async (): Promise<string> => {
        throw new ApiError('Too many requests', 429)
      },
      invalidates: ['/api/matches'],
    })
    const { result, stale } = setup(write, { errorToast: 'Failed to delete property', onError })
    act(() => result.current.mutate())
    await waitFor(() => expect(onError).toHaveBeenCalled())
    expect(onError.mock.calls[0]![0]).toMatchObject({ status: 429 })
    const toast = await screen.findByTestId('toast')
    expect(toast).toHaveTextContent('Failed to delete property')
    expect(toast).toHaveTextContent('Too many requests')
    expect(stale()).toEqual([])
  })
})

describe('useApiMutation with exclusive', () => {
  it('runs one call at a time, decided synchronously, and takes the next once the first is done', async () => {
    let finish: (() => void) | undefined
    const calls: number[] = []
    const write = apiMutation({
      mutationFn: (n: number) => {
        calls.push(n)
        return new Promise<number>((resolve) => (finish = () => resolve(n)))
      },
    })
    const { result } = setup(write, { exclusive: true })
    let first: Promise<number> | undefined
    let second: Promise<number> | undefined
    act(() => {
      result.current.mutate(1)
      result.current.mutate(2) // dropped
      first = result.current.mutateAsync(3) // the running call's promise
      second = result.current.mutateAsync(4)
    })
    await waitFor(() => expect(calls).toEqual([1]))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(calls).toEqual([1])
    expect(first).toBe(second)
    finish!()
    await expect(first).resolves.toBe(1)
    await act(async () => {
      void result.current.mutateAsync(5)
    })
    await waitFor(() => expect(calls).toEqual([1, 5]))
  })

  it('lets calls overlap without it (a list whose rows share one hook)', async () => {
    const calls: number[] = []
    const write = apiMutation({ mutationFn: (n: number) => new Promise<number>(() => calls.push(n)) })
    const { result } = setup(write)
    act(() => {
      result.current.mutate(1)
      result.current.mutate(2)
    })
    await waitFor(() => expect(calls).toEqual([1, 2]))
  })
})
