import type { CourseCategory } from '@/features/training/api/types'

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
