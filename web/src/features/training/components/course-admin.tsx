import { ArrowDown, ArrowUp, Loader2, Plus, Trash2 } from 'lucide-react'
import { useFieldArray } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { useCourse } from '@/features/training/api/get-courses'
import { createCourse, deleteCourse, updateCourse } from '@/features/training/api/save-course'
import { courseCategories, courseLevels, type Course, type CourseDetail } from '@/features/training/lib/course-options'
import {
  courseBody,
  courseFormSchema,
  emptyCourseForm,
  emptyModule,
  formValuesFromCourse,
  type CourseFormValues,
} from '@/features/training/lib/course-form-values'
import type { ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'

/** 'new' to add a course, or the id of the course to edit. */
export type CourseFormTarget = 'new' | number

/** The admin's 'Add course' / 'Edit course' dialog (docs/product.md#training-screen-screen). */
export function CourseFormDialog({ target, onOpenChange }: { target: CourseFormTarget | null; onOpenChange: (open: boolean) => void }) {
  const editId = typeof target === 'number' ? target : null
  const existing = useCourse(editId)
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="course-form-dialog">
        <DialogHeader>
          <DialogTitle>{editId ? 'Edit Course' : 'Add New Course'}</DialogTitle>
          <DialogDescription>Course details and its modules, in the order agents take them.</DialogDescription>
        </DialogHeader>
        {editId === null ? (
          <CourseForm course={null} onSaved={() => onOpenChange(false)} />
        ) : existing.data ? (
          <CourseForm key={existing.data.id} course={existing.data} onSaved={() => onOpenChange(false)} />
        ) : existing.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Could not load the course: {existing.error.message}
          </p>
        ) : (
          <Spinner className="size-5" label="Loading course" />
        )}
      </DialogContent>
    </Dialog>
  )
}

const errorDescription = (error: ApiError) => error.message || 'Please check your input and try again'

