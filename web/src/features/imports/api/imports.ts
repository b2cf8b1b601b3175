import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { invalidateFamilies } from '@/lib/query-families'

export type ImportKind = 'listings' | 'requirements'
export type ImportPreview = components['schemas']['ImportPreview']
export type ImportStatus = components['schemas']['ImportStatus']
export type ImportRowError = components['schemas']['ImportRowError']

/** Query keys of one import: the '/api/imports' family, which the live `import` event refreshes. */
export const importKeys = { one: (id: number) => ['/api/imports', id] as const }

/** GET /api/imports/templates/{kind}: the template's address (a download link). */
export function templateUrl(kind: ImportKind, format: 'xlsx' | 'csv' = 'xlsx') {
  return `/api/imports/templates/${kind}${format === 'csv' ? '?format=csv' : ''}`
}

/** GET /api/imports/{id}/report: the failed rows as CSV (a download link). */
export function reportUrl(id: number) {
  return `/api/imports/${id}/report`
}

/** POST /api/imports: the file and its kind (multipart), with the agent's column mapping when changed. */
export function useUploadImport() {
  return useMutation({
    mutationFn: ({ file, kind, mapping }: { file: File; kind: ImportKind; mapping?: Record<string, string> }) => {
      const form = new FormData()
      form.set('kind', kind)
      form.set('file', file, file.name)
      if (mapping) form.set('mapping', JSON.stringify(mapping))
      return unwrap(
        api.POST('/api/imports', {
          // The body is the FormData itself; the browser sets the multipart boundary.
          body: { file: '', kind },
          bodySerializer: () => form,
        }),
      )
    },
  })
}

/** GET /api/imports/{id}: polled every 2 s while running (the live event refreshes it sooner). */
export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/imports/{id}', { params: { path: { id } }, signal })),
    refetchInterval: (q) => (q.state.data?.status === 'running' || q.state.data?.status === 'pending' ? 2000 : false),
  })

export function useImportStatus(id: number | null, enabled: boolean) {
  return useQuery({ ...importQueryOptions(id ?? 0), enabled: enabled && id !== null })
}

/** POST /api/imports/{id}/start. */
export function useStartImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/imports/{id}/start', { params: { path: { id } } })),
    onSuccess: (status) => queryClient.setQueryData(importKeys.one(status.id), status),
  })
}

/** DELETE /api/imports/{id}: cancels. Listings or requirements saved so far are refreshed. */
export function useCancelImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/imports/{id}', { params: { path: { id } } })),
    onSuccess: (status) => {
      queryClient.setQueryData(importKeys.one(status.id), status)
      void invalidateFamilies(queryClient, ['/api/properties', '/api/requirements', '/api/dashboard/stats'])
    },
  })
}
