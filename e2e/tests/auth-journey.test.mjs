// The account journey of PropMatch in a real browser: register with a WhatsApp
// code, sign out, sign in, reset the password by email, sign in again; then the
// signed-in shell at phone width and the 404 page.
import { MOBILE, shot } from '../lib/browser.mjs'
import { atPath, expect, expectToast, overflowReport, test } from '../lib/journey.mjs'

const rand4 = () => String(Math.floor(Math.random() * 10_000)).padStart(4, '0')

/** A fresh agent: unique Indian mobile 98765 4xxxx (or 98765 5xxxx), username and email. */
function newAgent(tag, series = '4') {
  const digits = rand4()
  const id = `${digits}${Date.now().toString(36).slice(-4)}`
  return {
    phoneInput: `98765 ${series}${digits}`,
    phoneE164: `+9198765${series}${digits}`,
    fullName: tag === 'journey' ? 'Journey Tester' : 'Mobile Tester',
    username: `${tag}_${id}`.slice(0, 30),
    password: 'Journey-Pass-2026',
    newPassword: 'Journey-Reset-2027',
    email: `${tag}.${id}@example.com`,
    state: 'Telangana',
    city: 'Hyderabad',
    agentTypeLabel: 'Seller Agent',
  }
}

/** Newest captured email to `recipient` from the development outbox. */
async function newestEmailTo(page, recipient) {
  let mail
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/outbox')
      expect(res.status(), 'GET /api/dev/outbox should answer 200 in development mode').toBe(200)
      mail = (await res.json()).find((m) => m.channel === 'email' && m.recipient === recipient)
      return mail
    }, { message: `an email to ${recipient} in /api/dev/outbox` })
    .toBeTruthy()
  return mail
}

/** Registration through the three-step form; ends on /dashboard. `prefix` names the screenshots. */
async function registerThroughUI(page, step, agent, prefix) {
  await step('register-phone', async () => {
    await page.goto('/auth?tab=register')
    await expect(page.getByRole('tab', { name: 'Register', selected: true })).toBeVisible()
    await page.getByLabel('WhatsApp Number').fill(agent.phoneInput)
    await shot(page, `${prefix}-register-1-phone`)
    await page.getByTestId('send-otp').click()
  })

  await step('register-otp', async () => {
    const otp = page.getByLabel('Verification Code')
    // Development mode auto-fills the code.
    await expect(otp, 'the Verification Code field is auto-filled with 6 digits').toHaveValue(/^\d{6}$/)
    await expectToast(page, 'OTP Auto-filled')
    await expect(page.getByTestId('resend-timer')).toHaveText(/Resend code in \d+s/)
    await shot(page, `${prefix}-register-2-otp`)
    await page.getByTestId('verify-otp').click()
  })

  await step('register-details', async () => {
    await expect(page.getByLabel('Full Name')).toBeVisible()
    await expectToast(page, 'Phone Verified', 'Please complete your registration details')
    // Close the toast so the screenshot shows the whole form.
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('toast')).toBeHidden()
    await page.getByLabel('Full Name').fill(agent.fullName)
    await page.getByLabel('Username', { exact: true }).fill(agent.username)
    await page.getByLabel('Password', { exact: true }).fill(agent.password)
    await page.getByLabel('Email (optional)').fill(agent.email)
    await page.getByLabel('State', { exact: true }).selectOption({ label: agent.state })
    const city = page.getByLabel('City', { exact: true })
    await expect(city, 'the City chooser is enabled once a state is chosen').toBeEnabled()
    await city.selectOption({ label: agent.city })
    const agentType = page.getByRole('radio', { name: new RegExp(agent.agentTypeLabel) })
    await agentType.click()
    await expect(agentType).toHaveAttribute('aria-checked', 'true')
    await shot(page, `${prefix}-register-3-details`)
    await page.getByTestId('register-submit').click()
  })

  await step('register-lands-on-dashboard', async () => {
    await expect(page).toHaveURL(atPath('/dashboard'))
    await expect(page.getByTestId('dashboard-greeting')).toContainText(agent.fullName)
  })
}

async function signOut(page) {
  await page.getByTestId('profile-menu-trigger').click()
  await expect(page.getByRole('menu')).toBeVisible()
  await page.getByTestId('sign-out').click()
  await expect(page).toHaveURL(atPath(/^\/(auth|landing)?$/))
}

