import { answerConnection, type AnswerConnectionVariables } from '@/features/network/api/answer-connection'
import type { Connection } from '@/lib/api-schemas'
import { useApiMutation } from '@/lib/api-mutation'

/** Accept or decline, with a toast for the outcome (docs/product.md#connections). */
export function useAnswerRequest({
  onAnswered,
}: { onAnswered?: (connection: Connection, variables: AnswerConnectionVariables) => void } = {}) {
  return useApiMutation(answerConnection, {
    exclusive: true,
    successToast: (_, { status }) => ({
      variant: 'success',
      title: status === 'accepted' ? 'Connection request accepted' : 'Connection request declined',
    }),
    errorToast: (error, { status }) => ({
      variant: 'destructive',
      title: status === 'accepted' ? 'Failed to accept connection' : 'Failed to decline connection',
      description: error.message,
    }),
    onSuccess: onAnswered,
  })
}
