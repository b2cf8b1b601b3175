import type { CourseCategory, CourseLevel } from '@/lib/api-schemas'

// The training API's types are the generated ones (docs/openapi.yaml → lib/api-schemas).
export type {
  AppDemo,
  CategoryCount,
  Certificate,
  CertificateVerification,
  Completion,
  Course,
  CourseCategory,
  CourseDetail,
  CourseInput,
  CourseLevel,
  CourseModule,
  CourseStatus,
  Enrollment,
  Progress,
} from '@/lib/api-schemas'

/** Every member of a string union, each once: a list that misses one does not compile. */
const everyOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : never)) =>
    list

/** The ten course categories, in the order the filter and the admin form offer them. */
export const courseCategories = everyOf<CourseCategory>()([
  'Course',
  'Finance',
  'Knowledge',
  'Legal & Compliance',
  'Marketing',
  'Project Training',
  'Sales',
  'Technology',
  'Valuation',
  "What's New",
])

export const courseLevels = everyOf<CourseLevel>()(['Beginner', 'Intermediate', 'Advanced'])

/** The category a select's value names, or '' (all categories) for anything else. */
export const categoryOrAll = (value: string): CourseCategory | '' =>
  (courseCategories as readonly string[]).includes(value) ? (value as CourseCategory) : ''
