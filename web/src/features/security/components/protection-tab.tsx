import { CheckCircle2, XCircle } from 'lucide-react'
import { Spinner } from '@/components/ui/spinner'
import { useProtection, type ProtectionStatus } from '@/features/security/api/get-protection'

/** Protection Status: the settings the server runs with, as it reports them (never a copy kept here). */
export function ProtectionTab() {
  const query = useProtection()
  if (query.isPending) return <Spinner className="mx-auto size-5" />
  if (query.isError)
    return (
      <p className="text-destructive" role="alert">
        Could not load the protection status: {query.error.message}
      </p>
    )
  const p = query.data
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="protection">
      <Section title="Server">
        <Check
          ok={p.productionMode}
          label="Production mode"
          detail={p.productionMode ? 'real messages, no code echo' : 'development mode'}
        />
        <Check
          ok={p.https}
          label="HTTPS"
          detail={p.trustProxy ? 'behind a trusted proxy (X-Forwarded-Proto)' : 'direct; no proxy header trusted'}
        />
        <Row label="Public origin" value={p.publicOrigin || 'not set (writes are checked against the request’s own host)'} />
        <Row
          label="Blocked addresses"
          value={`shared list, re-read every ${p.blocking.cacheSeconds} s; blocks up to ${p.blocking.maxDays} days`}
        />
        <Row
          label="Events"
          value={`kept ${p.events.keepDays} days, repeats counted per address and minute; this server wrote ${p.events.written}, dropped ${p.events.dropped}, capped ${p.events.capped} (at most ${p.events.perAddressPerHour} rows an hour per address)`}
        />
      </Section>
      <Section title="Session cookie">
        <Row label="Name" value={p.cookie.name} mono />
        <Check ok={p.cookie.httpOnly} label="HttpOnly" />
        <Row label="SameSite" value={p.cookie.sameSite} />
        <Check ok={p.cookie.secure} label="Secure" detail={p.cookie.secureAlways ? 'always' : 'over HTTPS only (development)'} />
        <Row label="Idle expiry" value={`${p.sessions.idleDays} days`} />
        <Row label="Absolute expiry" value={`${p.sessions.maxAgeDays} days`} />
      </Section>
      <Section title="Rate limits">
        {p.rateLimits.map((r) => (
          <Check key={r.name + r.scope} ok={r.active} label={r.name} detail={`${r.limit} · ${r.scope}`} />
        ))}
      </Section>
      <Section title="Passwords and codes">
        <Row label="Password length" value={`${p.passwords.minLength} to ${p.passwords.maxLength} characters`} />
        <Row label="Common passwords refused" value={p.passwords.commonRefused.toLocaleString('en-IN')} />
        <Row label="Hashing" value={p.passwords.hashing} />
        <Row label="Sign-in throttle" value={p.passwords.signInThrottles} />
        <Row label="Phone code" value={codeText(p.otp)} />
        <Row label="Reset code" value={codeText(p.resetCode)} />
      </Section>
      <Section title="Security headers" wide>
        {p.headers.map((h) => (
          <Row key={h.name} label={h.name} value={h.value} mono />
        ))}
      </Section>
    </div>
  )
}

function codeText(c: ProtectionStatus['otp']) {
  const parts = [`${c.digits} digits`, `valid ${c.validMinutes} min`, `${c.maxAttempts} tries`, `${c.perHourLimit} an hour`]
  if (c.resendSeconds) parts.push(`resend after ${c.resendSeconds} s`)
  if (c.perIpPerHour) parts.push(`${c.perIpPerHour} an hour per IP`)
  return parts.join(' · ')
}

function Section({ title, wide, children }: { title: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section className={`grid content-start gap-2 rounded-xl border border-border bg-card p-4 ${wide ? 'md:col-span-2' : ''}`}>
      <h2 className="text-base font-semibold text-foreground">{title}</h2>
      <dl className="grid gap-2 text-sm">{children}</dl>
    </section>
  )
}

function Row({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={`break-words text-foreground ${mono ? 'font-mono text-xs' : ''}`}>{value}</dd>
    </div>
  )
}

function Check({ ok, label, detail }: { ok: boolean; label: string; detail?: string }) {
  const Icon = ok ? CheckCircle2 : XCircle
  return (
    <div className="flex items-start gap-2">
      <Icon className={`mt-0.5 size-4 shrink-0 ${ok ? 'text-success' : 'text-muted-foreground'}`} aria-label={ok ? 'on' : 'off'} />
      <div>
        <dt className="text-foreground">{label}</dt>
        {detail && <dd className="text-xs text-muted-foreground">{detail}</dd>}
      </div>
    </div>
  )
}
