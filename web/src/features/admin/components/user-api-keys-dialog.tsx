import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { adminRevokeApiKey, useAdminApiKeys, type AdminApiKey } from '@/features/admin/api/manage-user-api-keys'
import type { AdminUser } from '@/features/admin/api/get-admin-data'
import { useApiMutation } from '@/lib/api-mutation'

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })

type UserApiKeysDialogProps = { user: AdminUser | null; onOpenChange: (open: boolean) => void }

/** An agent's API keys for an admin, each revocable at once (recorded in the audit log). */
export function UserApiKeysDialog({ user, onOpenChange }: UserApiKeysDialogProps) {
  return (
    <Dialog open={!!user} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="user-api-keys-dialog">
        <DialogHeader>
          <DialogTitle>API keys of {user?.fullName}</DialogTitle>
          <DialogDescription>Revoking a key stops it at once; the revocation is in the audit log.</DialogDescription>
        </DialogHeader>
        {user && <KeysList userId={user.id} />}
      </DialogContent>
    </Dialog>
  )
}

function KeysList({ userId }: { userId: number }) {
  const keys = useAdminApiKeys(userId)
  const revoke = useApiMutation(adminRevokeApiKey, { successToast: 'API key revoked', errorToast: 'Could not revoke the key' })
  if (keys.isPending) return <Spinner className="size-5" />
  if (keys.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        Failed to load the keys: {keys.error.message}
      </p>
    )
  if (keys.data.length === 0) return <p className="text-sm text-subtle-foreground">No API keys.</p>
  return (
    <ul className="divide-y divide-border/60 rounded-lg border border-border" aria-label="API keys">
      {keys.data.map((k: AdminApiKey) => (
        <li key={k.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="admin-api-key-row">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
              <span className="break-all">{k.name}</span>
              <Badge variant={k.status === 'active' ? 'success' : 'secondary'}>{k.status}</Badge>
            </p>
            <p className="text-sm break-words text-subtle-foreground">
              pm_live_{k.prefix}… · {k.scopes.join(', ')} · created {when(k.createdAt)}
              {k.lastUsedAt ? ` · last used ${when(k.lastUsedAt)} from ${k.lastUsedIp || 'an unknown address'}` : ' · never used'}
            </p>
          </div>
          {k.status !== 'revoked' && (
            <Button
              variant="destructive"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(k.id)}
              aria-label={`Revoke ${k.name}`}
            >
              Revoke
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}
