import * as React from 'react'
import { cn } from '@/lib/utils'

type CheckboxFieldProps = Omit<React.ComponentProps<'input'>, 'type' | 'onChange' | 'checked'> & {
  label: React.ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/** A native checkbox with its label. */
export function CheckboxField({ label, checked, onCheckedChange, className, id, ...props }: CheckboxFieldProps) {
  const generatedId = React.useId()
  const inputId = id ?? generatedId
  return (
    <label htmlFor={inputId} className={cn('flex cursor-pointer items-center gap-2 text-sm text-foreground', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="size-4 rounded border-muted-foreground/70 accent-primary"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        {...props}
      />
      {label}
    </label>
  )
}
