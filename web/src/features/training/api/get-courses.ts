import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { courseCategoriesQueryOptions } from '@/lib/course-count'
import { pagedQueryOptions } from '@/lib/paged-query'
import { untypedCall, untypedData } from '@/lib/untyped-call'
import { trainingKeys } from '@/features/training/api/training-keys'
import type { Course, CourseDetail } from '@/features/training/api/types'

/** GET /api/courses?q=&category=, page by page: searched on the server, in display order. */
export const coursesQueryOptions = (q: string, category: string) => {
  const key = trainingKeys.courses(q, category)
  return pagedQueryOptions(key, (init) => untypedCall<Course[]>('GET', '/api/courses', { query: key[1], ...init }))
}

export function useCourses(q: string, category: string) {
  return useInfiniteQuery(coursesQueryOptions(q, category))
}

/** The categories that have courses, for the filter. */
export function useCourseCategories() {
  return useQuery(courseCategoriesQueryOptions())
}

/** GET /api/courses/{id}: the course with its ordered modules and the caller's completion of each. */
export const courseQueryOptions = (id: number) =>
  queryOptions({
    queryKey: trainingKeys.course(id),
    queryFn: ({ signal }) => untypedData<CourseDetail>('GET', `/api/courses/${id}`, { signal }),
  })

/** Idle without an id. */
export function useCourse(id: number | null) {
  return useQuery({ ...courseQueryOptions(id ?? 0), enabled: id !== null })
}
