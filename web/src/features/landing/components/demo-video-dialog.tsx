import { ExternalLink, VideoOff, X } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { Button } from '@/components/ui/button'
import { useIsDesktop } from '@/lib/use-media-query'
import type { SiteDemoVideo } from '@/shared/site'
import { embedUrl, watchUrl } from '@/lib/youtube'

type Props = { video: SiteDemoVideo | undefined; open: boolean; onOpenChange: (open: boolean) => void }

/**
 * Watch Demo: the video from the privacy-enhanced embed host. Desktop gets a window-style title
 * bar with Close; mobile gets the player with Close and Open on YouTube under it. Without an
 * address it says 'No video available'.
 */
export function DemoVideoDialog({ video, open, onOpenChange }: Props) {
  const desktop = useIsDesktop()
  const src = video?.videoUrl ? embedUrl(video.videoUrl) : null
  const external = video?.videoUrl ? watchUrl(video.videoUrl) : null
  const title = video?.title || 'Demo video'
  const player = src ? (
    <iframe
      className="aspect-video w-full bg-overlay"
      src={src}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  ) : (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-overlay text-overlay-foreground/80">
      <VideoOff className="size-8" aria-hidden />
      <p>No video available</p>
    </div>
  )
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay/70" />
        <DialogPrimitive.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-1.5rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-xl bg-card shadow-2xl"
          data-testid="demo-video-dialog"
        >
          {desktop ? (
            <div className="flex items-center gap-3 border-b border-border bg-muted px-4 py-2">
              <span aria-hidden className="flex gap-1.5">
                <span className="size-3 rounded-full bg-destructive" />
                <span className="size-3 rounded-full bg-warning" />
                <span className="size-3 rounded-full bg-success" />
              </span>
              <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-semibold text-foreground">
                {title}
              </DialogPrimitive.Title>
              {video?.duration && <span className="text-xs text-subtle-foreground">{video.duration}</span>}
              <DialogPrimitive.Close asChild>
                <Button size="sm" variant="ghost">
                  <X aria-hidden /> Close
                </Button>
              </DialogPrimitive.Close>
            </div>
          ) : (
            <DialogPrimitive.Title className="px-4 pt-4 pb-2 text-base font-semibold text-foreground">{title}</DialogPrimitive.Title>
          )}
          {player}
          <DialogPrimitive.Description
            className={desktop ? 'px-4 py-3 text-sm text-subtle-foreground' : 'px-4 pt-3 text-sm text-subtle-foreground'}
          >
            {video?.description || 'A short tour of PropMatch.'}
          </DialogPrimitive.Description>
          {!desktop && (
            <div className="grid grid-cols-2 gap-2 p-4">
              <DialogPrimitive.Close asChild>
                <Button variant="outline">
                  <X aria-hidden /> Close
                </Button>
              </DialogPrimitive.Close>
              {external ? (
                <Button asChild>
                  <a href={external} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden /> Open on YouTube
                  </a>
                </Button>
              ) : (
                <Button disabled>
                  <ExternalLink aria-hidden /> Open on YouTube
                </Button>
              )}
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
