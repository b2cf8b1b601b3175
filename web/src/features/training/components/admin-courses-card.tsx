import * as React from 'react'
import { BookOpen, Pencil, Plus, Trash2 } from 'lucide-react'
import { Link } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/app/paths'
import { useCourses } from '@/features/training/api/get-courses'
import { CourseFormDialog, DeleteCourseDialog, type CourseFormTarget } from '@/features/training/components/course-admin'
import type { Course } from '@/features/training/lib/course-options'
import { pageItems } from '@/lib/paged-query'

/**
 * The admin console's Training Courses card (the spec's Content tab): every course with its category and display
 * order, Edit and Delete on each, and Add New Course; the same dialogs as the training page.
 */
export function AdminCoursesCard() {
  const query = useCourses('', '')
  const courses = pageItems(query.data)
  const [formTarget, setFormTarget] = React.useState<CourseFormTarget | null>(null)
  const [deleteTarget, setDeleteTarget] = React.useState<Course | null>(null)
  return (
    <Card data-testid="admin-courses">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <BookOpen className="size-5 text-primary" aria-hidden /> Training Courses
          </CardTitle>
          <CardDescription>
            In display order, as agents see them on the <Link to={paths.training.to()}>training page</Link>.
          </CardDescription>
        </div>
        <Button size="sm" onClick={() => setFormTarget('new')}>
          <Plus aria-hidden /> Add New Course
        </Button>
      </CardHeader>
      <CardContent className="grid gap-2">
        {query.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> Loading courses...
          </p>
        ) : query.isError ? (
          <p className="text-sm text-destructive" role="alert">
            Could not load the courses: {query.error.message}
          </p>
        ) : courses.length === 0 ? (
          <p className="text-sm text-muted-foreground">No courses yet.</p>
        ) : (
          <ul className="grid gap-2">
            {courses.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-2.5 text-sm"
                data-testid="admin-course"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-foreground">{c.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {c.category} · order {c.displayOrder}
                    {c.status !== 'available' && (
                      <Badge variant="secondary" className="ml-2">
                        coming soon
                      </Badge>
                    )}
                  </p>
                </div>
                <div className="flex gap-1.5">
                  <Button variant="outline" size="sm" onClick={() => setFormTarget(c.id)} aria-label={`Edit ${c.title}`}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setDeleteTarget(c)} aria-label={`Delete ${c.title}`}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={query} />
      </CardContent>
      <CourseFormDialog target={formTarget} onOpenChange={(open) => !open && setFormTarget(null)} />
      <DeleteCourseDialog course={deleteTarget} onOpenChange={(open) => !open && setDeleteTarget(null)} />
    </Card>
  )
}
