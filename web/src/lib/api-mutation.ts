import * as React from 'react'
import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query'
import { toast, type ToastInput } from '@/components/ui/use-toast'
import type { ApiError } from '@/lib/api-client'
import { inFamily } from '@/lib/query-families'

/** The queries a write makes stale: path families (see inFamily) or a test on each cached key. */
export type Invalidates = readonly string[] | ((queryKey: QueryKey) => boolean)

/** A write to the API: the typed call and what it makes stale. Features declare these next to their endpoints. */
export type ApiMutation<TData, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TData>
  invalidates?: Invalidates
}

/** Declares a write; only for type inference (the object is returned as given). */
export function apiMutation<TData, TVariables = void>(mutation: ApiMutation<TData, TVariables>) {
  return mutation
}

type Toast<TArgs extends unknown[]> = ToastInput | ((...args: TArgs) => ToastInput)

export type ApiMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, ApiError, TVariables>,
  'mutationFn' | 'onSuccess' | 'onError'
> & {
  /** Shown after a success, once the stale queries are refetching; a string is a success toast's title. */
  successToast?: string | Toast<[TData, TVariables]>
  /** Shown after a failure; a string is the title of a destructive toast whose description is the error's message. */
  errorToast?: string | Toast<[ApiError, TVariables]>
  /** Runs after the toast. */
  onSuccess?: (data: TData, variables: TVariables) => unknown
  onError?: (error: ApiError, variables: TVariables) => unknown
  /**
   * One call at a time: while a call runs (until its toasts and callbacks are done), `mutate` does
   * nothing and `mutateAsync` answers the running call's promise. The check is a ref set before the
   * request, so a double click, a repeated Enter or a double form submit sends once even before React
   * re-renders the button as disabled. For every write that sends something (a message, a request).
   */
  exclusive?: boolean
}

function successInput<TData, TVariables>(spec: ApiMutationOptions<TData, TVariables>['successToast'], data: TData, variables: TVariables) {
  if (spec === undefined) return undefined
  if (typeof spec === 'string') return { variant: 'success', title: spec } satisfies ToastInput
  return typeof spec === 'function' ? spec(data, variables) : spec
}

function errorInput<TVariables>(spec: ApiMutationOptions<unknown, TVariables>['errorToast'], error: ApiError, variables: TVariables) {
  if (spec === undefined) return undefined
  if (typeof spec === 'string') return { variant: 'destructive', title: spec, description: error.message } satisfies ToastInput
  return typeof spec === 'function' ? spec(error, variables) : spec
}

/** The predicate of a query filter for what a write makes stale. */
function staleTest(invalidates: Invalidates) {
  if (typeof invalidates === 'function') return invalidates
  return (queryKey: QueryKey) => invalidates.some((family) => inFamily(queryKey, family))
}

/**
 * Runs a write, then marks what it changed stale (awaiting the refetch of what is on screen), then
 * toasts. The one place that does this for every write of the app.
 */
export function useApiMutation<TData, TVariables>(
  { mutationFn, invalidates }: ApiMutation<TData, TVariables>,
  { successToast, errorToast, onSuccess, onError, exclusive = false, ...options }: ApiMutationOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient()
  const running = React.useRef<Promise<TData> | null>(null)
  const mutation = useMutation<TData, ApiError, TVariables>({
    ...options,
    mutationFn,
    onSuccess: async (data, variables) => {
      if (invalidates) await queryClient.invalidateQueries({ predicate: (query) => staleTest(invalidates)(query.queryKey) })
      const input = successInput(successToast, data, variables)
      if (input) toast(input)
      await onSuccess?.(data, variables)
    },
    onError: async (error, variables) => {
      const input = errorInput(errorToast, error, variables)
      if (input) toast(input)
      await onError?.(error, variables)
    },
  })
  const { mutateAsync: start } = mutation
  const mutateAsync = React.useCallback<typeof start>(
    (...args) => {
      if (running.current) return running.current
      const call = start(...args).finally(() => {
        running.current = null
      })
      running.current = call
      return call
    },
    [start],
  )
  const mutate = React.useCallback<typeof mutation.mutate>(
    (...args) => {
      mutateAsync(...args).catch(() => {}) // as useMutation's mutate: the error is in the state and the toast
    },
    [mutateAsync],
  )
  return exclusive ? { ...mutation, mutate, mutateAsync } : mutation
}
