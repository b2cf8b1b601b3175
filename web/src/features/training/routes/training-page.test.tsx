import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TrainingPage } from '@/features/training/routes/training-page'
import { ACTIVE_TAB_KEY } from '@/features/training/lib/active-tab'
import { appDemos, fakeTrainingApi, makeCourse } from '@/features/training/test/fake-training-api'
import type { CourseDetail } from '@/features/training/lib/course-options'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

beforeEach(() => localStorage.clear())
afterEach(() => vi.unstubAllGlobals())

const catalogue = (): CourseDetail[] => [
  makeCourse(),
  makeCourse({
    id: 2,
    title: 'Stamp Duty and Registration by State',
    category: 'Finance',
    level: 'Beginner',
    price: '₹999',
    instructor: 'CA Rohan Mehta',
    duration: '90 minutes',
    studentsEnrolled: 1,
    thumbnailUrl: 'https://img.example/broken.png',
  }),
  makeCourse({ id: 3, title: 'Valuation Methods', category: 'Valuation', level: 'Advanced', status: 'coming_soon', studentsEnrolled: 0 }),
]

type Api = Parameters<typeof mockApi>[0]

function setup({ courses = catalogue(), user = testUser, extra = {} as Api } = {}) {
  const fake = fakeTrainingApi(courses)
  const api = mockApi({
    'GET /api/user': { body: user },
    'GET /api/app-demos': { body: appDemos },
    ...fake.handlers,
    ...extra,
  })
  const userEvents = userEvent.setup()
  const view = renderWithProviders(<TrainingPage />, { route: '/training', path: '/training' })
  return { ...api, fake, user: userEvents, view }
}

const card = (title: string) => screen.getAllByTestId('course-card').find((c) => within(c).queryByRole('heading', { name: title }))!
const coursePaths = (calls: { path: string }[]) =>
  calls.map((c) => c.path).filter((p) => p.startsWith('/api/courses?') || p === '/api/courses')

describe('Training: tabs', () => {
  it('opens Available Courses by default and remembers the chosen tab', async () => {
    const { user, view } = setup()
    expect(await screen.findByRole('tab', { name: 'Available Courses' })).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('tab', { name: 'Certificates' }))
    expect(localStorage.getItem(ACTIVE_TAB_KEY)).toBe('certificates')
    expect(await screen.findByText('No Certificates Yet')).toBeInTheDocument()
    view.unmount()
    setup()
    expect(await screen.findByRole('tab', { name: 'Certificates' })).toHaveAttribute('aria-selected', 'true')
  })

  it('falls back to Courses for an unknown stored tab', async () => {
    localStorage.setItem(ACTIVE_TAB_KEY, 'nonsense')
    setup()
    expect(await screen.findByRole('tab', { name: 'Available Courses' })).toHaveAttribute('aria-selected', 'true')
  })
})

