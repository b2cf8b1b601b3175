import { ScrollText } from 'lucide-react'
import { useAuditLog, type AuditEvent } from '@/features/admin/api/get-admin-data'
import { ListState } from '@/features/admin/components/list-state'
import { changedFields } from '@/features/admin/lib/admin-format'
import { pageItems } from '@/lib/paged-query'

/** The audit log: every admin action, newest first, with what changed. */
export function AuditTab() {
  const query = useAuditLog()
  const items = pageItems(query.data)
  return (
    <ListState query={query} count={items.length} what="the audit log" icon={ScrollText} emptyMessage="No admin actions recorded yet.">
      <ul className="grid gap-2" data-testid="admin-audit">
        {items.map((e) => (
          <AuditRow key={e.id} e={e} />
        ))}
      </ul>
    </ListState>
  )
}

function AuditRow({ e }: { e: AuditEvent }) {
  const changes = changedFields(e.before as Record<string, unknown> | null, e.after as Record<string, unknown> | null)
  return (
    <li className="grid gap-1 rounded-lg border border-border bg-card p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-foreground">
          {e.summary}
        </p>
        <time className="text-xs text-muted-foreground" dateTime={e.createdAt}>
          {new Date(e.createdAt).toLocaleString('en-IN')}
        </time>
      </div>
      <p className="text-xs text-muted-foreground">
        by {e.actor}
        {e.ip ? ` from ${e.ip}` : ''}
      </p>
      {changes.length > 0 && (
        <ul className="text-xs text-subtle-foreground">
          {changes.map((c) => (
            <li key={c.field} className="break-all">
              {c.field}: {c.from} → {c.to}
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
