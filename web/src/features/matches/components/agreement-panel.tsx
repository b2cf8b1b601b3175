import * as React from 'react'
import { useWatch } from 'react-hook-form'
import { Check, Download, ExternalLink, FileSignature, Flag, Loader2, Lock, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { agreementPdfUrl, useAgreements } from '@/features/matches/api/get-agreements'
import {
  acceptAgreement,
  counterAgreement,
  disputeAgreement,
  proposeAgreement,
  rejectAgreement,
  setDealStage,
  type DealStage,
} from '@/features/matches/api/save-agreement'
import {
  AGREEMENT_NOTE_MAX,
  agreementBody,
  agreementFormOf,
  agreementFormSchema,
  agreementStatusLabel,
  closeState,
  dealSteps,
  emptyAgreementForm,
  formPath,
  formatRupees,
  rupeesToPaise,
  stepIndex,
  termsText,
  type AgreementForm,
} from '@/features/matches/lib/agreement-form'
import { useApiMutation } from '@/lib/api-mutation'
import type { Agreement, AgreementDeal, Match } from '@/lib/api-schemas'
import type { MatchSide } from '@/shared/contact'
import { cn } from '@/lib/utils'

/**
 * The co-broking agreement of a match (docs/product.md#co-broking-agreements): propose, answer (accept,
 * reject, counter), and once accepted the locked terms with their hash, the PDF, the public check and the
 * deal's stages with the two-sided close and a dispute.
 */
export function AgreementPanel({ match, side }: { match: Match; side: MatchSide }) {
  const { data: list, isPending, isError } = useAgreements(match.id)
  const myId = side === 'seller' ? match.sellerAgentId : match.buyerAgentId
  const [editing, setEditing] = React.useState<null | { kind: 'propose' | 'counter'; from?: Agreement }>(null)

  const accepted = list?.find((a) => a.status === 'accepted')
  const open = list?.find((a) => a.status === 'proposed')

  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg border border-border p-4"
      aria-labelledby="agreement-heading"
      data-testid="agreement-panel"
    >
      <div className="flex items-center gap-2">
        <FileSignature className="size-5 text-primary" aria-hidden />
        <h3 id="agreement-heading" className="font-semibold text-foreground">
          Agreement
        </h3>
      </div>
      {isPending && <p className="text-sm text-muted-foreground">Loading the agreement…</p>}
      {isError && <p className="text-sm text-destructive">Could not load the agreement.</p>}
      {list && accepted && <LockedAgreement agreement={accepted} myId={myId} />}
      {list && !accepted && open && !editing && (
        <OpenProposal
          agreement={open}
          mine={open.proposedBy === myId}
          onCounter={() => setEditing({ kind: 'counter', from: open })}
          onRevise={() => setEditing({ kind: 'propose', from: open })}
        />
      )}
      {list && !accepted && (editing || !open) && (
        <ProposalForm
          key={editing ? `${editing.kind}-${editing.from?.id ?? 0}` : 'new'}
          matchId={match.id}
          counterOf={editing?.kind === 'counter' ? editing.from : undefined}
          initial={editing?.from ? agreementFormOf(editing.from) : emptyAgreementForm}
          onCancel={editing ? () => setEditing(null) : undefined}
          onDone={() => setEditing(null)}
        />
      )}
      {list && list.length > 0 && <History list={list} myId={myId} />}
    </section>
  )
}

