import { screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { PropertyFormDialog } from '@/features/properties/components/property-form-dialog'
import type { Property } from '@/lib/api-schemas'
import { renderWithProviders } from '@/test/utils'

export type User = ReturnType<typeof userEvent.setup>

export function renderForm(property?: Property) {
  const onOpenChange = vi.fn()
  const view = renderWithProviders(<PropertyFormDialog open onOpenChange={onOpenChange} property={property} />)
  return { ...view, onOpenChange }
}

export const amenity = (name: string) => within(screen.getByTestId('amenities')).getByRole('checkbox', { name })
/** A type-specific field (some share a name with an amenity, e.g. Garden, Power Backup, Central AC). */
export const typeField = (label: string) => within(screen.getByTestId('type-specific-fields')).getByLabelText(label)
export const queryAmenity = (name: string) => within(screen.getByTestId('amenities')).queryByRole('checkbox', { name })

export async function chooseLocation(user: User) {
  await screen.findByRole('option', { name: 'Telangana' })
  await user.selectOptions(screen.getByLabelText('State'), 'Telangana')
  await screen.findByRole('option', { name: 'Hyderabad' })
  await user.selectOptions(screen.getByLabelText('City'), 'Hyderabad')
}

export async function setPrice(user: User, value: string) {
  const price = screen.getByLabelText(/Price \(₹\)|Monthly (Rent|Lease) \(₹\)/)
  await user.clear(price)
  await user.type(price, value)
}
