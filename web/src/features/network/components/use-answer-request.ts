import { toast } from '@/components/ui/use-toast'
import { useAnswerConnection, type AnswerConnectionVariables } from '@/features/network/api/answer-connection'
import type { Connection } from '@/lib/api-schemas'

/** Accept or decline with the spec's toasts (part 2 section 8). */
export function useAnswerRequest({ onAnswered }: { onAnswered?: (connection: Connection, variables: AnswerConnectionVariables) => void } = {}) {
  return useAnswerConnection({
    onSuccess: (connection, variables) => {
      toast({ variant: 'success', title: variables.status === 'accepted' ? 'Connection request accepted' : 'Connection request declined' })
      onAnswered?.(connection, variables)
    },
    onError: (error, variables) =>
      toast({
        variant: 'destructive',
        title: variables.status === 'accepted' ? 'Failed to accept connection' : 'Failed to decline connection',
        description: error.message,
      }),
  })
}
