import * as React from 'react'
import { CheckCircle2, Loader2, MessageCircle, Phone, Save } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { useUpdateMatchNotes } from '@/features/matches/api/update-match-notes'
import { useUpdateMatchStatus } from '@/features/matches/api/update-match-status'
import { MatchParties } from '@/features/matches/components/match-parties'
import { ScoreBreakdown } from '@/features/matches/components/score-breakdown'
import { NOTES_MAX, matchStatusLabel, matchStatusOptions } from '@/features/matches/lib/match-labels'
import type { Match, MatchStatus, UpdateMatchStatusRequest } from '@/lib/api-schemas'
import { callForMatch, whatsappForMatch, type MatchSide } from '@/lib/contact'

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
      <DialogContent className="max-w-2xl">
        {match && <MatchDetails key={match.id} match={match} side={side} />}
      </DialogContent>
    </Dialog>
  )
}

function MatchDetails({ match, side }: { match: Match; side: MatchSide }) {
  const [status, setStatus] = React.useState<MatchStatus>(match.status)
  const [savedNotes, setSavedNotes] = React.useState(match.notes ?? '')
  const [notes, setNotes] = React.useState(match.notes ?? '')

  const statusMutation = useUpdateMatchStatus({
    onSuccess: (updated) => setStatus(updated?.status ?? status),
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to update match', description: error.message }),
  })
  const notesMutation = useUpdateMatchNotes({
    onSuccess: (updated, variables) => {
      const text = updated?.notes ?? variables.body.notes
      setSavedNotes(text)
      setNotes(text)
      toast({ variant: 'success', title: 'Notes Updated', description: 'Lead notes have been saved successfully.' })
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Update Failed', description: error.message }),
  })

  const changeStatus = (body: UpdateMatchStatusRequest) => statusMutation.mutate({ id: match.id, body })

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{match.matchScore}% Compatibility</DialogTitle>
        <DialogDescription>{match.property.title}</DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => callForMatch(match, side)}>
          <Phone /> Call
        </Button>
        <Button className="bg-emerald-600 hover:bg-emerald-700" onClick={() => whatsappForMatch(match, side)}>
          <MessageCircle /> WhatsApp
        </Button>
      </div>

      <section className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor="match-status">Lead Status</Label>
          <NativeSelect
            id="match-status"
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
        </div>
        <Button
          variant="outline"
          disabled={status !== 'new' || statusMutation.isPending}
          onClick={() => changeStatus({ status: 'viewed', viewedBy: side })}
          data-testid="mark-viewed"
        >
          <CheckCircle2 /> {status === 'new' ? 'Mark Viewed' : matchStatusLabel(status)}
        </Button>
      </section>

      <section className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="match-notes">Lead Notes</Label>
          <span className="text-xs text-slate-500" data-testid="notes-counter">
            {notes.length}/{NOTES_MAX}
          </span>
        </div>
        <Textarea
          id="match-notes"
          rows={3}
          maxLength={NOTES_MAX}
          placeholder="Add notes about this lead..."
          value={notes}
          onChange={(e) => setNotes(e.target.value.slice(0, NOTES_MAX))}
        />
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

      <section className="grid gap-2">
        <h3 className="font-semibold text-slate-900">Match Score Breakdown</h3>
        <ScoreBreakdown breakdown={match.scoreBreakdown} />
      </section>

      <MatchParties match={match} side={side} />
    </div>
  )
}
