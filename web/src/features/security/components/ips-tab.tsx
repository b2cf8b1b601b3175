import { Ban, Globe, ShieldOff } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { liftBlock } from '@/features/security/api/block-ip'
import { useBlocks, type IpBlock } from '@/features/security/api/get-ip-blocks'
import { useSuspiciousIps, type SuspiciousIp } from '@/features/security/api/get-suspicious-ips'
import { formatWhen, timeLeft } from '@/features/security/lib/security-format'
import { useApiMutation } from '@/lib/api-mutation'
import { pageItems } from '@/lib/paged-query'

/** Suspicious IPs: the ranked addresses (each can be blocked), then the block list (each active block can be lifted). */
export function IpsTab({ onBlock }: { onBlock: (range: string) => void }) {
  const ips = useSuspiciousIps()
  return (
    <div className="grid gap-6">
      <section className="grid gap-2" aria-labelledby="ips-heading">
        <h2 id="ips-heading" className="text-base font-semibold text-foreground">
          Suspicious addresses, last 7 days
        </h2>
        <p className="text-xs text-muted-foreground">
          One scanner-like, cross-site or admin-route event, or 5 events of any kind, makes an address suspicious.
        </p>
        {ips.isPending ? (
          <Spinner className="mx-auto size-5" />
        ) : ips.isError ? (
          <p className="text-destructive" role="alert">
            Could not load the addresses: {ips.error.message}
          </p>
        ) : ips.data.length === 0 ? (
          <EmptyState compact icon={Globe} message="No suspicious addresses in the last 7 days." />
        ) : (
          <ol className="grid gap-2" data-testid="suspicious-ips">
            {ips.data.map((ip, i) => (
              <IpRow key={ip.ip} rank={i + 1} ip={ip} onBlock={onBlock} />
            ))}
          </ol>
        )}
      </section>
      <BlockList />
    </div>
  )
}

function IpRow({ rank, ip, onBlock }: { rank: number; ip: SuspiciousIp; onBlock: (range: string) => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-3 text-sm" data-testid="suspicious-ip">
      <span className="w-6 text-right font-semibold text-muted-foreground tabular-nums">{rank}</span>
      <div className="min-w-0 flex-1">
        <p className="font-mono font-medium break-all text-foreground">{ip.ip}</p>
        <p className="text-xs text-muted-foreground">
          {ip.count} {ip.count === 1 ? 'event' : 'events'} · {ip.suspicious} suspicious · {ip.authFailures} auth failures · {ip.rateLimited}{' '}
          rate-limited
        </p>
        <p className="text-xs text-muted-foreground">
          First seen {formatWhen(ip.firstSeen)} · last seen {formatWhen(ip.lastSeen)}
        </p>
      </div>
      {ip.blocked ? (
        <span className="rounded-full bg-destructive-soft px-2 py-0.5 text-xs font-semibold text-destructive">Blocked</span>
      ) : (
        <Button size="sm" variant="outline" onClick={() => onBlock(ip.ip)} aria-label={`Block ${ip.ip}`}>
          <Ban aria-hidden /> Block
        </Button>
      )}
    </li>
  )
}

function BlockList() {
  const query = useBlocks()
  const blocks = pageItems(query.data)
  // "Ends in ..." counts from when the list was read (it is read again every 30 s).
  const now = query.dataUpdatedAt
  const lift = useApiMutation(liftBlock, {
    successToast: (b) => ({ variant: 'success', title: 'Block lifted', description: `${b.range} can reach PropMatch again` }),
    errorToast: 'Could not lift the block',
  })
  return (
    <section className="grid gap-2" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading" className="text-base font-semibold text-foreground">
        Blocked addresses
      </h2>
      {query.isPending ? (
        <Spinner className="mx-auto size-5" />
      ) : query.isError && !query.isFetchNextPageError ? (
        <p className="text-destructive" role="alert">
          Could not load the block list: {query.error.message}
        </p>
      ) : blocks.length === 0 ? (
        <EmptyState compact icon={ShieldOff} message="No address is blocked." />
      ) : (
        <>
          <ul className="grid gap-2" data-testid="ip-blocks">
            {blocks.map((b) => (
              <BlockRow key={b.id} b={b} now={now} onLift={() => lift.mutate(b.id)} lifting={lift.isPending && lift.variables === b.id} />
            ))}
          </ul>
          <LoadMore query={query} />
        </>
      )}
    </section>
  )
}

function BlockRow({ b, now, onLift, lifting }: { b: IpBlock; now: number; onLift: () => void; lifting: boolean }) {
  const state = b.active
    ? `Ends ${timeLeft(b.expiresAt, now)}`
    : b.liftedAt
      ? `Lifted ${formatWhen(b.liftedAt)}`
      : `Ended ${formatWhen(b.expiresAt)}`
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-3 text-sm" data-testid="ip-block">
      <div className="min-w-0 flex-1">
        <p className="font-mono font-medium break-all text-foreground">{b.range}</p>
        <p className="text-xs text-muted-foreground">
          {b.reason ? `${b.reason} · ` : ''}by {b.createdBy} on {formatWhen(b.createdAt)} · {state}
        </p>
      </div>
      {b.active ? (
        <Button size="sm" variant="outline" onClick={onLift} disabled={lifting} aria-label={`Lift block on ${b.range}`}>
          Lift
        </Button>
      ) : (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-subtle-foreground">Ended</span>
      )}
    </li>
  )
}
