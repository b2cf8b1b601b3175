import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ShareCheckbox, ShareSelectionBar, useShareSelection } from '@/components/share-with-client'
import { mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => sessionStorage.clear())

function Picker() {
  const share = useShareSelection()
  return (
    <div>
      <ShareSelectionBar selection={share} />
      {[11, 12].map((id) => (
        <div key={id} className="relative">
          <ShareCheckbox selection={share} id={id} label={`Flat ${id}`} />
        </div>
      ))}
    </div>
  )
}

describe('Share with client', () => {
  it('picks listings, refuses a bad expiry, creates the link and shows it with Copy and WhatsApp', async () => {
    const user = userEvent.setup()
    const api = mockApi({
      'POST /api/share-links': { status: 201, body: { id: 5, url: 'http://pm.test/s/abc', expiresAt: '2026-12-12T10:00:00Z' } },
    })
    renderWithProviders(<Picker />)
    expect(screen.queryByRole('checkbox')).toBeNull()
    await user.click(screen.getByRole('button', { name: /share with client/i }))
    await user.click(screen.getByRole('checkbox', { name: 'Share Flat 12' }))
    await user.click(screen.getByRole('checkbox', { name: 'Share Flat 11' }))
    expect(screen.getByTestId('share-bar')).toHaveTextContent('2 selected')
    // The selection outlives the page (My Properties → Matches).
    expect(JSON.parse(sessionStorage.getItem('propmatch.share-selection')!)).toEqual({ ids: [12, 11] })

    await user.click(screen.getByTestId('share-open'))
    const days = screen.getByLabelText('Link expires after (days)')
    expect(days).toHaveValue('7')
    await user.clear(days)
    await user.type(days, '120')
    await user.click(screen.getByTestId('share-create'))
    expect(await screen.findByText('Enter a number of days from 1 to 90')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.clear(days)
    await user.type(days, '30')
    await user.type(screen.getByLabelText('Note to your client (optional)'), 'Near the metro')
    await user.click(screen.getByTestId('share-create'))
    expect(await screen.findByTestId('share-url')).toHaveValue('http://pm.test/s/abc')
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ propertyIds: [12, 11], expiresInDays: 30, note: 'Near the metro' })
    expect(screen.getByTestId('share-whatsapp')).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent('Near the metro\nhttp://pm.test/s/abc')}`,
    )
    await user.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByTestId('share-bar')).toBeNull())
    expect(sessionStorage.getItem('propmatch.share-selection')).toBeNull()
  })

  it('shows the server refusal of a listing', async () => {
    const user = userEvent.setup()
    mockApi({
      'POST /api/share-links': {
        status: 400,
        body: {
          message: 'Invalid input',
          errors: [{ path: 'propertyIds.0', message: 'You can share your own listings and the listings in your matches only' }],
        },
      },
    })
    renderWithProviders(<Picker />)
    await user.click(screen.getByRole('button', { name: /share with client/i }))
    await user.click(screen.getByRole('checkbox', { name: 'Share Flat 11' }))
    await user.click(screen.getByTestId('share-open'))
    await user.click(screen.getByTestId('share-create'))
    expect(await screen.findByRole('alert')).toHaveTextContent('You can share your own listings and the listings in your matches only')
  })
})
