import { describe, expect, it } from 'vitest'
import { paths, returnPath } from '@/app/paths'

describe('paths', () => {
  it.each([
    [paths.auth.to(), '/auth'],
    [paths.auth.to({ tab: 'register' }), '/auth?tab=register'],
    [paths.help.to({ section: 'contact' }), '/help#contact'],
    [paths.certificate.to('PM/2025 01'), '/certificates/PM%2F2025%2001'],
    [paths.properties.to({ listing: 7 }), '/properties?listing=7'],
    [paths.messages.to({ withAgent: 3 }), '/messages?with=3'],
    [paths.messages.to(), '/messages'],
    [paths.requirements.to({ requirement: 4 }), '/requirements?requirement=4'],
    [paths.matches.to(), '/matches'],
    [paths.matches.to({ tab: 'seller', sort: 'score', listing: 9, status: '' }), '/matches?tab=seller&sort=score&listing=9'],
  ])('builds %s', (built, want) => expect(built).toBe(want))
})

describe('returnPath', () => {
  it.each([
    [{ returnTo: '/matches' }, '/matches'],
    [{ returnTo: '/messages?with=3#end' }, '/messages?with=3#end'],
    [{ returnTo: 'https://evil.example/' }, undefined],
    [{ returnTo: '//evil.example/' }, undefined],
    [{ returnTo: '/\\evil.example/' }, undefined],
    [{ returnTo: '/auth' }, undefined],
    [{ returnTo: '/auth?tab=register' }, undefined],
    [{ returnTo: 42 }, undefined],
    [null, undefined],
    [undefined, undefined],
  ])('of %j is %s', (state, want) => expect(returnPath(state)).toBe(want))
})
