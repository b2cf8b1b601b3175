import { Loader2, Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { sendMatchMessage } from '@/features/matches/api/match-writes'
import { useApiMutation } from '@/lib/api-mutation'
import type { Match } from '@/lib/api-schemas'
import { counterpartAgent, matchMessage, type MatchSide } from '@/lib/contact'

type MessageAgentButtonProps = {
  match: Match
  side: MatchSide
  size?: 'sm' | 'default'
  /** Called after the server took the message (it then marks the sender's side contacted if it was new or viewed). */
  onSent?: () => void
}

/** Sends the counterpart agent an in-app professional message about the match (POST /api/messages with matchId). */
export function MessageAgentButton({ match, side, size = 'default', onSent }: MessageAgentButtonProps) {
  const send = useApiMutation(sendMatchMessage, {
    successToast: { variant: 'success', title: 'Message Sent', description: 'Your professional message has been sent to the agent' },
    errorToast: (error) => ({
      variant: 'destructive',
      title: 'Failed to Send Message',
      description: error.message || 'Could not send message',
    }),
    onSuccess: onSent,
  })
  const onClick = () => {
    const agent = counterpartAgent(match, side)
    if (!agent) {
      toast({ variant: 'destructive', title: 'Agent information not available' })
      return
    }
    send.mutate({ receiverId: agent.id, content: matchMessage(match, side), matchId: match.id })
  }
  return (
    <Button size={size} variant="outline" onClick={onClick} disabled={send.isPending}>
      {send.isPending ? <Loader2 className="animate-spin" /> : <Send />} Message
    </Button>
  )
}
