import { describe, expect, it } from 'vitest'
import { apiKeyBody, apiKeyFacts, apiKeyFormSchema, scopesLabel } from '@/features/settings/lib/api-key-form'

describe('api key form', () => {
  it('needs a name and a scope', () => {
    const r = apiKeyFormSchema.safeParse({ name: ' ', read: false, write: false, expiresOn: '' })
    expect(r.success).toBe(false)
    const paths = r.error?.issues.map((i) => i.path.join('.'))
    expect(paths).toContain('name')
    expect(paths).toContain('read')
  })

  it('sends write with read, and the expiry only when given', () => {
    expect(apiKeyBody({ name: ' CRM ', read: false, write: true, expiresOn: '' })).toEqual({ name: 'CRM', scopes: ['read', 'write'] })
    expect(apiKeyBody({ name: 'Site', read: true, write: false, expiresOn: '2027-03-31' })).toEqual({
      name: 'Site',
      scopes: ['read'],
      expiresAt: '2027-03-31',
    })
  })

  it('describes a key', () => {
    const facts = apiKeyFacts({
      id: 1,
      name: 'k',
      scopes: ['read'],
      prefix: 'Ab12',
      status: 'active',
      createdAt: '2026-11-28T10:00:00Z',
      expiresAt: null,
      lastUsedAt: null,
      lastUsedIp: '',
      revokedAt: null,
    })
    expect(facts[0]).toBe('pm_live_Ab12…')
    expect(facts).toContain('never used')
    expect(facts).toContain('no expiry')
    expect(scopesLabel(['read', 'write'])).toBe('Read and write')
  })
})
