import * as React from 'react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { Check, Copy, Loader2, Plus, Send, Trash2, Webhook } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldSet } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Switch } from '@/components/ui/switch'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { SettingsCard } from '@/features/settings/components/settings-card'
import {
  createWebhook,
  deleteWebhook,
  maxWebhooks,
  testWebhook,
  updateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  webhookEvents,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '@/features/settings/api/webhooks'
import { useApiMutation } from '@/lib/api-mutation'

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'medium' })

const eventValues = webhookEvents.map((e) => e.value) as [WebhookEventType, ...WebhookEventType[]]

/** Only what must be there; the server checks the address (https, public) and answers field errors. */
export const webhookSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the endpoint's address")
    .regex(/^https?:\/\//i, 'The address must start with https://'),
  events: z.array(z.enum(eventValues)).min(1, 'Choose at least one event'),
})

type WebhookValues = z.infer<typeof webhookSchema>

const empty: WebhookValues = { url: '', events: ['match.created', 'message.received'] }

/** Settings → Webhooks: the agent's endpoints, adding one (its secret shown once), each one's log and test event. */
export function WebhooksSection() {
  const hooks = useWebhooks()
  const [created, setCreated] = React.useState<WebhookEndpointCreated | null>(null)
  return (
    <SettingsCard
      id="webhooks"
      title="Webhooks"
      description="Send new matches, messages and connection updates to your own software, signed as Standard Webhooks specifies."
      icon={<Webhook className="size-5 text-primary" aria-hidden />}
    >
      {created && <SecretOnce created={created} onDone={() => setCreated(null)} />}
      {hooks.isPending ? (
        <Spinner className="size-5" />
      ) : hooks.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Failed to load your webhooks: {hooks.error.message}
        </p>
      ) : (
        <>
          {hooks.data.length === 0 ? (
            <p className="text-sm text-subtle-foreground">No endpoints yet.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Webhook endpoints">
              {hooks.data.map((h) => (
                <EndpointRow key={h.id} endpoint={h} />
              ))}
            </ul>
          )}
          {hooks.data.length < maxWebhooks ? (
            <AddWebhookForm onCreated={setCreated} />
          ) : (
            <p className="text-sm text-subtle-foreground">You have {maxWebhooks} endpoints, the most an agent can have.</p>
          )}
        </>
      )}
    </SettingsCard>
  )
}

/** The new endpoint's secret, shown this once, with a copy button. */
function SecretOnce({ created, onDone }: { created: WebhookEndpointCreated; onDone: () => void }) {
  const [copied, setCopied] = React.useState(false)
  const copy = () => {
    void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true))
  }
  return (
    <div className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3" role="status" data-testid="webhook-secret">
      <p className="text-sm font-medium text-foreground">Endpoint added. Copy its signing secret now: it is not shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 rounded bg-muted px-2 py-1 text-sm break-all text-foreground" data-testid="webhook-secret-value">
          {created.secret}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  )
}

function AddWebhookForm({ onCreated }: { onCreated: (c: WebhookEndpointCreated) => void }) {
  const form = useZodForm(webhookSchema, empty)
  const { errors, isSubmitting } = form.formState
  const add = useApiMutation(createWebhook, {
    successToast: 'Webhook endpoint added',
    errorToast: 'Could not add the endpoint',
    onSuccess: (c) => {
      form.reset(empty)
      onCreated(c)
    },
    onError: (e) => setServerErrors(form, e.errors),
  })
  const onSubmit = form.handleSubmit((v) => untilSettled(add.mutateAsync({ url: v.url.trim(), events: v.events })))
  return (
    <form className="grid gap-3 border-t border-border pt-4" onSubmit={onSubmit} noValidate aria-label="Add a webhook endpoint">
      <Field id="webhook-url" label="Endpoint URL" error={errors.url?.message} hint="A public https:// address of your software.">
        <Input type="url" inputMode="url" placeholder="https://crm.example.com/propmatch" autoComplete="off" {...form.register('url')} />
      </Field>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => (
          <FieldSet legend="Events" error={errors.events?.message}>
            <div className="grid gap-2 sm:grid-cols-2">
              {webhookEvents.map((e) => {
                const id = `webhook-event-${e.value}`
                const checked = field.value.includes(e.value)
                return (
                  <div key={e.value} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={checked}
                      onCheckedChange={(on) =>
                        field.onChange(on === true ? [...field.value, e.value] : field.value.filter((v) => v !== e.value))
                      }
                    />
                    <Label htmlFor={id} className="font-normal">
                      {e.label} <span className="text-xs text-muted-foreground">({e.value})</span>
                    </Label>
                  </div>
                )
              })}
            </div>
          </FieldSet>
        )}
      />
      <Button type="submit" className="justify-self-start" disabled={isSubmitting || add.isPending}>
        {add.isPending ? <Loader2 className="animate-spin" /> : <Plus />}
        {add.isPending ? 'Adding...' : 'Add Endpoint'}
      </Button>
    </form>
  )
}

