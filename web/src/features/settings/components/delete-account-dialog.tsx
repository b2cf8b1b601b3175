import { Loader2 } from 'lucide-react'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { useZodForm } from '@/components/ui/use-zod-form'

const deleteAccountSchema = z.object({ password: z.string().min(1, 'Enter your password to confirm') })

type DeleteAccountDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  onDelete: (password: string) => void
  pending: boolean
  error?: string
}

/** 'Delete your account?': what goes and what stays, then the password to confirm. */
export function DeleteAccountDialog({ open, onOpenChange, ...form }: DeleteAccountDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {/* Inside the content, so the password is forgotten whenever the dialog closes. */}
        <DeleteAccountForm {...form} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function DeleteAccountForm({
  onDelete,
  onCancel,
  pending,
  error,
}: Omit<DeleteAccountDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const form = useZodForm(deleteAccountSchema, { password: '' })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(({ password }) => onDelete(password))
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone.</DialogDescription>
      </DialogHeader>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-subtle-foreground">
        <li>Your profile, listings, requirements and their clients are deleted, and so are their matches.</li>
        <li>Your connections, course enrolments, certificates and photos are deleted.</li>
        <li>Messages you exchanged stay with the other agents, shown as from &ldquo;Deleted agent&rdquo;.</li>
        <li>You are signed out everywhere; your username, email and phone can be used for a new account.</li>
      </ul>
      <p className="text-sm text-subtle-foreground">Download your data first if you want a copy.</p>
      <Field id="delete-account-password" label="Your password" error={errors.password?.message ?? error}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Keep My Account
        </Button>
        <Button type="submit" variant="destructive" disabled={isSubmitting || pending}>
          {pending && <Loader2 className="animate-spin" />}
          {pending ? 'Deleting...' : 'Delete My Account'}
        </Button>
      </DialogFooter>
    </form>
  )
}
