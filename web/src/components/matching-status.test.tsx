import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MATCHING_POLL_MS, MatchingStatus, matchingRefetchInterval, type MatchingProgress } from '@/components/matching-status'

const pages = (...items: MatchingProgress[]) => ({ state: { data: { pages: [{ items, next: null }], pageParams: [null] } } })

describe('MatchingStatus', () => {
  it.each([
    [{ matching: 'pending', matchCount: 0 } as const, 'pending', 'Finding matches…'],
    [{ matching: 'done', matchCount: 0 } as const, 'done', '0 matches'],
    [{ matching: 'done', matchCount: 1 } as const, 'done', '1 match'],
    [{ matching: 'done', matchCount: 12 } as const, 'done', '12 matches'],
  ])('%o shows %s: %s', (progress, state, text) => {
    render(<MatchingStatus progress={progress} />)
    const status = screen.getByTestId('matching-status')
    expect(status.dataset.state).toBe(state)
    expect(status).toHaveTextContent(text)
  })

  it('shows nothing for items without matching progress (others\u2019 listings)', () => {
    const { container } = render(<MatchingStatus progress={{}} />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe('matchingRefetchInterval', () => {
  it('polls only while an item is pending', () => {
    expect(matchingRefetchInterval(pages({ matching: 'done' }, { matching: 'pending' }))).toBe(MATCHING_POLL_MS)
    expect(matchingRefetchInterval(pages({ matching: 'done' }, {}))).toBe(false)
    expect(matchingRefetchInterval({ state: {} })).toBe(false)
  })
})
