import { AdminPage } from '@/features/admin/routes/admin-page'
import { AdminCoursesCard } from '@/features/training/components/admin-courses-card'

/** /admin: the admin console, with the training feature's course management in its Content tab. */
export function AdminConsole() {
  return <AdminPage coursesCard={<AdminCoursesCard />} />
}
