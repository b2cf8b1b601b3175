import { z } from 'zod'
import { DECIMAL_FIELDS, INTEGER_FIELDS, TEXT_FIELDS, typeFields, type TypeFieldName } from '@/features/properties/lib/property-options'
import { LISTING_PURPOSES, PROPERTY_TYPES } from '@/shared/listing-vocabulary'
import type { Property, PropertyInput, PropertyType } from '@/lib/api-schemas'
import { MAX_PHOTOS } from '@/lib/media'

const TYPE_FIELD_NAMES = [...TEXT_FIELDS, ...INTEGER_FIELDS, ...DECIMAL_FIELDS] as const

const isNonNegativeNumber = (value: string) => value.trim() === '' || (Number.isFinite(Number(value)) && Number(value) >= 0)
const numberText = (message: string) => z.string().refine(isNonNegativeNumber, message)

const typeFieldShape = Object.fromEntries(
  TYPE_FIELD_NAMES.map((name) => [
    name,
    (INTEGER_FIELDS as readonly string[]).includes(name) || (DECIMAL_FIELDS as readonly string[]).includes(name)
      ? numberText('Enter a valid number')
      : z.string().max(200, 'Must be at most 200 characters'),
  ]),
) as Record<TypeFieldName, z.ZodString>

/** The property form: every input holds text; numbers are converted on submit. */
export const propertyFormSchema = z.object({
  propertyType: z.enum(PROPERTY_TYPES),
  listingPurpose: z.enum(LISTING_PURPOSES),
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  description: z.string().max(5000, 'Description must be at most 5000 characters'),
  price: numberText('Enter a valid price'),
  state: z.string().min(1, 'Please select a state'),
  city: z.string().min(1, 'Please select a city'),
  locality: z.string().max(200, 'Locality must be at most 200 characters'),
  pincode: z
    .string()
    .trim()
    .regex(/^(\d{6})?$/, 'Pincode must be 6 digits'),
  address: z.string().max(500, 'Address must be at most 500 characters'),
  hasLegalDocs: z.boolean(),
  reraApproved: z.boolean(),
  isActive: z.boolean(),
  centralAC: z.boolean(),
  amenities: z.array(z.string()),
  images: z.array(z.string()).max(MAX_PHOTOS, `At most ${MAX_PHOTOS} photos`),
  ...typeFieldShape,
})

export type PropertyFormValues = z.infer<typeof propertyFormSchema>

const emptyTypeFields = Object.fromEntries(TYPE_FIELD_NAMES.map((name) => [name, ''])) as Record<TypeFieldName, string>

/** The values that a type change in a new form clears (docs/product.md#listing-form). */
export function clearedTypeFields(): Pick<PropertyFormValues, TypeFieldName | 'centralAC' | 'amenities'> {
  return { ...emptyTypeFields, centralAC: false, amenities: [] }
}

/** A new form: apartment, for sale, price 0, active, no amenities or images. */
export function defaultPropertyFormValues(): PropertyFormValues {
  return {
    propertyType: 'apartment',
    listingPurpose: 'for_sale',
    title: '',
    description: '',
    price: '0',
    state: '',
    city: '',
    locality: '',
    pincode: '',
    address: '',
    hasLegalDocs: false,
    reraApproved: false,
    isActive: true,
    images: [],
    ...clearedTypeFields(),
  }
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/** The form filled from a stored property, amenities and photos included. */
export function propertyToFormValues(property: Property): PropertyFormValues {
  const typeValues = Object.fromEntries(TYPE_FIELD_NAMES.map((name) => [name, text(property[name])])) as Record<TypeFieldName, string>
  return {
    propertyType: property.propertyType,
    listingPurpose: property.listingPurpose,
    title: property.title,
    description: property.description ?? '',
    price: text(property.price),
    state: property.state ?? '',
    city: property.city ?? '',
    locality: property.locality ?? '',
    pincode: property.pincode ?? '',
    address: property.address ?? '',
    hasLegalDocs: property.hasLegalDocs,
    reraApproved: property.reraApproved,
    isActive: property.isActive,
    centralAC: property.centralAC,
    amenities: [...(property.amenities ?? [])],
    images: (property.images ?? []).slice(0, MAX_PHOTOS),
    ...typeValues,
  }
}

function toNumber(value: string, integer: boolean): number | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  const n = Number(trimmed)
  if (!Number.isFinite(n)) return undefined
  return integer ? Math.trunc(n) : n
}

/**
 * The request body: common fields plus only the current type's fields; price a
 * number (0 if not numeric), integer fields integers, empty values left out.
 * Never id or agentId. On edit, fields the form does not show (sqft, facing,
 * furnishing) and isRealData are carried over from the stored property.
 */
export function formValuesToPropertyInput(values: PropertyFormValues, original?: Property): PropertyInput {
  const body: PropertyInput = {
    title: values.title.trim(),
    description: values.description.trim(),
    propertyType: values.propertyType,
    listingPurpose: values.listingPurpose,
    price: toNumber(values.price, false) ?? 0,
    state: values.state,
    city: values.city,
    locality: values.locality.trim(),
    pincode: values.pincode.trim(),
    address: values.address.trim(),
    hasLegalDocs: values.hasLegalDocs,
    reraApproved: values.reraApproved,
    isActive: values.isActive,
    centralAC: values.propertyType === 'commercial' ? values.centralAC : false,
    amenities: values.amenities,
    images: values.images,
    isRealData: original ? original.isRealData : true,
  }
  for (const def of typeFields[values.propertyType as PropertyType]) {
    if (def.kind === 'checkbox') continue
    const raw = values[def.name]
    if (def.kind === 'integer' || (def.kind === 'select' && (INTEGER_FIELDS as readonly string[]).includes(def.name))) {
      const n = toNumber(raw, true)
      if (n !== undefined) body[def.name] = n
    } else if (def.kind === 'decimal') {
      const n = toNumber(raw, false)
      if (n !== undefined) body[def.name] = n
    } else if (raw.trim() !== '') {
      body[def.name] = raw.trim()
    }
  }
  if (original) {
    if (original.sqft != null) body.sqft = original.sqft
    if (original.facing) body.facing = original.facing
    if (original.furnishing) body.furnishing = original.furnishing
  }
  return body
}
