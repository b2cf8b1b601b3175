import * as React from 'react'
import { Slot } from 'radix-ui'
import { FormMessage } from '@/components/ui/form-message'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

type FieldProps = {
  /** The control's id: the label points at it, and the hint's id is `${id}-hint`. */
  id: string
  label: React.ReactNode
  /** The error line under the control; the control is aria-invalid while there is one. */
  error?: string
  /** A line under the control describing it (linked by aria-describedby); an empty string keeps an empty line. */
  hint?: React.ReactNode
  /** Extra props of the hint's line (its class is merged). */
  hintProps?: React.ComponentProps<'p'> & { 'data-testid'?: string }
  /** Shown at the end of the label's row, e.g. a "Forgot password?" link. */
  labelAction?: React.ReactNode
  className?: string
  /** The control. It receives id, aria-invalid and aria-describedby (its own props win). */
  children: React.ReactElement
}

/** A form field: label, control, optional hint and the error line, wired together for assistive technology. */
export function Field({ id, label, error, hint, hintProps, labelAction, className, children }: FieldProps) {
  const hasHint = hint !== undefined && hint !== null && hint !== false
  const hintId = hasHint ? `${id}-hint` : undefined
  const labelNode = <Label htmlFor={id}>{label}</Label>
  return (
    <div className={cn('grid gap-2', className)}>
      {labelAction ? (
        <div className="flex items-center justify-between gap-2">
          {labelNode}
          {labelAction}
        </div>
      ) : (
        labelNode
      )}
      <Slot.Root id={id} aria-invalid={!!error} aria-describedby={hintId}>
        {children}
      </Slot.Root>
      {hasHint && (
        <p id={hintId} {...hintProps} className={cn('text-xs text-muted-foreground', hintProps?.className)}>
          {hint}
        </p>
      )}
      <FormMessage>{error}</FormMessage>
    </div>
  )
}

/** A group of choices (e.g. a radio grid) under its legend, with the error line. */
export function FieldSet({ legend, error, children }: { legend: React.ReactNode; error?: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">{legend}</legend>
      {children}
      <FormMessage>{error}</FormMessage>
    </fieldset>
  )
}