function EndpointRow({ endpoint: h }: { endpoint: WebhookEndpoint }) {
  const [showLog, setShowLog] = React.useState(false)
  const toggle = useApiMutation(updateWebhook, {
    successToast: (e) => ({ variant: 'success', title: e.enabled ? 'Endpoint turned on' : 'Endpoint turned off' }),
    errorToast: 'Could not change the endpoint',
  })
  const remove = useApiMutation(deleteWebhook, { successToast: 'Endpoint deleted', errorToast: 'Could not delete the endpoint' })
  const test = useApiMutation(testWebhook, {
    successToast: 'Test event sent',
    errorToast: 'Could not send a test event',
    onSuccess: () => setShowLog(true),
  })
  const switchId = `webhook-on-${h.id}`
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3" data-testid="webhook-row">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-all text-foreground">{h.url}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {h.events.map((e) => (
              <Badge key={e} variant="secondary">
                {e}
              </Badge>
            ))}
          </div>
          {!h.enabled && h.disabledReason && <p className="mt-1 text-sm text-destructive">{h.disabledReason}</p>}
          {h.enabled && h.consecutiveFailures > 0 && (
            <p className="mt-1 text-sm text-warning">{h.consecutiveFailures} failed attempts in a row</p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={h.enabled}
            disabled={toggle.isPending}
            onCheckedChange={(on) => toggle.mutate({ id: h.id, enabled: on })}
          />
          <Label htmlFor={switchId}>{h.enabled ? 'On' : 'Off'}</Label>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => test.mutate(h.id)} disabled={test.isPending}>
          {test.isPending ? <Loader2 className="animate-spin" /> : <Send />} Send test event
        </Button>
        <Button variant="outline" size="sm" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          onClick={() => {
            if (window.confirm(`Delete the endpoint ${h.url}? Its delivery log goes with it.`)) remove.mutate(h.id)
          }}
          disabled={remove.isPending}
        >
          <Trash2 /> Delete
        </Button>
      </div>
      {showLog && <DeliveriesLog id={h.id} />}
    </li>
  )
}

const stateBadge: Record<WebhookDelivery['state'], 'success' | 'destructive' | 'secondary' | 'outline'> = {
  succeeded: 'success',
  failed: 'destructive',
  pending: 'outline',
  skipped: 'secondary',
}

/** The endpoint's last 50 attempts: event, attempt, state, HTTP status, latency and time. */
export function DeliveriesLog({ id }: { id: number }) {
  const log = useWebhookDeliveries(id, true)
  if (log.isPending) return <Spinner className="size-5" />
  if (log.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        Failed to load the deliveries: {log.error.message}
      </p>
    )
  if (log.data.length === 0) return <p className="text-sm text-subtle-foreground">No deliveries yet.</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="webhook-deliveries">
        <caption className="sr-only">Last {log.data.length} deliveries</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Event</th>
            <th className="py-1 pr-3 font-medium">Status</th>
            <th className="py-1 pr-3 font-medium">Latency</th>
            <th className="hidden py-1 pr-3 font-medium sm:table-cell">Attempt</th>
            <th className="py-1 font-medium">Time</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border/60">
          {log.data.map((d) => (
            <tr key={d.id} data-testid="webhook-delivery">
              <td className="py-1 pr-3">
                <span className="text-foreground">{d.event}</span>
                {d.error && <p className="text-xs text-destructive">{d.error}</p>}
              </td>
              <td className="py-1 pr-3">
                <Badge variant={stateBadge[d.state]}>{d.statusCode ?? d.state}</Badge>
              </td>
              <td className="py-1 pr-3 tabular-nums">{d.latencyMs === null ? '—' : `${d.latencyMs} ms`}</td>
              <td className="hidden py-1 pr-3 tabular-nums sm:table-cell">{d.attempt}</td>
              <td className="py-1 whitespace-nowrap text-subtle-foreground">{when(d.deliveredAt ?? d.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
