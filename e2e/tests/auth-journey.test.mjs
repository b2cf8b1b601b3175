// The account journey of PropMatch in a real browser: register with a WhatsApp
// code, sign out, sign in, reset the password by email, sign in again; then the
// signed-in shell at phone width and the 404 page.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { cspViolations, desktopContext, launchBrowser, mobileContext, shot, step } from '../lib/browser.mjs'
import { eventually, expectPath, expectText, expectToast, expectVisible } from '../lib/expect.mjs'
import { startServer } from '../lib/server.mjs'

let server
let browser

before(async () => {
  server = await startServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
  assert.deepEqual(cspViolations(), [], 'the pages broke the Content-Security-Policy')
})

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

/** Collects uncaught page errors so a test can assert the app never crashed. */
function watchErrors(page) {
  const errors = []
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

/** No horizontal scrolling at the current width; returns the overflow in px (0 when fine). */
async function horizontalOverflow(page) {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))
}

/** Newest captured email to `recipient` from the development outbox. */
async function newestEmailTo(page, recipient) {
  return eventually(async () => {
    const res = await page.request.get('/api/dev/outbox')
    assert.equal(res.status(), 200, 'GET /api/dev/outbox should answer 200 in development mode')
    const messages = await res.json()
    return messages.find((m) => m.channel === 'email' && m.recipient === recipient)
  }, `an email to ${recipient} in /api/dev/outbox`)
}

/** Registration through the three-step form; ends on /dashboard. `prefix` names the screenshots. */
async function registerThroughUI(page, agent, prefix) {
  await step(page, 'register-phone', async () => {
    await page.goto('/auth?tab=register')
    await expectVisible(page.getByRole('tab', { name: 'Register', selected: true }))
    await page.getByLabel('WhatsApp Number').fill(agent.phoneInput)
    await shot(page, `${prefix}-register-1-phone`)
    await page.getByTestId('send-otp').click()
  })

  await step(page, 'register-otp', async () => {
    const otp = page.getByLabel('Verification Code')
    await expectVisible(otp)
    const code = await eventually(async () => {
      const v = await otp.inputValue()
      return /^\d{6}$/.test(v) && v
    }, 'the Verification Code field is auto-filled with 6 digits in development mode')
    assert.match(code, /^\d{6}$/)
    await expectToast(page, 'OTP Auto-filled')
    await expectText(page.getByTestId('resend-timer'), /Resend code in \d+s/)
    await shot(page, `${prefix}-register-2-otp`)
    await page.getByTestId('verify-otp').click()
  })

  await step(page, 'register-details', async () => {
    await expectVisible(page.getByLabel('Full Name'))
    await expectToast(page, 'Phone Verified', 'Please complete your registration details')
    // Close the toast so the screenshot shows the whole form.
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('toast').waitFor({ state: 'hidden' })
    await page.getByLabel('Full Name').fill(agent.fullName)
    await page.getByLabel('Username', { exact: true }).fill(agent.username)
    await page.getByLabel('Password', { exact: true }).fill(agent.password)
    await page.getByLabel('Email (optional)').fill(agent.email)
    await page.getByLabel('State', { exact: true }).selectOption({ label: agent.state })
    const city = page.getByLabel('City', { exact: true })
    await eventually(async () => !(await city.isDisabled()), 'the City chooser is enabled once a state is chosen')
    await city.selectOption({ label: agent.city })
    await page.getByRole('radio', { name: new RegExp(agent.agentTypeLabel) }).click()
    await eventually(
      async () => (await page.getByRole('radio', { name: new RegExp(agent.agentTypeLabel) }).getAttribute('aria-checked')) === 'true',
      `${agent.agentTypeLabel} is checked`,
    )
    await shot(page, `${prefix}-register-3-details`)
    await page.getByTestId('register-submit').click()
  })

  await step(page, 'register-lands-on-dashboard', async () => {
    await expectPath(page, '/dashboard')
    await expectText(page.getByTestId('dashboard-greeting'), agent.fullName)
  })
}

async function signOut(page) {
  await page.getByTestId('profile-menu-trigger').click()
  await expectVisible(page.getByRole('menu'))
  await page.getByTestId('sign-out').click()
  await expectPath(page, /^\/(auth|landing)?$/)
}

async function signIn(page, username, password) {
  await page.goto('/auth')
  await expectVisible(page.getByRole('tab', { name: 'Sign In', selected: true }))
  await page.getByLabel('Username', { exact: true }).fill(username)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByTestId('login-submit').click()
}

