import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { IpBlock } from '@/features/security/api/get-ip-blocks'
import type { ProtectionStatus } from '@/features/security/api/get-protection'
import type { SecurityEvent, SecurityOverview } from '@/features/security/api/get-security-events'
import type { SuspiciousIp } from '@/features/security/api/get-suspicious-ips'
import { SecurityPage } from '@/features/security/routes/security-page'
import { expectToast, mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const ev = (id: number, over: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id: `s${id}`,
  type: 'auth_failure',
  ip: '198.51.100.66',
  url: '/api/login',
  user: 'bala',
  detail: 'wrong password',
  timestamp: '2026-11-23T10:00:00Z',
  count: 1,
  lastSeen: '2026-11-23T10:00:00Z',
  ...over,
})

const ip: SuspiciousIp = {
  ip: '198.51.100.66',
  count: 9,
  suspicious: 3,
  authFailures: 6,
  rateLimited: 0,
  firstSeen: '2026-11-23T09:00:00Z',
  lastSeen: '2026-11-23T10:00:00Z',
  blocked: false,
}

const overview: SecurityOverview = {
  summary: { totalEvents: 1234, suspiciousRequestsToday: 3, authFailuresToday: 6, suspiciousIpCount: 1 },
  suspiciousIPs: [ip],
  recentEvents: [],
  nextCursor: null,
}

const block = (over: Partial<IpBlock> = {}): IpBlock => ({
  id: 7,
  range: '203.0.113.0/24',
  reason: 'scanner',
  createdBy: 'asha',
  createdAt: '2026-11-23T10:00:00Z',
  expiresAt: '2999-01-01T00:00:00Z',
  liftedAt: null,
  active: true,
  ...over,
})

const protection: ProtectionStatus = {
  productionMode: true,
  trustProxy: true,
  https: true,
  publicOrigin: 'https://propmatch.example',
  cookie: { name: 'propmatch_session', httpOnly: true, sameSite: 'Lax', secure: true, secureAlways: true },
  headers: [{ name: 'X-Frame-Options', value: 'DENY' }],
  rateLimits: [{ name: 'Writes', limit: '60 a minute, bursts of 30', scope: 'per agent, per instance', active: true }],
  passwords: { minLength: 8, maxLength: 128, commonRefused: 100000, hashing: 'argon2id', signInThrottles: '5 free failures' },
  otp: { digits: 6, validMinutes: 10, maxAttempts: 5, perHourLimit: 5, resendSeconds: 30, perIpPerHour: 30 },
  resetCode: { digits: 6, validMinutes: 30, maxAttempts: 5, perHourLimit: 5 },
  sessions: { idleDays: 7, maxAgeDays: 30 },
  blocking: { cacheSeconds: 5, maxDays: 365 },
  events: { keepDays: 90, written: 42, dropped: 0, capped: 7, perAddressPerHour: 120 },
}

function api(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/security/events': { body: overview },
    'GET /api/security/events/recent': ({ url }) => {
      const type = url.searchParams.get('type')
      if (type === 'suspicious_request')
        return { body: [ev(3, { type: 'suspicious_request', url: '/.env', detail: 'scanner probe: /.env', user: '' })] }
      if (url.searchParams.get('cursor') === 'next') return { body: [ev(1)] }
      return { body: [ev(2)], headers: { Link: '</api/security/events/recent?cursor=next>; rel="next"' } }
    },
    'GET /api/security/ips': { body: [ip] },
    'GET /api/security/blocks': {
      body: [block(), block({ id: 6, range: '192.0.2.7/32', active: false, liftedAt: '2026-11-22T10:00:00Z' })],
    },
    'GET /api/security/protection': { body: protection },
    ...over,
  })
}

