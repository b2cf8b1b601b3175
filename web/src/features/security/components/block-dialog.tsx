import { Loader2 } from 'lucide-react'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { addBlock } from '@/features/security/api/block-ip'
import { blockDurations } from '@/features/security/lib/security-format'
import { useApiMutation } from '@/lib/api-mutation'

/** The server checks the address, the time and the reason (field errors below each field). */
const blockSchema = z.object({ range: z.string(), minutes: z.number(), reason: z.string() })

type BlockDialogProps = {
  /** The address to block, filled in; '' for an empty form; null when closed. */
  initialRange: string | null
  onOpenChange: (open: boolean) => void
}

/** 'Block IP Address': an address or CIDR range, for a chosen time, with a reason. The server checks it (field errors below each field). */
export function BlockDialog({ initialRange, onOpenChange }: BlockDialogProps) {
  return (
    <Dialog open={initialRange !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Block IP Address</DialogTitle>
          <DialogDescription>
            Every request from the address or range gets 403 on all servers until the block ends or is lifted. Recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        {initialRange !== null && <BlockForm initialRange={initialRange} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function BlockForm({ initialRange, onDone }: { initialRange: string; onDone: () => void }) {
  const form = useZodForm(blockSchema, { range: initialRange, minutes: blockDurations[1].minutes, reason: '' })
  const { errors, isSubmitting } = form.formState
  const save = useApiMutation(addBlock, {
    successToast: (b) => ({ variant: 'success', title: 'Address blocked', description: `${b.range} is blocked` }),
    errorToast: 'Could not block the address',
    onSuccess: onDone,
    onError: (e) => setServerErrors(form, e.errors),
  })
  const onSubmit = form.handleSubmit(({ range, minutes, reason }) =>
    untilSettled(save.mutateAsync({ range: range.trim(), minutes, reason: reason.trim() })),
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <Field id="block-range" label="IP address or CIDR range" error={errors.range?.message} hint="e.g. 203.0.113.7 or 203.0.113.0/24">
        <Input autoComplete="off" spellCheck={false} {...form.register('range')} />
      </Field>
      <Field id="block-minutes" label="Block for" error={errors.minutes?.message}>
        <NativeSelect {...form.register('minutes', { valueAsNumber: true })}>
          {blockDurations.map((d) => (
            <option key={d.minutes} value={d.minutes}>
              {d.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="block-reason" label="Reason (optional)" error={errors.reason?.message}>
        <Input maxLength={200} {...form.register('reason')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Blocking...' : 'Block'}
        </Button>
      </DialogFooter>
    </form>
  )
}
