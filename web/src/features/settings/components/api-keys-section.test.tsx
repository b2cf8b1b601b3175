import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiKey } from '@/features/settings/api/manage-api-keys'
import { ApiKeysSection } from '@/features/settings/components/api-keys-section'
import { mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const at = '2026-11-20T10:00:00Z'
const key = (id: number, over: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: `Key ${id}`,
  scopes: ['read'],
  prefix: 'Ab12',
  status: 'active',
  createdAt: at,
  expiresAt: null,
  lastUsedAt: at,
  lastUsedIp: '203.0.113.5',
  revokedAt: null,
  ...over,
})
const secret = 'pm_live_' + 'A'.repeat(43)

function setup(apiAccess = true) {
  let keys = [key(1)]
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/user/api-keys': () => ({ body: { keys, apiAccess, maxActive: 10 } }),
    'POST /api/user/api-keys': ({ body }) => {
      const b = body as { name: string; scopes: string[] }
      const k = key(2, { name: b.name, scopes: b.scopes as ApiKey['scopes'], lastUsedAt: null, lastUsedIp: '' })
      keys = [k, ...keys]
      return { status: 201, body: { ...k, key: secret } }
    },
    'DELETE /api/user/api-keys/1': () => {
      keys = keys.map((k): ApiKey => (k.id === 1 ? { ...k, status: 'revoked', revokedAt: at } : k))
      return { status: 204 }
    },
  })
  renderWithProviders(<ApiKeysSection />, { route: '/settings', path: '/settings' })
  return { ...api, events: userEvent.setup() }
}

describe('ApiKeysSection', () => {
  it('lists keys with their facts, creates one shown once, and revokes after a confirmation', async () => {
    const { events, calls } = setup()
    const row = await screen.findByTestId('api-key-row')
    expect(row).toHaveTextContent('Key 1')
    expect(row).toHaveTextContent('pm_live_Ab12…')
    expect(row).toHaveTextContent('203.0.113.5')
    expect(row).toHaveTextContent('Read only')

    await events.click(screen.getByRole('button', { name: /Create API key/ }))
    const dialog = await screen.findByTestId('create-api-key-dialog')
    await events.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByText('Give the key a name')).toBeInTheDocument()
    await events.type(within(dialog).getByLabelText('Name'), 'CRM sync')
    await events.click(within(dialog).getByRole('checkbox', { name: /Write/ }))
    await events.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByTestId('new-api-key')).toHaveTextContent(secret)
    expect(within(dialog).getByText(/only time PropMatch shows it/)).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')
    expect(post?.body).toEqual({ name: 'CRM sync', scopes: ['read', 'write'] })
    await events.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')).toHaveLength(2))

    await events.click(screen.getByRole('button', { name: 'Revoke Key 1' }))
    await events.click(await screen.findByRole('button', { name: 'Revoke key' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/api-keys/1')).toBe(true))
    await waitFor(() => expect(screen.getAllByTestId('api-key-row')[1]).toHaveTextContent('revoked'))
  })

  it('explains a plan without API access and links to Billing', async () => {
    setup(false)
    const note = await screen.findByTestId('api-keys-no-plan')
    expect(within(note).getByRole('link', { name: /See plans/ })).toHaveAttribute('href', '/billing')
    expect(screen.getByRole('button', { name: /Create API key/ })).toBeDisabled()
  })
})