function OpenProposal({
  agreement,
  mine,
  onCounter,
  onRevise,
}: {
  agreement: Agreement
  mine: boolean
  onCounter: () => void
  onRevise: () => void
}) {
  const accept = useApiMutation(acceptAgreement, {
    successToast: 'Agreement accepted: the terms are locked',
    errorToast: 'Could not accept',
  })
  const reject = useApiMutation(rejectAgreement, { successToast: 'Proposal rejected', errorToast: 'Could not reject' })
  const busy = accept.isPending || reject.isPending
  return (
    <div className="grid gap-2 rounded-md bg-muted/50 p-3" data-testid="open-proposal">
      <p className="text-sm text-subtle-foreground">
        {mine ? 'Your proposal' : 'The other agent proposes'} (version {agreement.version}):
      </p>
      <p className="font-medium text-foreground" data-testid="open-terms">
        {termsText(agreement)}
      </p>
      {agreement.note && <p className="text-sm whitespace-pre-line text-subtle-foreground">“{agreement.note}”</p>}
      {agreement.canAnswer ? (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => accept.mutate(agreement.id)}>
            {accept.isPending ? <Loader2 className="animate-spin" /> : <Check />} Accept
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={onCounter}>
            Counter
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => reject.mutate(agreement.id)}>
            {reject.isPending ? <Loader2 className="animate-spin" /> : <X />} Reject
          </Button>
        </div>
      ) : (
        mine && (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-muted-foreground">Waiting for the other agent to answer.</p>
            <Button size="sm" variant="outline" onClick={onRevise}>
              Revise
            </Button>
          </div>
        )
      )}
    </div>
  )
}

