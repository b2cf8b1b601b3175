import type { ImportKind, ImportPreview } from '@/features/imports/api/imports'
import { recordSummary, summaryHeaders } from '@/features/imports/lib/import-view'

/** The first rows as they will be saved, each bad row with its errors instead. */
export function PreviewTable({ kind, preview }: { kind: ImportKind; preview: ImportPreview }) {
  const headers = summaryHeaders[kind]
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-sm" data-testid="preview-table">
        <caption className="sr-only">The first {preview.preview.length} rows as they will be saved</caption>
        <thead className="bg-muted text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Row
            </th>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.preview.map((row) => (
            <tr key={row.row} className="border-t border-border align-top" data-testid="preview-row">
              <td className="px-3 py-2 text-muted-foreground">{row.row}</td>
              {row.errors.length > 0 ? (
                <td colSpan={headers.length} className="px-3 py-2 text-destructive">
                  <ul className="grid gap-1">
                    {row.errors.map((e, i) => (
                      <li key={i}>{e.message}</li>
                    ))}
                  </ul>
                </td>
              ) : (
                recordSummary(kind, row.record as Record<string, unknown> | null).map((v, i) => (
                  <td key={i} className="px-3 py-2 text-foreground">
                    {v}
                  </td>
                ))
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
