import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

export type TableData = { columns: string[]; rows: (string | number)[][] }

/**
 * A chart with its figures in words: the summary is always shown (and is the chart's accessible
 * name), and 'Show table' reveals every figure the chart draws as a table.
 */
export function ChartPanel({
  title,
  summary,
  table,
  testId,
  children,
}: {
  title: string
  summary: string
  table: TableData
  testId: string
  children: React.ReactNode
}) {
  const [open, setOpen] = React.useState(false)
  const tableId = React.useId()
  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <figure className="grid gap-2">
          <div role="img" aria-label={summary} className="h-56 w-full min-w-0">
            {children}
          </div>
          <figcaption className="text-sm text-subtle-foreground" data-testid="chart-summary">
            {summary}
          </figcaption>
        </figure>
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          aria-expanded={open}
          aria-controls={tableId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide table' : 'Show table'}
        </Button>
        <div id={tableId} hidden={!open} className="overflow-x-auto">
          <FigureTable caption={title} table={table} />
        </div>
      </CardContent>
    </Card>
  )
}

/** A plain table of figures; the first column names the row. */
export function FigureTable({ caption, table, testId }: { caption: string; table: TableData; testId?: string }) {
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-muted-foreground">
          {table.columns.map((c, i) => (
            <th key={c} scope="col" className={i === 0 ? 'py-1.5 pr-3 font-medium' : 'py-1.5 pr-3 text-right font-medium'}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr key={String(row[0])} className="border-b border-border/60 last:border-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 pr-3 font-normal text-foreground">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1.5 pr-3 text-right text-foreground tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
