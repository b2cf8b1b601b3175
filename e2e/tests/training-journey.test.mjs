// The training journey: an admin (made one with `propmatch users set-role`) adds
// a course with two modules through the course form; an agent searches the
// courses, enrols (a second enrolment is 409 'Already Enrolled'), marks every
// module done, receives the certificate, downloads its PDF, and a signed-out
// browser opens the public verification page, which confirms it without any
// call that needs a session. The admin reorders the app demos (saved on the
// server). Then the agent's training page, dashboard and certificate at phone width.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { apiJson, newAgent, registerThroughAPI, signInThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { atPath, expect, expectToast, test } from '../lib/journey.mjs'

const admin = newAgent('train_admin', 'Asha Admin', 'both', '6')
const learner = newAgent('train_agent', 'Vikram Learner', 'buyer', '7')
const COURSE = 'Stamp Duty and Registration in Karnataka'
const OTHER = 'RERA Compliance Essentials'

/** Runs `propmatch args...` against the journey server's database. */
function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

test('an agent finds a course, completes it and gets a verifiable certificate', async ({ newContext, server, step }) => {
  const adminPage = await (await newContext()).newPage()
  const page = await (await newContext()).newPage()
  await step('register-and-make-admin', async () => {
    await registerThroughAPI(adminPage, admin)
    await registerThroughAPI(page, learner)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
  })

  await step('admin-adds-a-course-through-the-form', async () => {
    await adminPage.goto('/training')
    await expect(adminPage.getByRole('tab', { name: 'Available Courses', selected: true })).toBeVisible()
    await adminPage.getByRole('button', { name: /Add course/ }).click()
    const dialog = adminPage.getByRole('dialog', { name: 'Add New Course' })
    await dialog.getByLabel('Title', { exact: true }).fill(COURSE)
    await dialog.getByLabel('Category').selectOption('Legal & Compliance')
    await dialog.getByLabel('Instructor').fill('CA Kavya Rao')
    await dialog.getByLabel('Price').fill('₹799')
    await dialog.getByLabel('Duration', { exact: true }).fill('90 minutes')
    await dialog.getByLabel('Level').selectOption('Beginner')
    await dialog.getByLabel('Display Order').fill('1')
    await dialog.getByLabel('Description').fill('Stamp duty rates, registration fees and the e-stamping steps at the sub-registrar office.')
    await dialog.getByLabel('Module title').fill('Stamp duty rates and concessions')
    await dialog.getByLabel('Module duration').fill('30 minutes')
    await dialog.getByLabel('Module video URL (optional, YouTube)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
    await dialog.getByRole('button', { name: 'Add module' }).click()
    await dialog.getByLabel('Module title').nth(1).fill('Registering the sale deed')
    await dialog.getByLabel('Module duration').nth(1).fill('40 minutes')
    await shot(adminPage, 'training-desktop-01-admin-course-form', { fullPage: false })
    await dialog.getByRole('button', { name: 'Create Course' }).click()
    await expectToast(adminPage, 'Course created successfully')
    await expect(adminPage.getByTestId('course-card').filter({ hasText: COURSE })).toBeVisible()
    // A second course, through the API, so the search has something to leave out.
    await apiJson(adminPage, 'POST', '/api/courses', {
      title: OTHER,
      description: 'Project registration, disclosures and penalties under RERA 2016.',
      instructor: 'Adv. Meera Iyer',
      duration: '2 hours',
      level: 'Intermediate',
      price: 'Free',
      category: 'Legal & Compliance',
      videoUrl: null,
      thumbnailUrl: null,
      status: 'available',
      displayOrder: 2,
      modules: [{ title: 'What RERA covers', videoUrl: null, duration: '20 minutes' }],
    })
    await expect(adminPage.getByTestId('display-order').first()).toBeVisible()
  })

  const card = page.getByTestId('course-card').filter({ hasText: COURSE })
  await step('agent-searches-and-enrols', async () => {
    await page.goto('/training')
    await expect(page.getByRole('tab', { name: 'Available Courses', selected: true })).toBeVisible()
    await expect(page.getByTestId('course-card')).toHaveCount(2)
    await expect(page.getByRole('link', { name: 'Real Estate Training 2' }).first(), 'the sidebar counts the courses').toBeVisible()
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('sub-registrar')
    await expect(page.getByTestId('course-card')).toHaveCount(1)
    await expect(card).toBeVisible()
    await expect(card.getByTestId('course-level')).toHaveText('Beginner')
    await expect(card.getByTestId('course-price')).toHaveText('₹799')
    await expect(card.getByTestId('students-enrolled')).toHaveText('0 students')
    await expect(page.getByTestId('display-order'), 'agents see no display order').toHaveCount(0)
    await shot(page, 'training-desktop-02-search')
    await card.getByRole('button', { name: 'Enroll Now' }).click()
    await expectToast(page, 'Successfully enrolled in course!', 'My Learning')
    await expect(card.getByTestId('enrolled-badge')).toBeVisible()
    await expect(card.getByTestId('students-enrolled')).toHaveText('1 student')
    const courses = await apiJson(page, 'GET', '/api/courses?q=sub-registrar')
    const again = await page.request.post(`/api/courses/${courses[0].id}/enroll`)
    expect(again.status(), 'a second enrolment is refused').toBe(409)
    expect((await again.json()).message).toBe('Already Enrolled')
  })

  let certificateNumber
  let verifyHref
  await step('agent-completes-every-module', async () => {
    await card.getByRole('button', { name: 'Continue' }).click()
    const dialog = page.getByTestId('course-detail')
    await expect(dialog.getByRole('heading', { name: COURSE })).toBeVisible()
    await expect(dialog.getByTestId('module-row')).toHaveCount(2)
    await expect(dialog.getByTestId('course-progress')).toContainText('0 of 2 modules · 0%')
    await dialog.getByRole('button', { name: 'Watch Stamp duty rates and concessions' }).click()
    await expect(page.getByTestId('video-frame')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    await page.getByTestId('video-dialog').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('video-frame')).toHaveCount(0)
    await dialog.getByRole('checkbox', { name: 'Mark “Stamp duty rates and concessions” done' }).check()
    await expect(dialog.getByTestId('course-progress')).toContainText('1 of 2 modules · 50%')
    await shot(page, 'training-desktop-03-half-done', { fullPage: false })
    await dialog.getByRole('checkbox', { name: 'Mark “Registering the sale deed” done' }).check()
    await expect(dialog.getByTestId('course-progress')).toContainText('2 of 2 modules · 100%')
    const certificate = dialog.getByTestId('certificate-card')
    await expect(certificate).toContainText(learner.fullName)
    await expect(certificate).toContainText(COURSE)
    certificateNumber = (await certificate.getByTestId('certificate-number').textContent()).trim()
    expect(certificateNumber).toMatch(/^PM-\d{4}-[A-Z0-9]+$/)
    verifyHref = await certificate.getByTestId('certificate-verify').getAttribute('href')
    expect(verifyHref).toMatch(new RegExp(`/certificates/${certificateNumber}$`))
    await shot(page, 'training-desktop-04-certificate', { fullPage: false })
  })

  await step('agent-downloads-the-pdf', async () => {
    const dialog = page.getByTestId('course-detail')
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('certificate-pdf').click()])
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const res = await page.request.get(`/api/certificates/${certificateNumber}/pdf`)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('application/pdf')
    expect(res.headers()['content-disposition']).toMatch(/^attachment/)
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-')
    await dialog.getByRole('button', { name: 'Close' }).last().click()
  })

  await step('certificates-and-my-learning-tabs', async () => {
    await page.getByRole('tab', { name: 'Certificates' }).click()
    await expect(page.getByTestId('certificate-card')).toHaveCount(1)
    await expect(page.getByTestId('certificate-number')).toHaveText(certificateNumber)
    await shot(page, 'training-desktop-05-certificates-tab')
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Certificates', selected: true }), 'the tab is remembered').toBeVisible()
    await page.getByRole('tab', { name: 'My Learning' }).click()
    const row = page.getByTestId('enrollment').filter({ hasText: COURSE })
    await expect(row.getByTestId('course-progress')).toContainText('2 of 2 modules · 100%')
    await expect(row).toContainText('completed')
    await shot(page, 'training-desktop-06-my-learning')
  })

  await step('public-page-verifies-without-a-session', async () => {
    const visitor = await (await newContext()).newPage()
    const failed = []
    visitor.on('response', (res) => res.status() >= 400 && failed.push(`${res.status()} ${res.url()}`))
    await visitor.goto(new URL(verifyHref).pathname)
    await expect(visitor.getByRole('heading', { name: 'Certificate verified' })).toBeVisible()
    await expect(visitor.getByTestId('verified-agent')).toHaveText(learner.fullName)
    await expect(visitor.getByTestId('verified-course')).toHaveText(COURSE)
    await expect(visitor.getByTestId('verified-number')).toHaveText(certificateNumber)
    await expect(visitor.getByText(learner.phoneE164), 'nothing else of the agent').toHaveCount(0)
    await expect(visitor.getByText(learner.email)).toHaveCount(0)
    await shot(visitor, 'training-desktop-07-verified')
    expect(failed, 'no call failed (no 401 for the signed-out visitor)').toEqual([])
    await visitor.goto('/certificates/PM-0000-NOTREAL')
    await expect(visitor.getByRole('heading', { name: 'Certificate not found' })).toBeVisible()
  })

  await step('admin-reorders-app-demos', async () => {
    await adminPage.getByRole('tab', { name: 'App Demo Videos' }).click()
    const demos = adminPage.getByTestId('app-demo')
    await expect(demos).toHaveCount(12)
    const first = (await demos.nth(0).getByRole('heading').textContent()).trim()
    const second = (await demos.nth(1).getByRole('heading').textContent()).trim()
    await adminPage.getByRole('button', { name: `Move ${first} down` }).click()
    await expectToast(adminPage, 'Order saved')
    await expect(demos.nth(0).getByRole('heading')).toHaveText(second)
    await shot(adminPage, 'training-desktop-08-admin-app-demos')
    // Saved on the server: the agent sees the same order.
    await page.getByRole('tab', { name: 'App Demo Videos' }).click()
    await expect(page.getByTestId('app-demo').nth(0).getByRole('heading')).toHaveText(second)
    await expect(page.getByTestId('app-demo').nth(1).getByRole('heading')).toHaveText(first)
    await page
      .getByTestId('app-demo')
      .nth(0)
      .getByRole('button', { name: /Watch Tutorial/ })
      .click()
    await expect(page.getByTestId('tutorial-preview').getByRole('listitem').first()).toBeVisible()
    await shot(page, 'training-desktop-09-tutorial-steps', { fullPage: false })
  })

  // Phone width: the agent's training page, dashboard tile and the public certificate.
  const phone = await (await newContext(MOBILE)).newPage()
  await signInThroughAPI(phone, learner)
  await step('mobile-training', async () => {
    await phone.goto('/dashboard')
    await expect(phone.getByTestId('tile-count-courses')).toHaveText('2')
    await shot(phone, 'training-mobile-01-dashboard-tiles')
    await phone.getByTestId('tile-courses').click()
    await expect(phone).toHaveURL(atPath('/training'))
    await phone.getByRole('tab', { name: 'Available Courses' }).click()
    await expect(phone.getByTestId('course-card')).toHaveCount(2)
    expect(await horizontalOverflow(phone), 'no sideways scroll on Available Courses').toBe(0)
    await shot(phone, 'training-mobile-02-courses')
    await phone.getByTestId('course-card').filter({ hasText: COURSE }).getByRole('button', { name: 'Continue' }).click()
    await expect(phone.getByTestId('certificate-card')).toBeVisible()
    await shot(phone, 'training-mobile-03-course-detail', { fullPage: false })
    await phone.getByTestId('course-detail').getByRole('button', { name: 'Close' }).last().click()
    await phone.getByRole('tab', { name: 'Certificates' }).click()
    await expect(phone.getByTestId('certificate-card')).toBeVisible()
    expect(await horizontalOverflow(phone), 'no sideways scroll on Certificates').toBe(0)
    await shot(phone, 'training-mobile-04-certificates')
    await phone.getByRole('tab', { name: 'App Demo Videos' }).click()
    await expect(phone.getByTestId('app-demo')).toHaveCount(12)
    expect(await horizontalOverflow(phone), 'no sideways scroll on App Demo Videos').toBe(0)
    await shot(phone, 'training-mobile-05-app-demos')
  })
  await step('mobile-verification-page', async () => {
    const visitor = await (await newContext(MOBILE)).newPage()
    await visitor.goto(new URL(verifyHref).pathname)
    await expect(visitor.getByRole('heading', { name: 'Certificate verified' })).toBeVisible()
    expect(await horizontalOverflow(visitor)).toBe(0)
    await shot(visitor, 'training-mobile-06-verified')
  })
})
