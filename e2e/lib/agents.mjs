// Agents for browser journeys: fresh accounts registered through the API of a
// page's context (so the session cookie lands in it), and small page helpers.
import { expect } from '@playwright/test'

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

/** Expects the API answered `status`; returns its JSON body. */
async function answered(res, what, status) {
  const text = await res.text()
  expect(res.status(), `${what}: ${text}`).toBe(status)
  return text ? JSON.parse(text) : null
}

/** Registration through the API of this page's context (the session cookie lands in it). */
export async function registerThroughAPI(page, agent) {
  const { otp } = await answered(await page.request.post('/api/send-otp', { data: { phone: agent.local } }), 'send-otp', 200)
  expect(otp ?? '', 'send-otp echoes the code in development mode').toMatch(/^\d{6}$/)
  await answered(await page.request.post('/api/verify-otp', { data: { phone: agent.local, otp } }), 'verify-otp', 200)
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
  const user = await answered(registered, 'register', 201)
  expect(user.phone, 'the stored phone is +91 and the 10 digits').toBe(agent.phoneE164)
  return user
}

export async function signInThroughAPI(page, agent) {
  await answered(await page.request.post('/api/login', { data: { username: agent.username, password: agent.password } }), 'login', 200)
}

export async function apiJson(page, method, url, data) {
  const res = await page.request.fetch(url, { method, data })
  const text = await res.text()
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${text}`).toBe(true)
  return text ? JSON.parse(text) : null
}
