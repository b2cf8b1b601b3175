import { NativeSelect } from '@/components/ui/native-select'
import type { ImportPreview } from '@/features/imports/api/imports'

/** Each column of the sheet and the field it fills, changeable; "Leave out" skips a column. */
export function MappingTable({
  preview,
  changes,
  onChange,
}: {
  preview: ImportPreview
  changes: Record<number, string>
  onChange: (index: number, field: string) => void
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-sm" data-testid="mapping-table">
        <caption className="sr-only">Columns and the fields they fill</caption>
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Column in your sheet
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Saved as
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((c) => (
            <tr key={c.index} className="border-t border-border">
              <td className="px-3 py-2 font-medium text-foreground">{c.header || `Column ${c.index + 1}`}</td>
              <td className="px-3 py-2">
                <NativeSelect
                  aria-label={`Field for column ${c.header || c.index + 1}`}
                  value={changes[c.index] ?? c.field}
                  onChange={(e) => onChange(c.index, e.target.value)}
                >
                  <option value="">Leave out</option>
                  {preview.fields.map((f) => (
                    <option key={f.key} value={f.key}>
                      {f.label}
                    </option>
                  ))}
                </NativeSelect>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
