import * as React from 'react'
import { GraduationCap, Plus } from 'lucide-react'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { useCourseCategories, useCourses } from '@/features/training/api/get-courses'
import { categoryOrAll, type Course, type CourseCategory } from '@/features/training/lib/course-options'
import { CourseCard } from '@/features/training/components/course-card'
import { CourseFormDialog, DeleteCourseDialog, type CourseFormTarget } from '@/features/training/components/course-admin'
import { useEnrolment } from '@/features/training/components/use-enrolment'
import { pageItems } from '@/lib/paged-query'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { SearchInput } from '@/components/ui/search-input'

/** Delay between the last keystroke and the server search. */
export const COURSE_SEARCH_DEBOUNCE_MS = 300
export const ALL_CATEGORIES = '' as const

/**
 * Available Courses (docs/product.md#training-screen-screen): searched on the server (title, category, instructor,
 * description) and filtered by category, page by page. Admins also add, edit and delete courses.
 */
export function AvailableCourses({ isAdmin, onOpen }: { isAdmin: boolean; onOpen: (course: Course) => void }) {
  const [search, setSearch] = React.useState('')
  const [category, setCategory] = React.useState<CourseCategory | typeof ALL_CATEGORIES>(ALL_CATEGORIES)
  const q = useDebouncedValue(search.trim(), COURSE_SEARCH_DEBOUNCE_MS)
  const query = useCourses(q, category)
  const categories = useCourseCategories()
  const courses = pageItems(query.data)
  const { join } = useEnrolment()
  const [formTarget, setFormTarget] = React.useState<CourseFormTarget | null>(null)
  const [deleteTarget, setDeleteTarget] = React.useState<Course | null>(null)
  const filtered = q !== '' || category !== ALL_CATEGORIES

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          className="flex-1"
          value={search}
          onChange={setSearch}
          label="Search courses"
          placeholder="Search courses by title, category, instructor or description..."
          busy={query.isFetching && !query.isPending && !query.isFetchingNextPage}
        />
        <NativeSelect
          aria-label="Category"
          value={category}
          onChange={(e) => setCategory(categoryOrAll(e.target.value))}
          className="sm:w-56"
        >
          <option value={ALL_CATEGORIES}>All Categories</option>
          {categories.data?.map((c) => (
            <option key={c.category} value={c.category}>
              {c.category} ({c.count})
            </option>
          ))}
        </NativeSelect>
        {isAdmin && (
          <Button onClick={() => setFormTarget('new')} data-testid="add-course">
            <Plus /> Add course
          </Button>
        )}
      </div>
      {query.isPending ? (
        <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner className="size-5" /> Loading courses...
        </div>
      ) : query.isError && !query.isFetchNextPageError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Could not load courses: {query.error.message}
        </p>
      ) : courses.length === 0 ? (
        <div className="grid justify-items-center gap-2 py-12 text-center" data-testid="courses-empty">
          <GraduationCap className="size-10 text-muted-foreground/50" aria-hidden />
          <p className="font-medium text-foreground">{filtered ? 'No courses match your search' : 'No courses yet'}</p>
        </div>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {courses.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                onOpen={onOpen}
                onEnroll={(c) => join.mutate(c.id)}
                enrolling={join.isPending && join.variables === course.id}
                admin={isAdmin ? { onEdit: (c) => setFormTarget(c.id), onDelete: setDeleteTarget } : undefined}
              />
            ))}
          </div>
          <LoadMore query={query} />
        </>
      )}
      {isAdmin && (
        <>
          <CourseFormDialog target={formTarget} onOpenChange={(open) => !open && setFormTarget(null)} />
          <DeleteCourseDialog course={deleteTarget} onOpenChange={(open) => !open && setDeleteTarget(null)} />
        </>
      )}
    </div>
  )
}
