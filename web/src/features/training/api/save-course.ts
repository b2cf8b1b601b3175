import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { changedFamilies } from '@/lib/query-families'
import type { CourseInput } from '@/features/training/lib/course-options'
import { trainingKeys } from '@/features/training/api/get-courses'

const course = (id: number) => ({ params: { path: { id } } })

/** POST /api/courses/{id}/enroll: 201; 409 'Already Enrolled' or not open yet; 404 missing course. */
export const enroll = apiMutation({
  mutationFn: (courseId: number) => unwrap(api.POST('/api/courses/{id}/enroll', course(courseId))),
  invalidates: changedFamilies.training,
})

/** DELETE /api/courses/{id}/enroll: leaves the course (404 when not enrolled). */
export const unenroll = apiMutation({
  mutationFn: (courseId: number) => unwrap(api.DELETE('/api/courses/{id}/enroll', course(courseId))),
  invalidates: changedFamilies.training,
})

export type ModuleVariables = { courseId: number; moduleId: number; done: boolean }

/** PUT (done) or DELETE (not done) /api/courses/{id}/modules/{moduleId}/complete. */
export const setModuleDone = apiMutation({
  mutationFn: ({ courseId, moduleId, done }: ModuleVariables) => {
    const init = { params: { path: { id: courseId, moduleId } } }
    const path = '/api/courses/{id}/modules/{moduleId}/complete'
    return unwrap(done ? api.PUT(path, init) : api.DELETE(path, init))
  },
  invalidates: changedFamilies.training,
})

/** POST /api/courses (admin): 201 with the course and its modules. */
export const createCourse = apiMutation({
  mutationFn: (body: CourseInput) => unwrap(api.POST('/api/courses', { body })),
  invalidates: changedFamilies.training,
})

/** PUT /api/courses/{id} (admin). */
export const updateCourse = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: CourseInput }) => unwrap(api.PUT('/api/courses/{id}', { ...course(id), body })),
  invalidates: changedFamilies.training,
})

/** DELETE /api/courses/{id} (admin): 204. */
export const deleteCourse = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/courses/{id}', course(id))),
  invalidates: changedFamilies.training,
})

/** PUT /api/app-demos/order (admin): the twelve ids in their new order; answers the reordered list. */
export const saveAppDemoOrder = apiMutation({
  mutationFn: (ids: number[]) => unwrap(api.PUT('/api/app-demos/order', { body: { ids } })),
  invalidates: trainingKeys.appDemos(),
})
