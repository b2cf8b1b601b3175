/** Query keys of requirements; the first element is the API path (see changedFamilies.requirements). */
export const requirementKeys = {
  all: ['/api/requirements'] as const,
  mine: () => ['/api/requirements'] as const,
  matches: (id: number) => ['/api/requirements', id, 'matches'] as const,
  marketplace: (q: string) => ['/api/marketplace/requirements', { q: q.trim() || undefined }] as const,
}