async function signIn(page, username, password) {
  await page.goto('/auth')
  await expect(page.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible()
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByTestId('login-submit').click()
}

test('desktop: register, sign out, sign in, reset the password by email, sign in again', async ({ page, step }) => {
  const agent = newAgent('journey', '4')

  await step('landing', async () => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: /Post\. Match\. Connect\. Grow\./ })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible()
    await shot(page, 'desktop-01-landing')
  })

  await step('auth-sign-in', async () => {
    await page.goto('/auth')
    await expect(page.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible()
    await expect(page.getByTestId('login-submit')).toBeVisible()
    await shot(page, 'desktop-02-auth-sign-in')
  })

  // 1. Register.
  await registerThroughUI(page, step, agent, 'desktop-03')
  await step('dashboard', async () => {
    // A brand-new agent is welcomed, not welcomed back.
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome, ${agent.fullName}`)
    // A link before the dashboard work, a button opening the form after it.
    await expect(page.getByRole('link', { name: 'Add Property' }).or(page.getByRole('button', { name: 'Add Property' })).first()).toBeVisible()
    await shot(page, 'desktop-04-dashboard')
  })

  // 2. Sign out; the dashboard is guarded again.
  await step('sign-out', async () => {
    await signOut(page)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(atPath('/auth'))
    await expect(page.getByTestId('login-submit')).toBeVisible()
  })

  // 3. Sign in with username and password.
  await step('sign-in', async () => {
    await signIn(page, agent.username, agent.password)
    await expect(page).toHaveURL(atPath('/dashboard'))
    await expect(page.getByTestId('dashboard-greeting')).toContainText(agent.fullName)
  })

  // 4. Forgot password: the code arrives by (captured) email.
  const dialog = page.getByRole('dialog')
  await step('forgot-password-email', async () => {
    await signOut(page)
    await page.goto('/auth')
    await page.getByTestId('forgot-password-trigger').click()
    await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    await dialog.getByLabel('Email', { exact: true }).fill(agent.email)
    await shot(page, 'desktop-05-forgot-1-email')
    await page.getByTestId('forgot-password-submit').click()
    await expectToast(page, 'Reset code sent!')
  })

  await step('forgot-password-code', async () => {
    const codeField = dialog.getByLabel('Reset Code')
    await expect(codeField).toBeVisible()
    const mail = await newestEmailTo(page, agent.email)
    const code = mail.body.match(/\b(\d{6})\b/)?.[1]
    expect(code, `a 6-digit code in the reset email: ${JSON.stringify(mail.body)}`).toBeTruthy()
    await codeField.fill(code)
    await shot(page, 'desktop-05-forgot-2-code')
    await page.getByTestId('forgot-password-submit').click()
    await expectToast(page, 'Code verified!')
  })

  await step('forgot-password-new-password', async () => {
    const pw = dialog.getByLabel('New Password')
    await expect(pw).toBeVisible()
    await pw.fill(agent.newPassword)
    await shot(page, 'desktop-05-forgot-3-new-password')
    await page.getByTestId('forgot-password-submit').click()
    await expectToast(page, 'Password reset successful!', 'You can now sign in with your new password')
    await expect(dialog).toBeHidden()
    await shot(page, 'desktop-05-forgot-4-success-toast')
  })

  // 5. The old password fails; the new one works.
  await step('old-password-fails', async () => {
    await signIn(page, agent.username, agent.password)
    await expectToast(page, 'Login failed')
    await expect(page).toHaveURL(atPath('/auth'))
    await shot(page, 'desktop-06-login-failed-toast')
  })

  await step('new-password-signs-in', async () => {
    await signIn(page, agent.username, agent.newPassword)
    await expect(page).toHaveURL(atPath('/dashboard'))
    await expect(page.getByTestId('dashboard-greeting')).toContainText(agent.fullName)
  })
})

test.describe('at 390 px', () => {
  test.use(MOBILE)

  test('mobile: landing, auth, register, shell, navigation sheet, coming soon, 404, admin', async ({ page, step }) => {
    const agent = newAgent('mobile', '5')
    const overflow = overflowReport()
    const check = (name) => overflow.check(page, name)

    await step('mobile-landing', async () => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: /Post\. Match\. Connect\. Grow\./ })).toBeVisible()
      await check('landing')
      await shot(page, 'mobile-01-landing')
    })

    await step('mobile-auth', async () => {
      await page.goto('/auth')
      await expect(page.getByTestId('login-submit')).toBeVisible()
      await check('auth')
      await shot(page, 'mobile-02-auth-sign-in')
    })

    await registerThroughUI(page, step, agent, 'mobile-03')
    await check('dashboard')

    await step('mobile-dashboard', async () => {
      await expect(page.getByTestId('dashboard-greeting')).toContainText(agent.fullName)
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Messages' }).first()).toBeVisible()
      await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
      await expect(page.getByTestId('profile-menu-trigger')).toBeVisible()
      await expect(page.getByRole('complementary'), 'the sidebar is hidden below 768 px').toBeHidden()
      await shot(page, 'mobile-04-dashboard')
    })

    await step('mobile-nav-sheet', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      const sheet = page.getByRole('dialog')
      await expect(sheet.getByRole('link', { name: 'My Properties' })).toBeVisible()
      await expect(sheet.getByRole('link', { name: 'Settings' })).toBeVisible()
      await expect(sheet.getByRole('link', { name: 'Admin Dashboard' }), 'agents do not see Admin Dashboard').toHaveCount(0)
      await page.waitForTimeout(400) // let the slide-in finish before the picture
      await shot(page, 'mobile-05-nav-sheet-open')
      // The sheet's links lead to the real pages (Settings among them).
      await sheet.getByRole('link', { name: 'Settings' }).click()
      await expect(page).toHaveURL(atPath('/settings'))
      await expect(sheet).toBeHidden()
    })

    await step('mobile-settings', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
      await check('settings')
      await shot(page, 'mobile-06-settings')
    })

    await step('mobile-404', async () => {
      await page.goto('/no/such/page')
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
      await check('404')
      await shot(page, 'mobile-07-not-found')
    })

    await step('mobile-admin-access-denied', async () => {
      await page.goto('/admin')
      await expect(page.getByText('Access Denied', { exact: true })).toBeVisible()
      await expect(page.getByText("You don't have admin privileges to access this page.")).toBeVisible()
      await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Switch Account' })).toBeVisible()
      await check('admin')
      await shot(page, 'mobile-08-admin-access-denied')
    })

    overflow.summary()
  })
})

test('an unknown path shows Page Not Found', async ({ page, step }) => {
  await step('unknown-path', async () => {
    const res = await page.goto('/some/unknown/path')
    expect(res, 'a response for /some/unknown/path').toBeTruthy()
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found · PropMatch')
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible()
    await shot(page, 'desktop-07-not-found')
  })
})
