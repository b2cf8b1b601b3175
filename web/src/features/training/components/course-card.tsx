import { CheckCircle2, Clock, Loader2, Pencil, Trash2, User, Users } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import type { Course } from '@/features/training/lib/course-options'
import { CourseThumbnail } from '@/features/training/components/course-thumbnail'
import { ProgressBar } from '@/features/training/components/progress-bar'
import { categoryColours, levelClass } from '@/features/training/lib/course-style'

type CourseCardProps = {
  course: Course
  /** Opens the course (its modules and, when enrolled, the progress). */
  onOpen: (course: Course) => void
  onEnroll: (course: Course) => void
  enrolling: boolean
  /** Admin controls: the display order badge, edit and delete. */
  admin?: { onEdit: (course: Course) => void; onDelete: (course: Course) => void }
}

/** One course of Available Courses (docs/product.md#training-screen-screen). */
export function CourseCard({ course, onOpen, onEnroll, enrolling, admin }: CourseCardProps) {
  const open = course.status === 'available'
  return (
    <article className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm" data-testid="course-card">
      <div className="relative">
        <CourseThumbnail url={course.thumbnailUrl} category={course.category} />
        {admin && (
          <span
            className="absolute top-2 left-2 rounded-full bg-overlay/80 px-2 py-0.5 text-xs font-semibold text-overlay-foreground"
            data-testid="display-order"
          >
            #{course.displayOrder}
          </span>
        )}
        <span
          className="absolute top-2 right-2 rounded-full bg-card/95 px-2 py-0.5 text-xs font-semibold text-foreground"
          data-testid="course-price"
        >
          {course.price}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-2">
          <Badge className={categoryColours(course.category).badge}>{course.category}</Badge>
          <Badge className={levelClass[course.level] ?? ''} data-testid="course-level">
            {course.level}
          </Badge>
          {course.enrolled && (
            <Badge variant="success" data-testid="enrolled-badge">
              <CheckCircle2 className="mr-1 size-3" aria-hidden /> Enrolled
            </Badge>
          )}
        </div>
        <h3 className="text-base leading-snug font-semibold text-foreground">
          <button type="button" className="text-left hover:underline" onClick={() => onOpen(course)}>
            {course.title}
          </button>
        </h3>
        <p className="line-clamp-3 text-sm text-subtle-foreground">{course.description}</p>
        <ul className="grid gap-1 text-xs text-subtle-foreground">
          <li className="flex items-center gap-1.5">
            <User className="size-3.5 shrink-0" aria-hidden />
            <span className="sr-only">Instructor:</span>
            <span className="truncate" data-testid="course-instructor">
              {course.instructor}
            </span>
          </li>
          <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="flex items-center gap-1.5">
              <Clock className="size-3.5" aria-hidden />
              <span className="sr-only">Duration:</span>
              {course.duration}
            </span>
            <span className="flex items-center gap-1.5" data-testid="students-enrolled">
              <Users className="size-3.5" aria-hidden />
              {course.studentsEnrolled} {course.studentsEnrolled === 1 ? 'student' : 'students'}
            </span>
            <span>
              {course.moduleCount} {course.moduleCount === 1 ? 'module' : 'modules'}
            </span>
          </li>
        </ul>
        {course.enrolled && course.progress && <ProgressBar progress={course.progress} />}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          {course.enrolled ? (
            <Button size="sm" className="flex-1" onClick={() => onOpen(course)}>
              Continue
            </Button>
          ) : open ? (
            <Button size="sm" className="flex-1" onClick={() => onEnroll(course)} disabled={enrolling}>
              {enrolling && <Loader2 className="animate-spin" />}
              Enroll Now
            </Button>
          ) : (
            <Button size="sm" className="flex-1" disabled variant="secondary">
              Coming Soon
            </Button>
          )}
          {admin && (
            <>
              <Button size="sm" variant="outline" onClick={() => admin.onEdit(course)} aria-label={`Edit ${course.title}`}>
                <Pencil />
              </Button>
              <Button
                size="sm"
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => admin.onDelete(course)}
                aria-label={`Delete ${course.title}`}
              >
                <Trash2 />
              </Button>
            </>
          )}
        </div>
      </div>
    </article>
  )
}
