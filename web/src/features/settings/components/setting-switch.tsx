import * as React from 'react'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'

type SettingSwitchProps = {
  id: string
  label: string
  description: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  children?: React.ReactNode
}

/** A setting with its switch on the right and what it does under its name; children show below (channels). */
export function SettingSwitch({ id, label, description, checked, onCheckedChange, children }: SettingSwitchProps) {
  return (
    <div className="grid gap-2 border-b border-border/60 pb-4 last:border-b-0 last:pb-0">
      <div className="flex items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={id}>{label}</Label>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={`${id}-description`} />
      </div>
      {children}
    </div>
  )
}
