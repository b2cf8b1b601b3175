import { Loader2, Send } from 'lucide-react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Textarea } from '@/components/ui/textarea'
import { untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { sendConnectionRequest } from '@/shared/connections'
import { introMessage } from '@/shared/intro-message'
import { useApiMutation } from '@/lib/api-mutation'
import type { AgentType, User } from '@/lib/api-schemas'

/** The agent a request goes to: what the introduction names. */
export type ConnectTarget = { id: number; fullName: string; city?: string | null; agentType?: AgentType | null }

/** A blank introduction is not sent (Send stays disabled), so there is no error to show. */
const connectSchema = z.object({ message: z.string() })

type ConnectDialogProps = {
  agent: ConnectTarget | null
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

function ConnectForm({ agent, sender, onDone }: { agent: ConnectTarget; sender: ConnectDialogProps['sender']; onDone: () => void }) {
  const form = useZodForm(connectSchema, { message: introMessage(sender, agent) })
  const message = useWatch({ control: form.control, name: 'message' })
  const send = useApiMutation(sendConnectionRequest, {
    exclusive: true,
    successToast: 'Connection request sent successfully',
    errorToast: (error) =>
      error.status === 409
        ? { variant: 'destructive', title: 'Connection Already Exists', description: 'You are already connected with this agent' }
        : { variant: 'destructive', title: 'Error', description: error.message || 'Failed to send connection request' },
    onSuccess: onDone,
  })
  const text = message.trim()
  return (
    <form
      className="grid min-w-0 gap-4"
      onSubmit={form.handleSubmit(async () => {
        if (text) await untilSettled(send.mutateAsync({ recipientId: agent.id, message: text }))
      })}
    >
      <DialogHeader>
        <DialogTitle>Send Connection Request</DialogTitle>
        <DialogDescription>Introduce yourself to {agent.fullName}.</DialogDescription>
      </DialogHeader>
      <Field id="connection-message" label="Message">
        <Textarea rows={4} className="min-h-0" {...form.register('message')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={!text || form.formState.isSubmitting || send.isPending}>
          {send.isPending ? <Loader2 className="animate-spin" /> : <Send />} Send Request
        </Button>
      </DialogFooter>
    </form>
  )
}
