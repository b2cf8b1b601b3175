import * as React from 'react'
import { Clock, Loader2, PlayCircle, User } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useCourse } from '@/features/training/api/get-courses'
import { useCertificates } from '@/features/training/api/get-learning'
import { setModuleDone, type ModuleVariables } from '@/features/training/api/save-course'
import type { Certificate, CourseDetail, CourseModule } from '@/features/training/lib/course-options'
import { CertificateCard } from '@/features/training/components/certificate-card'
import { ProgressBar } from '@/features/training/components/progress-bar'
import { useEnrolment } from '@/features/training/components/use-enrolment'
import { VideoDialog, type VideoItem } from '@/features/training/components/video-dialog'
import { categoryColours, isComplete, levelClass } from '@/features/training/lib/course-style'
import { embedUrl } from '@/lib/youtube'
import { useApiMutation } from '@/lib/api-mutation'
import { pageItems } from '@/lib/paged-query'

/** A course opened from a card or from My Learning: its modules, the caller's progress and, once done, the certificate. */
export function CourseDetailDialog({ courseId, onOpenChange }: { courseId: number | null; onOpenChange: (open: boolean) => void }) {
  const query = useCourse(courseId)
  return (
    <Dialog open={courseId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="course-detail">
        {query.data ? (
          <CourseDetailBody key={query.data.id} course={query.data} />
        ) : (
          <DialogHeader>
            <DialogTitle>Course</DialogTitle>
            <DialogDescription>
              {query.isError ? `Could not load the course: ${query.error.message}` : <Spinner className="size-5" label="Loading course" />}
            </DialogDescription>
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  )
}

function CourseDetailBody({ course }: { course: CourseDetail }) {
  const [video, setVideo] = React.useState<VideoItem | null>(null)
  const [issued, setIssued] = React.useState<Certificate | null>(null)
  // The module change being saved, set in the click itself so the box never flips back meanwhile.
  const [saving, setSaving] = React.useState<ModuleVariables | null>(null)
  const { join, leave } = useEnrolment()
  const complete = course.enrolled && isComplete(course.progress)
  // A course finished earlier: its certificate is among the caller's.
  const certificates = useCertificates({ enabled: complete && !issued })
  const certificate = issued ?? pageItems(certificates.data).find((c) => c.courseId === course.id) ?? null
  const toggle = useApiMutation(setModuleDone, {
    errorToast: (error, { done }) => ({
      variant: 'destructive',
      title: done ? 'Could not mark the module done' : 'Could not mark the module not done',
      description: error.message,
    }),
    onSuccess: (result) => {
      if (result.certificate) setIssued(result.certificate)
    },
    onSettled: () => setSaving(null),
  })
  const save = (variables: ModuleVariables) => {
    setSaving(variables)
    toggle.mutate(variables)
  }
  const modules = [...course.modules].sort((a, b) => a.position - b.position)
  const intro = embedUrl(course.videoUrl)

  return (
    <>
      <DialogHeader>
        <DialogTitle>{course.title}</DialogTitle>
        <DialogDescription>{course.description}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-center gap-2 text-xs text-subtle-foreground">
        <Badge className={categoryColours(course.category).badge}>{course.category}</Badge>
        <Badge className={levelClass[course.level] ?? ''}>{course.level}</Badge>
        <span className="flex items-center gap-1">
          <User className="size-3.5" aria-hidden /> {course.instructor}
        </span>
        <span className="flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden /> {course.duration}
        </span>
        <span className="font-semibold text-foreground">{course.price}</span>
      </div>
      {intro && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => setVideo({ title: course.title, videoUrl: course.videoUrl })}
        >
          <PlayCircle /> Watch introduction
        </Button>
      )}
      {course.enrolled && course.progress && <ProgressBar progress={course.progress} />}
      <section className="grid gap-2" aria-label="Modules">
        <h3 className="text-sm font-semibold text-foreground">Modules</h3>
        {modules.length === 0 ? (
          <p className="text-sm text-muted-foreground">This course has no modules yet.</p>
        ) : (
          <ol className="grid gap-2">
            {modules.map((module, index) => (
              <ModuleRow
                key={module.id}
                module={module}
                index={index}
                enrolled={course.enrolled}
                saving={saving?.moduleId === module.id ? saving.done : null}
                locked={saving !== null}
                onToggle={(done) => save({ courseId: course.id, moduleId: module.id, done })}
                onWatch={() => setVideo({ title: module.title, videoUrl: module.videoUrl })}
              />
            ))}
          </ol>
        )}
      </section>
      {complete && (
        <section className="grid gap-2" aria-label="Certificate" data-testid="course-certificate">
          <h3 className="text-sm font-semibold text-success">Course complete: your certificate</h3>
          {certificate ? <CertificateCard certificate={certificate} /> : <Spinner className="size-5" label="Loading certificate" />}
        </section>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {course.enrolled ? (
          <Button variant="outline" onClick={() => leave.mutate(course.id)} disabled={leave.isPending}>
            {leave.isPending && <Loader2 className="animate-spin" />}
            Leave course
          </Button>
        ) : course.status === 'available' ? (
          <Button onClick={() => join.mutate(course.id)} disabled={join.isPending}>
            {join.isPending && <Loader2 className="animate-spin" />}
            Enroll Now
          </Button>
        ) : (
          <Button disabled variant="secondary">
            Coming Soon
          </Button>
        )}
      </div>
      <VideoDialog item={video} onOpenChange={(open) => !open && setVideo(null)} />
    </>
  )
}

type ModuleRowProps = {
  module: CourseModule
  index: number
  enrolled: boolean
  /** While a change is being saved: the value being saved (shown at once), else null. */
  saving: boolean | null
  /** True while any module change is being saved: one change at a time. */
  locked: boolean
  onToggle: (done: boolean) => void
  onWatch: () => void
}

function ModuleRow({ module, index, enrolled, saving, locked, onToggle, onWatch }: ModuleRowProps) {
  const id = `module-${module.id}`
  const busy = saving !== null
  const done = saving ?? module.completed
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border p-3" data-testid="module-row" data-done={done}>
      {enrolled ? (
        <input
          id={id}
          type="checkbox"
          className="size-5 shrink-0 accent-success"
          checked={done}
          disabled={locked}
          onChange={(e) => onToggle(e.target.checked)}
          aria-label={`Mark “${module.title}” done`}
        />
      ) : (
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-subtle-foreground">
          {index + 1}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className={done ? 'text-sm font-medium text-muted-foreground line-through' : 'text-sm font-medium text-foreground'}>
          {enrolled && <span className="mr-1 text-muted-foreground">{index + 1}.</span>}
          {module.title}
        </p>
        <p className="text-xs text-muted-foreground">{module.duration}</p>
      </div>
      {busy && <Spinner className="size-4" label="Saving" />}
      {embedUrl(module.videoUrl) && (
        <Button size="sm" variant="ghost" onClick={onWatch} aria-label={`Watch ${module.title}`}>
          <PlayCircle /> Watch
        </Button>
      )}
    </li>
  )
}
