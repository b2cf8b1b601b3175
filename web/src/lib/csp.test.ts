import { getNonce } from 'get-nonce'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { configureForCsp } from '@/lib/csp'

describe('configureForCsp', () => {
  it('hands the nonce of <meta name="csp-nonce"> to the style-injecting libraries', () => {
    const doc = document.implementation.createHTMLDocument('page')
    const meta = doc.createElement('meta')
    meta.setAttribute('name', 'csp-nonce')
    meta.setAttribute('nonce', 'r4nd0m-n0nce')
    doc.head.append(meta)
    configureForCsp(doc)
    expect(getNonce()).toBe('r4nd0m-n0nce')
  })

  it('leaves things alone on a page without one', () => {
    expect(() => configureForCsp(document.implementation.createHTMLDocument('page'))).not.toThrow()
  })

  it('makes zod parse without compiling code (no eval under the policy)', () => {
    configureForCsp(document.implementation.createHTMLDocument('page'))
    expect(z.config().jitless).toBe(true)
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
  })
})
