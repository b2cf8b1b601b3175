// The personal API keys journey (issue 23): an agent creates a key on Settings → API keys, sees it once
// (with its warning and copy button), uses it from outside the browser (the test's own fetch, no cookie)
// to read its listings, revokes it after a confirmation, and the key then answers 401 at once. The list
// shows the key's last use and address. Screens at 1280 px and 390 px.
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { MOBILE, horizontalOverflow, shot } from '../lib/browser.mjs'
import { expect, expectToast, test } from '../lib/journey.mjs'

const agent = newAgent('keys', 'Kiran Keys', 'both', '5')

// Billing decides who has API access; with billing off everyone has it (docs/product.md#api-keys).
test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

const listing = {
  title: '2BHK in Koramangala',
  description: 'Sunny flat near the park',
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  price: 9500000,
  state: 'Karnataka',
  city: 'Bengaluru',
  locality: 'Koramangala',
  pincode: '560034',
  bedrooms: 2,
  bathrooms: 2,
}

/** GET path on the server with key as the bearer, from outside the browser (no cookie). */
async function withKey(baseURL, key, path, init = {}) {
  const res = await fetch(new URL(path, baseURL), { ...init, headers: { Authorization: `Bearer ${key}`, ...init.headers } })
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) }
}

test('an agent creates an API key, uses it from their own software, and revokes it', async ({ page, newContext, baseURL, step }) => {
  let key = ''
  await step('setup', async () => {
    await registerThroughAPI(page, agent)
    await apiJson(page, 'POST', '/api/properties', listing)
  })

  await step('create-a-key-shown-once', async () => {
    await page.goto('/settings')
    const section = page.getByTestId('settings-api-keys')
    await expect(section.getByText('No API keys yet.')).toBeVisible()
    await section.getByRole('button', { name: 'Create API key' }).click()
    const dialog = page.getByTestId('create-api-key-dialog')
    await dialog.getByLabel('Name').fill('Agency website')
    await dialog.getByRole('button', { name: 'Create key' }).click()
    const shown = dialog.getByTestId('new-api-key')
    await expect(shown).toHaveText(/^pm_live_[0-9A-Za-z]{43}$/)
    key = (await shown.textContent()).trim()
    await expect(dialog.getByText(/only time PropMatch shows it/)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Copy the key' })).toBeVisible()
    await shot(page, 'api-keys-desktop-01-shown-once', { fullPage: false })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    // Never shown again: the list has only its prefix.
    const row = section.getByTestId('api-key-row')
    await expect(row).toContainText('Agency website')
    await expect(row).toContainText(`pm_live_${key.slice(8, 12)}…`)
    await expect(row).toContainText('Read only')
    await expect(page.getByText(key)).toHaveCount(0)
  })

  await step('use-the-key-outside-the-browser', async () => {
    const res = await withKey(baseURL, key, '/api/properties')
    expect(res.status).toBe(200)
    expect(res.body.map((p) => p.title)).toEqual([listing.title])
    expect(res.headers.get('ratelimit-limit')).toBe('120')
    expect(Number(res.headers.get('ratelimit-remaining'))).toBe(119)
    // A read-only key cannot write.
    const write = await withKey(baseURL, key, '/api/properties', {
      method: 'POST',
      body: JSON.stringify(listing),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(write.status).toBe(403)
    await page.reload()
    const row = page.getByTestId('api-key-row')
    await expect(row).toContainText('last used')
    await expect(row).not.toContainText('never used')
    await page.getByTestId('settings-api-keys').scrollIntoViewIfNeeded()
    await shot(page, 'api-keys-desktop-02-list', { fullPage: false })
  })

  await step('revoke-and-401', async () => {
    const section = page.getByTestId('settings-api-keys')
    await section.getByRole('button', { name: 'Revoke Agency website' }).click()
    await expect(page.getByRole('alertdialog')).toContainText('stops working at once')
    await shot(page, 'api-keys-desktop-03-revoke-confirm', { fullPage: false })
    await page.getByRole('button', { name: 'Revoke key' }).click()
    await expectToast(page, 'API key revoked')
    await expect(section.getByTestId('api-key-row')).toContainText('revoked')
    const res = await withKey(baseURL, key, '/api/properties')
    expect(res.status).toBe(401)
    expect(res.body.message).toMatch(/revoked/)
  })

  await step('mobile', async () => {
    const phone = await (await newContext({ ...MOBILE, storageState: await page.context().storageState() })).newPage()
    await phone.goto('/settings')
    const section = phone.getByTestId('settings-api-keys')
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByTestId('api-key-row')).toContainText('revoked')
    await section.getByRole('button', { name: 'Create API key' }).click()
    const dialog = phone.getByTestId('create-api-key-dialog')
    await dialog.getByLabel('Name').fill('CRM sync')
    await dialog.getByRole('checkbox', { name: /Write/ }).click()
    await dialog.getByRole('button', { name: 'Create key' }).click()
    await expect(dialog.getByTestId('new-api-key')).toHaveText(/^pm_live_/)
    expect(await horizontalOverflow(phone)).toBeFalsy()
    await shot(phone, 'api-keys-mobile-01-shown-once', { fullPage: false })
    const mobileKey = (await dialog.getByTestId('new-api-key').textContent()).trim()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(section.getByTestId('api-key-row').first()).toContainText('Read and write')
    expect(await horizontalOverflow(phone)).toBeFalsy()
    await section.scrollIntoViewIfNeeded()
    await shot(phone, 'api-keys-mobile-02-list', { fullPage: false })
    const res = await withKey(baseURL, mobileKey, '/api/user')
    expect(res.status).toBe(200)
    expect(res.body.username).toBe(agent.username)
  })
})
