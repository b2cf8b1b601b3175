import { PlayCircle } from 'lucide-react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { embedUrl } from '@/lib/youtube'

/** What the video dialog plays: a title, an optional video URL and, without one, the tutorial steps. */
export type VideoItem = { title: string; description?: string; videoUrl: string | null; tutorialSteps?: string[] }

/**
 * Plays a video from the privacy-enhanced host (docs/product.md#training-screen-screen); a URL of any other host is
 * never embedded. Without a playable URL it shows the tutorial steps and says screen recordings are
 * coming soon.
 */
export function VideoDialog({ item, onOpenChange }: { item: VideoItem | null; onOpenChange: (open: boolean) => void }) {
  const embed = embedUrl(item?.videoUrl)
  return (
    <Dialog open={!!item} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="video-dialog">
        <DialogHeader>
          <DialogTitle>{item?.title}</DialogTitle>
          <DialogDescription>{item?.description || (embed ? 'Video lesson' : 'Tutorial steps')}</DialogDescription>
        </DialogHeader>
        {embed ? (
          <div className="aspect-video w-full overflow-hidden rounded-lg bg-overlay">
            <iframe
              src={embed}
              title={item?.title ?? 'Video'}
              className="size-full"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
              data-testid="video-frame"
            />
          </div>
        ) : (
          <div className="grid gap-3" data-testid="tutorial-preview">
            <div className="flex items-center gap-3 rounded-lg bg-muted p-4 text-sm text-subtle-foreground">
              <PlayCircle className="size-8 shrink-0 text-muted-foreground" aria-hidden />
              {item?.videoUrl
                ? 'This video link cannot be played here.'
                : 'Screen recording: Coming Soon. Follow the steps below meanwhile.'}
            </div>
            {!!item?.tutorialSteps?.length && (
              <ol className="grid list-decimal gap-2 pl-5 text-sm text-foreground">
                {item.tutorialSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
