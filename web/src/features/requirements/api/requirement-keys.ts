/** Query keys of requirements; the first element is the API path (see urlFromQueryKey). */
export const requirementKeys = {
  all: ['/api/requirements'] as const,
  mine: () => ['/api/requirements'] as const,
  matches: (id: number) => ['/api/requirements', id, 'matches'] as const,
  marketplace: (q: string) => ['/api/marketplace/requirements', { q: q.trim() || undefined }] as const,
}

/** Families refreshed after a requirement is created, edited or deleted (spec section 7). */
export const requirementWriteFamilies = ['/api/requirements', '/api/dashboard/stats', '/api/matches', '/api/marketplace'] as const
