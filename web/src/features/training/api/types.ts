// Local types of the training API (/tmp contract of issue 13). They mirror docs/openapi.yaml once the
// backend's schemas land there; then they become aliases of the generated ones in lib/api-schemas.

export const courseCategories = [
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
] as const

export type CourseCategory = (typeof courseCategories)[number]
export const courseLevels = ['Beginner', 'Intermediate', 'Advanced'] as const
export type CourseLevel = (typeof courseLevels)[number]
export type CourseStatus = 'available' | 'coming_soon'

/** Modules done out of the course's total. */
export type Progress = { completed: number; total: number }

export type Course = {
  id: number
  title: string
  description: string
  instructor: string
  duration: string
  level: CourseLevel
  price: string
  category: CourseCategory
  videoUrl: string | null
  thumbnailUrl: string | null
  status: CourseStatus
  displayOrder: number
  tab: string
  studentsEnrolled: number
  moduleCount: number
  /** Whether the caller is enrolled. */
  enrolled: boolean
  /** The caller's progress; null when not enrolled. */
  progress: Progress | null
  createdAt: string
}

export type CourseModule = {
  id: number
  title: string
  videoUrl: string | null
  duration: string
  position: number
  completed: boolean
}

export type CourseDetail = Course & { modules: CourseModule[] }

export type ModuleInput = { id?: number; title: string; videoUrl: string | null; duration: string }

/** The body of POST /api/courses and PUT /api/courses/{id}. */
export type CourseInput = {
  title: string
  description: string
  instructor: string
  duration: string
  level: CourseLevel
  price: string
  category: CourseCategory
  videoUrl: string | null
  thumbnailUrl: string | null
  status: CourseStatus
  displayOrder: number
  modules: ModuleInput[]
}

export type CategoryCount = { category: CourseCategory; count: number }

export type Enrollment = {
  courseId: number
  course: Course
  enrolledAt: string
  completedAt: string | null
  progress: Progress
  certificateNumber: string | null
}

export type Certificate = {
  number: string
  courseId: number
  courseTitle: string
  agentName: string
  issuedAt: string
  /** Absolute URL of the public verification page. */
  verifyUrl: string
}

/** The answer of marking a module done or not done; certificate is set when this completed the course. */
export type ModuleCompletion = { enrollment: Enrollment; certificate: Certificate | null }

export type PublicCertificate = { number: string; agentName: string; courseTitle: string; issuedAt: string; valid: boolean }

export type AppDemo = {
  id: number
  title: string
  description: string
  videoUrl: string
  duration: string
  category: string
  /** A Tailwind background class such as bg-blue-600. */
  color: string
  displayOrder: number
  tab: string
  tutorialSteps: string[]
}