describe('Training: Available Courses', () => {
  it('shows each course in full: level colour, price, duration, instructor, students and the right action', async () => {
    setup()
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3))
    const rera = card('RERA Compliance for Agents')
    expect(within(rera).getByTestId('course-level')).toHaveClass('bg-warning-soft')
    expect(within(rera).getByTestId('course-price')).toHaveTextContent('Free')
    expect(rera).toHaveTextContent('3 hours')
    expect(within(rera).getByTestId('course-instructor')).toHaveTextContent('Adv. Meera Iyer')
    expect(within(rera).getByTestId('students-enrolled')).toHaveTextContent('12 students')
    expect(within(rera).getByRole('button', { name: 'Enroll Now' })).toBeEnabled()
    const stamp = card('Stamp Duty and Registration by State')
    expect(within(stamp).getByTestId('course-level')).toHaveClass('bg-success-soft')
    expect(within(stamp).getByTestId('course-price')).toHaveTextContent('₹999')
    expect(within(stamp).getByTestId('students-enrolled')).toHaveTextContent('1 student')
    const valuation = card('Valuation Methods')
    expect(within(valuation).getByTestId('course-level')).toHaveClass('bg-destructive-soft')
    expect(within(valuation).getByRole('button', { name: 'Coming Soon' })).toBeDisabled()
    expect(within(valuation).queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('display-order'), 'agents see no display order').not.toBeInTheDocument()
  })

  it('falls back to the category placeholder when a thumbnail fails to load', async () => {
    setup()
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3))
    const stamp = card('Stamp Duty and Registration by State')
    const img = stamp.querySelector('img')!
    expect(img).toHaveAttribute('src', 'https://img.example/broken.png')
    img.dispatchEvent(new Event('error'))
    const placeholder = await within(stamp).findByTestId('thumbnail-placeholder')
    expect(placeholder).toHaveTextContent('Finance')
    expect(placeholder.className).toContain('emerald')
  })

  it('searches on the server once typing pauses, and filters by category', async () => {
    const { user, calls } = setup()
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3))
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'stamp')
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(1))
    expect(coursePaths(calls), 'one call for the whole word').toEqual(['/api/courses', '/api/courses?q=stamp'])
    await user.clear(screen.getByRole('searchbox', { name: 'Search courses' }))
    const select = screen.getByRole('combobox', { name: 'Category' })
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Valuation (1)'),
    )
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('All Categories')
    await user.selectOptions(select, 'Valuation')
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(1))
    expect(coursePaths(calls).at(-1)).toBe('/api/courses?category=Valuation')
    expect(card('Valuation Methods')).toBeInTheDocument()
  })

  it('loads more courses from the Link header', async () => {
    const { user } = setup({
      extra: {
        'GET /api/courses': ({ url }) =>
          url.searchParams.get('cursor') === 'abc'
            ? { body: [makeCourse({ id: 9, title: 'NRI Transactions' })] }
            : { body: [makeCourse()], headers: { Link: '</api/courses?cursor=abc&limit=1>; rel="next"' } },
      },
    })
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2))
    expect(card('NRI Transactions')).toBeInTheDocument()
  })

  it('enrols with the spec toast and then shows Enrolled and Continue', async () => {
    const { user, calls } = setup()
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3))
    await user.click(within(card('RERA Compliance for Agents')).getByRole('button', { name: 'Enroll Now' }))
    const toast = await expectToast('Successfully enrolled in course!')
    expect(toast).toHaveTextContent('My Learning')
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/courses/1/enroll')).toBe(true)
    const rera = card('RERA Compliance for Agents')
    await within(rera).findByTestId('enrolled-badge')
    expect(within(rera).getByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(within(rera).getByTestId('students-enrolled')).toHaveTextContent('13 students')
    expect(within(rera).getByTestId('course-progress')).toHaveTextContent('0 of 2 modules · 0%')
  })

  it('says Already Enrolled on 409 with the My Learning hint, and Failed to enroll otherwise', async () => {
    let reply = { status: 409, body: { message: 'Already Enrolled' } }
    const { user } = setup({ extra: { 'POST /api/courses/1/enroll': () => reply } })
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3))
    await user.click(within(card('RERA Compliance for Agents')).getByRole('button', { name: 'Enroll Now' }))
    const toast = await expectToast('Already Enrolled')
    expect(toast).toHaveTextContent('My Learning')
    reply = { status: 500, body: { message: 'Database unavailable' } }
    await user.click(within(card('RERA Compliance for Agents')).getByRole('button', { name: 'Enroll Now' }))
    await expectToast('Failed to enroll in course', 'Database unavailable')
  })
})

describe('Training: a course from enrolment to certificate', () => {
  it('marks every module done, shows progress, then the certificate with its PDF and verification links', async () => {
    const rera = makeCourse({ enrolled: true, progress: { completed: 0, total: 2 } })
    const { user, calls } = setup({ courses: [rera] })
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    const dialog = await screen.findByTestId('course-detail')
    await within(dialog).findByRole('heading', { name: 'RERA Compliance for Agents' })
    const rows = within(dialog).getAllByTestId('module-row')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('What RERA covers'),
      expect.stringContaining('Registering a project'),
    ])
    expect(within(dialog).getByTestId('course-progress')).toHaveTextContent('0 of 2 modules · 0%')

    await user.click(within(dialog).getByRole('checkbox', { name: 'Mark “What RERA covers” done' }))
    await waitFor(() => expect(within(dialog).getByTestId('course-progress')).toHaveTextContent('1 of 2 modules · 50%'))
    expect(within(dialog).queryByTestId('course-certificate')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('value', '1')

    await user.click(within(dialog).getByRole('checkbox', { name: 'Mark “Registering a project” done' }))
    await waitFor(() => expect(within(dialog).getByTestId('course-progress')).toHaveTextContent('2 of 2 modules · 100%'))
    const certificate = await within(dialog).findByTestId('certificate-card')
    expect(certificate).toHaveTextContent(testUser.fullName)
    expect(within(certificate).getByTestId('certificate-number')).toHaveTextContent('PM-2026-1ABCDEFG')
    expect(within(certificate).getByRole('link', { name: /Download PDF/ })).toHaveAttribute(
      'href',
      '/api/certificates/PM-2026-1ABCDEFG/pdf',
    )
    expect(within(certificate).getByRole('link', { name: /Verification page/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/certificates/PM-2026-1ABCDEFG',
    )
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      '/api/courses/1/modules/11/complete',
      '/api/courses/1/modules/12/complete',
    ])

    // Un-marking a module sends DELETE.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Mark “Registering a project” done' }))
    await waitFor(() => expect(within(dialog).getByTestId('course-progress')).toHaveTextContent('1 of 2 modules · 50%'))
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/courses/1/modules/12/complete'])
  })

  it('plays a module video from the privacy-enhanced host', async () => {
    const { user } = setup({ courses: [makeCourse({ enrolled: true, progress: { completed: 0, total: 2 } })] })
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.click(await screen.findByRole('button', { name: 'Watch What RERA covers' }))
    const frame = await screen.findByTestId('video-frame')
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    // The module without a video has no Watch button.
    expect(screen.queryByRole('button', { name: 'Watch Registering a project' })).not.toBeInTheDocument()
  })

  it('leaves a course with the spec toast', async () => {
    const { user } = setup({ courses: [makeCourse({ enrolled: true, progress: { completed: 0, total: 2 } })] })
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.click(await screen.findByRole('button', { name: 'Leave course' }))
    await expectToast('Successfully removed from course!')
    expect(await screen.findByRole('button', { name: 'Enroll Now' })).toBeInTheDocument()
  })

  it('says Failed to remove from course when leaving fails', async () => {
    const { user } = setup({
      courses: [makeCourse({ enrolled: true, progress: { completed: 0, total: 2 } })],
      extra: { 'DELETE /api/courses/1/enroll': { status: 404, body: { message: 'Not enrolled' } } },
    })
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.click(await screen.findByRole('button', { name: 'Leave course' }))
    await expectToast('Failed to remove from course', 'Not enrolled')
  })
})

