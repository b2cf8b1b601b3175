import { z } from 'zod'
import type { ApiKey, NewApiKey } from '@/features/settings/api/manage-api-keys'

/** The create-key form: what the inputs hold. */
export const apiKeyFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the key a name').max(60, 'Name must be at most 60 characters'),
    read: z.boolean(),
    write: z.boolean(),
    expiresOn: z.string(),
  })
  .refine((v) => v.read || v.write, { path: ['read'], message: 'Choose at least one scope' })

export type ApiKeyForm = z.infer<typeof apiKeyFormSchema>

export const emptyApiKeyForm: ApiKeyForm = { name: '', read: true, write: false, expiresOn: '' }

/** The request body of the form: write includes read; an empty date sends no expiry. */
export function apiKeyBody(v: ApiKeyForm): NewApiKey {
  const scopes: NewApiKey['scopes'] = v.write ? ['read', 'write'] : ['read']
  return v.expiresOn ? { name: v.name.trim(), scopes, expiresAt: v.expiresOn } : { name: v.name.trim(), scopes }
}

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })

/** A key's line of facts: prefix, created, last use and address, expiry. */
export function apiKeyFacts(k: ApiKey): string[] {
  return [
    `pm_live_${k.prefix}…`,
    `created ${when(k.createdAt)}`,
    k.lastUsedAt ? `last used ${when(k.lastUsedAt)}${k.lastUsedIp ? ` from ${k.lastUsedIp}` : ''}` : 'never used',
    k.revokedAt
      ? `revoked ${when(k.revokedAt)}`
      : k.expiresAt
        ? `${k.status === 'expired' ? 'expired' : 'expires'} ${when(k.expiresAt)}`
        : 'no expiry',
  ]
}

/** The scopes in words. */
export const scopesLabel = (scopes: readonly string[]) => (scopes.includes('write') ? 'Read and write' : 'Read only')
