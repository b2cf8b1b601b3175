import * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useSettings, type Settings } from '@/shared/settings'

type SettingsCardProps = { id: string; title: string; description: string; icon: React.ReactNode; children: React.ReactNode }

/** One section of the Settings page: a card with a title, a line of description and its rows. */
export function SettingsCard({ id, title, description, icon, children }: SettingsCardProps) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region" data-testid={`settings-${id}`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

/** Renders children with the saved settings once loaded; a spinner or the error before. */
export function WithSettings({ children }: { children: (settings: Settings) => React.ReactNode }) {
  const settings = useSettings()
  if (settings.isPending) return <Spinner className="size-5" />
  if (settings.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        Failed to load your settings: {settings.error.message}
      </p>
    )
  return <>{children(settings.data)}</>
}
