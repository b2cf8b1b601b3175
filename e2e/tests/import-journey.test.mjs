// The bulk import journey (issue 26): an agent downloads the template, imports a sheet of listings with
// some bad rows (written as Indian agents write them: 1.25 Cr, 45 L, 3 BHK, sq yd, Bangalore), watches
// the progress, downloads the report of the skipped rows, and sees the listings in My Properties. Then
// the screen at 390 px. Screens at 1280 px and 390 px.
import fs from 'node:fs'
import path from 'node:path'
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { expect, test } from '../lib/journey.mjs'

const agent = newAgent('imp', 'Irfan Importer', 'seller', '4')

const sheet = [
  'Your reference,Title,Type,Purpose,Price,City,Locality,BHK,Area',
  'J1,3 BHK in Koramangala,Flat,Sale,1.25 Cr,Bangalore,Koramangala,3 BHK,"1,650 sq ft"',
  'J2,Villa in Whitefield,Villa,Sale,"₹ 2,40,00,000",Bengaluru,Whitefield,4,2400',
  'J3,Plot near Hebbal,Plot,Sale,45 L,Bangalore,Hebbal,,200 sq yd',
  'J4,Flat with a vague price,Flat,Sale,45 lacs approx,Bangalore,HSR Layout,2,900',
  'J5,"=HYPERLINK(""http://x"",""y"")",Flat,Rent,lots,Bangalore,Indiranagar,2,1000',
].join('\n')

test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

test('an agent imports a sheet with bad rows, watches it run, gets the report and sees the listings', async ({ page, newContext, step }, testInfo) => {
  const file = testInfo.outputPath('my-listings.csv')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, sheet)

  await step('setup', async () => {
    await registerThroughAPI(page, agent)
  })

  await step('template', async () => {
    await page.goto('/properties')
    await page.getByRole('link', { name: 'Import' }).click()
    await expect(page).toHaveURL(/\/import\?kind=listings$/)
    await expect(page.getByRole('heading', { name: 'Import from a spreadsheet' })).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('template-link').click()])
    expect(download.suggestedFilename()).toBe('propmatch-listings-template.xlsx')
    const bytes = fs.readFileSync(await download.path())
    expect(bytes.subarray(0, 2).toString()).toBe('PK')
    await shot(page, 'import-desktop-01-start')
  })

  await step('preview', async () => {
    await page.getByLabel('File (.xlsx or .csv)').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    const card = page.getByTestId('import-preview')
    await expect(card.getByTestId('preview-counts')).toContainText('5 rows: 3 ready, 2 with errors')
    const rows = card.getByTestId('preview-row')
    await expect(rows.nth(0)).toContainText('₹1,25,00,000')
    await expect(rows.nth(0)).toContainText('Bengaluru')
    await expect(rows.nth(3)).toContainText("Row 5, Price: '45 lacs approx' is not an amount; write it like 45 L or 45,00,000")
    await expect(card.getByLabel('Field for column Price')).toHaveValue('price')
    await shot(page, 'import-desktop-02-preview')
  })

  await step('import-and-progress', async () => {
    await page.getByRole('button', { name: 'Import 3 rows' }).click()
    const run = page.getByTestId('import-run')
    await expect(run.getByRole('progressbar', { name: 'Rows imported' })).toBeVisible()
    await expect(run.getByTestId('import-summary')).toContainText('3 added, 0 updated, 2 skipped.')
    await expect(run.getByTestId('import-count')).toHaveText('5 of 5 rows')
    await shot(page, 'import-desktop-03-done')
  })

  await step('report', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-link').click()])
    const report = fs.readFileSync(await download.path(), 'utf8')
    expect(report.split('\n')[0]).toBe('Row,Your reference,Title,Type,Purpose,Price,City,Locality,BHK,Area,Reason')
    expect(report).toContain('45 lacs approx')
    expect(report).toContain(`'=HYPERLINK`)
    expect(report).not.toMatch(/(^|,)"?=HYPERLINK/m)
  })

  await step('listings', async () => {
    await page.getByRole('link', { name: 'Go to My Properties' }).click()
    const list = page.getByTestId('property-list')
    await expect(list.getByText('3 BHK in Koramangala')).toBeVisible()
    await expect(list.getByText('Villa in Whitefield')).toBeVisible()
    await expect(list.getByText('Plot near Hebbal')).toBeVisible()
    const mine = await apiJson(page, 'GET', '/api/properties')
    expect(mine).toHaveLength(3)
    await shot(page, 'import-desktop-04-my-properties')
  })

  await step('reimport-updates', async () => {
    await page.goto('/import?kind=listings')
    fs.writeFileSync(file, sheet.replace('1.25 Cr', '1.3 Cr'))
    await page.getByLabel('File (.xlsx or .csv)').setInputFiles(file)
    await page.getByRole('button', { name: 'Preview' }).click()
    await page.getByRole('button', { name: 'Import 3 rows' }).click()
    await expect(page.getByTestId('import-summary')).toContainText('0 added, 3 updated, 2 skipped.')
    const mine = await apiJson(page, 'GET', '/api/properties')
    expect(mine).toHaveLength(3)
    expect(mine.find((p) => p.title === '3 BHK in Koramangala').price).toBe(13_000_000)
  })

  await step('phone', async () => {
    const phone = await (await newContext(MOBILE)).newPage()
    await registerThroughAPI(phone, newAgent('impm', 'Meera Mobile', 'seller', '5'))
    await phone.goto('/import?kind=listings')
    await phone.getByLabel('File (.xlsx or .csv)').setInputFiles(file)
    await phone.getByRole('button', { name: 'Preview' }).click()
    await expect(phone.getByTestId('preview-counts')).toContainText('3 ready')
    expect(await horizontalOverflow(phone)).toBe(0)
    await shot(phone, 'import-mobile-01-preview')
    await phone.getByRole('button', { name: 'Import 3 rows' }).click()
    await expect(phone.getByTestId('import-summary')).toContainText('3 added')
    await shot(phone, 'import-mobile-02-done')
  })
})
