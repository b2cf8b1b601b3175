import * as React from 'react'
import { ArrowDown, ArrowUp, Clock, PlayCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useAppDemos } from '@/features/training/api/get-learning'
import { saveAppDemoOrder } from '@/features/training/api/save-course'
import type { AppDemo } from '@/features/training/lib/course-options'
import { VideoDialog, type VideoItem } from '@/features/training/components/video-dialog'
import { moveItem } from '@/features/training/lib/reorder'
import { useApiMutation } from '@/lib/api-mutation'
import { cn } from '@/lib/utils'

/**
 * App Demo Videos: the twelve entries in the order saved on the server. Admins see each entry's
 * display order and move it up or down; the new order is saved for everyone.
 */
export function AppDemos({ isAdmin }: { isAdmin: boolean }) {
  const query = useAppDemos()
  const [video, setVideo] = React.useState<VideoItem | null>(null)
  const reorder = useApiMutation(saveAppDemoOrder, {
    successToast: 'Order saved',
    errorToast: 'Failed to save the order',
  })
  if (query.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner className="size-5" /> Loading app demos...
      </div>
    )
  }
  if (query.isError) {
    return (
      <p className="py-12 text-center text-destructive" role="alert">
        Could not load app demos: {query.error.message}
      </p>
    )
  }
  const demos = query.data
  const move = (index: number, step: -1 | 1) => reorder.mutate(moveItem(demos, index, step).map((d) => d.id))
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {demos.map((demo, index) => (
          <li
            key={demo.id}
            className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm"
            data-testid="app-demo"
          >
            <DemoBanner demo={demo} isAdmin={isAdmin} />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="font-semibold text-foreground">{demo.title}</h3>
              <p className="text-sm text-subtle-foreground">{demo.description}</p>
              <p className="text-xs text-muted-foreground">
                {demo.category} · {demo.tutorialSteps.length} steps
              </p>
              <div className="mt-auto flex items-center gap-2 pt-2">
                <Button
                  size="sm"
                  className="flex-1"
                  onClick={() =>
                    setVideo({
                      title: demo.title,
                      description: demo.description,
                      videoUrl: demo.videoUrl || null,
                      tutorialSteps: demo.tutorialSteps,
                    })
                  }
                >
                  <PlayCircle /> Watch Tutorial
                </Button>
                {isAdmin && (
                  <>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Move ${demo.title} up`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp />
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Move ${demo.title} down`}
                      disabled={index === demos.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown />
                    </Button>
                  </>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <VideoDialog item={video} onOpenChange={(open) => !open && setVideo(null)} />
    </>
  )
}

/**
 * A demo's banner colour: the API sends a colour class of Tailwind's palette (bg-{hue}-600, internal/training),
 * shown as the categorical token of its hue (styles/tokens.css); an unknown one is slate. Whole class names, so
 * Tailwind keeps them.
 */
const demoColours: Record<string, string> = {
  blue: 'bg-tag-blue',
  green: 'bg-tag-green',
  purple: 'bg-tag-purple',
  orange: 'bg-tag-orange',
  red: 'bg-tag-red',
  indigo: 'bg-tag-indigo',
  pink: 'bg-tag-pink',
  teal: 'bg-tag-teal',
  cyan: 'bg-tag-cyan',
  emerald: 'bg-tag-emerald',
  amber: 'bg-tag-amber',
  violet: 'bg-tag-violet',
  slate: 'bg-tag-slate',
}

/** The token class of a demo's colour (bg-{hue}-600 gives bg-tag-{hue}). */
function demoColour(color: string) {
  const hue = /^bg-([a-z]+)-\d+$/.exec(color)?.[1] ?? ''
  return demoColours[hue] ?? 'bg-tag-slate'
}

function DemoBanner({ demo, isAdmin }: { demo: AppDemo; isAdmin: boolean }) {
  return (
    <div className={cn('relative flex h-28 items-center justify-center text-tag-foreground', demoColour(demo.color))}>
      <PlayCircle className="size-10 opacity-90" aria-hidden />
      {isAdmin && (
        <span
          className="absolute top-2 left-2 rounded-full bg-card/90 px-2 py-0.5 text-xs font-semibold text-foreground"
          data-testid="display-order"
        >
          #{demo.displayOrder}
        </span>
      )}
      <span className="absolute right-2 bottom-2 flex items-center gap-1 rounded-full bg-overlay/40 px-2 py-0.5 text-xs text-overlay-foreground">
        <Clock className="size-3" aria-hidden /> {demo.duration}
      </span>
    </div>
  )
}
