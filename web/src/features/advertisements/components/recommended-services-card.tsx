import { Star } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { AdvertCarousel, type CarouselForm } from '@/features/advertisements/components/advert-carousel'

/** Dashboard card: the services advertised to the agent's city and state (GET /api/advertisements), in display order, as a carousel (the rail by default: three at once). */
export function RecommendedServicesCard({ className, form = 'rail' }: { className?: string; form?: CarouselForm }) {
  return (
    <Card className={className} data-testid="recommended-services-card">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Star className="size-4 text-primary" aria-hidden /> Recommended Services
        </CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">
        <AdvertCarousel form={form} />
      </CardContent>
    </Card>
  )
}