function ProposalForm({
  matchId,
  counterOf,
  initial,
  onCancel,
  onDone,
}: {
  matchId: number
  counterOf?: Agreement
  initial: AgreementForm
  onCancel?: () => void
  onDone: () => void
}) {
  const form = useZodForm(agreementFormSchema, initial)
  const { errors, isSubmitting } = form.formState
  const mode = useWatch({ control: form.control, name: 'mode' })
  const note = useWatch({ control: form.control, name: 'note' }) ?? ''
  const onError = (e: { errors?: { path: string; message: string }[] }) =>
    setServerErrors(form, e.errors, ({ path, message }) => ({ path: formPath(path), message }))
  const propose = useApiMutation(proposeAgreement, {
    successToast: 'Proposal sent',
    errorToast: 'Could not propose',
    onSuccess: onDone,
    onError,
  })
  const counter = useApiMutation(counterAgreement, {
    successToast: 'Counter-proposal sent',
    errorToast: 'Could not counter',
    onSuccess: onDone,
    onError,
  })
  const onSubmit = form.handleSubmit((v) =>
    untilSettled(
      counterOf
        ? counter.mutateAsync({ id: counterOf.id, body: agreementBody(v) })
        : propose.mutateAsync({ matchId, body: agreementBody(v) }),
    ),
  )
  const pending = isSubmitting || propose.isPending || counter.isPending
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label={counterOf ? 'Counter-proposal' : 'Propose terms'}>
      <p className="text-sm text-subtle-foreground">
        {counterOf
          ? `Counter version ${counterOf.version} with your terms.`
          : 'Propose how the brokerage is shared between the listing side and the buyer side.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="agreement-mode" label="Share as" error={errors.mode?.message}>
          <NativeSelect {...form.register('mode')}>
            <option value="split">Split in percentages</option>
            <option value="fixed">Fixed amount (₹)</option>
          </NativeSelect>
        </Field>
        <Field id="agreement-basis" label="Share of" error={errors.basis?.message}>
          <NativeSelect {...form.register('basis')}>
            <option value="brokerage">The total brokerage</option>
            <option value="price">Brokerage on the final price</option>
          </NativeSelect>
        </Field>
        {mode === 'fixed' ? (
          <Field id="agreement-amount" label="Buyer side gets (₹)" error={errors.amount?.message} className="sm:col-span-2">
            <Input inputMode="decimal" placeholder="150000" {...form.register('amount')} />
          </Field>
        ) : (
          <>
            <Field id="agreement-listing" label="Listing side %" error={errors.listingPercent?.message}>
              <Input inputMode="numeric" {...form.register('listingPercent')} />
            </Field>
            <Field id="agreement-buyer" label="Buyer side %" error={errors.buyerPercent?.message}>
              <Input inputMode="numeric" {...form.register('buyerPercent')} />
            </Field>
          </>
        )}
      </div>
      <Field
        id="agreement-note"
        label="Note (optional)"
        error={errors.note?.message}
        labelAction={
          <span className="text-xs text-muted-foreground">
            {note.length}/{AGREEMENT_NOTE_MAX}
          </span>
        }
      >
        <Textarea rows={2} maxLength={AGREEMENT_NOTE_MAX} {...form.register('note')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />} {counterOf ? 'Send counter-proposal' : 'Propose terms'}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

function LockedAgreement({ agreement, myId }: { agreement: Agreement; myId: number }) {
  const deal = agreement.deal
  const mySide = agreement.listingAgentId === myId ? 'listing' : 'buyer'
  return (
    <div className="grid gap-3" data-testid="locked-agreement">
      <div className="flex flex-wrap items-center gap-2">
        <Lock className="size-4 text-success" aria-hidden />
        <span className="font-medium text-foreground">Accepted and locked</span>
        <Badge variant="outline">{agreement.number}</Badge>
      </div>
      <p className="font-medium text-foreground" data-testid="locked-terms">
        {termsText(agreement)}
      </p>
      <div className="grid gap-1">
        <span className="text-xs text-muted-foreground">SHA-256 of the terms</span>
        <code className="rounded bg-muted px-2 py-1 text-xs break-all text-foreground" data-testid="agreement-hash">
          {agreement.hash}
        </code>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={agreementPdfUrl(agreement.id)} download aria-label={`Download agreement ${agreement.number} (PDF)`}>
            <Download /> Download PDF
          </a>
        </Button>
        {agreement.verifyPath && (
          <Button asChild size="sm" variant="ghost">
            <a href={agreement.verifyPath} target="_blank" rel="noopener noreferrer" data-testid="agreement-check-link">
              <ExternalLink /> Public check
            </a>
          </Button>
        )}
      </div>
      {deal && <DealProgress id={agreement.id} deal={deal} mySide={mySide} />}
    </div>
  )
}

const stageToast: Record<DealStage, string> = {
  site_visit: 'Moved to site visit',
  offer: 'Moved to offer',
  closed: 'Close confirmed',
  fallen_through: 'Marked as fallen through',
}

function DealProgress({ id, deal, mySide }: { id: number; deal: AgreementDeal; mySide: 'listing' | 'buyer' }) {
  const stage = useApiMutation(setDealStage, {
    successToast: (_d, v) => ({ variant: 'success', title: stageToast[v.stage] }),
    errorToast: 'Could not move the deal',
  })
  const [price, setPrice] = React.useState('')
  const [priceError, setPriceError] = React.useState<string>()
  const close = closeState(deal, mySide)
  const over = deal.stage === 'closed' || deal.stage === 'fallen_through'
  const current = stepIndex(deal.stage)

  const confirmClose = () => {
    if (close.kind === 'asked' && price.trim() === '') {
      stage.mutate({ id, stage: 'closed' })
      return
    }
    const paise = rupeesToPaise(price)
    if (Number.isNaN(paise) || paise <= 0) {
      setPriceError('Enter the final price in rupees, such as 7500000')
      return
    }
    setPriceError(undefined)
    stage.mutate({ id, stage: 'closed', finalPricePaise: paise })
  }

  return (
    <div className="grid gap-3">
      <ol className="flex flex-wrap items-center gap-1 text-xs" aria-label="Deal stage" data-testid="deal-stepper">
        {dealSteps.map((s, i) => {
          const fallen = deal.stage === 'fallen_through' && i === dealSteps.length - 1
          const done = i <= current
          return (
            <li key={s.stage} className="flex items-center gap-1" aria-current={i === current ? 'step' : undefined}>
              <span
                className={cn(
                  'rounded-full px-2.5 py-1 font-semibold',
                  fallen
                    ? 'bg-destructive/10 text-destructive'
                    : done
                      ? 'bg-primary text-primary-foreground'
                      : 'bg-muted text-subtle-foreground',
                )}
              >
                {fallen ? 'Fallen through' : s.label}
              </span>
              {i < dealSteps.length - 1 && <span className="text-muted-foreground">→</span>}
            </li>
          )
        })}
      </ol>
      {deal.stage === 'closed' && deal.finalPricePaise != null && (
        <p className="text-sm font-medium text-success" data-testid="deal-closed">
          Closed by both sides at {formatRupees(deal.finalPricePaise)}
        </p>
      )}
      {!over && (
        <>
          <div className="flex flex-wrap gap-2">
            {(['site_visit', 'offer'] as const).map((s) => (
              <Button
                key={s}
                size="sm"
                variant="outline"
                disabled={stage.isPending || deal.stage === s}
                onClick={() => stage.mutate({ id, stage: s })}
              >
                {s === 'site_visit' ? 'Site visit' : 'Offer'}
              </Button>
            ))}
            <Button size="sm" variant="outline" disabled={stage.isPending} onClick={() => stage.mutate({ id, stage: 'fallen_through' })}>
              Fallen through
            </Button>
          </div>
          <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
            <Field
              id={`deal-price-${id}`}
              label="Final price (₹)"
              error={priceError}
              hint={
                close.kind === 'waiting'
                  ? `You confirmed ${formatRupees(close.paise)}; waiting for the other agent to confirm.`
                  : close.kind === 'asked'
                    ? `The other agent confirmed closing at ${formatRupees(close.paise)}. Confirm to close.`
                    : 'Closing needs both agents to confirm the same final price.'
              }
              hintProps={{ 'data-testid': 'close-hint' }}
            >
              <Input
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                placeholder={close.kind === 'asked' ? String(close.paise / 100) : '7500000'}
              />
            </Field>
            <Button size="sm" disabled={stage.isPending} onClick={confirmClose}>
              {stage.isPending && <Loader2 className="animate-spin" />} Confirm close
            </Button>
          </div>
        </>
      )}
      <DisputeBox id={id} deal={deal} />
    </div>
  )
}

function DisputeBox({ id, deal }: { id: number; deal: AgreementDeal }) {
  const [open, setOpen] = React.useState(false)
  const [note, setNote] = React.useState('')
  const [error, setError] = React.useState<string>()
  const dispute = useApiMutation(disputeAgreement, {
    successToast: 'Dispute sent to the admins',
    errorToast: 'Could not flag the dispute',
    onSuccess: () => setOpen(false),
    onError: (e) => setError(e.errors?.[0]?.message),
  })
  if (deal.dispute?.status === 'open') {
    return (
      <p className="text-sm text-warning" data-testid="dispute-open">
        Dispute open with the admins: “{deal.dispute.note}”
      </p>
    )
  }
  return (
    <div className="grid gap-2">
      {deal.dispute?.status === 'resolved' && <p className="text-sm text-subtle-foreground">Dispute resolved: {deal.dispute.resolution}</p>}
      {open ? (
        <>
          <Field id={`dispute-note-${id}`} label="What is the dispute about?" error={error}>
            <Textarea rows={2} maxLength={AGREEMENT_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="destructive"
              disabled={dispute.isPending}
              onClick={() => (note.trim() ? dispute.mutate({ id, note: note.trim() }) : setError('Say what the dispute is about'))}
            >
              {dispute.isPending && <Loader2 className="animate-spin" />} Send to admins
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <Button size="sm" variant="ghost" className="justify-self-start text-destructive" onClick={() => setOpen(true)}>
          <Flag /> Flag a dispute
        </Button>
      )}
    </div>
  )
}

function History({ list, myId }: { list: Agreement[]; myId: number }) {
  return (
    <details className="text-sm" open={list.length > 1}>
      <summary className="cursor-pointer text-subtle-foreground">History ({list.length})</summary>
      <ol className="mt-2 grid gap-1" data-testid="agreement-history">
        {list.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2">
            <span className="text-muted-foreground">v{a.version}</span>
            <Badge variant={a.status === 'accepted' ? 'success' : a.status === 'proposed' ? 'default' : 'secondary'}>
              {agreementStatusLabel[a.status]}
            </Badge>
            <span className="min-w-0 text-foreground">{termsText(a)}</span>
            <span className="text-muted-foreground">· {a.proposedBy === myId ? 'you' : 'other agent'}</span>
          </li>
        ))}
      </ol>
    </details>
  )
}
