import { describe, expect, it } from 'vitest'
import { courseBody, courseFormSchema, emptyCourseForm, type CourseFormValues } from '@/features/training/lib/course-form-values'

const valid: CourseFormValues = {
  ...emptyCourseForm,
  title: 'RERA Compliance for Agents',
  instructor: 'Adv. Meera Iyer',
  description: 'Registration, disclosures and penalties under RERA 2016.',
  duration: '3 hours',
  category: 'Legal & Compliance',
  level: 'Intermediate',
  price: '₹1,499',
  displayOrder: '4',
  videoUrl: ' https://youtu.be/dQw4w9WgXcQ ',
  modules: [
    { title: 'What RERA covers', videoUrl: '', duration: '20 minutes' },
    { id: 9, title: 'Project registration', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', duration: '30 minutes' },
  ],
}

const errorsOf = (values: CourseFormValues) => {
  const result = courseFormSchema.safeParse(values)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('course form', () => {
  it('accepts a complete course', () => {
    expect(errorsOf(valid)).toEqual({})
  })

  it('requires the spec fields', () => {
    const errors = errorsOf({ ...emptyCourseForm, price: '', modules: [] })
    for (const field of ['title', 'instructor', 'price', 'description', 'duration', 'displayOrder', 'modules']) {
      expect(errors, field).toHaveProperty(field)
    }
  })

  it.each([
    ['displayOrder', { displayOrder: '1.5' }, 'Display order must be a whole number'],
    ['displayOrder', { displayOrder: '-2' }, 'Display order must be a whole number'],
    ['thumbnailUrl', { thumbnailUrl: 'not a url' }, 'Use an image stored in PropMatch'],
    ['thumbnailUrl', { thumbnailUrl: 'https://img.example/course.png' }, 'Use an image stored in PropMatch'],
    ['videoUrl', { videoUrl: 'https://vimeo.com/123' }, 'Use a YouTube watch, youtu.be, shorts or embed link'],
    ['modules.0.videoUrl', { modules: [{ title: 'A', videoUrl: 'https://example.com/v.mp4', duration: '5 min' }] }, 'Use a YouTube'],
    ['modules.0.title', { modules: [{ title: ' ', videoUrl: '', duration: '5 min' }] }, 'Module title is required'],
  ])('rejects a bad %s', (path, change, message) => {
    expect(errorsOf({ ...valid, ...change })[path]).toContain(message)
  })

  it('sends trimmed values, null for empty URLs, an integer order and modules in order', () => {
    const body = courseBody({ ...valid, thumbnailUrl: '' })
    expect(body).toMatchObject({
      title: 'RERA Compliance for Agents',
      displayOrder: 4,
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      thumbnailUrl: null,
      status: 'available',
    })
    expect(body.modules).toEqual([
      { title: 'What RERA covers', videoUrl: null, duration: '20 minutes' },
      { id: 9, title: 'Project registration', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', duration: '30 minutes' },
    ])
  })
})
