import { apiMutation } from '@/lib/api-mutation'
import { changedFamilies } from '@/lib/query-families'
import { untypedData } from '@/lib/untyped-call'
import type { AppDemo, CourseDetail, CourseInput, Enrollment, ModuleCompletion } from '@/features/training/api/types'
import { trainingKeys } from '@/features/training/api/training-keys'

/** POST /api/courses/{id}/enroll: 201; 409 'Already Enrolled' or not open yet; 404 missing course. */
export const enroll = apiMutation({
  mutationFn: (courseId: number) => untypedData<Enrollment>('POST', `/api/courses/${courseId}/enroll`),
  invalidates: changedFamilies.training,
})

/** DELETE /api/courses/{id}/enroll: leaves the course (404 when not enrolled). */
export const unenroll = apiMutation({
  mutationFn: (courseId: number) => untypedData<void>('DELETE', `/api/courses/${courseId}/enroll`),
  invalidates: changedFamilies.training,
})

export type ModuleVariables = { courseId: number; moduleId: number; done: boolean }

/** PUT (done) or DELETE (not done) /api/courses/{id}/modules/{moduleId}/complete. */
export const setModuleDone = apiMutation({
  mutationFn: ({ courseId, moduleId, done }: ModuleVariables) =>
    untypedData<ModuleCompletion>(done ? 'PUT' : 'DELETE', `/api/courses/${courseId}/modules/${moduleId}/complete`),
  invalidates: changedFamilies.training,
})

/** POST /api/courses (admin): 201 with the course and its modules. */
export const createCourse = apiMutation({
  mutationFn: (body: CourseInput) => untypedData<CourseDetail>('POST', '/api/courses', { body }),
  invalidates: changedFamilies.training,
})

/** PUT /api/courses/{id} (admin). */
export const updateCourse = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: CourseInput }) => untypedData<CourseDetail>('PUT', `/api/courses/${id}`, { body }),
  invalidates: changedFamilies.training,
})

/** DELETE /api/courses/{id} (admin): 204. */
export const deleteCourse = apiMutation({
  mutationFn: (id: number) => untypedData<void>('DELETE', `/api/courses/${id}`),
  invalidates: changedFamilies.training,
})

/** PUT /api/app-demos/order (admin): the twelve ids in their new order; answers the reordered list. */
export const saveAppDemoOrder = apiMutation({
  mutationFn: (ids: number[]) => untypedData<AppDemo[]>('PUT', '/api/app-demos/order', { body: { ids } }),
  invalidates: trainingKeys.appDemos(),
})
