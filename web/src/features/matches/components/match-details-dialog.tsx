import * as React from 'react'
import { CheckCircle2, Eye, Loader2, MessageCircle, Phone, Save } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ContactHiddenNotice } from '@/components/contact-hidden-notice'
import { UnlockContact } from '@/components/unlock-contact'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { updateMatchNotes, updateMatchStatus } from '@/features/matches/api/update-match'
import { AgreementPanel } from '@/features/matches/components/agreement-panel'
import { MatchParties } from '@/features/matches/components/match-parties'
import { MessageAgentButton } from '@/features/matches/components/message-agent-button'
import { ScoreBreakdown } from '@/features/matches/components/score-breakdown'
import { NOTES_MAX, matchStatusClasses, matchStatusLabel, matchStatusOptions } from '@/features/matches/lib/match-labels'
import { useApiMutation } from '@/lib/api-mutation'
import type { Match, MatchStatus, UpdateMatchStatusRequest } from '@/lib/api-schemas'
import { callForMatch, contactHiddenText, contactLocked, counterpartAgent, whatsappForMatch, type MatchSide } from '@/shared/contact'
import { cn } from '@/lib/utils'

type MatchDetailsDialogProps = {
  match: Match | null
  side: MatchSide
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** A match in full: contact, lead status, lead notes, score breakdown, property, requirement and agent. */
export function MatchDetailsDialog({ match, side, open, onOpenChange }: MatchDetailsDialogProps) {
  return (
    <Dialog open={open && !!match} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">{match && <MatchDetails key={match.id} match={match} side={side} />}</DialogContent>
    </Dialog>
  )
}

/**
 * Mark Viewed is a button only while the lead is new (docs/product.md#matches); afterwards the same
 * place shows the current status label as a status pill with a check, disabled so it reads as a state.
 */
export function MarkViewed({ status, pending, onMarkViewed }: { status: MatchStatus; pending: boolean; onMarkViewed: () => void }) {
  if (status === 'new') {
    return (
      <Button variant="outline" disabled={pending} onClick={onMarkViewed} data-testid="mark-viewed" data-state="new">
        {pending ? <Loader2 className="animate-spin" /> : <Eye />} Mark Viewed
      </Button>
    )
  }
  return (
    <button
      type="button"
      disabled
      className={cn(
        'inline-flex h-8 items-center gap-1.5 justify-self-start rounded-full px-3 text-sm font-semibold disabled:cursor-default sm:mb-1',
        matchStatusClasses(status),
      )}
      aria-label={`Lead status: ${matchStatusLabel(status)}`}
      data-testid="mark-viewed"
      data-state="viewed"
    >
      <CheckCircle2 className="size-4 shrink-0" aria-hidden />
      {matchStatusLabel(status)}
    </button>
  )
}

function MatchDetails({ match, side }: { match: Match; side: MatchSide }) {
  const [status, setStatus] = React.useState<MatchStatus>(match.status)
  const counterpart = counterpartAgent(match, side)
  const hidden = counterpart?.contactHidden ? contactHiddenText(counterpart.fullName, counterpart.contactReason) : undefined
  const locked = contactLocked(counterpart)
  const [savedNotes, setSavedNotes] = React.useState(match.notes ?? '')
  const [notes, setNotes] = React.useState(match.notes ?? '')

  const statusMutation = useApiMutation(updateMatchStatus, {
    onSuccess: (updated) => setStatus(updated?.status ?? status),
    errorToast: 'Failed to update match',
  })
  const notesMutation = useApiMutation(updateMatchNotes, {
    onSuccess: (updated, variables) => {
      const text = updated?.notes ?? variables.body.notes
      setSavedNotes(text)
      setNotes(text)
    },
    successToast: { variant: 'success', title: 'Notes Updated', description: 'Lead notes have been saved successfully.' },
    errorToast: 'Update Failed',
  })

  const changeStatus = (body: UpdateMatchStatusRequest) => statusMutation.mutate({ id: match.id, body })

  return (
    <div className="grid min-w-0 grid-cols-1 gap-5">
      <DialogHeader>
        <DialogTitle>{match.matchScore}% Compatibility</DialogTitle>
        <DialogDescription>{match.property.title}</DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={!!hidden} title={hidden} onClick={() => callForMatch(match, side)}>
          <Phone /> Call
        </Button>
        <MessageAgentButton
          match={match}
          side={side}
          locked={locked ? hidden : undefined}
          onSent={() => setStatus((s) => (s === 'new' || s === 'viewed' ? 'contacted' : s))}
        />
        <Button
          className="bg-success text-success-foreground hover:bg-success/90"
          disabled={!!hidden}
          title={hidden}
          onClick={() => whatsappForMatch(match, side)}
        >
          <MessageCircle /> WhatsApp
        </Button>
      </div>
      {counterpart?.contactHidden &&
        (locked ? <UnlockContact matchId={match.id} agentName={counterpart.fullName} /> : <ContactHiddenNotice agent={counterpart} />)}

      <section className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <Field id="match-status" label="Lead Status" className="min-w-0">
          <NativeSelect
            value={statusMutation.isPending ? statusMutation.variables.body.status : status}
            disabled={statusMutation.isPending}
            onChange={(e) => changeStatus({ status: e.target.value as MatchStatus })}
          >
            {matchStatusOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <MarkViewed
          status={status}
          pending={statusMutation.isPending}
          onMarkViewed={() => changeStatus({ status: 'viewed', viewedBy: side })}
        />
      </section>

      <section className="grid min-w-0 gap-2">
        <Field
          id="match-notes"
          label="Lead Notes"
          className="min-w-0"
          labelAction={
            <span className="text-xs text-muted-foreground" data-testid="notes-counter">
              {notes.length}/{NOTES_MAX}
            </span>
          }
        >
          <Textarea
            rows={3}
            maxLength={NOTES_MAX}
            placeholder="Add notes about this lead..."
            value={notes}
            onChange={(e) => setNotes(e.target.value.slice(0, NOTES_MAX))}
          />
        </Field>
        {notes !== savedNotes && (
          <Button
            className="justify-self-end"
            size="sm"
            disabled={notesMutation.isPending}
            onClick={() => notesMutation.mutate({ id: match.id, body: { notes } })}
          >
            {notesMutation.isPending ? <Loader2 className="animate-spin" /> : <Save />} Save Notes
          </Button>
        )}
      </section>

      <AgreementPanel match={match} side={side} />

      <section className="grid min-w-0 gap-2">
        <h3 className="font-semibold text-foreground">Match Score Breakdown</h3>
        <ScoreBreakdown breakdown={match.scoreBreakdown} />
      </section>

      <MatchParties match={match} side={side} />
    </div>
  )
}
