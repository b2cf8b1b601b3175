import * as React from 'react'
import { Loader2, Send } from 'lucide-react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useUnsavedChanges,
} from '@/components/ui/dialog'
import { Textarea } from '@/components/ui/textarea'
import { untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { toast } from '@/components/ui/use-toast'
import { sendMatchMessage } from '@/features/matches/api/update-match'
import { useApiMutation } from '@/lib/api-mutation'
import type { Match } from '@/lib/api-schemas'
import { counterpartAgent, matchMessage, type MatchSide } from '@/shared/contact'

/** The longest message the server takes (docs/product.md#messages). */
export const MATCH_MESSAGE_MAX = 2000

/** A blank message is not sent (Send stays disabled), so there is no error to show. */
const matchMessageSchema = z.object({ text: z.string() })

type MessageAgentButtonProps = {
  match: Match
  side: MatchSide
  size?: 'sm' | 'default'
  /** Called after the server took the message (it then marks the sender's side contacted if it was new or viewed). */
  onSent?: () => void
}

/**
 * 'Message' on a match (docs/product.md#matches): opens a composer with the professional message
 * prefilled and editable; Send posts it (POST /api/messages with matchId) and is disabled while
 * sending, so repeated taps cannot send it twice.
 */
export function MessageAgentButton({ match, side, size = 'default', onSent }: MessageAgentButtonProps) {
  const [open, setOpen] = React.useState(false)
  const agent = counterpartAgent(match, side)
  const onClick = () => {
    if (!agent) {
      toast({ variant: 'destructive', title: 'Agent information not available' })
      return
    }
    setOpen(true)
  }
  return (
    <>
      <Button size={size} variant="outline" onClick={onClick}>
        <Send /> Message
      </Button>
      {agent && (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent className="max-w-lg" data-testid="match-message-composer">
            <DialogHeader>
              <DialogTitle>Message {agent.fullName}</DialogTitle>
              <DialogDescription>Edit the message as you like before sending it.</DialogDescription>
            </DialogHeader>
            {open && (
              <MatchMessageForm
                match={match}
                side={side}
                receiverId={agent.id}
                onCancel={() => setOpen(false)}
                onSent={() => {
                  setOpen(false)
                  onSent?.()
                }}
              />
            )}
          </DialogContent>
        </Dialog>
      )}
    </>
  )
}

function MatchMessageForm({
  match,
  side,
  receiverId,
  onCancel,
  onSent,
}: {
  match: Match
  side: MatchSide
  receiverId: number
  onCancel: () => void
  onSent: () => void
}) {
  const prefilled = React.useMemo(() => matchMessage(match, side), [match, side])
  const form = useZodForm(matchMessageSchema, { text: prefilled })
  const text = useWatch({ control: form.control, name: 'text' })
  const send = useApiMutation(sendMatchMessage, {
    exclusive: true,
    successToast: { variant: 'success', title: 'Message Sent', description: 'Your professional message has been sent to the agent' },
    errorToast: (error) => ({
      variant: 'destructive',
      title: 'Failed to Send Message',
      description: error.message || 'Could not send message',
    }),
    onSuccess: onSent,
  })
  useUnsavedChanges(text !== prefilled && !send.isSuccess)
  const content = text.trim()
  return (
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit(async () => {
        if (content) await untilSettled(send.mutateAsync({ receiverId, content, matchId: match.id }))
      })}
    >
      <Textarea aria-label="Message" rows={8} maxLength={MATCH_MESSAGE_MAX} data-testid="match-message-text" {...form.register('text')} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!content || form.formState.isSubmitting || send.isPending} data-testid="match-message-send">
          {send.isPending ? <Loader2 className="animate-spin" /> : <Send />} {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </DialogFooter>
    </form>
  )
}
