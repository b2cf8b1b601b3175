// The agent network and messaging journey in two browsers, agents A and B:
// A discovers B and sends a connection request; B sees it arrive live (no
// reload) in Messages and in Connection Requests and accepts; A messages B;
// B's unread badge rises live and clears when B opens the conversation; B
// deletes a message of their own. Then B's Messages and Agent Network at phone width.
import { newAgent, registerThroughAPI, signInThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { atPath, expect, expectToast, test } from '../lib/journey.mjs'

const agentA = newAgent('net_a', 'Arjun Network', 'seller', '4')
const agentB = newAgent('net_b', 'Bhavna Network', 'buyer', '5')
const HELLO = 'Hello Bhavna, I have two Whitefield flats for your buyer.'
const OOPS = 'Sorry, wrong chat'

/** The top bar's unread badge of page (absent when nothing is unread). */
const unreadBadge = (page) => page.getByTestId('unread-badge')

test('two agents connect and message each other, with live updates', async ({ newContext, step }) => {
  const ctxA = await newContext()
  const ctxB = await newContext()
  const pageA = await ctxA.newPage()
  const inbox = await ctxB.newPage() // B's Messages page, left open
  let userB
  await step('register', async () => {
    await registerThroughAPI(pageA, agentA)
    userB = await registerThroughAPI(inbox, agentB)
    expect(userB.id).toBeGreaterThan(0)
  })

  await step('b-opens-messages-and-requests', async () => {
    await inbox.goto('/messages')
    await expect(inbox.getByTestId('conversations-empty')).toContainText('No conversations yet')
  })
  const requestsTab = await ctxB.newPage() // B's Connection Requests, left open too
  await step('b-opens-requests-tab', async () => {
    await requestsTab.goto('/agents')
    await requestsTab.getByRole('tab', { name: /Connection Requests/ }).click()
    await expect(requestsTab.getByRole('tabpanel')).toContainText('No pending requests')
  })

  // 1. A discovers B and sends a connection request.
  const cardOfB = pageA.getByTestId('agent-card').filter({ hasText: agentB.fullName })
  await step('a-discovers-b', async () => {
    await pageA.goto('/agents')
    const search = pageA.getByRole('searchbox', { name: 'Search agents' }).or(pageA.getByLabel('Search agents')).first()
    await expect(search).toHaveAttribute('placeholder', 'Search agents by name, city, state or type')
    await search.fill('Bhavna')
    await expect(cardOfB).toBeVisible()
    await expect(cardOfB).toContainText('Buyer Agent')
    await expect(cardOfB.getByRole('button', { name: 'Connect First' }), 'Message waits for a connection').toBeDisabled()
    await shot(pageA, 'network-desktop-01-discover')
    await cardOfB.getByRole('button', { name: 'Connect', exact: true }).click()
    const dialog = pageA.getByRole('dialog')
    await expect(dialog).toContainText('Send Connection Request')
    const intro = dialog.getByRole('textbox')
    await expect(intro, 'the template greets B by name').toHaveValue(/Bhavna/)
    await expect(intro, "the template names the sender's city").toHaveValue(/Bengaluru/)
    await shot(pageA, 'network-desktop-02-request-dialog', { fullPage: false })
    await dialog.getByRole('button', { name: /Send Request/ }).click()
    await expectToast(pageA, 'Connection request sent successfully')
    await expect(cardOfB.getByTestId('connection-control')).toContainText('Pending')
    await expect(cardOfB.getByRole('button', { name: /Cancel request/ })).toBeVisible()
  })

  // 2. B sees it live, without reloading, in Messages and in Requests, and accepts.
  await step('b-sees-request-live-in-requests', async () => {
    const row = requestsTab.getByTestId('connection-row').filter({ hasText: agentA.fullName })
    await expect(row).toBeVisible()
    await expect(row).toContainText('Received')
    await shot(requestsTab, 'network-desktop-03-requests-live')
  })
  await step('b-sees-request-live-in-messages', async () => {
    const request = inbox.getByTestId('conversation').filter({ hasText: 'Connection Request' })
    await expect(request).toBeVisible()
    await expect(request).toContainText(`${agentA.fullName} wants to connect`)
    await expect(request).toContainText('New Request')
    await request.click()
    const pane = inbox.getByTestId('request-pane')
    await expect(pane).toBeVisible()
    await expect(inbox.getByPlaceholder('Type your message...'), 'a request has no composer').toHaveCount(0)
    await shot(inbox, 'network-desktop-04-request-in-messages')
    await pane.getByRole('button', { name: /Accept/ }).click()
    await expectToast(inbox, 'Connection request accepted')
    // B steps away: a conversation open on screen is read as messages arrive.
    await inbox.goto('/dashboard')
  })
  await step('a-sees-connected-live', async () => {
    await expect(cardOfB.getByTestId('connection-control')).toContainText('Connected')
  })
  await step('requests-tab-empties-live', async () => {
    await expect(requestsTab.getByRole('tabpanel')).toContainText('No pending requests')
  })

  // 3. A messages B. 4. B's badge rises live.
  await step('a-messages-b', async () => {
    await cardOfB.getByRole('button', { name: 'Message' }).or(cardOfB.getByRole('link', { name: 'Message' })).first().click()
    await expect(pageA, 'Message opens /messages').toHaveURL(atPath('/messages'))
    const composer = pageA.getByPlaceholder('Type your message...')
    await composer.fill(`  ${HELLO}  `)
    await composer.press('Enter')
    await expect(pageA.getByTestId('message').filter({ hasText: HELLO })).toBeVisible()
    await expect(composer, 'the composer empties after sending').toHaveValue('')
    await shot(pageA, 'network-desktop-05-a-thread')
  })
  await step('b-badge-rises-live', async () => {
    await expect(unreadBadge(requestsTab)).toContainText('1')
    await expect(requestsTab.getByTestId('nav-badge-messagesBadge')).toContainText('1')
    await shot(requestsTab, 'network-desktop-06-b-badge')
  })

  // B opens the conversation, and the badge clears.
  await step('b-opens-conversation', async () => {
    await inbox.getByRole('link', { name: /^Messages/ }).first().click()
    await inbox.getByTestId('conversation').filter({ hasText: agentA.fullName }).click()
    await expect(inbox.getByTestId('message').filter({ hasText: HELLO })).toBeVisible()
    await expect(unreadBadge(inbox), "B's unread badge clears").toHaveCount(0)
    await expect(unreadBadge(requestsTab), "the badge clears in B's other tab too").toHaveCount(0)
    await expect(inbox.getByTestId('thread-pane')).toContainText('Real Estate Agent')
  })

  // 5. B deletes a message of their own.
  await step('b-deletes-own-message', async () => {
    const composer = inbox.getByPlaceholder('Type your message...')
    await composer.fill(OOPS)
    await composer.press('Enter')
    const mine = inbox.getByTestId('message').filter({ hasText: OOPS })
    await expect(mine).toBeVisible()
    await expect(mine).toHaveAttribute('data-own', 'true')
    await expect(pageA.getByTestId('message').filter({ hasText: OOPS }), 'A sees it live').toBeVisible()
    await expect(
      inbox.getByTestId('message').filter({ hasText: HELLO }).getByRole('button', { name: 'Delete message' }),
      "no delete control on the other agent's message",
    ).toHaveCount(0)
    await mine.hover()
    await mine.getByRole('button', { name: 'Delete message' }).click()
    await expectToast(inbox, 'Message deleted successfully')
    await expect(mine, 'the message is gone').toHaveCount(0)
    await expect(pageA.getByTestId('message').filter({ hasText: OOPS }), "it is gone from A's thread too").toHaveCount(0)
    await shot(inbox, 'network-desktop-07-b-thread')
  })

  await step('my-connections', async () => {
    await pageA.goto('/agents')
    const tab = pageA.getByRole('tab', { name: /My Connections/ })
    await tab.click()
    await expect(pageA.getByTestId('connection-row').filter({ hasText: agentB.fullName })).toContainText('Connected on')
    await expect(tab).toContainText('1')
    await shot(pageA, 'network-desktop-08-my-connections')
  })

  // Phone width: B's Messages list, then the thread with its back button, and the Agent Network.
  const page = await (await newContext(MOBILE)).newPage()
  await signInThroughAPI(page, agentB)
  await step('mobile-messages', async () => {
    await page.goto('/messages')
    const conv = page.getByTestId('conversation').filter({ hasText: agentA.fullName })
    await expect(conv).toBeVisible()
    expect(await horizontalOverflow(page), 'no sideways scroll on the list').toBe(0)
    await shot(page, 'network-mobile-01-messages-list')
    await conv.click()
    await expect(page.getByTestId('message').filter({ hasText: HELLO })).toBeVisible()
    expect(await horizontalOverflow(page), 'no sideways scroll in the thread').toBe(0)
    await shot(page, 'network-mobile-02-thread')
    await page.getByRole('button', { name: 'Back to conversations' }).click()
    await expect(page.getByTestId('conversation-list')).toBeVisible()
  })
  await step('mobile-network', async () => {
    await page.goto('/agents')
    await expect(page.getByTestId('agent-card').filter({ hasText: agentA.fullName })).toBeVisible()
    expect(await horizontalOverflow(page), 'no sideways scroll on Agent Network').toBe(0)
    await shot(page, 'network-mobile-03-agents')
  })
})
