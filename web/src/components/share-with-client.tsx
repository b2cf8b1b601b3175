import * as React from 'react'
import { Check, Copy, Loader2, Share2, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { useApiMutation } from '@/lib/api-mutation'
import { cn } from '@/lib/utils'
import {
  SHARE_MAX_DAYS,
  SHARE_MAX_LISTINGS,
  createShareLink,
  shareBody,
  shareFormDefaults,
  shareFormSchema,
  whatsAppShareUrl,
  type ShareLinkCreated,
} from '@/shared/share-links'

const STORE_KEY = 'propmatch.share-selection'

/** The selection kept for this tab, so that an agent can tick own listings in My Properties and matched ones in Matches. */
function readStored(): { selecting: boolean; ids: number[] } {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? 'null')
    if (v && typeof v === 'object' && 'ids' in v && Array.isArray(v.ids)) {
      return { selecting: true, ids: v.ids.filter((x): x is number => typeof x === 'number').slice(0, SHARE_MAX_LISTINGS) }
    }
  } catch {
    // storage off or a bad value: start afresh
  }
  return { selecting: false, ids: [] }
}

function store(selecting: boolean, ids: number[]) {
  try {
    if (selecting) sessionStorage.setItem(STORE_KEY, JSON.stringify({ ids }))
    else sessionStorage.removeItem(STORE_KEY)
  } catch {
    // storage off: the selection lasts while the page does
  }
}

/**
 * "Share with client" selection mode over a list of listings: which listing ids are picked, in the order
 * picked. It lasts across pages in this tab until shared or cancelled.
 */
export function useShareSelection() {
  const [initial] = React.useState(readStored)
  const [selecting, setSelecting] = React.useState(initial.selecting)
  const [ids, setIds] = React.useState<number[]>(initial.ids)
  const [dialogOpen, setDialogOpen] = React.useState(false)
  React.useEffect(() => store(selecting, ids), [selecting, ids])
  const toggle = React.useCallback((id: number) => {
    setIds((list) => (list.includes(id) ? list.filter((x) => x !== id) : list.length >= SHARE_MAX_LISTINGS ? list : [...list, id]))
  }, [])
  const cancel = React.useCallback(() => {
    setSelecting(false)
    setIds([])
  }, [])
  return { selecting, ids, toggle, start: () => setSelecting(true), cancel, dialogOpen, setDialogOpen }
}
export type ShareSelection = ReturnType<typeof useShareSelection>

/** The bar that starts selection mode, counts the picked listings and opens the share dialog. */
export function ShareSelectionBar({ selection, className }: { selection: ShareSelection; className?: string }) {
  if (!selection.selecting) {
    return (
      <Button type="button" variant="outline" onClick={selection.start} className={className} data-testid="share-start">
        <Share2 /> Share with client
      </Button>
    )
  }
  const n = selection.ids.length
  return (
    <div
      className={cn('flex flex-wrap items-center gap-2 rounded-md border border-border bg-card px-3 py-2 text-sm', className)}
      role="group"
      aria-label="Share with client"
      data-testid="share-bar"
    >
      <span className="text-subtle-foreground" aria-live="polite">
        {n === 0 ? 'Tick the listings to share: your own in My Properties, matched ones in Matches' : `${n} selected`}
        {n >= SHARE_MAX_LISTINGS && ` (at most ${SHARE_MAX_LISTINGS})`}
      </span>
      <Button type="button" size="sm" disabled={n === 0} onClick={() => selection.setDialogOpen(true)} data-testid="share-open">
        <Share2 /> Share {n > 0 ? n : ''}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={selection.cancel}>
        <X /> Cancel
      </Button>
      <ShareWithClientDialog
        propertyIds={selection.ids}
        open={selection.dialogOpen}
        onOpenChange={selection.setDialogOpen}
        onDone={selection.cancel}
      />
    </div>
  )
}

