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
  purple: 'bg-purple-50 text-purple-700',
  blue: 'bg-blue-50 text-blue-700',
  green: 'bg-green-50 text-green-700',
  orange: 'bg-orange-50 text-orange-700',
  indigo: 'bg-indigo-50 text-indigo-700',
  yellow: 'bg-yellow-50 text-yellow-700',
  red: 'bg-red-50 text-red-700',
  teal: 'bg-teal-50 text-teal-700',
  pink: 'bg-pink-50 text-pink-700',
  cyan: 'bg-cyan-50 text-cyan-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  slate: 'bg-slate-100 text-slate-700',
  violet: 'bg-violet-50 text-violet-700',
  amber: 'bg-amber-50 text-amber-700',
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
        <p role="alert" className="w-full rounded bg-slate-100 px-2 py-1 text-xs text-slate-700">
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
    <li className={cn('grid min-w-0 content-start gap-2 rounded-lg border border-slate-200 p-3', className)} data-testid="advert">
      {image && ad.advertisementImage && (
        <img src={ad.advertisementImage} alt="" className="h-24 w-full rounded-md object-cover" loading="lazy" />
      )}
      <div className="flex min-w-0 items-start gap-3">
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tones[colorName(ad.color)])}>
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <h3 className="text-sm font-semibold break-words text-slate-900">{ad.title}</h3>
            {ad.badge && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600">{ad.badge}</span>}
          </div>
          {ad.highlight && <p className="text-xs font-medium text-slate-700">{ad.highlight}</p>}
          {ad.description && <p className="text-xs text-slate-500">{ad.description}</p>}
        </div>
      </div>
      {ad.offer && (
        <p className="flex items-center gap-1 text-xs font-medium text-emerald-700">
          <Sparkles className="size-3.5" aria-hidden /> {ad.offer}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {hasLink && <span className="min-w-0 text-xs break-words text-slate-500">{ad.contactInfo}</span>}
        <AdvertAction ad={ad} />
      </div>
    </li>
  )
}
