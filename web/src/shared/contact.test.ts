import { afterEach, describe, expect, it, vi } from 'vitest'
import { render } from '@testing-library/react'
import { createElement } from 'react'
import { Toaster } from '@/components/ui/toaster'
import {
  buyerToSellerMessage,
  callAgent,
  callForMatch,
  contactHiddenText,
  sellerToBuyerMessage,
  telLink,
  whatsappAgent,
  whatsappForMatch,
  whatsappLink,
  whatsappNumber,
} from '@/shared/contact'
import { makeAgent, makeMatch } from '@/test/match-fixtures'
import { expectToast } from '@/test/utils'

afterEach(() => vi.restoreAllMocks())

describe('whatsappNumber', () => {
  it.each([
    ['9876543210', '919876543210'],
    ['+91 98765 43210', '919876543210'],
    ['09876543210', '919876543210'],
    ['919876543210', '919876543210'],
    ['+91-98765-43210', '919876543210'],
    ['(987) 654-3210', '919876543210'],
    ['0091 98765 43210', '919876543210'],
    ['', ''],
    ['n/a', ''],
  ])('%s → %s', (input, want) => {
    expect(whatsappNumber(input)).toBe(want)
  })
})

describe('links', () => {
  it('builds a wa.me link with the normalised number and an encoded text', () => {
    expect(whatsappLink('098765 43210', 'Hi & welcome?')).toBe('https://wa.me/919876543210?text=Hi%20%26%20welcome%3F')
  })

  it('builds a tel: link keeping the + and the digits', () => {
    expect(telLink('+91 98765-43210')).toBe('tel:+919876543210')
    expect(telLink('98765 43210')).toBe('tel:9876543210')
  })
})

describe('prefilled messages', () => {
  const match = makeMatch()

  it('buyer agent to seller agent names the property, place, price and score', () => {
    const text = buyerToSellerMessage(match)
    expect(text).toMatch(/^Hello Suresh Reddy,/)
    expect(text).toContain('I am Ravi Kumar')
    expect(text).toContain('"3BHK Lake View Apartment"')
    expect(text).toContain('Gachibowli, Hyderabad')
    expect(text).toContain('₹85.00 L')
    expect(text).toContain('92% compatibility')
    expect(text).toContain('site visit for my client')
  })

  it("seller agent to buyer agent names the client's requirement and the listing", () => {
    const text = sellerToBuyerMessage(match)
    expect(text).toMatch(/^Hello Ravi Kumar,/)
    expect(text).toContain('I am Suresh Reddy')
    expect(text).toContain("your client's requirement for Apartment in Hyderabad")
    expect(text).toContain('Would your client be interested')
    expect(text).not.toContain('+919812345678')
  })

  it('says a rent or lease is per month in both messages (issue 25)', () => {
    const base = makeMatch()
    const rent = { ...base, property: { ...base.property, listingPurpose: 'for_rent', price: 35000 } } as typeof base
    expect(buyerToSellerMessage(rent)).toContain('₹35,000/month')
    expect(sellerToBuyerMessage(rent)).toContain('₹35,000/month')
    expect(buyerToSellerMessage(base)).not.toContain('/month')
  })
})

describe('contact actions', () => {
  function mountToaster() {
    render(createElement(Toaster))
  }

  it('opens WhatsApp in a new tab with the buyer message for the buyer side', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const match = makeMatch()
    expect(whatsappForMatch(match, 'buyer')).toBe(true)
    expect(open).toHaveBeenCalledWith(whatsappLink('+919000011111', buyerToSellerMessage(match)), '_blank', 'noopener,noreferrer')
  })

  it('writes to the buyer agent from the seller side', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const match = makeMatch()
    whatsappForMatch(match, 'seller')
    expect(open.mock.calls[0]![0]).toMatch(/^https:\/\/wa\.me\/919876543210\?text=Hello%20Ravi%20Kumar/)
  })

  it('dials the counterpart with a tel: link', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    expect(callForMatch(makeMatch(), 'buyer')).toBe(true)
    expect(open).toHaveBeenCalledWith('tel:+919000011111', '_self')
  })

  it('toasts No Phone Number when the phone is missing', async () => {
    mountToaster()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    expect(callAgent(makeAgent({ phone: '' }))).toBe(false)
    await expectToast('No Phone Number', "Agent's phone number is not available")
    expect(whatsappAgent(makeAgent({ phone: '  ' }), 'hi')).toBe(false)
    expect(open).not.toHaveBeenCalled()
  })

  it('says why and opens nothing when the agent shares contact details with connections only', async () => {
    mountToaster()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const hidden = makeAgent({ phone: '', email: null, contactHidden: true })
    expect(callAgent(hidden)).toBe(false)
    await expectToast(
      'Contact details hidden',
      'Suresh Reddy shares contact details with connections only. Send a connection request to reach them.',
    )
    expect(whatsappAgent(hidden, 'hi')).toBe(false)
    expect(open).not.toHaveBeenCalled()
    expect(contactHiddenText('  ')).toBe('This agent shares contact details with connections only')
  })

  it('toasts when the agent is missing', async () => {
    mountToaster()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    expect(callForMatch(makeMatch({ sellerAgent: undefined as never }), 'buyer')).toBe(false)
    await expectToast('Agent information not available')
    expect(open).not.toHaveBeenCalled()
  })

  it('toasts when the match is missing', async () => {
    mountToaster()
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    expect(whatsappForMatch(null, 'buyer')).toBe(false)
    await expectToast('Match information not available')
    expect(open).not.toHaveBeenCalled()
  })
})