/** The tick box of one listing in selection mode; nothing outside it. */
export function ShareCheckbox({ selection, id, label }: { selection: ShareSelection; id: number; label: string }) {
  if (!selection.selecting) return null
  const checked = selection.ids.includes(id)
  return (
    <label
      className="absolute top-2 left-2 z-10 flex cursor-pointer items-center gap-2 rounded-md bg-card/95 px-2 py-1 text-xs font-medium text-foreground shadow-sm"
      data-testid={`share-pick-${id}`}
    >
      <Checkbox checked={checked} onCheckedChange={() => selection.toggle(id)} aria-label={`Share ${label}`} />
      {checked ? 'Selected' : 'Select'}
    </label>
  )
}

type DialogProps = { propertyIds: number[]; open: boolean; onOpenChange: (open: boolean) => void; onDone?: () => void }

/** Expiry and note, then the link with Copy and Send on WhatsApp (shown once: only its hash is kept). */
export function ShareWithClientDialog({ propertyIds, open, onOpenChange, onDone }: DialogProps) {
  const [created, setCreated] = React.useState<{ link: ShareLinkCreated; note: string } | null>(null)
  const close = (next: boolean) => {
    onOpenChange(next)
    if (!next && created) {
      setCreated(null)
      onDone?.()
    }
  }
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="share-dialog">
        <DialogHeader>
          <DialogTitle>{created ? 'Your link is ready' : 'Share with your client'}</DialogTitle>
          <DialogDescription>
            {created
              ? 'Send it now: for your security the full link is shown only this once.'
              : `${propertyIds.length} listing${propertyIds.length === 1 ? '' : 's'}. Your client sees photos, price, type, area, locality and city, with your name and number: never the address or another agent's details.`}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedLink link={created.link} note={created.note} onClose={() => close(false)} />
        ) : (
          <ShareForm propertyIds={propertyIds} onCreated={(link, note) => setCreated({ link, note })} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function ShareForm({ propertyIds, onCreated }: { propertyIds: number[]; onCreated: (link: ShareLinkCreated, note: string) => void }) {
  const form = useZodForm(shareFormSchema, shareFormDefaults)
  const { errors, isSubmitting } = form.formState
  const [refused, setRefused] = React.useState('')
  const save = useApiMutation(createShareLink, {
    errorToast: 'Could not create the link',
    onError: (e) => {
      const listing = e.errors?.find((f) => f.path.startsWith('propertyIds'))
      setRefused(listing?.message ?? '')
      setServerErrors(form, e.errors, ({ path, message }) => ({ path: path === 'expiresInDays' ? 'days' : path, message }))
    },
  })
  const onSubmit = form.handleSubmit(async (v) => {
    setRefused('')
    const body = shareBody(propertyIds, v)
    await untilSettled(save.mutateAsync(body).then((link) => onCreated(link, body.note ?? '')))
  })
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Share with your client">
      <Field
        id="share-days"
        label="Link expires after (days)"
        error={errors.days?.message}
        hint={`1 to ${SHARE_MAX_DAYS} days; you can revoke it any time.`}
      >
        <Input inputMode="numeric" className="w-28" {...form.register('days')} />
      </Field>
      <Field id="share-note" label="Note to your client (optional)" error={errors.note?.message}>
        <Textarea rows={3} placeholder="The flats we discussed near the metro" {...form.register('note')} />
      </Field>
      {refused && (
        <p role="alert" className="text-sm text-destructive">
          {refused}
        </p>
      )}
      <DialogFooter>
        <Button type="submit" disabled={isSubmitting || save.isPending || propertyIds.length === 0} data-testid="share-create">
          {save.isPending ? <Loader2 className="animate-spin" /> : <Share2 />} Create link
        </Button>
      </DialogFooter>
    </form>
  )
}

function CreatedLink({ link, note, onClose }: { link: ShareLinkCreated; note: string; onClose: () => void }) {
  const [copied, setCopied] = React.useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  const expires = new Date(link.expiresAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
  return (
    <div className="grid gap-4">
      <Field id="share-url" label="Link" hint={`Valid until ${expires}.`}>
        <Input readOnly value={link.url} onFocus={(e) => e.currentTarget.select()} data-testid="share-url" />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()} data-testid="share-copy">
          {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button asChild className="bg-success text-success-foreground hover:bg-success/90">
          <a href={whatsAppShareUrl(link.url, note)} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
            Send on WhatsApp
          </a>
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onClose}>
          Done
        </Button>
      </DialogFooter>
    </div>
  )
}
