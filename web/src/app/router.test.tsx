import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-app'
import { mockApi, testUser } from '@/test/utils'
import { makeFigures, makeSitePage } from '@/test/site-fixtures'

afterEach(() => vi.unstubAllGlobals())

function renderApp(route: string) {
  return renderRoute(route)
}

const signedIn = (user = testUser) => ({ 'GET /api/user': { body: user }, 'POST /api/logout': { body: { message: 'Logged out' } } })
const signedOut = {
  'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
  'GET /api/states': { body: [] },
}

describe('routing and guards', () => {
  it('sends a signed-out visitor from a signed-in route to /auth', async () => {
    mockApi(signedOut)
    renderApp('/matches')
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument()
  })

  it('opens the Register tab with ?tab=register', async () => {
    mockApi({ ...signedOut, 'GET /api/site': { body: makeSitePage() }, 'GET /api/site/figures': { body: makeFigures() } })
    renderApp('/auth?tab=register')
    expect(await screen.findByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true')
    // The registration form loads when its tab opens.
    expect(await screen.findByLabelText('WhatsApp Number')).toBeInTheDocument()
    // The claims beside the forms are the server's live figures and offers.
    expect((await screen.findAllByText('1,200+')).length).toBeGreaterThan(0)
    expect(screen.queryByText('90%+')).not.toBeInTheDocument()
  })

  it('redirects a signed-in user from /auth to the dashboard greeting', async () => {
    mockApi(signedIn())
    renderApp('/auth')
    expect(await screen.findByTestId('dashboard-greeting')).toHaveTextContent('Welcome back, Ravi Kumar')
  })

  it('shows no sidebar badges or counts without stats', async () => {
    const { calls } = mockApi(signedIn({ ...testUser, role: 'admin' }))
    renderApp('/email-test')
    expect(await screen.findByRole('heading', { name: 'Email Template Testing' })).toBeInTheDocument()
    await waitFor(() => expect(calls.some((c) => c.path === '/api/dashboard/stats')).toBe(true))
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!
    expect(within(nav).queryByText(/^\d+$/)).not.toBeInTheDocument()
    expect(within(nav).queryByText('Property Types')).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Agent Network' })).toHaveAttribute('href', '/agents')
  })

  it('shows sidebar badges and property type counts from the dashboard stats', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/properties': { body: [] },
      'GET /api/dashboard/stats': {
        body: {
          properties: 7,
          activeProperties: 6,
          requirements: 4,
          buyerMatches: 2,
          sellerMatches: 9,
          totalMatches: 11,
          newMatches: 3,
          propertyTypes: { apartment: 3, villa: 1, plot: 2, commercial: 0, agricultural: 1 },
          unreadMessages: 2,
          pendingRequests: 1,
          sentRequests: 0,
          messagesBadge: 3,
          connections: 5,
          courses: 24,
        },
      },
      'GET /api/messages/unread-count': { body: { count: 2 } },
    })
    renderApp('/properties')
    expect(await screen.findByRole('heading', { name: 'My Properties' })).toBeInTheDocument()
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!
    expect(await within(nav).findByRole('link', { name: 'My Properties 7' })).toHaveAttribute('href', '/properties')
    expect(within(nav).getByRole('link', { name: 'My Requirements 4' })).toHaveAttribute('href', '/requirements')
    expect(within(nav).getByRole('link', { name: 'Matches 11' })).toHaveAttribute('href', '/matches')
    // Unread messages plus pending requests to the user; accepted connections.
    expect(within(nav).getByRole('link', { name: /^Messages 3/ })).toHaveAttribute('href', '/messages')
    expect(within(nav).getByRole('link', { name: 'Agent Network 5' })).toHaveAttribute('href', '/agents')
    // The top bar's unread badge (desktop and mobile).
    const shortcut = await screen.findByRole('link', { name: 'Messages, 2 unread messages' })
    expect(shortcut).toHaveAttribute('href', '/messages')
    expect(within(shortcut).getByTestId('unread-badge')).toHaveTextContent('2')
    expect(shortcut.parentElement?.className ?? '').not.toMatch(/md:hidden/)
    expect(shortcut).not.toHaveClass('md:hidden')
    expect(within(nav).getByRole('link', { name: 'Real Estate Training 24' })).toHaveAttribute('href', '/training')
    const types = within(nav).getByTestId('sidebar-property-types')
    expect(within(types).getByTestId('sidebar-type-apartment')).toHaveTextContent('Apartment3')
    expect(within(types).getByTestId('sidebar-type-plot')).toHaveTextContent('Plot2')
    expect(within(types).getByTestId('sidebar-type-commercial')).toHaveTextContent('Commercial0')
    expect(within(types).getByTestId('sidebar-type-agricultural')).toHaveTextContent('Agricultural1')
  })

  it('does not ask for stats while signed out', async () => {
    const { calls } = mockApi(signedOut)
    renderApp('/auth')
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/dashboard/stats')).toBe(false)
  })

  it('shows Access Denied on /admin for an agent', async () => {
    mockApi(signedIn())
    renderApp('/admin')
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    expect(
      screen.getByText(
        "You don't have admin privileges to access this page. Only administrators can manage platform settings, users, and content.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
  })

  // One admin guard for every admins' page (docs/decisions.md).
  const adminPages = ['/admin', '/admin/site', '/backup-monitor', '/security', '/email-test']

  it.each(adminPages)('shows the Access Denied (403) page on %s to an agent', async (route) => {
    mockApi(signedIn())
    const { router } = renderApp(route)
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(router.state.location.pathname).toBe(route)
  })

  it.each(adminPages)('sends a signed-out visitor from %s to /auth and back there after signing in', async (route) => {
    let signedInNow = false
    mockApi({
      ...signedOut,
      'GET /api/user': () => (signedInNow ? { body: { ...testUser, role: 'agent' } } : { status: 401, body: { message: 'Not signed in' } }),
      'POST /api/login': () => {
        signedInNow = true
        return { body: testUser }
      },
    })
    const user = userEvent.setup()
    const { router } = renderApp(route)
    await user.type(await screen.findByLabelText('Username'), 'ravi')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    expect(router.state.location.pathname).toBe('/auth')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe(route))
  })

  it('sends a visitor who signs in on /auth itself to the dashboard', async () => {
    mockApi({ ...signedOut, 'POST /api/login': { body: testUser }, 'GET /api/states': { body: [] } })
    const user = userEvent.setup()
    const { router } = renderApp('/auth')
    await user.type(await screen.findByLabelText('Username'), 'ravi')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('lets an admin in and shows the Admin Dashboard link', async () => {
    mockApi({ ...signedIn({ ...testUser, role: 'admin' }), 'GET /api/admin/stats': { status: 503, body: { message: 'Busy' } } })
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(screen.getByText('Manage all platform operations and content')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Admin Dashboard' }).length).toBeGreaterThan(0)
  })

  it('shows the 404 page for unknown paths', async () => {
    mockApi(signedOut)
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument()
  })

  it('signs out from the sidebar and lands on /auth', async () => {
    const { calls } = mockApi({ ...signedIn(), 'GET /api/states': { body: [] } })
    const user = userEvent.setup()
    renderApp('/dashboard')
    await screen.findByTestId('dashboard-greeting')
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!)
    await waitFor(() => expect(calls.some((c) => c.path === '/api/logout' && c.method === 'POST')).toBe(true))
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument()
  })
})
