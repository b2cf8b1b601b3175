import * as React from 'react'
import {
  Camera,
  CreditCard,
  ExternalLink,
  FileText,
  Globe,
  Mail,
  Phone,
  Shield,
  Sparkles,
  Star,
  TrendingUp,
  Users,
  Zap,
} from 'lucide-react'
import { Button } from '@/components/ui/button'
import { advertLink } from '@/features/advertisements/lib/advert-link'
import { colorName } from '@/shared/advert-options'
import type { Advertisement } from '@/lib/api-schemas'
import { cn } from '@/lib/utils'

const icons = { Camera, FileText, CreditCard, TrendingUp, Shield, Zap, Star, Users, Phone, Mail, Globe } as const

/** The icon tile of each banner colour: whole class names, so Tailwind keeps them (no inline style under the CSP). */
const tones: Record<string, string> = {
  purple: 'bg-tag-purple/10 text-tag-purple-text',
  blue: 'bg-tag-blue/10 text-tag-blue-text',
  green: 'bg-tag-green/10 text-tag-green-text',
  orange: 'bg-tag-orange/10 text-tag-orange-text',
  indigo: 'bg-tag-indigo/10 text-tag-indigo-text',
  yellow: 'bg-tag-yellow/10 text-tag-yellow-text',
  red: 'bg-tag-red/10 text-tag-red-text',
  teal: 'bg-tag-teal/10 text-tag-teal-text',
  pink: 'bg-tag-pink/10 text-tag-pink-text',
  cyan: 'bg-tag-cyan/10 text-tag-cyan-text',
  emerald: 'bg-tag-emerald/10 text-tag-emerald-text',
  slate: 'bg-tag-slate/10 text-tag-slate-text',
  violet: 'bg-tag-violet/10 text-tag-violet-text',
  amber: 'bg-tag-amber/10 text-tag-amber-text',
}

/** The advert's action: its website, its dialler, or (with neither) the contact text in an alert. */
function AdvertAction({ ad }: { ad: Advertisement }) {
  const [shown, setShown] = React.useState(false)
  const link = advertLink(ad)
  if (link) {
    return (
      <Button asChild size="sm" variant="outline" className="h-8">
        <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {ad.buttonText}
          {link.external && <ExternalLink aria-hidden />}
        </a>
      </Button>
    )
  }
  if (!ad.contactInfo) return null
  return (
    <>
      <Button size="sm" variant="outline" className="h-8" onClick={() => setShown(true)}>
        {ad.buttonText}
      </Button>
      {shown && (
        <p role="alert" className="w-full rounded bg-muted px-2 py-1 text-xs text-subtle-foreground">
          {ad.contactInfo}
        </p>
      )}
    </>
  )
}

/** One advert (the one owner of its markup): in a list, the rail and the carousels. `image` shows its picture (the compact banner). */
export function AdvertCard({ ad, image = false, className }: { ad: Advertisement; image?: boolean; className?: string }) {
  const Icon = icons[ad.iconName as keyof typeof icons] ?? Star
  const hasLink = advertLink(ad) !== null
  return (
    <li className={cn('grid min-w-0 content-start gap-2 rounded-lg border border-border p-3', className)} data-testid="advert">
      {image && ad.advertisementImage && (
        <img src={ad.advertisementImage} alt="" className="h-24 w-full rounded-md object-cover" loading="lazy" />
      )}
      <div className="flex min-w-0 items-start gap-3">
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tones[colorName(ad.color)])}>
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <h3 className="text-sm font-semibold break-words text-foreground">{ad.title}</h3>
            {ad.badge && <span className="rounded bg-muted px-1.5 py-0.5 text-[11px] font-medium text-subtle-foreground">{ad.badge}</span>}
          </div>
          {ad.highlight && <p className="text-xs font-medium text-subtle-foreground">{ad.highlight}</p>}
          {ad.description && <p className="text-xs text-muted-foreground">{ad.description}</p>}
        </div>
      </div>
      {ad.offer && (
        <p className="flex items-center gap-1 text-xs font-medium text-success">
          <Sparkles className="size-3.5" aria-hidden /> {ad.offer}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {hasLink && <span className="min-w-0 text-xs break-words text-muted-foreground">{ad.contactInfo}</span>}
        <AdvertAction ad={ad} />
      </div>
    </li>
  )
}
