import type { PropertyType } from '@/lib/api-schemas'
import { bedroomChoices, furnishingOptions, type Option } from '@/shared/listing-vocabulary'

/** The My Properties city filter (docs/product.md#my-properties). */
export const FILTER_CITIES = ['Bangalore', 'Chennai', 'Hyderabad', 'Mumbai', 'Pune'] as const

const options = (...pairs: [string, string][]): Option[] => pairs.map(([value, label]) => ({ value, label }))
const yesNo = options(['yes', 'Yes'], ['no', 'No'])
const roadAccess = options(
  ['main_road', 'Main Road'],
  ['side_road', 'Side Road'],
  ['internal_road', 'Internal Road'],
  ['none', 'No Road Access'],
)

/** Choice lists of the type-specific fields. Integer choices store their number ("5+" is 5). */
export const fieldOptions = {
  apartmentBedrooms: bedroomChoices.apartment,
  apartmentBathrooms: options(['1', '1'], ['2', '2'], ['3', '3'], ['4', '4+']),
  villaBedrooms: bedroomChoices.villa,
  villaBathrooms: options(['2', '2'], ['3', '3'], ['4', '4'], ['5', '5+']),
  totalFloors: options(['1', '1'], ['2', '2'], ['3', '3'], ['4', '4+']),
  balcony: yesNo,
  garden: yesNo,
  parking: options(['1', '1 Car'], ['2', '2 Cars'], ['3+', '3+ Cars'], ['none', 'None']),
  furnished: furnishingOptions,
  zone: options(
    ['residential', 'Residential'],
    ['commercial', 'Commercial'],
    ['industrial', 'Industrial'],
    ['agricultural', 'Agricultural'],
  ),
  roadAccess,
  soilType: options(
    ['black', 'Black'],
    ['red', 'Red'],
    ['alluvial', 'Alluvial'],
    ['laterite', 'Laterite'],
    ['clay', 'Clay'],
    ['sandy', 'Sandy'],
  ),
  fencing: options(['complete', 'Complete'], ['partial', 'Partial'], ['none', 'None']),
  irrigationSystem: options(['drip', 'Drip'], ['sprinkler', 'Sprinkler'], ['canal', 'Canal'], ['borewell', 'Borewell'], ['none', 'None']),
  commercialType: options(
    ['office', 'Office'],
    ['retail', 'Retail'],
    ['warehouse', 'Warehouse'],
    ['showroom', 'Showroom'],
    ['restaurant', 'Restaurant'],
    ['medical', 'Medical'],
  ),
  powerBackup: options(['full', 'Full'], ['partial', 'Partial'], ['none', 'None']),
  leaseTerm: options(['monthly', 'Monthly'], ['yearly', 'Yearly'], ['flexible', 'Flexible']),
} satisfies Record<string, Option[]>

/** Text type-specific fields (stored as text). */
export const TEXT_FIELDS = [
  'floor',
  'balcony',
  'maintenance',
  'parking',
  'furnished',
  'garden',
  'zone',
  'frontage',
  'roadAccess',
  'soilType',
  'cropHistory',
  'fencing',
  'irrigationSystem',
  'commercialType',
  'powerBackup',
  'leaseTerm',
] as const

/** Whole-number type-specific fields (sent as integers, dropped when empty or invalid). */
export const INTEGER_FIELDS = [
  'bedrooms',
  'bathrooms',
  'plotArea',
  'villaSize',
  'totalFloors',
  'builtUpArea',
  'totalCabins',
  'washrooms',
] as const

/** Decimal type-specific fields. */
export const DECIMAL_FIELDS = ['acres'] as const

export type TextFieldName = (typeof TEXT_FIELDS)[number]
export type NumberFieldName = (typeof INTEGER_FIELDS)[number] | (typeof DECIMAL_FIELDS)[number]
export type TypeFieldName = TextFieldName | NumberFieldName

export type FieldDef =
  | { name: TypeFieldName; label: string; kind: 'select'; options: Option[] }
  | { name: TypeFieldName; label: string; kind: 'text' | 'integer' | 'decimal'; placeholder?: string; step?: number }
  | { name: 'centralAC'; label: string; kind: 'checkbox' }