describe('Training: My Learning and Certificates', () => {
  it('lists enrolments with progress, and certificates with their links', async () => {
    const done = makeCourse({
      id: 5,
      title: 'Home Loan Basics and LTV',
      enrolled: true,
      modules: [{ id: 51, title: 'LTV limits', videoUrl: null, duration: '15 minutes', position: 1, completed: false }],
    })
    const started = makeCourse({ enrolled: true })
    started.modules[0]!.completed = true
    const { user, fake } = setup({ courses: [started, done] })
    await user.click(await screen.findByRole('tab', { name: 'My Learning' }))
    await waitFor(() => expect(screen.getAllByTestId('enrollment')).toHaveLength(2))
    const rows = screen.getAllByTestId('enrollment')
    expect(rows[0]).toHaveTextContent('RERA Compliance for Agents')
    expect(within(rows[0]!).getByTestId('course-progress')).toHaveTextContent('1 of 2 modules · 50%')
    expect(within(rows[0]!).getByRole('button', { name: 'Continue' })).toBeInTheDocument()
    expect(within(rows[1]!).getByRole('button', { name: 'Start' })).toBeInTheDocument()

    // Finish the second course from My Learning, then find its certificate in Certificates.
    await user.click(within(rows[1]!).getByRole('button', { name: 'Start' }))
    const dialog = await screen.findByTestId('course-detail')
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Mark “LTV limits” done' }))
    await within(dialog).findByTestId('certificate-card')
    expect(fake.state.certificates).toHaveLength(1)
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('tab', { name: 'Certificates' }))
    const cert = await screen.findByTestId('certificate-card')
    expect(cert).toHaveTextContent('Home Loan Basics and LTV')
    expect(within(cert).getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', '/api/certificates/PM-2026-5ABCDEFG/pdf')
  })

  it('says when there are no enrolments yet and leads back to the courses', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('tab', { name: 'My Learning' }))
    expect(await screen.findByTestId('learning-empty')).toHaveTextContent('You have not enrolled in any course yet')
    await user.click(screen.getByRole('button', { name: 'Browse Available Courses' }))
    expect(screen.getByRole('tab', { name: 'Available Courses' })).toHaveAttribute('aria-selected', 'true')
  })
})

describe('Training: App Demo Videos', () => {
  it('shows the twelve entries and the tutorial steps when there is no video', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('tab', { name: 'App Demo Videos' }))
    await waitFor(() => expect(screen.getAllByTestId('app-demo')).toHaveLength(12))
    expect(screen.queryByTestId('display-order')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Move .* up/ })).not.toBeInTheDocument()
    await user.click(within(screen.getAllByTestId('app-demo')[0]!).getByRole('button', { name: /Watch Tutorial/ }))
    const preview = await screen.findByTestId('tutorial-preview')
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Open step 1.a', 'Tap step 1.b'])
    expect(screen.queryByTestId('video-frame')).not.toBeInTheDocument()
  })

  it('lets an admin move an entry, saving the order on the server', async () => {
    const { user, calls } = setup({
      user: { ...testUser, role: 'admin' },
      extra: {
        'PUT /api/app-demos/order': ({ body }) => ({
          body: (body as { ids: number[] }).ids.map((id) => appDemos.find((d) => d.id === id)),
        }),
      },
    })
    await user.click(await screen.findByRole('tab', { name: 'App Demo Videos' }))
    await waitFor(() => expect(screen.getAllByTestId('app-demo')).toHaveLength(12))
    expect(screen.getAllByTestId('display-order').map((b) => b.textContent)).toEqual(appDemos.map((d) => `#${d.displayOrder}`))
    expect(screen.getByRole('button', { name: 'Move Demo 1 up' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Move Demo 1 down' }))
    await expectToast('Order saved')
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.path).toBe('/api/app-demos/order')
    expect(put.body).toEqual({ ids: [2002, 2001, ...appDemos.slice(2).map((d) => d.id)] })
  })
})

