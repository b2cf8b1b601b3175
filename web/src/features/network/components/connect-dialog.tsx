import * as React from 'react'
import { Loader2, Send } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { useSendConnectionRequest } from '@/features/network/api/send-connection-request'
import { introMessage } from '@/features/network/lib/intro-message'
import type { DirectoryAgent, User } from '@/lib/api-schemas'

type ConnectDialogProps = {
  agent: DirectoryAgent | null
  sender: Pick<User, 'fullName' | 'city'>
  onOpenChange: (open: boolean) => void
}

/** 'Send Connection Request': a 4-row introduction prefilled from the template; open while an agent is set. */
export function ConnectDialog({ agent, sender, onOpenChange }: ConnectDialogProps) {
  return (
    <Dialog open={!!agent} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        {agent && <ConnectForm key={agent.id} agent={agent} sender={sender} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function ConnectForm({ agent, sender, onDone }: { agent: DirectoryAgent; sender: ConnectDialogProps['sender']; onDone: () => void }) {
  const [message, setMessage] = React.useState(() => introMessage(sender, agent))
  const send = useSendConnectionRequest({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Connection request sent successfully' })
      onDone()
    },
    onError: (error) =>
      error.status === 409
        ? toast({ variant: 'destructive', title: 'Connection Already Exists', description: 'You are already connected with this agent' })
        : toast({ variant: 'destructive', title: 'Error', description: error.message || 'Failed to send connection request' }),
  })
  const text = message.trim()
  return (
    <form
      className="grid min-w-0 gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        if (text) send.mutate({ recipientId: agent.id, message: text })
      }}
    >
      <DialogHeader>
        <DialogTitle>Send Connection Request</DialogTitle>
        <DialogDescription>Introduce yourself to {agent.fullName}.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="connection-message">Message</Label>
        <Textarea id="connection-message" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} className="min-h-0" />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!text || send.isPending}>
          {send.isPending ? <Loader2 className="animate-spin" /> : <Send />} Send Request
        </Button>
      </DialogFooter>
    </form>
  )
}
