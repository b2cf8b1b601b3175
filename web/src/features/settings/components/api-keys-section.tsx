import * as React from 'react'
import { AlertDialog } from 'radix-ui'
import { ArrowUpCircle, KeyRound, Plus } from 'lucide-react'
import { paths } from '@/app/paths'
import { Badge } from '@/components/ui/badge'
import { Button, buttonVariants } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { revokeApiKey, useApiKeys, type ApiKey } from '@/features/settings/api/manage-api-keys'
import { CreateApiKeyDialog } from '@/features/settings/components/create-api-key-dialog'
import { SettingsCard } from '@/features/settings/components/settings-card'
import { apiKeyFacts, scopesLabel } from '@/features/settings/lib/api-key-form'
import { useApiMutation } from '@/lib/api-mutation'

const statusVariant = { active: 'success', expired: 'secondary', revoked: 'outline' } as const

/**
 * API keys (issue 23): the agent's personal keys for their own software, each with its scopes, last use and
 * status; create (shown once) and revoke. Without API access on the plan it says so and links to Billing.
 */
export function ApiKeysSection() {
  return (
    <SettingsCard
      id="api-keys"
      title="API keys"
      description="Keys let your own software (a website, a CRM, a spreadsheet) use PropMatch's API as you."
      icon={<KeyRound className="size-5 text-primary" aria-hidden />}
    >
      <ApiKeysBody />
    </SettingsCard>
  )
}

function ApiKeysBody() {
  const keys = useApiKeys()
  const [creating, setCreating] = React.useState(false)
  const [revoking, setRevoking] = React.useState<ApiKey | null>(null)
  const revoke = useApiMutation(revokeApiKey, {
    successToast: 'API key revoked',
    errorToast: 'Could not revoke the key',
    onSettled: () => setRevoking(null),
  })
  if (keys.isPending) return <Spinner className="size-5" />
  if (keys.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        Failed to load your API keys: {keys.error.message}
      </p>
    )
  const { apiAccess, maxActive } = keys.data
  const list = keys.data.keys
  const active = list.filter((k) => k.status === 'active').length
  return (
    <div className="grid gap-3">
      {!apiAccess && (
        <div className="grid gap-2 rounded-lg border border-border bg-muted p-3 text-sm" data-testid="api-keys-no-plan">
          <p className="text-foreground">
            Your plan does not include API access: keys cannot be created, and existing keys answer 402 until the plan includes it again.
          </p>
          {/* A document load: the Billing page's own Content-Security-Policy allows Razorpay's Checkout. */}
          <Button asChild size="sm" className="justify-self-start">
            <a href={paths.billing.to()}>
              <ArrowUpCircle /> See plans with API access
            </a>
          </Button>
        </div>
      )}
      {list.length === 0 ? (
        <p className="text-sm text-subtle-foreground">No API keys yet.</p>
      ) : (
        <ul className="divide-y divide-border/60 rounded-lg border border-border" aria-label="API keys">
          {list.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="api-key-row">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  <span className="break-all">{k.name}</span>
                  <Badge variant={statusVariant[k.status]}>{k.status}</Badge>
                  <Badge variant="outline">{scopesLabel(k.scopes)}</Badge>
                </p>
                <p className="text-sm break-words text-subtle-foreground">{apiKeyFacts(k).join(' · ')}</p>
              </div>
              {k.status !== 'revoked' && (
                <Button variant="outline" size="sm" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => setCreating(true)} disabled={!apiAccess || active >= maxActive}>
          <Plus /> Create API key
        </Button>
        <p className="text-xs text-muted-foreground">
          {active} of {maxActive} active keys. Send a key as <code>Authorization: Bearer pm_live_…</code>; the API reference is at{' '}
          <a className="underline" href="/api/docs">
            /api/docs
          </a>
          .
        </p>
      </div>
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <AlertDialog.Root open={revoking !== null} onOpenChange={(next) => !next && !revoke.isPending && setRevoking(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold text-foreground">Revoke {revoking?.name}?</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              Software using this key stops working at once. This cannot be undone.
            </AlertDialog.Description>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Keep</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonVariants({ variant: 'destructive' })}
                disabled={revoke.isPending}
                onClick={(e) => {
                  e.preventDefault()
                  if (revoking) revoke.mutate(revoking.id)
                }}
              >
                Revoke key
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  )
}
