import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import { trainingKeys } from '@/features/training/api/get-courses'

/** GET /api/enrollments, page by page: the caller's enrolments with progress, newest first. */
export function useEnrollments() {
  return useInfiniteQuery(pagedQueryOptions(trainingKeys.enrollments(), (init) => api.GET('/api/enrollments', init)))
}

/** GET /api/certificates, page by page: the caller's certificates. */
export function useCertificates({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...pagedQueryOptions(trainingKeys.certificates(), (init) => api.GET('/api/certificates', init)),
    enabled,
  })
}

/** GET /api/app-demos: the twelve app demo entries in the order saved on the server. */
export const appDemosQueryOptions = () =>
  queryOptions({
    queryKey: trainingKeys.appDemos(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/app-demos', { signal })),
  })

export function useAppDemos() {
  return useQuery(appDemosQueryOptions())
}

/** GET /api/public/certificates/{number}: public, no sign-in; 404 for an unknown number. */
export function usePublicCertificate(number: string) {
  return useQuery({
    queryKey: trainingKeys.publicCertificate(number),
    queryFn: ({ signal }) => unwrap(api.GET('/api/public/certificates/{number}', { params: { path: { number } }, signal })),
  })
}

/** The certificate's PDF (owner only); a plain link downloads it with the session cookie. */
export const certificatePdfUrl = (number: string) => `/api/certificates/${encodeURIComponent(number)}/pdf`
