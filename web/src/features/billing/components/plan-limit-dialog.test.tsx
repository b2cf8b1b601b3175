import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Button } from '@/components/ui/button'
import { PlanLimitDialog } from '@/features/billing/components/plan-limit-dialog'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation, useApiMutation } from '@/lib/api-mutation'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const createRequirement = apiMutation({
  mutationFn: () => unwrap(api.POST('/api/requirements', { body: {} as never })),
})

/** Any form's write, with its own error toast and handler, as the listing and requirement forms have. */
function AnyForm({ onError }: { onError: () => void }) {
  const save = useApiMutation(createRequirement, { errorToast: 'Failed to post requirement', onError })
  return <Button onClick={() => save.mutate()}>Post</Button>
}

const limitMessage = 'Your Starter plan allows 10 active requirements. Upgrade to Professional for 50, or mark a requirement inactive.'

describe('PlanLimitDialog', () => {
  it('answers a 402 plan_limit from any write with the server message and a way to the plans, instead of the form toast', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'POST /api/requirements': { status: 402, body: { code: 'plan_limit', message: limitMessage } },
    })
    const onError = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(
      <>
        <PlanLimitDialog />
        <AnyForm onError={onError} />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Post' }))
    const dialog = await screen.findByTestId('plan-limit-dialog')
    expect(dialog).toHaveTextContent('Plan limit reached')
    expect(dialog).toHaveTextContent(limitMessage)
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing')
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument()
    expect(onError).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Not now' }))
    expect(screen.queryByTestId('plan-limit-dialog')).not.toBeInTheDocument()
  })

  it('leaves other refusals to the form', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'POST /api/requirements': { status: 402, body: { code: 'no_credits', message: 'You have no credits left.' } },
    })
    const onError = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(
      <>
        <PlanLimitDialog />
        <AnyForm onError={onError} />
      </>,
    )
    await user.click(screen.getByRole('button', { name: 'Post' }))
    await expectToast('Failed to post requirement', 'You have no credits left.')
    expect(onError).toHaveBeenCalled()
    expect(screen.queryByTestId('plan-limit-dialog')).not.toBeInTheDocument()
  })
})