describe('Training: course administration', () => {
  const admin = { ...testUser, role: 'admin' as const }

  it('is hidden from agents', async () => {
    setup()
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3))
    expect(screen.queryByRole('button', { name: /Add course/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument()
  })

  it('validates and creates a course with its modules', async () => {
    const { user, calls } = setup({
      user: admin,
      extra: { 'POST /api/courses': ({ body }) => ({ status: 201, body: { ...makeCourse({ id: 40 }), ...(body as object) } }) },
    })
    await user.click(await screen.findByRole('button', { name: /Add course/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New Course' })
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }))
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Display order is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Module title is required')).toBeInTheDocument()
    expect(
      calls.some((c) => c.method === 'POST'),
      'nothing is sent while invalid',
    ).toBe(false)

    await user.type(within(dialog).getByLabelText('Title'), 'GST on Under-Construction Property')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Finance')
    await user.type(within(dialog).getByLabelText('Instructor'), 'CA Priya Nair')
    await user.clear(within(dialog).getByLabelText('Price'))
    await user.type(within(dialog).getByLabelText('Price'), '₹499')
    await user.type(within(dialog).getByLabelText('Duration'), '2 hours')
    await user.selectOptions(within(dialog).getByLabelText('Level'), 'Advanced')
    await user.type(within(dialog).getByLabelText('Display Order'), '7')
    await user.type(within(dialog).getByLabelText('Description'), 'GST rates, input credit and the 2019 changes.')
    await user.type(within(dialog).getByLabelText('Module title'), 'GST rates')
    await user.type(within(dialog).getAllByLabelText('Module duration')[0]!, '25 minutes')
    await user.type(within(dialog).getByLabelText('Module video URL (optional, YouTube)'), 'https://vimeo.com/1')
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }))
    expect(await within(dialog).findByText('Use a YouTube watch, youtu.be, shorts or embed link')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Module video URL (optional, YouTube)'))
    await user.type(within(dialog).getByLabelText('Module video URL (optional, YouTube)'), 'https://youtu.be/dQw4w9WgXcQ')
    await user.click(within(dialog).getByRole('button', { name: 'Add module' }))
    await user.type(within(dialog).getAllByLabelText('Module title')[1]!, 'Input tax credit')
    await user.type(within(dialog).getAllByLabelText('Module duration')[1]!, '20 minutes')
    await user.click(within(dialog).getByRole('button', { name: 'Move module 2 up' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }))
    await expectToast('Course created successfully')
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/courses')!
    expect(post.body).toEqual({
      title: 'GST on Under-Construction Property',
      category: 'Finance',
      instructor: 'CA Priya Nair',
      price: '₹499',
      description: 'GST rates, input credit and the 2019 changes.',
      duration: '2 hours',
      level: 'Advanced',
      displayOrder: 7,
      status: 'available',
      videoUrl: null,
      thumbnailUrl: null,
      modules: [
        { title: 'Input tax credit', videoUrl: null, duration: '20 minutes' },
        { title: 'GST rates', videoUrl: 'https://youtu.be/dQw4w9WgXcQ', duration: '25 minutes' },
      ],
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the server reason when saving fails, and deletes with its toast', async () => {
    const { user } = setup({
      user: admin,
      extra: {
        'PUT /api/courses/1': {
          status: 400,
          body: { message: 'videoUrl: must be a YouTube link', errors: [{ path: 'videoUrl', message: 'must be a YouTube link' }] },
        },
        'DELETE /api/courses/2': { status: 204 },
      },
    })
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3))
    expect(screen.getAllByTestId('display-order').map((b) => b.textContent)).toEqual(['#1', '#1', '#1'])
    await user.click(screen.getByRole('button', { name: 'Edit RERA Compliance for Agents' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' })
    expect(await within(dialog).findByDisplayValue('RERA Compliance for Agents')).toBeInTheDocument()
    expect(within(dialog).getAllByTestId('module-input')).toHaveLength(2)
    await user.click(within(dialog).getByRole('button', { name: 'Update Course' }))
    await expectToast('Failed to update course', 'videoUrl: must be a YouTube link')
    expect(screen.getByRole('dialog', { name: 'Edit Course' }), 'the dialog stays open on failure').toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(await screen.findByRole('button', { name: 'Delete Stamp Duty and Registration by State' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete course?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete course' }))
    await expectToast('Course deleted successfully')
  })
})
