import { ChevronRight, CircleHelp, Headset, Info, LifeBuoy } from 'lucide-react'
import { Link } from 'react-router'
import { SettingsCard } from '@/features/settings/components/settings-card'
import { useVersion } from '@/lib/version'
import { paths } from '@/app/paths'

function Row({ to, icon, label }: { to: string; icon: React.ReactNode; label: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium text-foreground hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {icon}
      <span className="flex-1">{label}</span>
      <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
    </Link>
  )
}

/** Support & Help: the help page, its support contact, and the version of the running build. */
export function SupportSection() {
  const version = useVersion()
  return (
    <SettingsCard
      id="support"
      title="Support & Help"
      description="Answers to common questions, and how to reach the PropMatch team."
      icon={<LifeBuoy className="size-5 text-primary" aria-hidden />}
    >
      <nav aria-label="Support" className="-mx-2 grid gap-1">
        <Row to={paths.help.to()} icon={<CircleHelp className="size-4 text-muted-foreground" aria-hidden />} label="Help Center" />
        <Row
          to={paths.help.to({ section: 'contact' })}
          icon={<Headset className="size-4 text-muted-foreground" aria-hidden />}
          label="Contact Support"
        />
      </nav>
      <p className="flex items-center gap-3 border-t border-border/60 pt-3 text-sm text-subtle-foreground" data-testid="app-version">
        <Info className="size-4 text-muted-foreground" aria-hidden />
        <span className="flex-1">Version</span>
        <span className="font-mono text-foreground" title={version.data?.revision || undefined}>
          {version.isPending ? '…' : version.isError ? 'Unavailable' : version.data.version}
        </span>
      </p>
    </SettingsCard>
  )
}
