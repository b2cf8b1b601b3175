import * as React from 'react'
import { KeyRound, Pencil, Users, Wallet } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { NativeSelect } from '@/components/ui/native-select'
import { useAdminBillingPlans } from '@/features/admin/api/get-admin-billing'
import { useAdminUsers, type AdminUser } from '@/features/admin/api/get-admin-data'
import { setUserActive, setUserRole } from '@/features/admin/api/update-user'
import { EditUserDialog } from '@/features/admin/components/edit-user-dialog'
import { UserBillingDialog } from '@/features/admin/components/user-billing-dialog'
import { UserApiKeysDialog } from '@/features/admin/components/user-api-keys-dialog'
import { SearchInput } from '@/components/ui/search-input'
import { ListState } from '@/features/admin/components/list-state'
import { roleLabel } from '@/features/admin/lib/admin-format'
import { useApiMutation } from '@/lib/api-mutation'
import { pageItems } from '@/lib/paged-query'
import { formatPhone } from '@/lib/phone-display'
import { useDebouncedValue } from '@/lib/use-debounced-value'

/**
 * Users: searched on the server; role, edit, billing (credits and plan, with billing on), deactivate (after a
 * confirmation that says what it does) and reactivate on each. A deleted account shows as deleted, with none of them.
 */
export function UsersTab({ meId }: { meId: number }) {
  const [search, setSearch] = React.useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const query = useAdminUsers(q)
  const users = pageItems(query.data)
  const [editing, setEditing] = React.useState<AdminUser | null>(null)
  const [billing, setBilling] = React.useState<AdminUser | null>(null)
  const [apiKeys, setApiKeys] = React.useState<AdminUser | null>(null)
  // null while billing is off: no Billing button then.
  const plans = useAdminBillingPlans().data
  return (
    <div className="grid gap-3">
      <SearchInput value={search} onChange={setSearch} label="Search by name, username, phone, email or city" />
      <ListState
        query={query}
        count={users.length}
        what="users"
        icon={Users}
        emptyMessage={q ? 'No users match your search.' : 'No users yet.'}
      >
        <ul className="grid gap-2" data-testid="admin-users">
          {users.map((u) => (
            <UserRow
              key={u.id}
              user={u}
              isMe={u.id === meId}
              onEdit={() => setEditing(u)}
              onBilling={plans ? () => setBilling(u) : undefined}
              onApiKeys={() => setApiKeys(u)}
            />
          ))}
        </ul>
      </ListState>
      <EditUserDialog user={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <UserApiKeysDialog user={apiKeys} onOpenChange={(open) => !open && setApiKeys(null)} />
      {plans && <UserBillingDialog user={billing} plans={plans} onOpenChange={(open) => !open && setBilling(null)} />}
    </div>
  )
}

type UserRowProps = { user: AdminUser; isMe: boolean; onEdit: () => void; onBilling?: () => void; onApiKeys: () => void }

function UserRow({ user, isMe, onEdit, onBilling, onApiKeys }: UserRowProps) {
  const [confirming, setConfirming] = React.useState(false)
  const role = useApiMutation(setUserRole, {
    successToast: (u) => ({ variant: 'success', title: 'Role updated', description: `${u.fullName} is now ${roleLabel(u.role)}.` }),
    errorToast: 'Could not change the role',
  })
  const active = useApiMutation(setUserActive, {
    successToast: (u) => ({
      variant: 'success',
      title: u.isActive ? 'User reactivated' : 'User deactivated',
      description: u.isActive ? `${u.fullName} can sign in again.` : `${u.fullName} is signed out and off the marketplace.`,
    }),
    errorToast: 'Could not change the account',
    onSettled: () => setConfirming(false),
  })
  const deleted = !!user.deleted
  return (
    <li
      className="grid gap-3 rounded-lg border border-border bg-card p-3 md:grid-cols-[1fr_auto] md:items-center"
      data-testid={`admin-user-${user.username}`}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className={deleted ? 'font-medium text-muted-foreground' : 'font-medium text-foreground'}>{user.fullName}</p>
          {deleted ? (
            <Badge variant="secondary" data-testid="deleted-badge">
              deleted
            </Badge>
          ) : (
            <Badge variant={user.role === 'admin' ? 'default' : 'secondary'} data-testid="role-badge">
              {roleLabel(user.role)}
            </Badge>
          )}
          {!deleted && !user.isActive && <Badge variant="destructive">deactivated</Badge>}
        </div>
        {deleted ? (
          <p className="text-sm text-muted-foreground">Account deleted by its owner: its details are erased.</p>
        ) : (
          <>
            <p className="truncate text-sm text-subtle-foreground">
              @{user.username} · <span className="whitespace-nowrap">{formatPhone(user.phone)}</span>
              {user.email ? ` · ${user.email}` : ''}
            </p>
            <p className="text-sm text-muted-foreground">
              {user.city}, {user.state}
            </p>
          </>
        )}
      </div>
      {!deleted && (
        <div className="flex flex-wrap items-center gap-2">
          <NativeSelect
            aria-label={`Role of ${user.fullName}`}
            value={user.role}
            disabled={role.isPending}
            onChange={(e) => role.mutate({ id: user.id, role: e.target.value === 'admin' ? 'admin' : 'user' })}
            className="w-28"
          >
            <option value="agent">user</option>
            <option value="admin">admin</option>
          </NativeSelect>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${user.fullName}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          {onBilling && (
            <Button variant="outline" size="sm" onClick={onBilling} aria-label={`Billing of ${user.fullName}`}>
              <Wallet aria-hidden /> Billing
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={onApiKeys} aria-label={`API keys of ${user.fullName}`}>
            <KeyRound aria-hidden /> API keys
          </Button>
          {!isMe &&
            (user.isActive ? (
              <Button variant="destructive" size="sm" disabled={active.isPending} onClick={() => setConfirming(true)}>
                Deactivate
              </Button>
            ) : (
              <Button variant="outline" size="sm" disabled={active.isPending} onClick={() => active.mutate({ id: user.id, active: true })}>
                Reactivate
              </Button>
            ))}
        </div>
      )}
      <Dialog open={confirming} onOpenChange={(open) => !open && !active.isPending && setConfirming(false)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Deactivate {user.fullName}?</DialogTitle>
            <DialogDescription>
              This signs {user.fullName} out on every device and takes their listings and requirements off the marketplace. They cannot sign
              in until an admin reactivates the account.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={active.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => active.mutate({ id: user.id, active: false })} disabled={active.isPending}>
              {active.isPending ? 'Deactivating...' : 'Deactivate'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  )
}
