import type * as React from 'react'
import { BookOpen, Globe } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { AdvertisementsCard } from '@/features/admin/components/advertisements-card'
import { paths } from '@/app/paths'

/**
 * Content: where courses, advertisements and the landing page's content are managed. `courses` is the course
 * management card (the training feature's, composed in by the app); without it, a link to the training page.
 */
export function ContentTab({ courses }: { courses?: React.ReactNode }) {
  return (
    <div className="grid items-start gap-3 md:grid-cols-2">
      {courses ?? <CoursesLink />}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Globe className="size-5 text-primary" aria-hidden /> Site Content
          </CardTitle>
          <CardDescription>
            Offers, testimonials, the demo video and contact details of the public landing page (its plans are edited under Billing).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link to={paths.adminSite.to()}>Edit site content</Link>
          </Button>
        </CardContent>
      </Card>
      <AdvertisementsCard />
    </div>
  )
}

function CoursesLink() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpen className="size-5 text-primary" aria-hidden /> Training Courses
        </CardTitle>
        <CardDescription>Add, edit, reorder and delete courses on the training page, where agents see them.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={paths.training.to()}>Manage courses</Link>
        </Button>
      </CardContent>
    </Card>
  )
}
