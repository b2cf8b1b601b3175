import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ImportPreview, ImportStatus } from '@/features/imports/api/imports'
import { ImportPage } from '@/features/imports/routes/import-page'
import { renderWithProviders } from '@/test/utils'

const preview: ImportPreview = {
  id: 7,
  kind: 'listings',
  fileName: 'book.csv',
  columns: [
    { index: 0, header: 'Title', field: 'title' },
    { index: 1, header: 'Quote', field: '' },
  ],
  fields: [
    { key: 'title', label: 'Title' },
    { key: 'price', label: 'Price' },
  ],
  preview: [
    {
      row: 2,
      ref: '',
      record: {
        title: 'Flat in Kondapur',
        propertyType: 'apartment',
        listingPurpose: 'for_sale',
        price: 12_500_000,
        city: 'Hyderabad',
        locality: 'Kondapur',
      },
      errors: [],
    },
    {
      row: 3,
      ref: '',
      record: null,
      errors: [
        {
          row: 3,
          column: 'Quote',
          value: '45 lacs approx',
          message: "Row 3, Quote: '45 lacs approx' is not an amount; write it like 45 L or 45,00,000",
        },
      ],
    },
  ],
  errors: [
    {
      row: 3,
      column: 'Quote',
      value: '45 lacs approx',
      message: "Row 3, Quote: '45 lacs approx' is not an amount; write it like 45 L or 45,00,000",
    },
  ],
  good: 1,
  bad: 1,
  total: 2,
}

const status = (over: Partial<ImportStatus>): ImportStatus => ({
  id: 7,
  kind: 'listings',
  fileName: 'book.csv',
  status: 'running',
  total: 2,
  done: 0,
  failed: 0,
  created: 0,
  updated: 0,
  errors: [],
  createdAt: '2026-11-28T10:00:00Z',
  startedAt: '2026-11-28T10:00:01Z',
  finishedAt: null,
  ...over,
})

type Sent = { method: string; path: string; form?: FormData }

/** A fetch that answers the import routes; multipart bodies are read as FormData. */
function stubImports(states: ImportStatus[]) {
  const sent: Sent[] = []
  let polls = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)
      const url = new URL(request.url)
      const json = (body: unknown, s = 200) =>
        new Response(JSON.stringify(body), { status: s, headers: { 'Content-Type': 'application/json' } })
      const entry: Sent = { method: request.method, path: url.pathname + url.search }
      if (request.method === 'POST' && url.pathname === '/api/imports') entry.form = await request.formData()
      sent.push(entry)
      if (url.pathname === '/api/session') return json({ user: null })
      if (request.method === 'POST' && url.pathname === '/api/imports') return json(preview, 201)
      if (request.method === 'POST' && url.pathname === '/api/imports/7/start') return json(states[0], 202)
      if (request.method === 'GET' && url.pathname === '/api/imports/7') return json(states[Math.min(++polls, states.length - 1)])
      if (request.method === 'DELETE' && url.pathname === '/api/imports/7') return json(status({ status: 'cancelled' }))
      return json({ message: 'Not found' }, 404)
    }),
  )
  return sent
}

afterEach(() => vi.unstubAllGlobals())

describe('Import page', () => {
  it('previews a file, changes a column, imports with live progress and offers the report', async () => {
    const sent = stubImports([status({}), status({ done: 2, failed: 1, created: 1, status: 'done', finishedAt: '2026-11-28T10:00:02Z' })])
    const user = userEvent.setup()
    renderWithProviders(<ImportPage />, { route: '/import?kind=listings', path: '/import' })
    expect(screen.getByTestId('template-link')).toHaveAttribute('href', '/api/imports/templates/listings')

    await user.click(screen.getByRole('button', { name: /Preview/ }))
    expect(await screen.findByText('Choose an Excel (.xlsx) or CSV file')).toBeInTheDocument()

    await user.upload(
      screen.getByLabelText('File (.xlsx or .csv)'),
      new File(['Title,Quote\nFlat,45 L\n'], 'book.csv', { type: 'text/csv' }),
    )
    await user.click(screen.getByRole('button', { name: /Preview/ }))
    const card = await screen.findByTestId('import-preview')
    expect(within(card).getByTestId('preview-counts')).toHaveTextContent('2 rows: 1 ready, 1 with errors')
    const rows = within(card).getAllByTestId('preview-row')
    expect(rows[0]).toHaveTextContent('₹1,25,00,000')
    expect(rows[1]).toHaveTextContent("Row 3, Quote: '45 lacs approx' is not an amount")
    const upload = sent.find((s) => s.method === 'POST' && s.path === '/api/imports')
    expect(upload?.form?.get('kind')).toBe('listings')
    expect(upload?.form?.has('file')).toBe(true) // its bytes are the journey's to check (jsdom's FormData drops them)

    // Map the Quote column to Price and read the file again with that mapping.
    await user.selectOptions(within(card).getByLabelText('Field for column Quote'), 'price')
    await user.click(within(card).getByRole('button', { name: 'Apply the columns' }))
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST' && s.path === '/api/imports')).toHaveLength(2))
    const second = sent.filter((s) => s.method === 'POST' && s.path === '/api/imports')[1]
    expect(JSON.parse(second?.form?.get('mapping') as string)).toEqual({ Title: 'title', Quote: 'price' })

    await user.click(await screen.findByRole('button', { name: 'Import 1 rows' }))
    const run = await screen.findByTestId('import-run')
    await waitFor(() => expect(within(run).getByTestId('import-summary')).toHaveTextContent('1 added, 0 updated, 1 skipped.'), {
      timeout: 5000,
    })
    expect(within(run).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2')
    expect(within(run).getByTestId('report-link')).toHaveAttribute('href', '/api/imports/7/report')
    expect(within(run).getByRole('link', { name: 'Go to My Properties' })).toHaveAttribute('href', '/properties')
  })

  it('cancels a running import', async () => {
    const sent = stubImports([status({}), status({ done: 1 })])
    const user = userEvent.setup()
    renderWithProviders(<ImportPage />, { route: '/import', path: '/import' })
    await user.upload(screen.getByLabelText('File (.xlsx or .csv)'), new File(['Title\nFlat\n'], 'book.csv'))
    await user.click(screen.getByRole('button', { name: /Preview/ }))
    await user.click(await screen.findByRole('button', { name: 'Import 1 rows' }))
    await user.click(await screen.findByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.getByTestId('import-status')).toHaveTextContent('Cancelled'))
    expect(sent.some((s) => s.method === 'DELETE' && s.path === '/api/imports/7')).toBe(true)
  })
})