test('desktop: register, sign out, sign in, reset the password by email, sign in again', async () => {
  const context = await desktopContext(browser, server.baseURL)
  const page = await context.newPage()
  const errors = watchErrors(page)
  const agent = newAgent('journey', '4')
  try {
    await step(page, 'landing', async () => {
      await page.goto('/')
      await expectVisible(page.getByRole('heading', { level: 1, name: /Post\. Match\. Connect\. Grow\./ }))
      await expectVisible(page.getByRole('link', { name: 'Get Started' }))
      await shot(page, 'desktop-01-landing')
    })

    await step(page, 'auth-sign-in', async () => {
      await page.goto('/auth')
      await expectVisible(page.getByRole('tab', { name: 'Sign In', selected: true }))
      await expectVisible(page.getByTestId('login-submit'))
      await shot(page, 'desktop-02-auth-sign-in')
    })

    // 1. Register.
    await registerThroughUI(page, agent, 'desktop-03')
    await step(page, 'dashboard', async () => {
      await expectText(page.getByTestId('dashboard-greeting'), `Welcome back, ${agent.fullName}`)
      // A link before the dashboard work, a button opening the form after it.
      await expectVisible(page.getByRole('link', { name: 'Add Property' }).or(page.getByRole('button', { name: 'Add Property' })))
      await shot(page, 'desktop-04-dashboard')
    })

    // 2. Sign out; the dashboard is guarded again.
    await step(page, 'sign-out', async () => {
      await signOut(page)
      await page.goto('/dashboard')
      await expectPath(page, '/auth')
      await expectVisible(page.getByTestId('login-submit'))
    })

    // 3. Sign in with username and password.
    await step(page, 'sign-in', async () => {
      await signIn(page, agent.username, agent.password)
      await expectPath(page, '/dashboard')
      await expectText(page.getByTestId('dashboard-greeting'), agent.fullName)
    })

    // 4. Forgot password: the code arrives by (captured) email.
    await step(page, 'forgot-password-email', async () => {
      await signOut(page)
      await page.goto('/auth')
      await page.getByTestId('forgot-password-trigger').click()
      const dialog = page.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Reset your password' }))
      await dialog.getByLabel('Email', { exact: true }).fill(agent.email)
      await shot(page, 'desktop-05-forgot-1-email')
      await page.getByTestId('forgot-password-submit').click()
      await expectToast(page, 'Reset code sent!')
    })

    await step(page, 'forgot-password-code', async () => {
      const dialog = page.getByRole('dialog')
      const codeField = dialog.getByLabel('Reset Code')
      await expectVisible(codeField)
      const mail = await newestEmailTo(page, agent.email)
      const code = mail.body.match(/\b(\d{6})\b/)?.[1]
      assert.ok(code, `a 6-digit code in the reset email: ${JSON.stringify(mail.body)}`)
      await codeField.fill(code)
      await shot(page, 'desktop-05-forgot-2-code')
      await page.getByTestId('forgot-password-submit').click()
      await expectToast(page, 'Code verified!')
    })

    await step(page, 'forgot-password-new-password', async () => {
      const dialog = page.getByRole('dialog')
      const pw = dialog.getByLabel('New Password')
      await expectVisible(pw)
      await pw.fill(agent.newPassword)
      await shot(page, 'desktop-05-forgot-3-new-password')
      await page.getByTestId('forgot-password-submit').click()
      await expectToast(page, 'Password reset successful!', 'You can now sign in with your new password')
      await dialog.waitFor({ state: 'hidden' })
      await shot(page, 'desktop-05-forgot-4-success-toast')
    })

    // 5. The old password fails; the new one works.
    await step(page, 'old-password-fails', async () => {
      await signIn(page, agent.username, agent.password)
      await expectToast(page, 'Login failed')
      await expectPath(page, '/auth')
      await shot(page, 'desktop-06-login-failed-toast')
    })

    await step(page, 'new-password-signs-in', async () => {
      await signIn(page, agent.username, agent.newPassword)
      await expectPath(page, '/dashboard')
      await expectText(page.getByTestId('dashboard-greeting'), agent.fullName)
    })

    assert.deepEqual(errors, [], 'no uncaught errors in the page')
  } finally {
    await context.close()
  }
})

