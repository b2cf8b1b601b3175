import { BookOpen } from 'lucide-react'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useEnrollments } from '@/features/training/api/get-learning'
import { CourseThumbnail } from '@/features/training/components/course-thumbnail'
import { ProgressBar } from '@/features/training/components/progress-bar'
import { formatDate } from '@/shared/format'
import { pageItems } from '@/lib/paged-query'

/** My Learning: the caller's enrolments with progress, newest first (docs/product.md#training-screen-screen). */
export function MyLearning({ onOpen, onBrowse }: { onOpen: (courseId: number) => void; onBrowse: () => void }) {
  const query = useEnrollments()
  const enrollments = pageItems(query.data)
  if (query.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner className="size-5" /> Loading your courses...
      </div>
    )
  }
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <p className="py-12 text-center text-destructive" role="alert">
        Could not load your courses: {query.error.message}
      </p>
    )
  }
  if (enrollments.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-12 text-center" data-testid="learning-empty">
        <BookOpen className="size-10 text-muted-foreground/50" aria-hidden />
        <p className="font-medium text-foreground">You have not enrolled in any course yet</p>
        <Button variant="outline" onClick={onBrowse}>
          Browse Available Courses
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4 md:grid-cols-2">
        {enrollments.map(({ courseId, course, enrolledAt, completedAt, progress }) => (
          <li
            key={courseId}
            className="flex min-w-0 overflow-hidden rounded-xl border border-border bg-card shadow-sm"
            data-testid="enrollment"
          >
            <CourseThumbnail url={course.thumbnailUrl} category={course.category} className="h-auto w-24 shrink-0 sm:w-32" />
            <div className="grid min-w-0 flex-1 gap-2 p-4">
              <h3 className="font-semibold text-foreground">{course.title}</h3>
              <p className="text-xs text-muted-foreground">
                {course.instructor} · enrolled {formatDate(enrolledAt)}
                {completedAt && <> · completed {formatDate(completedAt)}</>}
              </p>
              <ProgressBar progress={progress} />
              <Button size="sm" className="justify-self-start" onClick={() => onOpen(courseId)}>
                {completedAt ? 'Review' : progress.completed > 0 ? 'Continue' : 'Start'}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </div>
  )
}
