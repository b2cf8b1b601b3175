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
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useAdvertisements } from '@/features/advertisements/api/get-advertisements'
import type { Advertisement } from '@/lib/api-schemas'
import { telLink } from '@/lib/contact'
import { cn } from '@/lib/utils'

const icons = { Camera, FileText, CreditCard, TrendingUp, Shield, Zap, Star, Users, Phone, Mail, Globe } as const

/** The advert's colour as classes of the icon tile; blue for a colour we do not know. */
const tones: Record<string, string> = {
  blue: 'bg-blue-50 text-blue-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  green: 'bg-emerald-50 text-emerald-700',
  amber: 'bg-amber-50 text-amber-700',
  orange: 'bg-orange-50 text-orange-700',
  purple: 'bg-purple-50 text-purple-700',
  rose: 'bg-rose-50 text-rose-700',
  red: 'bg-rose-50 text-rose-700',
}

/** How many adverts show before "Show all". */
const FIRST = 3

/** A contact that reads as a phone number (digits, spaces, +, - and brackets, 10 digits or more). */
export function phoneLike(contact: string) {
  return /^\+?[\d\s()-]+$/.test(contact.trim()) && contact.replace(/\D/g, '').length >= 10
}

/** Where the advert's button leads: its website, else a phone-like contact's dialler, else nowhere. */
export function advertLink(ad: Pick<Advertisement, 'websiteUrl' | 'contactInfo'>) {
  if (ad.websiteUrl) return { href: ad.websiteUrl, external: true }
  if (phoneLike(ad.contactInfo)) return { href: telLink(ad.contactInfo), external: false }
  return null
}

function Advert({ ad }: { ad: Advertisement }) {
  const Icon = icons[ad.iconName as keyof typeof icons] ?? Star
  const link = advertLink(ad)
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3" data-testid="advert">
      <div className="flex min-w-0 items-start gap-3">
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tones[ad.color] ?? tones.blue)}>
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
        <span className="min-w-0 text-xs break-words text-slate-500">{ad.contactInfo}</span>
        {link && (
          <Button asChild size="sm" variant="outline" className="h-8">
            <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {ad.buttonText}
              {link.external && <ExternalLink aria-hidden />}
            </a>
          </Button>
        )}
      </div>
    </li>
  )
}

/** Dashboard card: the services advertised to the agent's city and state (GET /api/advertisements), in display order. */
export function RecommendedServicesCard({ className }: { className?: string }) {
  const query = useAdvertisements()
  const [all, setAll] = React.useState(false)
  const ads = query.data ?? []
  let body: React.ReactNode
  if (query.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" /> Loading advertisements...
      </p>
    )
  } else if (query.isError) {
    body = <p className="text-sm text-slate-500">Failed to fetch advertisements</p>
  } else if (ads.length === 0) {
    body = <p className="text-sm text-slate-500">No advertisements available for your location.</p>
  } else {
    body = (
      <>
        <ul className="grid min-w-0 gap-2">
          {(all ? ads : ads.slice(0, FIRST)).map((ad) => (
            <Advert key={ad.id} ad={ad} />
          ))}
        </ul>
        {ads.length > FIRST && (
          <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setAll((v) => !v)}>
            {all ? 'Show fewer' : `Show all ${ads.length}`}
          </Button>
        )}
      </>
    )
  }
  return (
    <Card className={className} data-testid="recommended-services-card">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Star className="size-4 text-blue-600" aria-hidden /> Recommended Services
        </CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">{body}</CardContent>
    </Card>
  )
}
