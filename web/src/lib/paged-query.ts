import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query'
import { getPageQueryFn, type Page } from '@/lib/api-client'

/**
 * Options for a paged list (`limit` / `cursor`, next page announced in `Link`):
 * the first page is the URL of the query key, later pages follow `Link` rel="next".
 * Invalidating the key refetches every loaded page in order.
 */
export function pagedQueryOptions<T, TKey extends QueryKey = QueryKey>(queryKey: TKey) {
  return infiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, string | null>, TKey, string | null>({
    queryKey,
    queryFn: getPageQueryFn<T>(),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
  })
}

/** Every item of the loaded pages, in order. */
export function pageItems<T>(data: InfiniteData<Page<T>, unknown> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? []
}