function CourseForm({ course, onSaved }: { course: CourseDetail | null; onSaved: () => void }) {
  const form = useZodForm(courseFormSchema, course ? formValuesFromCourse(course) : emptyCourseForm)
  const modules = useFieldArray({ control: form.control, name: 'modules' })
  const { errors, isSubmitting } = form.formState
  const create = useApiMutation(createCourse, {
    successToast: 'Course created successfully',
    errorToast: (error) => ({ variant: 'destructive', title: 'Failed to create course', description: errorDescription(error) }),
    onSuccess: onSaved,
  })
  const update = useApiMutation(updateCourse, {
    successToast: 'Course updated successfully',
    errorToast: (error) => ({ variant: 'destructive', title: 'Failed to update course', description: errorDescription(error) }),
    onSuccess: onSaved,
  })
  const pending = create.isPending || update.isPending
  const onSubmit = form.handleSubmit((values) => {
    return untilSettled(course ? update.mutateAsync({ id: course.id, body: courseBody(values) }) : create.mutateAsync(courseBody(values)))
  })
  const field = (name: Exclude<keyof CourseFormValues, 'modules'>, label: string) => ({
    id: `course-${name}`,
    label,
    error: errors[name]?.message,
    className: 'min-w-0 content-start',
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="course-form">
      <Field {...field('title', 'Title')}>
        <Input {...form.register('title')} />
      </Field>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field {...field('category', 'Category')}>
          <NativeSelect {...form.register('category')}>
            {courseCategories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field {...field('instructor', 'Instructor')}>
          <Input {...form.register('instructor')} />
        </Field>
        <Field {...field('price', 'Price')}>
          <Input placeholder="Free or ₹1,499" {...form.register('price')} />
        </Field>
        <Field {...field('duration', 'Duration')}>
          <Input placeholder="2 hours" {...form.register('duration')} />
        </Field>
        <Field {...field('level', 'Level')}>
          <NativeSelect {...form.register('level')}>
            {courseLevels.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field {...field('displayOrder', 'Display Order')}>
          <Input type="number" min={0} step={1} inputMode="numeric" {...form.register('displayOrder')} />
        </Field>
        <Field {...field('status', 'Status')}>
          <NativeSelect {...form.register('status')}>
            <option value="available">Available</option>
            <option value="coming_soon">Coming Soon</option>
          </NativeSelect>
        </Field>
        <Field {...field('thumbnailUrl', 'Thumbnail (optional, an image stored in PropMatch: /media/...)')}>
          <Input placeholder="/media/..." {...form.register('thumbnailUrl')} />
        </Field>
      </div>
      <Field {...field('description', 'Description')}>
        <Textarea rows={3} {...form.register('description')} />
      </Field>
      <Field {...field('videoUrl', 'Introduction video URL (optional, YouTube)')}>
        <Input type="url" placeholder="https://www.youtube.com/watch?v=..." {...form.register('videoUrl')} />
      </Field>
      <fieldset className="grid gap-3" data-testid="module-editor">
        <legend className="mb-2 text-sm font-medium text-foreground">Modules</legend>
        {modules.fields.map((item, index) => {
          const moduleErrors = errors.modules?.[index]
          return (
            <div key={item.id} className="grid gap-2 rounded-lg border border-border p-3" data-testid="module-input">
              <div className="flex items-center justify-between gap-2">
                <span className="text-xs font-semibold text-subtle-foreground">Module {index + 1}</span>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Move module ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => modules.move(index, index - 1)}
                  >
                    <ArrowUp />
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Move module ${index + 1} down`}
                    disabled={index === modules.fields.length - 1}
                    onClick={() => modules.move(index, index + 1)}
                  >
                    <ArrowDown />
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove module ${index + 1}`}
                    onClick={() => modules.remove(index)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </div>
              <div className="grid items-start gap-2 sm:grid-cols-[2fr_1fr]">
                <Field id={`module-${index}-title`} label="Module title" error={moduleErrors?.title?.message} className="min-w-0">
                  <Input {...form.register(`modules.${index}.title`)} />
                </Field>
                <Field id={`module-${index}-duration`} label="Module duration" error={moduleErrors?.duration?.message} className="min-w-0">
                  <Input placeholder="20 minutes" {...form.register(`modules.${index}.duration`)} />
                </Field>
              </div>
              <Field id={`module-${index}-video`} label="Module video URL (optional, YouTube)" error={moduleErrors?.videoUrl?.message}>
                <Input type="url" {...form.register(`modules.${index}.videoUrl`)} />
              </Field>
            </div>
          )
        })}
        {errors.modules?.root?.message || errors.modules?.message ? (
          <p className="text-sm text-destructive" role="alert">
            {errors.modules?.root?.message ?? errors.modules?.message}
          </p>
        ) : null}
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => modules.append(emptyModule)}>
          <Plus /> Add module
        </Button>
      </fieldset>
      <Button type="submit" disabled={isSubmitting || pending} data-testid="course-submit">
        {pending && <Loader2 className="animate-spin" />}
        {course ? 'Update Course' : 'Create Course'}
      </Button>
    </form>
  )
}

/** Asks before an admin deletes a course (its enrolments go with it). */
export function DeleteCourseDialog({ course, onOpenChange }: { course: Course | null; onOpenChange: (open: boolean) => void }) {
  const remove = useApiMutation(deleteCourse, {
    successToast: 'Course deleted successfully',
    errorToast: (error) => ({
      variant: 'destructive',
      title: 'Failed to delete course',
      description: error.message || 'Course may not exist or you lack permissions',
    }),
    onSuccess: () => onOpenChange(false),
  })
  return (
    <Dialog open={!!course} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete course?</DialogTitle>
          <DialogDescription>
            “{course?.title}” will be removed for every agent, with its {course?.studentsEnrolled ?? 0} enrolments.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => course && remove.mutate(course.id)}>
            {remove.isPending && <Loader2 className="animate-spin" />}
            Delete course
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
