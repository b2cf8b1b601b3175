import { z } from 'zod'
import { listingPurposeLabel, propertyTypeLabel, requirementPurposeLabel } from '@/shared/listing-vocabulary'
import type { ImportKind, ImportPreview } from '@/features/imports/api/imports'

/** The largest file the server takes: 10 MB. */
export const MAX_FILE_BYTES = 10 << 20

export const importKinds: { value: ImportKind; label: string }[] = [
  { value: 'listings', label: 'Listings' },
  { value: 'requirements', label: 'Client requirements' },
]

/** The upload form: a kind and one .xlsx or .csv file of at most 10 MB. */
export const uploadSchema = z.object({
  kind: z.enum(['listings', 'requirements']),
  file: z
    .custom<File | null>((v) => v === null || v instanceof File)
    .refine((f): boolean => f instanceof File, 'Choose an Excel (.xlsx) or CSV file')
    .refine((f) => !(f instanceof File) || f.size <= MAX_FILE_BYTES, 'The file is over 10 MB; split it into smaller files')
    .refine((f) => !(f instanceof File) || /\.(xlsx|csv)$/i.test(f.name), 'Choose an Excel (.xlsx) or CSV file'),
})
export type UploadValues = z.infer<typeof uploadSchema>

/** The mapping the agent chose: column title to field key ('' leaves the column out). */
export function mappingOf(columns: ImportPreview['columns'], changes: Record<number, string>) {
  const out: Record<string, string> = {}
  for (const c of columns) out[c.header] = changes[c.index] ?? c.field
  return out
}

/** Whether the agent changed any column's field from what the server detected. */
export function mappingChanged(columns: ImportPreview['columns'], changes: Record<number, string>) {
  return columns.some((c) => changes[c.index] !== undefined && changes[c.index] !== c.field)
}

/** The percentage of rows done, 0 to 100. */
export function percentDone(done: number, total: number) {
  if (total <= 0) return done > 0 ? 100 : 0
  return Math.min(100, Math.round((done / total) * 100))
}

/** What a preview row shows of its record: the saved fields an agent checks first. */
export function recordSummary(kind: ImportKind, record: Record<string, unknown> | null | undefined): string[] {
  if (!record) return []
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')
  if (kind === 'listings') {
    return [
      text(record.title),
      propertyTypeLabel(text(record.propertyType)),
      listingPurposeLabel(text(record.listingPurpose)),
      rupees(record.price),
      text(record.city),
      text(record.locality),
    ]
  }
  const cities = Array.isArray(record.preferredCities) ? (record.preferredCities as string[]).join(', ') : ''
  return [
    text(record.clientName),
    text(record.clientPhone),
    requirementPurposeLabel(text(record.listingPurpose)),
    rupees(record.minPrice),
    rupees(record.maxPrice),
    cities,
  ]
}

export const summaryHeaders: Record<ImportKind, string[]> = {
  listings: ['Title', 'Type', 'Purpose', 'Price (₹)', 'City', 'Locality'],
  requirements: ['Client', 'Mobile', 'Purpose', 'Min budget (₹)', 'Max budget (₹)', 'Cities'],
}

const rupeeDigits = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })

/** An amount in rupees as saved, with Indian digit grouping: 12500000 is "₹1,25,00,000"; none is "". */
export function rupees(v: unknown) {
  return typeof v === 'number' ? `₹${rupeeDigits.format(v)}` : ''
}
