import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query'
import { fetchPage, type Page, type PageInit } from '@/lib/api-client'

/**
 * Options for a paged list (`limit` / `cursor`, next page announced in `Link`): `list` makes the typed
 * call with the options it is given; the first page uses the call's own parameters, later pages the
 * query of `Link` rel="next". Invalidating the key refetches every loaded page in order.
 */
export function pagedQueryOptions<T, TKey extends QueryKey = QueryKey>(
  queryKey: TKey,
  list: (init: PageInit) => Promise<{ data?: T[]; response: Response }>,
) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, string | null>, TKey, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(list, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
  })
}

/** Every item of the loaded pages, in order. */
export function pageItems<T>(data: InfiniteData<Page<T>, unknown> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? []
}
