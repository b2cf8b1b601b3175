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
      <div className="flex items-center justify-center gap-2 py-12 text-slate-500">
        <Spinner className="size-5" /> Loading app demos...
      </div>
    )
  }
  if (query.isError) {
    return (
      <p className="py-12 text-center text-red-600" role="alert">
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
            className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            data-testid="app-demo"
          >
            <DemoBanner demo={demo} isAdmin={isAdmin} />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="font-semibold text-slate-900">{demo.title}</h3>
              <p className="text-sm text-slate-600">{demo.description}</p>
              <p className="text-xs text-slate-500">
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

/** Known colour classes only: Tailwind keeps the classes it sees in the source. */
const demoColours = new Set([
  'bg-blue-600',
  'bg-green-600',
  'bg-purple-600',
  'bg-orange-600',
  'bg-red-600',
  'bg-indigo-600',
  'bg-pink-600',
  'bg-teal-600',
  'bg-cyan-600',
  'bg-emerald-600',
  'bg-amber-600',
  'bg-violet-600',
  'bg-slate-700',
])

function DemoBanner({ demo, isAdmin }: { demo: AppDemo; isAdmin: boolean }) {
  return (
    <div
      className={cn('relative flex h-28 items-center justify-center text-white', demoColours.has(demo.color) ? demo.color : 'bg-slate-700')}
    >
      <PlayCircle className="size-10 opacity-90" aria-hidden />
      {isAdmin && (
        <span
          className="absolute top-2 left-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-900"
          data-testid="display-order"
        >
          #{demo.displayOrder}
        </span>
      )}
      <span className="absolute right-2 bottom-2 flex items-center gap-1 rounded-full bg-black/40 px-2 py-0.5 text-xs">
        <Clock className="size-3" aria-hidden /> {demo.duration}
      </span>
    </div>
  )
}