test('mobile (390 px): landing, auth, register, shell, navigation sheet, coming soon, 404, admin', async (t) => {
  const context = await mobileContext(browser, server.baseURL)
  const page = await context.newPage()
  const errors = watchErrors(page)
  const agent = newAgent('mobile', '5')
  const overflow = {}
  const check = async (name) => {
    const px = await horizontalOverflow(page)
    if (px > 0) {
      overflow[name] = px
      t.diagnostic(`horizontal overflow of ${px}px on ${name} at 390px`)
    }
  }
  try {
    await step(page, 'mobile-landing', async () => {
      await page.goto('/')
      await expectVisible(page.getByRole('heading', { level: 1, name: /Post\. Match\. Connect\. Grow\./ }))
      await check('landing')
      await shot(page, 'mobile-01-landing')
    })

    await step(page, 'mobile-auth', async () => {
      await page.goto('/auth')
      await expectVisible(page.getByTestId('login-submit'))
      await check('auth')
      await shot(page, 'mobile-02-auth-sign-in')
    })

    await registerThroughUI(page, agent, 'mobile-03')
    await check('dashboard')

    await step(page, 'mobile-dashboard', async () => {
      await expectText(page.getByTestId('dashboard-greeting'), agent.fullName)
      const menuButton = page.getByRole('button', { name: 'Open menu' })
      await expectVisible(menuButton)
      await expectVisible(page.getByRole('link', { name: 'Messages' }))
      await expectVisible(page.getByRole('link', { name: 'Dashboard', exact: true }))
      await expectVisible(page.getByTestId('profile-menu-trigger'))
      // The desktop sidebar is hidden below 768 px.
      assert.equal(await page.getByRole('complementary').isVisible(), false, 'the sidebar is hidden at 390 px')
      await shot(page, 'mobile-04-dashboard')
    })

    await step(page, 'mobile-nav-sheet', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      const sheet = page.getByRole('dialog')
      await expectVisible(sheet.getByRole('link', { name: 'My Properties' }))
      await expectVisible(sheet.getByRole('link', { name: 'Settings' }))
      assert.equal(await sheet.getByRole('link', { name: 'Admin Dashboard' }).count(), 0, 'agents do not see Admin Dashboard')
      await page.waitForTimeout(400) // let the slide-in finish before the picture
      await shot(page, 'mobile-05-nav-sheet-open')
      // My Properties is built now; Settings is still a coming-soon page.
      await sheet.getByRole('link', { name: 'Settings' }).click()
      await expectPath(page, '/settings')
      await sheet.waitFor({ state: 'hidden' })
    })

    await step(page, 'mobile-coming-soon', async () => {
      await expectText(page.getByTestId('coming-soon'), 'Settings is coming soon')
      await check('settings')
      await shot(page, 'mobile-06-coming-soon-settings')
    })

    await step(page, 'mobile-404', async () => {
      await page.goto('/no/such/page')
      await expectVisible(page.getByRole('heading', { name: '404 Page Not Found' }))
      await check('404')
      await shot(page, 'mobile-07-not-found')
    })

    await step(page, 'mobile-admin-access-denied', async () => {
      await page.goto('/admin')
      await expectVisible(page.getByText('Access Denied', { exact: true }))
      await expectVisible(page.getByText("You don't have admin privileges to access this page."))
      await expectVisible(page.getByRole('link', { name: 'Go to Dashboard' }))
      await expectVisible(page.getByRole('button', { name: 'Switch Account' }))
      await check('admin')
      await shot(page, 'mobile-08-admin-access-denied')
    })

    assert.deepEqual(errors, [], 'no uncaught errors in the page')
    if (Object.keys(overflow).length) t.diagnostic(`overflow summary: ${JSON.stringify(overflow)}`)
  } finally {
    await context.close()
  }
})

test('an unknown path shows Page Not Found', async () => {
  const context = await desktopContext(browser, server.baseURL)
  const page = await context.newPage()
  try {
    await step(page, 'unknown-path', async () => {
      const res = await page.goto('/some/unknown/path')
      assert.ok(res, 'a response for /some/unknown/path')
      await expectVisible(page.getByRole('heading', { name: '404 Page Not Found' }))
      await eventually(async () => (await page.title()) === 'Page Not Found · PropMatch', `title is 'Page Not Found · PropMatch'`)
      await expectVisible(page.getByRole('link', { name: 'Go Home' }))
      await shot(page, 'desktop-07-not-found')
    })
  } finally {
    await context.close()
  }
})