/** The type-specific fields of the form, per property type (docs/product.md#listing-form). */
export const typeFields: Record<PropertyType, FieldDef[]> = {
  apartment: [
    { name: 'bedrooms', label: 'Bedrooms', kind: 'select', options: fieldOptions.apartmentBedrooms },
    { name: 'bathrooms', label: 'Bathrooms', kind: 'select', options: fieldOptions.apartmentBathrooms },
    { name: 'floor', label: 'Floor Number', kind: 'text', placeholder: 'e.g. 5 or Ground' },
    { name: 'balcony', label: 'Balcony', kind: 'select', options: fieldOptions.balcony },
    { name: 'maintenance', label: 'Maintenance (per month)', kind: 'text', placeholder: 'e.g. 3000' },
  ],
  villa: [
    { name: 'bedrooms', label: 'Bedrooms', kind: 'select', options: fieldOptions.villaBedrooms },
    { name: 'bathrooms', label: 'Bathrooms', kind: 'select', options: fieldOptions.villaBathrooms },
    { name: 'plotArea', label: 'Plot Area (sq.ft)', kind: 'integer' },
    { name: 'villaSize', label: 'Villa Size (sq.ft)', kind: 'integer' },
    { name: 'parking', label: 'Parking', kind: 'select', options: fieldOptions.parking },
    { name: 'furnished', label: 'Furnished Status', kind: 'select', options: fieldOptions.furnished },
    { name: 'garden', label: 'Garden', kind: 'select', options: fieldOptions.garden },
    { name: 'totalFloors', label: 'Total Floors', kind: 'select', options: fieldOptions.totalFloors },
  ],
  plot: [
    { name: 'plotArea', label: 'Plot Area (sq.ft)', kind: 'integer' },
    { name: 'zone', label: 'Zone', kind: 'select', options: fieldOptions.zone },
    { name: 'frontage', label: 'Frontage (feet)', kind: 'text', placeholder: 'e.g. 40' },
    { name: 'roadAccess', label: 'Road Access', kind: 'select', options: fieldOptions.roadAccess },
  ],
  agricultural: [
    { name: 'acres', label: 'Land Size (acres)', kind: 'decimal', step: 0.5 },
    { name: 'soilType', label: 'Soil Type', kind: 'select', options: fieldOptions.soilType },
    { name: 'cropHistory', label: 'Crop History', kind: 'text', placeholder: 'e.g. Sugarcane, paddy' },
    { name: 'roadAccess', label: 'Road Access', kind: 'select', options: fieldOptions.roadAccess },
    { name: 'fencing', label: 'Fencing', kind: 'select', options: fieldOptions.fencing },
    { name: 'irrigationSystem', label: 'Irrigation System', kind: 'select', options: fieldOptions.irrigationSystem },
  ],
  commercial: [
    { name: 'commercialType', label: 'Commercial Type', kind: 'select', options: fieldOptions.commercialType },
    { name: 'builtUpArea', label: 'Built-up Area (sq.ft)', kind: 'integer' },
    { name: 'totalCabins', label: 'Total Cabins/Rooms', kind: 'integer' },
    { name: 'washrooms', label: 'Washrooms', kind: 'integer' },
    { name: 'floor', label: 'Floor', kind: 'text', placeholder: 'e.g. 2' },
    { name: 'powerBackup', label: 'Power Backup', kind: 'select', options: fieldOptions.powerBackup },
    { name: 'leaseTerm', label: 'Lease Term', kind: 'select', options: fieldOptions.leaseTerm },
    { name: 'centralAC', label: 'Central AC', kind: 'checkbox' },
  ],
}

/** Amenity choices per property type (docs/product.md#listing-form). */
export const amenitiesByType: Record<PropertyType, string[]> = {
  apartment: [
    'Parking',
    'Elevator',
    'Security',
    'Power Backup',
    'Swimming Pool',
    'Gym',
    'Club House',
    'CCTV',
    'Intercom',
    'Water Supply',
    "Children's Play Area",
  ],
  villa: ['Parking', 'Security', 'Power Backup', 'Garden', 'Swimming Pool', 'CCTV', 'Water Supply', 'Bore Well'],
  plot: ['Road Access', 'Water Supply', 'Electricity Connection', 'Boundary Wall', 'Security'],
  agricultural: ['Water Source', 'Electricity Connection', 'Road Access', 'Storage Facility', 'Boundary Fencing'],
  commercial: [
    'Parking',
    'Elevator',
    'Security',
    'Power Backup',
    'Central AC',
    'Generator',
    'Reception Area',
    'Fire Safety',
    'CCTV',
    'High Speed Internet',
    'Conference Room',
  ],
}

/** The display label of a stored choice ("fully" → "Fully Furnished"), else the value itself. */
export function optionLabel(propertyType: string, name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const def = typeFields[propertyType as PropertyType]?.find((f) => f.name === name)
  if (def?.kind === 'select') {
    const match = def.options.find((o) => o.value === String(value))
    if (match) return match.label
  }
  return String(value)
}
