import type { ListingPurpose, PropertyType, RequirementPurpose } from '@/lib/api-schemas'

/**
 * The listing vocabulary, spelt once: property types, listing purposes, furnishing and bedroom
 * (BHK) labels, for listings and requirements alike (docs/product.md#listing-form). Every form,
 * card, filter and dialog takes its words from here.
 */

export type Option = { value: string; label: string }

/** Property types in the order of the form's type selector and of every chooser. */
export const PROPERTY_TYPES = ['apartment', 'villa', 'plot', 'agricultural', 'commercial'] as const satisfies readonly PropertyType[]

/** The order of the sidebar's Property Types list (docs/product.md#signed-in-shell). */
export const SIDEBAR_PROPERTY_TYPES = [
  'apartment',
  'villa',
  'plot',
  'commercial',
  'agricultural',
] as const satisfies readonly PropertyType[]

export const propertyTypeLabels: Record<PropertyType, string> = {
  apartment: 'Apartment',
  villa: 'Villa',
  plot: 'Plot',
  agricultural: 'Agricultural',
  commercial: 'Commercial',
}

/** "Apartment", "Villa", ...; unknown values are capitalised. */
export function propertyTypeLabel(propertyType: string | null | undefined): string {
  if (!propertyType) return ''
  return propertyTypeLabels[propertyType as PropertyType] ?? propertyType.charAt(0).toUpperCase() + propertyType.slice(1)
}

/** A listing's purposes (a property's spelling). */
export const LISTING_PURPOSES = ['for_sale', 'for_rent', 'for_lease'] as const satisfies readonly ListingPurpose[]

export const listingPurposeLabels: Record<ListingPurpose, string> = {
  for_sale: 'For Sale',
  for_rent: 'For Rent',
  for_lease: 'For Lease',
}

/** "For Sale", "For Rent", "For Lease"; unknown values are returned as they are. */
export function listingPurposeLabel(listingPurpose: string | null | undefined): string {
  if (!listingPurpose) return ''
  return listingPurposeLabels[listingPurpose as ListingPurpose] ?? listingPurpose
}

/** A requirement's purposes (the requirement's spelling of the same three). */
export const requirementPurposeLabels: Record<RequirementPurpose, string> = {
  forSale: listingPurposeLabels.for_sale,
  forRent: listingPurposeLabels.for_rent,
  forLease: listingPurposeLabels.for_lease,
}

/** "For Sale", "For Rent", "For Lease" (the property spellings are read too). */
export function requirementPurposeLabel(purpose: string | null | undefined) {
  if (!purpose) return ''
  const camel = purpose.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as RequirementPurpose
  return requirementPurposeLabels[camel] ?? purpose
}

/** Furnishing choices (a villa's Furnished Status, a listing's furnishing). */
export const furnishingOptions: Option[] = [
  { value: 'fully', label: 'Fully furnished' },
  { value: 'semi', label: 'Semi-furnished' },
  { value: 'unfurnished', label: 'Unfurnished' },
]

/** "semi" → "Semi-furnished": a stored furnishing code is never shown as it is stored. */
export function furnishingLabel(value: string | null | undefined) {
  if (!value) return ''
  return furnishingOptions.find((o) => o.value === value.toLowerCase())?.label ?? value
}

/** Bedrooms apply to apartments and villas only. */
export function hasBedrooms(propertyType: string | null | undefined) {
  return propertyType === 'apartment' || propertyType === 'villa'
}

/** "3 BHK". */
export const bedroomsLabel = (bedrooms: number | string) => `${bedrooms} BHK`

/** "3+ BHK" (a requirement's minimum, or the last choice of a list), or '' without a number. */
export function minBedroomsLabel(minBedrooms: number | string | null | undefined) {
  return minBedrooms != null && minBedrooms !== '' ? `${minBedrooms}+ BHK` : ''
}

/** Bedroom choices from `from` to `last`, the last one "N+ BHK". Integer values ("5+" is 5). */
function bedroomOptions(from: number, last: number): Option[] {
  const options: Option[] = []
  for (let n = from; n <= last; n++) options.push({ value: String(n), label: n === last ? minBedroomsLabel(n) : bedroomsLabel(n) })
  return options
}

/** An apartment's bedrooms (1 to 5+ BHK), a villa's (2 to 6+ BHK), a requirement's minimum (1 to 4+ BHK). */
export const bedroomChoices = {
  apartment: bedroomOptions(1, 5),
  villa: bedroomOptions(2, 6),
  requirement: bedroomOptions(1, 4),
}
