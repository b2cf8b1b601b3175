import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PropertiesPage } from '@/features/properties/routes/properties-page'
import { makeProperty, signedInApi } from '@/features/properties/test/fixtures'
import { currentLocation, mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('My Properties opened from a match card (?listing=ID)', () => {
  it('loads pages until the listing is found, opens it and drops the parameter', async () => {
    mockApi({
      ...signedInApi,
      'GET /api/properties': (req) =>
        req.url.searchParams.get('cursor')
          ? { body: [makeProperty({ id: 7, title: 'Second-page villa' })] }
          : { body: [makeProperty({ id: 9, title: 'First-page flat' })], headers: { Link: '</api/properties?cursor=8>; rel="next"' } },
      'GET /api/dashboard/stats': { status: 500, body: { message: 'not needed' } },
    })
    renderWithProviders(<PropertiesPage />, { route: '/properties?listing=7' })
    expect(await screen.findByRole('dialog', { name: /Second-page villa/ })).toBeInTheDocument()
    await waitFor(() => expect(currentLocation()).toBe('/properties'))
  })
})
