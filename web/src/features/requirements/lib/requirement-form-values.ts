import { z } from 'zod'
import type { PropertyType, Requirement, RequirementInput } from '@/lib/api-schemas'
import { hasBedrooms } from '@/shared/listing-vocabulary'
import { formatIndianPhone, indianPhone } from '@/lib/phone-normalize'

const amount = z
  .string()
  .trim()
  .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), 'Enter a valid number')

const num = (v: string) => (v.trim() === '' ? null : Number(v))

/** The requirement form (docs/product.md#requirement-form); numbers are kept as typed and converted on save. */
export const requirementFormSchema = z
  .object({
    clientName: z.string().trim().min(1, 'Client name is required').max(100, 'Client name must be at most 100 characters'),
    clientPhone: z
      .string()
      .trim()
      .refine((v) => indianPhone(v) !== null, 'Phone number must be exactly 10 digits'),
    clientEmail: z.union([z.literal(''), z.email('Enter a valid email address')]),
    propertyType: z.string().min(1, 'Please select a property type'),
    listingPurpose: z.enum(['forSale', 'forRent', 'forLease']),
    timeline: z.enum(['immediate', '1month', '3months', '6months', 'flexible']),
    minPrice: amount,
    maxPrice: amount,
    preferredState: z.string().min(1, 'Please select a preferred state'),
    preferredCity: z.string().min(1, 'Please select a preferred city'),
    preferredLocalities: z.string(),
    bedrooms: z.string(),
    minArea: amount,
    maxArea: amount,
    specialRequirements: z.string().max(2000, 'Special requirements must be at most 2000 characters'),
  })
  .superRefine((v, ctx) => {
    const [minPrice, maxPrice, minArea, maxArea] = [num(v.minPrice), num(v.maxPrice), num(v.minArea), num(v.maxArea)]
    if (minPrice !== null && maxPrice !== null && maxPrice < minPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'Max budget must be greater than or equal to min budget' })
    }
    if (minArea !== null && maxArea !== null && maxArea < minArea) {
      ctx.addIssue({ code: 'custom', path: ['maxArea'], message: 'Max area must be greater than or equal to min area' })
    }
  })

export type RequirementFormValues = z.infer<typeof requirementFormSchema>

export const emptyRequirementForm: RequirementFormValues = {
  clientName: '',
  clientPhone: '',
  clientEmail: '',
  propertyType: '',
  listingPurpose: 'forSale',
  timeline: 'immediate',
  minPrice: '',
  maxPrice: '',
  preferredState: '',
  preferredCity: '',
  preferredLocalities: '',
  bedrooms: '',
  minArea: '',
  maxArea: '',
  specialRequirements: '',
}

const text = (v: number | null | undefined) => (v == null ? '' : String(v))

/** Form values of an existing requirement: the phone spaced as +91 98450 12345, first type and first city, notes as a fallback. */
export function formValuesFromRequirement(r: Requirement): RequirementFormValues {
  return {
    clientName: r.clientName,
    clientPhone: formatIndianPhone(r.clientPhone),
    clientEmail: r.clientEmail ?? '',
    propertyType: r.propertyTypes[0] ?? '',
    listingPurpose: r.listingPurpose,
    timeline: r.timeline,
    minPrice: text(r.minPrice),
    maxPrice: text(r.maxPrice),
    preferredState: r.preferredState,
    preferredCity: r.preferredCities[0] ?? '',
    preferredLocalities: r.preferredLocalities.join(', '),
    bedrooms: r.minBedrooms == null ? '' : String(Math.min(r.minBedrooms, 4)),
    minArea: text(r.minArea),
    maxArea: text(r.maxArea),
    specialRequirements: r.specialRequirements ?? r.notes ?? '',
  }
}

/** Comma-separated localities, trimmed, empties dropped. */
export function splitLocalities(value: string) {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * The request body (docs/product.md#requirement-form): one property type and one city as lists,
 * the phone normalised to +91 and ten digits (as registration normalises), numbers as numbers, empty values omitted, active and real.
 */
export function requirementBody(v: RequirementFormValues): RequirementInput {
  const body: RequirementInput = {
    clientName: v.clientName.trim(),
    clientPhone: indianPhone(v.clientPhone) ?? v.clientPhone.trim(),
    propertyTypes: [v.propertyType as PropertyType],
    listingPurpose: v.listingPurpose,
    preferredState: v.preferredState,
    preferredCities: [v.preferredCity],
    timeline: v.timeline,
    isActive: true,
    isRealData: true,
  }
  const email = v.clientEmail.trim()
  if (email) body.clientEmail = email
  const localities = splitLocalities(v.preferredLocalities)
  if (localities.length) body.preferredLocalities = localities
  const numbers = { minPrice: num(v.minPrice), maxPrice: num(v.maxPrice), minArea: num(v.minArea), maxArea: num(v.maxArea) }
  for (const [key, value] of Object.entries(numbers)) if (value !== null) body[key] = value
  if (hasBedrooms(v.propertyType) && v.bedrooms) body.minBedrooms = Number(v.bedrooms)
  const special = v.specialRequirements.trim()
  if (special) body.specialRequirements = special
  return body
}

/** The optional fields the form can empty; PATCH keeps a field that is absent, so an edit sends these as null. */
const CLEARABLE_FIELDS = ['clientEmail', 'minPrice', 'maxPrice', 'minArea', 'maxArea', 'specialRequirements'] as const

/**
 * The PATCH body of an edit. The server overlays the sent fields on the stored
 * requirement (absent = keep, null = clear), so every optional field the form
 * leaves empty is sent as null (localities as []); otherwise as requirementBody.
 * Bedrooms: "Any" (or a type without bedrooms) clears both minimum and maximum;
 * a chosen value sets the minimum and keeps the stored maximum.
 * The special-requirements box falls back to the old `notes`; emptying it clears those too.
 */
export function requirementUpdateBody(
  v: RequirementFormValues,
  original?: Pick<Requirement, 'specialRequirements' | 'notes'>,
): RequirementInput {
  const body = requirementBody(v)
  for (const key of CLEARABLE_FIELDS) if (body[key] === undefined) body[key] = null
  body.preferredLocalities ??= []
  if (body.minBedrooms === undefined) {
    body.minBedrooms = null
    body.maxBedrooms = null
  }
  if (body.specialRequirements === null && !original?.specialRequirements?.trim() && original?.notes?.trim()) body.notes = null
  return body
}
