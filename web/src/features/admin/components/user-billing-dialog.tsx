import { Loader2 } from 'lucide-react'
import { useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import type { AdminBillingPlan } from '@/features/admin/api/get-admin-billing'
import type { AdminUser } from '@/features/admin/api/get-admin-data'
import { adjustCredits, setUserPlan } from '@/features/admin/api/save-billing'
import { creditsFormSchema, creditsPaise, setPlanBody, setPlanFormSchema } from '@/features/admin/lib/billing-form'
import { useApiMutation } from '@/lib/api-mutation'
import { formatPaise, leadsLabel } from '@/shared/billing'

type UserBillingDialogProps = { user: AdminUser | null; plans: AdminBillingPlan[]; onOpenChange: (open: boolean) => void }

/** An agent's credits and plan, changed by an admin with a reason; both are audited (docs/product.md#billing). */
export function UserBillingDialog({ user, plans, onOpenChange }: UserBillingDialogProps) {
  return (
    <Dialog open={!!user} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" data-testid="user-billing-dialog">
        <DialogHeader>
          <DialogTitle>Billing of {user?.fullName}</DialogTitle>
          <DialogDescription>Credit adjustments and plan changes are recorded in the ledger and the audit log.</DialogDescription>
        </DialogHeader>
        {user && (
          <div className="grid gap-6">
            <CreditsForm key={`credits-${user.id}`} user={user} />
            <PlanForm key={`plan-${user.id}`} user={user} plans={plans} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}

function CreditsForm({ user }: { user: AdminUser }) {
  const form = useZodForm(creditsFormSchema, { amount: '', reason: '' })
  const { errors, isSubmitting } = form.formState
  const save = useApiMutation(adjustCredits, {
    successToast: (b) => ({
      variant: 'success',
      title: 'Credits adjusted',
      description: `${user.fullName} now has ${formatPaise(b.balancePaise)} (${leadsLabel(b.leads)}).`,
    }),
    errorToast: 'Could not adjust the credits',
    onSuccess: () => form.reset({ amount: '', reason: '' }),
    onError: (e) => setServerErrors(form, e.errors, ({ path, message }) => ({ path: path === 'amountPaise' ? 'amount' : path, message })),
  })
  const onSubmit = form.handleSubmit((v) =>
    untilSettled(save.mutateAsync({ id: user.id, amountPaise: creditsPaise(v.amount), reason: v.reason.trim() })),
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Adjust credits">
      <h3 className="font-semibold text-foreground">Adjust credits</h3>
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Field id="credits-amount" label="Amount (₹)" error={errors.amount?.message} hint="500 adds ₹500; -500 takes it.">
          <Input inputMode="decimal" {...form.register('amount')} />
        </Field>
        <Field id="credits-reason" label="Reason" error={errors.reason?.message}>
          <Input maxLength={120} {...form.register('reason')} />
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />} Adjust credits
        </Button>
      </div>
    </form>
  )
}

function PlanForm({ user, plans }: { user: AdminUser; plans: AdminBillingPlan[] }) {
  const form = useZodForm(setPlanFormSchema, { plan: 'professional', months: '1', listings: '', requirements: '' })
  const { errors, isSubmitting } = form.formState
  const plan = useWatch({ control: form.control, name: 'plan' })
  const save = useApiMutation(setUserPlan, {
    successToast: (p) => ({ variant: 'success', title: 'Plan set', description: `${user.fullName} is on ${p.name}.` }),
    errorToast: 'Could not set the plan',
    onError: (e) => setServerErrors(form, e.errors, ({ path, message }) => ({ path: path.replace(/^limits\./, ''), message })),
  })
  const onSubmit = form.handleSubmit((v) => untilSettled(save.mutateAsync({ id: user.id, body: setPlanBody(v) })))
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="Set plan">
      <h3 className="font-semibold text-foreground">Set plan</h3>
      <div className="grid grid-cols-2 gap-3">
        <Field id="set-plan-plan" label="Plan" error={errors.plan?.message}>
          <NativeSelect {...form.register('plan')}>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="set-plan-months" label="Months" error={errors.months?.message}>
          <Input inputMode="numeric" {...form.register('months')} />
        </Field>
        {plan === 'enterprise' && (
          <>
            <Field id="set-plan-listings" label="Active listings" error={errors.listings?.message} hint="Empty: the plan's limit">
              <Input inputMode="numeric" {...form.register('listings')} />
            </Field>
            <Field
              id="set-plan-requirements"
              label="Active requirements"
              error={errors.requirements?.message}
              hint="Empty: the plan's limit"
            >
              <Input inputMode="numeric" {...form.register('requirements')} />
            </Field>
          </>
        )}
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />} Set plan
        </Button>
      </div>
    </form>
  )
}
