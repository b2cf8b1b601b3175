import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DashboardStats } from '@/lib/api-schemas'
import { useDashboardStats } from '@/lib/dashboard-stats'
import { untypedData } from '@/lib/untyped-call'

/** A course category and how many courses it has (GET /api/courses/categories). */
export type CourseCategoryCount = { category: string; count: number }

/** GET /api/courses/categories: the categories that have courses, with their counts. */
export const courseCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/courses/categories'] as const,
    queryFn: ({ signal }) => untypedData<CourseCategoryCount[]>('GET', '/api/courses/categories', { signal }),
  })

/** The dashboard stats with the course counts of issue 13 (absent from servers without them). */
type StatsWithCourses = DashboardStats & { courses?: number }

/**
 * The number of courses (docs/product.md#signed-in-shell: the sidebar badge and the Courses tile):
 * the dashboard stats' `courses` when the server sends it, else the sum of the category counts.
 * Undefined while loading or signed out.
 */
export function useCourseCount({ enabled = true }: { enabled?: boolean } = {}) {
  const stats = useDashboardStats({ enabled }).data as StatsWithCourses | undefined
  const fromStats = stats?.courses
  const categories = useQuery({ ...courseCategoriesQueryOptions(), enabled: enabled && !!stats && fromStats === undefined })
  if (fromStats !== undefined) return fromStats
  return categories.data?.reduce((sum, c) => sum + c.count, 0)
}
