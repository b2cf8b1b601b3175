// The agent network and messaging journey in two browsers, agents A and B:
// A discovers B and sends a connection request; B sees it arrive live (no
// reload) in Messages and in Connection Requests and accepts; A messages B;
// B's unread badge rises live and clears when B opens the conversation; B
// deletes a message of their own. Then B's Messages and Agent Network at phone width.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { cspViolations, desktopContext, launchBrowser, mobileContext, shot, step } from '../lib/browser.mjs'
import { eventually, expectText, expectToast, expectVisible } from '../lib/expect.mjs'
import { startServer } from '../lib/server.mjs'
import { horizontalOverflow, newAgent, registerThroughAPI, signInThroughAPI, watchErrors } from '../lib/agents.mjs'

let server
let browser

before(async () => {
  server = await startServer()
  browser = await launchBrowser()
})

after(async () => {
  await browser?.close()
  await server?.stop()
  assert.deepEqual(cspViolations(), [], 'the pages broke the Content-Security-Policy')
})

const agentA = newAgent('net_a', 'Arjun Network', 'seller', '4')
const agentB = newAgent('net_b', 'Bhavna Network', 'buyer', '5')
const HELLO = 'Hello Bhavna, I have two Whitefield flats for your buyer.'
const OOPS = 'Sorry, wrong chat'

/** The top bar's unread badge of page (absent when nothing is unread). */
const unreadBadge = (page) => page.getByTestId('unread-badge')