describe('SecurityPage', () => {
  it('shows the four cards from the server and the recent events, filterable, with more on demand', async () => {
    const { calls } = api()
    const user = userEvent.setup()
    renderWithProviders(<SecurityPage />)
    expect(await screen.findByTestId('card-totalEvents')).toHaveTextContent('1,234')
    expect(screen.getByTestId('card-suspiciousRequestsToday')).toHaveTextContent('3')
    expect(screen.getByTestId('card-authFailuresToday')).toHaveTextContent('6')
    expect(screen.getByTestId('card-suspiciousIpCount')).toHaveTextContent('1')

    expect(await screen.findAllByTestId('security-event')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByTestId('security-event')).toHaveLength(2))

    await user.selectOptions(screen.getByLabelText('Event type'), 'suspicious_request')
    await waitFor(() => expect(screen.getAllByTestId('security-event')).toHaveLength(1))
    expect(screen.getByTestId('security-event')).toHaveTextContent('scanner probe: /.env')
    expect(calls.some((c) => c.path.includes('type=suspicious_request'))).toBe(true)
  })

  it('shows how many events a row stands for', async () => {
    api({
      'GET /api/security/events/recent': {
        body: [
          ev(4, {
            type: 'suspicious_request',
            url: '/.env',
            detail: 'scanner probe: /.env',
            user: '',
            count: 7300,
            lastSeen: '2026-11-23T10:00:59Z',
          }),
          ev(5),
        ],
      },
    })
    renderWithProviders(<SecurityPage />)
    const rows = await screen.findAllByTestId('security-event')
    expect(within(rows[0]).getByTestId('event-count')).toHaveTextContent('×7,300')
    expect(within(rows[1]).queryByTestId('event-count')).toBeNull()
  })

  it('ranks the suspicious addresses and blocks one, showing the server’s field errors', async () => {
    let tries = 0
    const { calls } = api({
      'POST /api/security/blocks': () =>
        ++tries === 1
          ? {
              status: 400,
              body: { message: 'Invalid input', errors: [{ path: 'range', message: '198.51.100.0/24 includes your own address' }] },
            }
          : { status: 201, body: block({ id: 8, range: '198.51.100.66/32' }) },
    })
    const user = userEvent.setup()
    renderWithProviders(<SecurityPage />)
    await user.click(await screen.findByRole('tab', { name: 'Suspicious IPs' }))
    const row = await screen.findByTestId('suspicious-ip')
    expect(row).toHaveTextContent('9 events · 3 suspicious · 6 auth failures')
    await user.click(within(row).getByRole('button', { name: 'Block 198.51.100.66' }))
    const input = await screen.findByLabelText('IP address or CIDR range')
    expect(input).toHaveValue('198.51.100.66')
    await user.clear(input)
    await user.type(input, '198.51.100.0/24')
    await user.click(screen.getByRole('button', { name: 'Block' }))
    expect(await screen.findByText('198.51.100.0/24 includes your own address')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, '198.51.100.66')
    await user.selectOptions(screen.getByLabelText('Block for'), '7 days')
    await user.click(screen.getByRole('button', { name: 'Block' }))
    await expectToast('Address blocked', '198.51.100.66/32 is blocked')
    const posted = calls.filter((c) => c.method === 'POST').map((c) => c.body)
    expect(posted.at(-1)).toEqual({ range: '198.51.100.66', minutes: 7 * 24 * 60, reason: '' })
  })

  it('lists the blocks and lifts an active one', async () => {
    const { calls } = api({ 'DELETE /api/security/blocks/7': { body: block({ active: false, liftedAt: '2026-11-23T11:00:00Z' }) } })
    const user = userEvent.setup()
    renderWithProviders(<SecurityPage />)
    await user.click(await screen.findByRole('tab', { name: 'Suspicious IPs' }))
    const rows = await screen.findAllByTestId('ip-block')
    expect(rows).toHaveLength(2)
    expect(within(rows[1]!).queryByRole('button', { name: /Lift/ })).not.toBeInTheDocument()
    await user.click(within(rows[0]!).getByRole('button', { name: 'Lift block on 203.0.113.0/24' }))
    await expectToast('Block lifted', '203.0.113.0/24 can reach PropMatch again')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/security/blocks/7')).toBe(true)
  })

  it('shows the protection status the server reports', async () => {
    api()
    const user = userEvent.setup()
    renderWithProviders(<SecurityPage />)
    await user.click(await screen.findByRole('tab', { name: 'Protection Status' }))
    const p = await screen.findByTestId('protection')
    expect(p).toHaveTextContent('propmatch_session')
    expect(p).toHaveTextContent('60 a minute, bursts of 30')
    expect(p).toHaveTextContent('8 to 128 characters')
    expect(p).toHaveTextContent('6 digits · valid 10 min · 5 tries · 5 an hour · resend after 30 s · 30 an hour per IP')
    expect(p).toHaveTextContent('DENY')
    expect(p).toHaveTextContent(
      'kept 90 days, repeats counted per address and minute; this server wrote 42, dropped 0, capped 7 (at most 120 rows an hour per address)',
    )
  })

  it('says so when the summary cannot be read', async () => {
    api({ 'GET /api/security/events': { status: 403, body: { message: 'Only admins can use the admin console' } } })
    renderWithProviders(<SecurityPage />)
    expect(await screen.findByText(/Could not load the security summary: Only admins/)).toBeInTheDocument()
  })
})
