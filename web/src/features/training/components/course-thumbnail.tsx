import * as React from 'react'
import { GraduationCap } from 'lucide-react'
import { categoryColours } from '@/features/training/lib/course-style'
import { cn } from '@/lib/utils'

/** The course's picture; a missing or broken one falls back to its category's placeholder. */
export function CourseThumbnail({ url, category, className }: { url: string | null; category: string; className?: string }) {
  // The URL that failed to load; a new URL is tried again.
  const [brokenUrl, setBrokenUrl] = React.useState<string | null>(null)
  if (url && url !== brokenUrl) {
    return <img src={url} alt="" loading="lazy" className={cn('h-36 w-full object-cover', className)} onError={() => setBrokenUrl(url)} />
  }
  return (
    <div
      className={cn(
        'flex h-36 w-full flex-col items-center justify-center gap-1 bg-gradient-to-br text-tag-foreground',
        categoryColours(category).placeholder,
        className,
      )}
      data-testid="thumbnail-placeholder"
    >
      <GraduationCap className="size-8" aria-hidden />
      <span className="text-xs font-medium">{category}</span>
    </div>
  )
}
