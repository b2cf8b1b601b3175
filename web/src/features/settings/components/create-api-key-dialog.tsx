import * as React from 'react'
import { Controller } from 'react-hook-form'
import { Check, Copy, Loader2, TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field, FieldSet } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { createApiKey, type ApiKeyCreated } from '@/features/settings/api/manage-api-keys'
import { apiKeyBody, apiKeyFormSchema, emptyApiKeyForm } from '@/features/settings/lib/api-key-form'
import { useApiMutation } from '@/lib/api-mutation'

type CreateApiKeyDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/** 'Create API key': name, scopes and an optional expiry; then the key, shown this once, with a copy button. */
export function CreateApiKeyDialog({ open, onOpenChange }: CreateApiKeyDialogProps) {
  const [created, setCreated] = React.useState<ApiKeyCreated | null>(null)
  const close = (next: boolean) => {
    if (!next) setCreated(null) // the key is forgotten once the dialog closes
    onOpenChange(next)
  }
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg" data-testid="create-api-key-dialog">
        {created ? (
          <ShowKey created={created} onDone={() => close(false)} />
        ) : (
          <CreateForm onCreated={setCreated} onCancel={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function CreateForm({ onCreated, onCancel }: { onCreated: (k: ApiKeyCreated) => void; onCancel: () => void }) {
  const form = useZodForm(apiKeyFormSchema, emptyApiKeyForm)
  const { errors, isSubmitting } = form.formState
  const create = useApiMutation(createApiKey, {
    errorToast: 'Could not create the key',
    onSuccess: onCreated,
    onError: (e) =>
      setServerErrors(form, e.errors, ({ path, message }) => ({
        path: path === 'expiresAt' ? 'expiresOn' : path === 'scopes' ? 'read' : path,
        message,
      })),
  })
  const onSubmit = form.handleSubmit((v) => untilSettled(create.mutateAsync(apiKeyBody(v))))
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Create API key">
      <DialogHeader>
        <DialogTitle>Create API key</DialogTitle>
        <DialogDescription>The key acts as you, with the scopes you choose.</DialogDescription>
      </DialogHeader>
      <Field id="api-key-name" label="Name" error={errors.name?.message} hint="What uses it, e.g. “Agency website”.">
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <FieldSet legend="Scopes" error={errors.read?.message}>
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="read"
            render={({ field }) => <Checkbox id="api-key-read" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />}
          />
          <Label htmlFor="api-key-read">Read: listings, requirements, matches and the rest of your data</Label>
        </div>
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="write"
            render={({ field }) => (
              <Checkbox id="api-key-write" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
            )}
          />
          <Label htmlFor="api-key-write">Write: add and change listings, requirements and match status</Label>
        </div>
      </FieldSet>
      <Field
        id="api-key-expiry"
        label="Expires on (optional)"
        error={errors.expiresOn?.message}
        hint="The key works through this day; empty never expires."
      >
        <Input type="date" {...form.register('expiresOn')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Loader2 className="animate-spin" />}
          Create key
        </Button>
      </DialogFooter>
    </form>
  )
}

function ShowKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const [copied, setCopied] = React.useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key)
      setCopied(true)
    } catch {
      setCopied(false) // the key stays selectable in the box
    }
  }
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Your new API key</DialogTitle>
        <DialogDescription>{created.name}</DialogDescription>
      </DialogHeader>
      <p className="flex gap-2 rounded-lg border border-border bg-muted p-3 text-sm text-foreground" role="alert">
        <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
        Copy it now: this is the only time PropMatch shows it. Keep it secret, like a password.
      </p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 rounded-md border border-input bg-card p-2 text-sm break-all select-all" data-testid="new-api-key">
          {created.key}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={copy} aria-label="Copy the key">
          {copied ? <Check /> : <Copy />} {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  )
}
