import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { EmailTestType } from '@/features/email-test/lib/email-types'

/** POST /api/test-email: sends the sample through the real mail path. */
export const sendTestEmail = apiMutation({
  mutationFn: (body: { type: EmailTestType; testEmail?: string }) => unwrap(api.POST('/api/test-email', { body })),
})
