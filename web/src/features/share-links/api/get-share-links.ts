import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { pagedQueryOptions } from '@/lib/paged-query'

export type ShareLink = components['schemas']['ShareLink']
export type ShareLinkItem = components['schemas']['ShareLinkItem']

/** Query keys of the caller's share links: the '/api/share-links' family, which creating, revoking and interest events refresh. */
export const shareLinkKeys = { list: () => ['/api/share-links'] as const }

/** GET /api/share-links, page by page, newest first. */
export const shareLinksQueryOptions = () => pagedQueryOptions(shareLinkKeys.list(), (init) => api.GET('/api/share-links', init))

export function useShareLinks() {
  return useInfiniteQuery(shareLinksQueryOptions())
}
