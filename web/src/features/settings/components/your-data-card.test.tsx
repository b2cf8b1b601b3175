import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { attachmentName } from '@/features/settings/api/download-my-data'
import { YourDataCard } from '@/features/settings/components/your-data-card'
import { browserPage } from '@/lib/chunk-reload'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/user': { body: testUser }, ...extra })
  renderWithProviders(<YourDataCard />, { route: '/settings', path: '/settings' })
  return { ...api, user: userEvent.setup() }
}

describe('YourDataCard', () => {
  it('downloads the data under the name the server gives', async () => {
    const created = vi.fn(() => 'blob:propmatch-test')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }))
    const clicks: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download)
    })
    const { user } = setup({
      'GET /api/user/export': {
        body: { format: 'propmatch-agent-data' },
        headers: { 'Content-Disposition': 'attachment; filename="propmatch-my-data-20261123-101500.json"' },
      },
    })
    await user.click(screen.getByRole('button', { name: /Download My Data/ }))
    await expectToast('Your data is downloading', 'propmatch-my-data-20261123-101500.json')
    expect(clicks).toEqual(['propmatch-my-data-20261123-101500.json'])
    expect(created).toHaveBeenCalled()
    click.mockRestore()
  })

  it('says when the hourly limit is reached', async () => {
    const { user } = setup({
      'GET /api/user/export': { status: 429, body: { message: 'You can download your data 3 times an hour. Try again in 40 minutes' } },
    })
    await user.click(screen.getByRole('button', { name: /Download My Data/ }))
    await expectToast('Could not download your data', 'You can download your data 3 times an hour. Try again in 40 minutes')
  })

  it('asks for the password, shows a wrong one, then deletes and loads the landing page', async () => {
    const assign = vi.spyOn(browserPage, 'assign').mockImplementation(() => {})
    let tries = 0
    const { calls, user } = setup({
      'POST /api/user/delete': ({ body }) => {
        tries++
        return (body as { password: string }).password === 'right-Pass-1'
          ? { body: { message: 'Your account has been deleted', listingsDeleted: 2, requirementsDeleted: 1 } }
          : { status: 400, body: { message: 'Validation failed', errors: [{ path: 'password', message: 'Password is incorrect' }] } }
      },
    })
    await user.click(screen.getByRole('button', { name: /Delete My Account/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    expect(dialog).toHaveTextContent('Deleted agent')
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }))
    expect(await screen.findByText('Enter your password to confirm')).toBeInTheDocument()
    expect(tries).toBe(0)
    await user.type(screen.getByLabelText('Your password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }))
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Your password'))
    await user.type(screen.getByLabelText('Your password'), 'right-Pass-1')
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'))
    assign.mockRestore()
    expect(calls.filter((c) => c.path === '/api/user/delete').map((c) => c.body)).toEqual([
      { password: 'wrong' },
      { password: 'right-Pass-1' },
    ])
  })

  it('reads the file name of a download', () => {
    expect(attachmentName('attachment; filename="a.json"', 'x.json')).toBe('a.json')
    expect(attachmentName(null, 'x.json')).toBe('x.json')
  })
})
