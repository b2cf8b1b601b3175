import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebhooksSection, webhookSchema } from '@/features/settings/components/webhooks-section'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const at = '2026-11-28T10:00:00Z'
const endpoint = (over: Record<string, unknown> = {}) => ({
  id: 3,
  url: 'https://crm.example.com/hook',
  events: ['match.created'],
  enabled: true,
  disabledReason: '',
  consecutiveFailures: 0,
  createdAt: at,
  updatedAt: at,
  ...over,
})
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw7kIkkGgrPHU='

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  let list: ReturnType<typeof endpoint>[] = []
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/user/webhooks': () => ({ body: list }),
    'POST /api/user/webhooks': ({ body }) => {
      const b = body as { url: string; events: string[] }
      if (b.url.includes('10.0.0.1'))
        return {
          status: 400,
          body: {
            code: 'invalid',
            message: 'Check the fields',
            errors: [{ path: 'url', message: 'PropMatch does not send webhooks to 10.0.0.1' }],
          },
        }
      const e = endpoint({ url: b.url, events: b.events })
      list = [...list, e]
      return { status: 201, body: { ...e, secret } }
    },
    'GET /api/user/webhooks/3/deliveries': {
      body: [
        {
          id: 1,
          event: 'webhook.test',
          msgId: 'msg_X',
          attempt: 1,
          state: 'succeeded',
          statusCode: 200,
          latencyMs: 12,
          error: '',
          createdAt: at,
          deliveredAt: at,
        },
      ],
    },
    'POST /api/user/webhooks/3/test': {
      status: 202,
      body: {
        id: 1,
        event: 'webhook.test',
        msgId: 'msg_X',
        attempt: 1,
        state: 'pending',
        statusCode: null,
        latencyMs: null,
        error: '',
        createdAt: at,
        deliveredAt: null,
      },
    },
    ...extra,
  })
  renderWithProviders(<WebhooksSection />)
  return { ...api, events: userEvent.setup() }
}

describe('WebhooksSection', () => {
  it('adds an endpoint and shows its secret once', async () => {
    const { calls, events } = setup()
    await screen.findByText('No endpoints yet.')
    await events.type(screen.getByLabelText('Endpoint URL'), 'https://crm.example.com/hook')
    await events.click(screen.getByRole('checkbox', { name: /Connection request received/ }))
    await events.click(screen.getByRole('button', { name: 'Add Endpoint' }))
    await expectToast('Webhook endpoint added')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://crm.example.com/hook',
      events: ['match.created', 'message.received', 'connection.requested'],
    })
    expect(await screen.findByTestId('webhook-secret-value')).toHaveTextContent(secret)
    await events.click(screen.getByRole('button', { name: 'I have saved it' }))
    expect(screen.queryByText(secret)).toBeNull()
    expect(await screen.findByTestId('webhook-row')).toHaveTextContent('https://crm.example.com/hook')
  })

  it("shows the server's refusal under the address", async () => {
    const { events } = setup()
    await screen.findByText('No endpoints yet.')
    await events.type(screen.getByLabelText('Endpoint URL'), 'https://10.0.0.1/hook')
    await events.click(screen.getByRole('button', { name: 'Add Endpoint' }))
    expect(await screen.findByText('PropMatch does not send webhooks to 10.0.0.1')).toBeInTheDocument()
    expect(screen.queryByTestId('webhook-secret')).toBeNull()
  })

  it('sends a test event and shows the deliveries log', async () => {
    const { calls, events } = setup({ 'GET /api/user/webhooks': { body: [endpoint()] } })
    const row = await screen.findByTestId('webhook-row')
    await events.click(within(row).getByRole('button', { name: 'Send test event' }))
    await expectToast('Test event sent')
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/user/webhooks/3/test')).toBe(true)
    const log = await screen.findByTestId('webhook-deliveries')
    const cells = within(log).getByTestId('webhook-delivery')
    expect(cells).toHaveTextContent('webhook.test')
    expect(cells).toHaveTextContent('200')
    expect(cells).toHaveTextContent('12 ms')
  })

  it('shows why an endpoint is off and turns it on', async () => {
    const { calls, events } = setup({
      'GET /api/user/webhooks': { body: [endpoint({ enabled: false, disabledReason: 'Turned off after 8 failed attempts' })] },
      'PATCH /api/user/webhooks/3': { body: endpoint() },
    })
    expect(await screen.findByText('Turned off after 8 failed attempts')).toBeInTheDocument()
    await events.click(screen.getByRole('switch'))
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ enabled: true }))
  })
})

describe('webhookSchema', () => {
  it('needs an address and an event', () => {
    expect(webhookSchema.safeParse({ url: '', events: [] }).success).toBe(false)
    expect(webhookSchema.safeParse({ url: 'ftp://x', events: ['match.created'] }).success).toBe(false)
    expect(webhookSchema.safeParse({ url: 'https://x.example', events: ['match.created'] }).success).toBe(true)
  })
})
