// Agents for browser journeys: fresh accounts registered through the API of a
// page's context (so the session cookie lands in it), and small page helpers.
import assert from 'node:assert/strict'

const rand4 = () => String(Math.floor(Math.random() * 10_000)).padStart(4, '0')

/** A fresh agent registered in Karnataka / Bengaluru; phone 98765 <series>xxxx. */
export function newAgent(tag, fullName, agentType, series) {
  const local = `98765${series}${rand4()}`
  const id = `${rand4()}${Date.now().toString(36).slice(-4)}`
  return {
    fullName,
    agentType,
    local, // 10 digits
    phoneE164: `+91${local}`,
    username: `${tag}_${id}`.slice(0, 30),
    password: 'Market-Pass-2026',
    email: `${tag}.${id}@example.com`,
    state: 'Karnataka',
    city: 'Bengaluru',
  }
}

/** Registration through the API of this page's context (the session cookie lands in it). */
export async function registerThroughAPI(page, agent) {
  const sent = await page.request.post('/api/send-otp', { data: { phone: agent.local } })
  assert.equal(sent.status(), 200, `send-otp: ${await sent.text()}`)
  const { otp } = await sent.json()
  assert.match(otp ?? '', /^\d{6}$/, 'send-otp echoes the code in development mode')
  const verified = await page.request.post('/api/verify-otp', { data: { phone: agent.local, otp } })
  assert.equal(verified.status(), 200, `verify-otp: ${await verified.text()}`)
  const registered = await page.request.post('/api/register', {
    data: {
      username: agent.username,
      password: agent.password,
      email: agent.email,
      phone: agent.local,
      fullName: agent.fullName,
      agentType: agent.agentType,
      state: agent.state,
      city: agent.city,
    },
  })
  assert.equal(registered.status(), 201, `register: ${await registered.text()}`)
  const user = await registered.json()
  assert.equal(user.phone, agent.phoneE164, 'the stored phone is +91 and the 10 digits')
  return user
}

export async function signInThroughAPI(page, agent) {
  const res = await page.request.post('/api/login', { data: { username: agent.username, password: agent.password } })
  assert.equal(res.status(), 200, `login: ${await res.text()}`)
}

export async function apiJson(page, method, url, data) {
  const res = await page.request.fetch(url, { method, data })
  const text = await res.text()
  assert.ok(res.ok(), `${method} ${url} answered ${res.status()}: ${text}`)
  return text ? JSON.parse(text) : null
}

export function watchErrors(page) {
  const errors = []
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}

/** Horizontal overflow in px of the page, and of an open dialog's own content (0 when fine). */
export async function horizontalOverflow(page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role=dialog]')
    return Math.max(
      0,
      document.documentElement.scrollWidth - window.innerWidth,
      dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
    )
  })
}

