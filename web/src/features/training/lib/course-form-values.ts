import { z } from 'zod'
import {
  courseCategories,
  courseLevels,
  type CourseDetail,
  type CourseInput,
  type CourseStatus,
} from '@/features/training/lib/course-options'
import { embedUrl } from '@/lib/youtube'

const required = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`)

const httpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** An image PropMatch stores (/media/{id}): the only pictures the pages' Content-Security-Policy loads. */
const ownMedia = (value: string) => /^\/media\/[^/?#]{1,64}$/.test(value)

/** An optional video: empty, or one of the YouTube forms that play from the privacy-enhanced host. */
const videoUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || httpUrl(v), 'Enter a valid URL')
  .refine((v) => v === '' || !httpUrl(v) || embedUrl(v) !== null, 'Use a YouTube watch, youtu.be, shorts or embed link')

const moduleSchema = z.object({
  id: z.number().optional(),
  title: required('Module title'),
  videoUrl,
  duration: required('Module duration', 50),
})

/**
 * The admin course form (docs/product.md#training-screen-screen): title, category, instructor, price, description,
 * duration, level and display order are required; the video must be one of the accepted YouTube forms and the
 * thumbnail an image stored in PropMatch (/media/...) when filled, and both are sent as null when empty.
 */
export const courseFormSchema = z.object({
  title: required('Title'),
  category: z.enum(courseCategories, 'Choose a category'),
  instructor: required('Instructor', 100),
  price: required('Price', 50),
  description: required('Description', 2000),
  duration: required('Duration', 50),
  level: z.enum(courseLevels, 'Choose a level'),
  displayOrder: z
    .string()
    .trim()
    .min(1, 'Display order is required')
    .refine((v) => /^\d+$/.test(v) && Number(v) <= 1_000_000, 'Display order must be a whole number'),
  status: z.enum(['available', 'coming_soon']),
  videoUrl,
  thumbnailUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || ownMedia(v), 'Use an image stored in PropMatch (a /media/ address)'),
  modules: z.array(moduleSchema).min(1, 'Add at least one module'),
})

export type CourseFormValues = z.infer<typeof courseFormSchema>
export type ModuleFormValues = CourseFormValues['modules'][number]

export const emptyModule: ModuleFormValues = { title: '', videoUrl: '', duration: '' }

export const emptyCourseForm: CourseFormValues = {
  title: '',
  category: 'Course',
  instructor: '',
  price: 'Free',
  description: '',
  duration: '',
  level: 'Beginner',
  displayOrder: '',
  status: 'available' satisfies CourseStatus,
  videoUrl: '',
  thumbnailUrl: '',
  modules: [emptyModule],
}

/** The form's values for editing a course. */
export function formValuesFromCourse(course: CourseDetail): CourseFormValues {
  return {
    title: course.title,
    category: course.category,
    instructor: course.instructor,
    price: course.price,
    description: course.description,
    duration: course.duration,
    level: course.level,
    displayOrder: String(course.displayOrder),
    status: course.status,
    videoUrl: course.videoUrl ?? '',
    thumbnailUrl: course.thumbnailUrl ?? '',
    modules: [...course.modules]
      .sort((a, b) => a.position - b.position)
      .map((m) => ({ id: m.id, title: m.title, videoUrl: m.videoUrl ?? '', duration: m.duration })),
  }
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim())

/** The body sent to POST /api/courses or PUT /api/courses/{id}; modules in the form's order. */
export function courseBody(values: CourseFormValues): CourseInput {
  return {
    title: values.title.trim(),
    category: values.category,
    instructor: values.instructor.trim(),
    price: values.price.trim(),
    description: values.description.trim(),
    duration: values.duration.trim(),
    level: values.level,
    displayOrder: Number(values.displayOrder),
    status: values.status,
    videoUrl: orNull(values.videoUrl),
    thumbnailUrl: orNull(values.thumbnailUrl),
    modules: values.modules.map((m) => ({
      ...(m.id !== undefined ? { id: m.id } : {}),
      title: m.title.trim(),
      videoUrl: orNull(m.videoUrl),
      duration: m.duration.trim(),
    })),
  }
}
