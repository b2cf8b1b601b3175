import type { AppDemo, Certificate, Course, CourseDetail, CourseModule, Enrollment } from '@/features/training/lib/course-options'
import { testUser } from '@/test/utils'

export function makeCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  const modules: CourseModule[] = overrides.modules ?? [
    { id: 11, title: 'What RERA covers', videoUrl: 'https://youtu.be/dQw4w9WgXcQ', duration: '20 minutes', position: 1, completed: false },
    { id: 12, title: 'Registering a project', videoUrl: null, duration: '30 minutes', position: 2, completed: false },
  ]
  return {
    id: 1,
    title: 'RERA Compliance for Agents',
    description: 'Registration, disclosures and penalties under RERA 2016.',
    instructor: 'Adv. Meera Iyer',
    duration: '3 hours',
    level: 'Intermediate',
    price: 'Free',
    category: 'Legal & Compliance',
    videoUrl: null,
    thumbnailUrl: null,
    status: 'available',
    displayOrder: 1,
    tab: 'courses',
    studentsEnrolled: 12,
    moduleCount: modules.length,
    enrolled: false,
    progress: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
    modules,
  }
}

const summary = ({ modules: _modules, ...course }: CourseDetail): Course => course

/**
 * An in-memory training API for one agent, following the contract: search, enrolment (409 on a
 * second one), module completion issuing a certificate when the last module is done.
 */
export function fakeTrainingApi(courses: CourseDetail[]) {
  const state = { courses: courses.map((c) => structuredClone(c)), certificates: [] as Certificate[] }
  const find = (id: number) => state.courses.find((c) => c.id === id)
  const progressOf = (c: CourseDetail) => ({ completed: c.modules.filter((m) => m.completed).length, total: c.modules.length })
  const enrollmentOf = (c: CourseDetail): Enrollment => ({
    courseId: c.id,
    course: summary(c),
    enrolledAt: '2026-02-01T00:00:00Z',
    completedAt: state.certificates.some((x) => x.courseId === c.id) ? '2026-02-02T00:00:00Z' : null,
    progress: progressOf(c),
    certificateNumber: state.certificates.find((x) => x.courseId === c.id)?.number ?? null,
  })
  const courseIdOf = (url: URL) => Number(url.pathname.split('/')[3])
  const handlers = {
    'GET /api/courses': ({ url }: { url: URL }) => {
      const q = url.searchParams.get('q')?.toLowerCase() ?? ''
      const category = url.searchParams.get('category') ?? ''
      const list = state.courses.filter(
        (c) =>
          (!category || c.category === category) && `${c.title} ${c.category} ${c.instructor} ${c.description}`.toLowerCase().includes(q),
      )
      return { body: list.map(summary) }
    },
    'GET /api/courses/categories': () => ({
      body: [...new Set(state.courses.map((c) => c.category))].map((category) => ({
        category,
        count: state.courses.filter((c) => c.category === category).length,
      })),
    }),
    'GET /api/enrollments': () => ({ body: state.courses.filter((c) => c.enrolled).map(enrollmentOf) }),
    'GET /api/certificates': () => ({ body: state.certificates }),
  }
  /** Routes with an id: the mock matches on exact paths, so these are built per course. */
  const perCourse = Object.fromEntries(
    state.courses.flatMap((course) => {
      const base = `/api/courses/${course.id}`
      const entries: [string, (req: { url: URL }) => { status?: number; body?: unknown }][] = [
        [`GET ${base}`, ({ url }) => ({ body: find(courseIdOf(url)) })],
        [
          `POST ${base}/enroll`,
          ({ url }) => {
            const c = find(courseIdOf(url))!
            if (c.enrolled) return { status: 409, body: { message: 'Already Enrolled' } }
            c.enrolled = true
            c.studentsEnrolled += 1
            c.progress = progressOf(c)
            return { status: 201, body: enrollmentOf(c) }
          },
        ],
        [
          `DELETE ${base}/enroll`,
          ({ url }) => {
            const c = find(courseIdOf(url))!
            c.enrolled = false
            c.studentsEnrolled -= 1
            c.progress = null
            return { status: 204 }
          },
        ],
      ]
      for (const m of course.modules) {
        const path = `${base}/modules/${m.id}/complete`
        const mark = (done: boolean) => () => {
          const c = find(course.id)!
          c.modules.find((x) => x.id === m.id)!.completed = done
          c.progress = progressOf(c)
          let certificate: Certificate | null = null
          if (done && c.progress.completed === c.progress.total && !state.certificates.some((x) => x.courseId === c.id)) {
            certificate = {
              number: `PM-2026-${c.id}ABCDEFG`,
              courseId: c.id,
              courseTitle: c.title,
              agentName: testUser.fullName,
              issuedAt: '2026-02-02T10:00:00Z',
              verifyUrl: `http://localhost:3000/certificates/PM-2026-${c.id}ABCDEFG`,
            }
            state.certificates.push(certificate)
          }
          return { body: { enrollment: enrollmentOf(c), certificate } }
        }
        entries.push([`PUT ${path}`, mark(true)], [`DELETE ${path}`, mark(false)])
      }
      return entries
    }),
  )
  return { state, handlers: { ...handlers, ...perCourse } }
}

export const appDemos: AppDemo[] = Array.from({ length: 12 }, (_, i) => ({
  id: i < 5 ? 2001 + i : i < 10 ? 3001 + i - 5 : 4001 + i - 10,
  title: `Demo ${i + 1}`,
  description: `What demo ${i + 1} shows`,
  videoUrl: '',
  duration: '8 minutes',
  category: i < 5 ? 'Desktop' : i < 10 ? 'Mobile' : 'Business',
  color: 'bg-blue-600',
  displayOrder: i + 1,
  tab: 'app-demo',
  tutorialSteps: [`Open step ${i + 1}.a`, `Tap step ${i + 1}.b`],
}))