test('two agents connect and message each other, with live updates', async () => {
  const ctxA = await desktopContext(browser, server.baseURL)
  const ctxB = await desktopContext(browser, server.baseURL)
  const pageA = await ctxA.newPage()
  const inbox = await ctxB.newPage() // B's Messages page, left open
  const errors = [pageA, inbox].map(watchErrors)
  let userB
  try {
    await step(pageA, 'register', async () => {
      await registerThroughAPI(pageA, agentA)
      userB = await registerThroughAPI(inbox, agentB)
    })

    await step(inbox, 'b-opens-messages-and-requests', async () => {
      await inbox.goto('/messages')
      await expectText(inbox.getByTestId('conversations-empty'), 'No conversations yet')
    })
    const requestsTab = await ctxB.newPage() // B's Connection Requests, left open too
    errors.push(watchErrors(requestsTab))
    await step(requestsTab, 'b-opens-requests-tab', async () => {
      await requestsTab.goto('/agents')
      await requestsTab.getByRole('tab', { name: /Connection Requests/ }).click()
      await expectText(requestsTab.getByRole('tabpanel'), 'No pending requests')
    })

    // 1. A discovers B and sends a connection request.
    await step(pageA, 'a-discovers-b', async () => {
      await pageA.goto('/agents')
      const search = pageA.getByRole('searchbox', { name: 'Search agents' }).or(pageA.getByLabel('Search agents'))
      assert.match((await search.first().getAttribute('placeholder')) ?? '', /Currently showing agents in Bengaluru/)
      await search.first().fill('Bhavna')
      const card = pageA.getByTestId('agent-card').filter({ hasText: agentB.fullName })
      await expectVisible(card)
      await expectText(card, 'Buyer Agent')
      assert.equal(await card.getByRole('button', { name: 'Connect First' }).isDisabled(), true, 'Message waits for a connection')
      await shot(pageA, 'network-desktop-01-discover')
      await card.getByRole('button', { name: 'Connect', exact: true }).click()
      const dialog = pageA.getByRole('dialog')
      await expectText(dialog, 'Send Connection Request')
      const intro = await dialog.getByRole('textbox').inputValue()
      assert.match(intro, /Bhavna/, 'the template greets B by name')
      assert.match(intro, /Bengaluru/, "the template names the sender's city")
      await shot(pageA, 'network-desktop-02-request-dialog', { fullPage: false })
      await dialog.getByRole('button', { name: /Send Request/ }).click()
      await expectToast(pageA, 'Connection request sent successfully')
      await expectText(card.getByTestId('connection-control'), 'Pending')
      await expectVisible(card.getByRole('button', { name: /Cancel request/ }))
    })

    // 2. B sees it live, without reloading, in Messages and in Requests, and accepts.
    await step(requestsTab, 'b-sees-request-live-in-requests', async () => {
      const row = requestsTab.getByTestId('connection-row').filter({ hasText: agentA.fullName })
      await expectVisible(row)
      await expectText(row, 'Received')
      await shot(requestsTab, 'network-desktop-03-requests-live')
    })
    await step(inbox, 'b-sees-request-live-in-messages', async () => {
      const request = inbox.getByTestId('conversation').filter({ hasText: 'Connection Request' })
      await expectVisible(request)
      await expectText(request, `${agentA.fullName} wants to connect`)
      await expectText(request, 'New Request')
      await request.click()
      const pane = inbox.getByTestId('request-pane')
      await expectVisible(pane)
      assert.equal(await inbox.getByPlaceholder('Type your message...').count(), 0, 'a request has no composer')
      await shot(inbox, 'network-desktop-04-request-in-messages')
      await pane.getByRole('button', { name: /Accept/ }).click()
      await expectToast(inbox, 'Connection request accepted')
      // B steps away: a conversation open on screen is read as messages arrive.
      await inbox.goto('/dashboard')
    })
    await step(pageA, 'a-sees-connected-live', async () => {
      const card = pageA.getByTestId('agent-card').filter({ hasText: agentB.fullName })
      await expectText(card.getByTestId('connection-control'), 'Connected')
    })
    await step(requestsTab, 'requests-tab-empties-live', async () => {
      await expectText(requestsTab.getByRole('tabpanel'), 'No pending requests')
    })

    // 3. A messages B. 4. B's badge rises live.
    await step(pageA, 'a-messages-b', async () => {
      const card = pageA.getByTestId('agent-card').filter({ hasText: agentB.fullName })
      await card.getByRole('button', { name: 'Message' }).or(card.getByRole('link', { name: 'Message' })).first().click()
      await eventually(() => new URL(pageA.url()).pathname === '/messages', 'Message opens /messages')
      const composer = pageA.getByPlaceholder('Type your message...')
      await composer.fill(`  ${HELLO}  `)
      await composer.press('Enter')
      const sent = pageA.getByTestId('message').filter({ hasText: HELLO })
      await expectVisible(sent)
      assert.equal(await composer.inputValue(), '', 'the composer empties after sending')
      await shot(pageA, 'network-desktop-05-a-thread')
    })
    await step(requestsTab, 'b-badge-rises-live', async () => {
      await expectText(unreadBadge(requestsTab), '1')
      await expectText(requestsTab.getByTestId('nav-badge-messagesBadge'), '1')
      await shot(requestsTab, 'network-desktop-06-b-badge')
    })

    // B opens the conversation, and the badge clears.
    await step(inbox, 'b-opens-conversation', async () => {
      await inbox.getByRole('link', { name: /^Messages/ }).first().click()
      const conv = inbox.getByTestId('conversation').filter({ hasText: agentA.fullName })
      await expectVisible(conv)
      await conv.click()
      await expectVisible(inbox.getByTestId('message').filter({ hasText: HELLO }))
      await eventually(async () => (await unreadBadge(inbox).count()) === 0, "B's unread badge clears")
      await eventually(async () => (await unreadBadge(requestsTab).count()) === 0, "the badge clears in B's other tab too")
      await expectText(inbox.getByTestId('thread-pane'), 'Real Estate Agent')
    })

    // 5. B deletes a message of their own.
    await step(inbox, 'b-deletes-own-message', async () => {
      const composer = inbox.getByPlaceholder('Type your message...')
      await composer.fill(OOPS)
      await composer.press('Enter')
      const mine = inbox.getByTestId('message').filter({ hasText: OOPS })
      await expectVisible(mine)
      assert.equal(await mine.getAttribute('data-own'), 'true')
      await expectVisible(pageA.getByTestId('message').filter({ hasText: OOPS })) // A sees it live
      assert.equal(await inbox.getByTestId('message').filter({ hasText: HELLO }).getByRole('button', { name: 'Delete message' }).count(), 0,
        "no delete control on the other agent's message")
      await mine.hover()
      await mine.getByRole('button', { name: 'Delete message' }).click()
      await expectToast(inbox, 'Message deleted successfully')
      await eventually(async () => (await inbox.getByTestId('message').filter({ hasText: OOPS }).count()) === 0, 'the message is gone')
      await eventually(async () => (await pageA.getByTestId('message').filter({ hasText: OOPS }).count()) === 0, "it is gone from A's thread too")
      await shot(inbox, 'network-desktop-07-b-thread')
    })

    await step(pageA, 'my-connections', async () => {
      await pageA.goto('/agents')
      await pageA.getByRole('tab', { name: /My Connections/ }).click()
      const row = pageA.getByTestId('connection-row').filter({ hasText: agentB.fullName })
      await expectText(row, 'Connected on')
      await expectText(pageA.getByRole('tab', { name: /My Connections/ }), '1')
      await shot(pageA, 'network-desktop-08-my-connections')
    })

    // Phone width: B's Messages list, then the thread with its back button, and the Agent Network.
    const phone = await mobileContext(browser, server.baseURL)
    try {
      const page = await phone.newPage()
      errors.push(watchErrors(page))
      await signInThroughAPI(page, agentB)
      await step(page, 'mobile-messages', async () => {
        await page.goto('/messages')
        const conv = page.getByTestId('conversation').filter({ hasText: agentA.fullName })
        await expectVisible(conv)
        assert.equal(await horizontalOverflow(page), 0, 'no sideways scroll on the list')
        await shot(page, 'network-mobile-01-messages-list')
        await conv.click()
        await expectVisible(page.getByTestId('message').filter({ hasText: HELLO }))
        assert.equal(await horizontalOverflow(page), 0, 'no sideways scroll in the thread')
        await shot(page, 'network-mobile-02-thread')
        await page.getByRole('button', { name: 'Back to conversations' }).click()
        await expectVisible(page.getByTestId('conversation-list'))
      })
      await step(page, 'mobile-network', async () => {
        await page.goto('/agents')
        await expectVisible(page.getByTestId('agent-card').filter({ hasText: agentA.fullName }))
        assert.equal(await horizontalOverflow(page), 0, 'no sideways scroll on Agent Network')
        await shot(page, 'network-mobile-03-agents')
      })
    } finally {
      await phone.close()
    }
    assert.deepEqual(errors.flat(), [], 'no uncaught errors in any page')
    assert.ok(userB.id > 0)
  } finally {
    await ctxA.close()
    await ctxB.close()
  }
})
