import * as React from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import type { Course } from '@/features/training/lib/course-options'
import { AppDemos } from '@/features/training/components/app-demos'
import { AvailableCourses } from '@/features/training/components/available-courses'
import { CertificatesTab } from '@/features/training/components/certificates-tab'
import { CourseDetailDialog } from '@/features/training/components/course-detail-dialog'
import { MyLearning } from '@/features/training/components/my-learning'
import { isTrainingTab, readActiveTab, writeActiveTab, type TrainingTab } from '@/features/training/lib/active-tab'
import { useAuth } from '@/lib/auth'

/**
 * /training (docs/product.md#training-screen-screen): App Demo Videos, Available Courses, My Learning and
 * Certificates; the selected tab is remembered in local storage (default Courses).
 */
export function TrainingPage() {
  const { user } = useAuth()
  const [tab, setTab] = React.useState<TrainingTab>(() => readActiveTab())
  const [openCourse, setOpenCourse] = React.useState<number | null>(null)
  const isAdmin = user?.role === 'admin'

  React.useEffect(() => {
    document.title = 'Real Estate Training · PropMatch'
  }, [])

  const select = (value: string) => {
    if (!isTrainingTab(value)) return
    writeActiveTab(value)
    setTab(value)
  }

  if (!user) return null
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6" data-testid="training-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Real Estate Training</h1>
        <p className="text-subtle-foreground">Free courses, app demo videos and certificates for property agents.</p>
      </div>
      <Tabs value={tab} onValueChange={select} className="min-w-0">
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="app-demo">App Demo Videos</TabsTrigger>
          <TabsTrigger value="courses">Available Courses</TabsTrigger>
          <TabsTrigger value="my-learning">My Learning</TabsTrigger>
          <TabsTrigger value="certificates">Certificates</TabsTrigger>
        </TabsList>
        <TabsContent value="app-demo">
          <AppDemos isAdmin={isAdmin} />
        </TabsContent>
        <TabsContent value="courses">
          <AvailableCourses isAdmin={isAdmin} onOpen={(course: Course) => setOpenCourse(course.id)} />
        </TabsContent>
        <TabsContent value="my-learning">
          <MyLearning onOpen={setOpenCourse} onBrowse={() => select('courses')} />
        </TabsContent>
        <TabsContent value="certificates">
          <CertificatesTab />
        </TabsContent>
      </Tabs>
      <CourseDetailDialog courseId={openCourse} onOpenChange={(open) => !open && setOpenCourse(null)} />
    </div>
  )
}
