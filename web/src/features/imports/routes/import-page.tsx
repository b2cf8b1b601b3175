import * as React from 'react'
import { Download, FileUp, Play, X } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { useZodForm } from '@/components/ui/use-zod-form'
import {
  reportUrl,
  templateUrl,
  useCancelImport,
  useImportStatus,
  useStartImport,
  useUploadImport,
  type ImportKind,
  type ImportPreview,
} from '@/features/imports/api/imports'
import { ImportProgress } from '@/features/imports/components/import-progress'
import { MappingTable } from '@/features/imports/components/mapping-table'
import { PreviewTable } from '@/features/imports/components/preview-table'
import { importKinds, mappingChanged, mappingOf, uploadSchema, type UploadValues } from '@/features/imports/lib/import-view'
import { ApiError } from '@/lib/api-client'

function kindOf(v: string | null): ImportKind {
  return v === 'requirements' ? 'requirements' : 'listings'
}

/** /import: bring a spreadsheet of listings or requirements in (docs/product.md#bulk-import). */
export function ImportPage() {
  const [params] = useSearchParams()
  const form = useZodForm<UploadValues>(uploadSchema, { kind: kindOf(params.get('kind')), file: null })
  const [preview, setPreview] = React.useState<ImportPreview | null>(null)
  const [changes, setChanges] = React.useState<Record<number, string>>({})
  const [started, setStarted] = React.useState(false)
  const upload = useUploadImport()
  const start = useStartImport()
  const cancel = useCancelImport()
  const status = useImportStatus(preview?.id ?? null, started)
  const kind = form.watch('kind')

  React.useEffect(() => {
    document.title = 'Import · PropMatch'
  }, [])

  const send = async (values: UploadValues, mapping?: Record<string, string>) => {
    if (!values.file) return
    try {
      // A re-upload with a new mapping replaces the preview; the old one is cancelled so it does not linger.
      if (preview && !started) cancel.mutate(preview.id)
      const p = await upload.mutateAsync({ file: values.file, kind: values.kind, mapping })
      setPreview(p)
      setChanges({})
      setStarted(false)
    } catch (e) {
      const err = e instanceof ApiError ? e : null
      const fileError = err?.errors?.find((fe) => fe.path === 'file')
      form.setError('file', { type: 'server', message: fileError?.message ?? err?.message ?? 'The file could not be uploaded' })
    }
  }

  const current = status.data
  const running = current?.status === 'running' || current?.status === 'pending'
  const finished = current && !running
  const listPath = (preview?.kind ?? kind) === 'requirements' ? paths.requirements.to() : paths.properties.to()

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Import from a spreadsheet</h1>
        <p className="text-subtle-foreground">
          Bring your listings or your clients&apos; requirements in from Excel or CSV: up to 10,000 rows, 10 MB.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>1. Choose the file</CardTitle>
          <CardDescription>
            Amounts like 45 L, 1.2 Cr or ₹ 45,00,000, 3 BHK, areas in sq ft, sq yd, acres or guntas, and any Indian mobile format are
            understood. A &quot;Your reference&quot; column makes a re-import update rows instead of adding them.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit((v) => send(v))} noValidate>
            <Field id="import-kind" label="What the sheet holds" error={form.formState.errors.kind?.message}>
              <NativeSelect {...form.register('kind')} disabled={started}>
                {importKinds.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="import-file" label="File (.xlsx or .csv)" error={form.formState.errors.file?.message}>
              <Input
                type="file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                disabled={started}
                onChange={(e) => form.setValue('file', e.target.files?.[0] ?? null, { shouldValidate: true })}
              />
            </Field>
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <Button type="submit" disabled={upload.isPending || started}>
                <FileUp /> {upload.isPending ? 'Reading…' : 'Preview'}
              </Button>
              <Button asChild variant="outline">
                <a href={templateUrl(kind)} download data-testid="template-link">
                  <Download /> Template (.xlsx)
                </a>
              </Button>
              <a href={templateUrl(kind, 'csv')} download className="text-sm text-primary underline-offset-4 hover:underline">
                or CSV
              </a>
            </div>
          </form>
        </CardContent>
      </Card>

      {preview && (
        <Card data-testid="import-preview">
          <CardHeader>
            <CardTitle>2. Check the columns and the rows</CardTitle>
            <CardDescription data-testid="preview-counts">
              {preview.total} rows: {preview.good} ready, {preview.bad} with errors (they will be skipped and listed in the report).
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <MappingTable preview={preview} changes={changes} onChange={(i, f) => setChanges((c) => ({ ...c, [i]: f }))} />
            {mappingChanged(preview.columns, changes) && !started && (
              <div>
                <Button
                  variant="outline"
                  disabled={upload.isPending}
                  onClick={() => void send(form.getValues(), mappingOf(preview.columns, changes))}
                >
                  Apply the columns
                </Button>
              </div>
            )}
            <PreviewTable kind={preview.kind} preview={preview} />
            {preview.errors.length > preview.preview.reduce((n, r) => n + r.errors.length, 0) && (
              <details className="text-sm">
                <summary className="cursor-pointer text-muted-foreground">All {preview.errors.length} errors</summary>
                <ul className="mt-2 grid max-h-64 gap-1 overflow-y-auto text-destructive">
                  {preview.errors.map((e, i) => (
                    <li key={i}>{e.message}</li>
                  ))}
                </ul>
              </details>
            )}
            {!started && (
              <div className="flex flex-wrap gap-3">
                <Button
                  disabled={preview.good === 0 || start.isPending}
                  onClick={() => start.mutate(preview.id, { onSuccess: () => setStarted(true) })}
                >
                  <Play /> Import {preview.good} rows
                </Button>
                {start.isError && (
                  <p role="alert" className="text-sm text-destructive">
                    {start.error.message}
                  </p>
                )}
              </div>
            )}
          </CardContent>
        </Card>
      )}

      {started && current && (
        <Card data-testid="import-run">
          <CardHeader>
            <CardTitle>3. Import</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ImportProgress status={current} />
            {running && (
              <div>
                <Button variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(current.id)}>
                  <X /> Cancel
                </Button>
              </div>
            )}
            {finished && (
              <div className="grid gap-3" data-testid="import-summary">
                <p className="text-foreground">
                  {current.created} added, {current.updated} updated, {current.failed} skipped.
                </p>
                <div className="flex flex-wrap gap-3">
                  {current.failed > 0 && (
                    <Button asChild variant="outline">
                      <a href={reportUrl(current.id)} download data-testid="report-link">
                        <Download /> Report of skipped rows (CSV)
                      </a>
                    </Button>
                  )}
                  <Button asChild>
                    <Link to={listPath}>{current.kind === 'requirements' ? 'Go to My Requirements' : 'Go to My Properties'}</Link>
                  </Button>
                </div>
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  )
}
