import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import type { CourseCategory } from '@/features/training/lib/course-options'

/** Query keys of training (see changedFamilies.training); each starts with its API path. */
export const trainingKeys = {
  courses: (q: string, category: CourseCategory | '') =>
    ['/api/courses', { q: q.trim() || undefined, category: category || undefined }] as const,
  categories: () => ['/api/courses/categories'] as const,
  course: (id: number) => [`/api/courses/${id}`] as const,
  enrollments: () => ['/api/enrollments'] as const,
  certificates: () => ['/api/certificates'] as const,
  appDemos: () => ['/api/app-demos'] as const,
  publicCertificate: (number: string) => [`/api/public/certificates/${number}`] as const,
}

/** GET /api/courses?q=&category=, page by page: searched on the server, in display order. */
export const coursesQueryOptions = (q: string, category: CourseCategory | '') => {
  const key = trainingKeys.courses(q, category)
  return pagedQueryOptions(key, (init) => api.GET('/api/courses', { params: { query: key[1] }, ...init }))
}

export function useCourses(q: string, category: CourseCategory | '') {
  return useInfiniteQuery(coursesQueryOptions(q, category))
}

/** GET /api/courses/categories: the categories that have courses, with their counts. */
export const courseCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: trainingKeys.categories(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/courses/categories', { signal })),
  })

/** The categories that have courses, for the filter. */
export function useCourseCategories() {
  return useQuery(courseCategoriesQueryOptions())
}

/** GET /api/courses/{id}: the course with its ordered modules and the caller's completion of each. */
export const courseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: trainingKeys.course(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/courses/{id}', { params: { path: { id } }, signal })),
  })

/** Idle without an id. */
export function useCourse(id: number | null) {
  return useQuery({ ...courseQueryOptions(id ?? 0), enabled: id !== null })
}
