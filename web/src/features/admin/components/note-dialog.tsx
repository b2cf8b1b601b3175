import { Loader2 } from 'lucide-react'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Textarea } from '@/components/ui/textarea'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import type { ApiError } from '@/lib/api-client'

/** What an admin writes when deciding an item: a required note, sent under the server's field name. */
export interface NoteDialogProps {
  open: boolean
  onClose: () => void
  title: string
  description: string
  /** The field's id and label. */
  id: string
  label: string
  /** Shown when the note is left blank. */
  required: string
  maxLength: number
  rows: number
  submitLabel: string
  destructive?: boolean
  /** Sends the trimmed note; the answer's field errors show under the note. */
  send: (note: string) => Promise<unknown>
  pending: boolean
}

/** One dialog for an admin's decision with a note (a RERA rejection's reason, a dispute's resolution). */
export function NoteDialog(props: NoteDialogProps) {
  const { open, onClose, title, description } = props
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && <NoteForm {...props} />}
      </DialogContent>
    </Dialog>
  )
}

function NoteForm({ onClose, id, label, required, maxLength, rows, submitLabel, destructive, send, pending }: NoteDialogProps) {
  const schema = z.object({
    note: z
      .string()
      .refine((v) => v.trim() !== '', required)
      .refine((v) => v.trim().length <= maxLength, `At most ${maxLength} characters`),
  })
  const form = useZodForm(schema, { note: '' })
  const onSubmit = form.handleSubmit((v) =>
    untilSettled(
      send(v.note.trim()).catch((e: ApiError) => {
        // The server names the field as it calls it (`reason`, `note`): every field error is this note's.
        setServerErrors(form, e.errors, (fe) => ({ ...fe, path: 'note' }))
      }),
    ),
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      <Field id={id} label={label} error={form.formState.errors.note?.message}>
        <Textarea rows={rows} maxLength={maxLength} {...form.register('note')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending && <Loader2 className="animate-spin" />} {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  )
}
