import * as React from 'react'
import { Navigate, Route, Routes } from 'react-router'
import { AdminOnly } from '@/app/guards/admin-only'
import { AdminRoute } from '@/app/guards/admin-route'
import { DevelopmentOnly } from '@/app/guards/development-only'
import { ProtectedRoute } from '@/app/guards/protected-route'
import { NotFoundPage } from '@/app/routes/not-found'
import type { AuthPage as AuthPageComponent } from '@/features/auth/routes/auth-page' // a type only: the page stays lazy
import { RouteBoundary } from '@/components/errors/route-boundary'
import { Spinner } from '@/components/ui/spinner'

// / and /landing are served with their own entry (src/landing-main.tsx); the app loads the landing
// page only when it navigates there itself (docs/performance.md#landing-page).
const LandingPage = React.lazy(() => import('@/features/landing/routes/landing-page').then((m) => ({ default: m.LandingPage })))
// The signed-in shell (sidebar, top bars, live events) loads on demand: a signed-out visitor of
// the landing page or /auth never downloads it.
const AppLayout = React.lazy(() => import('@/app/layouts/app-layout').then((m) => ({ default: m.AppLayout })))
// The dashboard (marketplace, matches, tiles) loads on demand like the other pages.
const DashboardPage = React.lazy(() => import('@/app/routes/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })))
// The auth page loads on demand: the signed-in shell does not need the auth forms, and vice versa.
// main.tsx loads it before hydrating the prerendered /auth (dist/auth.html); once loaded, the lazy
// component gets it synchronously (a thenable that calls back at once), so hydration never
// suspends there: React would otherwise drop the prerendered markup if an update (the session's
// answer) reached the page before its hydration finished.
type AuthPageModule = { default: typeof AuthPageComponent }
let authPageModule: AuthPageModule | undefined
export const loadAuthPage = () => import('@/features/auth/routes/auth-page').then((m) => (authPageModule = { default: m.AuthPage }))
const AuthPage = React.lazy(() => {
  const loaded = authPageModule
  return loaded
    ? ({ then: (resolve: (m: AuthPageModule) => unknown) => resolve(loaded) } as unknown as Promise<AuthPageModule>)
    : loadAuthPage()
})
// My Properties (its form brings zod, react-hook-form and to-words) loads on demand too.
const PropertiesPage = React.lazy(() => import('@/features/properties/routes/properties-page').then((m) => ({ default: m.PropertiesPage })))
// Requirement and match pages (with their dialogs) load on demand too.
const RequirementsPage = React.lazy(() =>
  import('@/app/routes/requirements/requirements-page').then((m) => ({ default: m.RequirementsPage })),
)
const TestRequirementsPage = React.lazy(() =>
  import('@/features/requirements/routes/test-requirements-page').then((m) => ({ default: m.TestRequirementsPage })),
)
const MatchesPage = React.lazy(() => import('@/features/matches/routes/matches-page').then((m) => ({ default: m.MatchesPage })))
// Messaging and the agent network load on demand too.
const MessagesPage = React.lazy(() => import('@/app/routes/messages/messages-page').then((m) => ({ default: m.MessagesPage })))
const NetworkPage = React.lazy(() => import('@/features/network/routes/network-page').then((m) => ({ default: m.NetworkPage })))
// Training, and the public certificate verification page (no sign-in).
const TrainingPage = React.lazy(() => import('@/features/training/routes/training-page').then((m) => ({ default: m.TrainingPage })))
const CertificatePage = React.lazy(() =>
  import('@/features/training/routes/certificate-page').then((m) => ({ default: m.CertificatePage })),
)
// The server's backups (admins only).
const BackupsPage = React.lazy(() => import('@/features/backups/routes/backups-page').then((m) => ({ default: m.BackupsPage })))
// The admins' editor of the landing page's content.
const SiteAdminPage = React.lazy(() => import('@/features/site-admin/routes/site-admin-page').then((m) => ({ default: m.SiteAdminPage })))
// Analytics brings recharts, which only this page loads.
const AnalyticsPage = React.lazy(() => import('@/features/analytics/routes/analytics-page').then((m) => ({ default: m.AnalyticsPage })))
// The agent's own profile, and their settings (password, sessions).
const ProfilePage = React.lazy(() => import('@/features/profile/routes/profile-page').then((m) => ({ default: m.ProfilePage })))
const HelpPage = React.lazy(() => import('@/features/help/routes/help-page').then((m) => ({ default: m.HelpPage })))
const SettingsPage = React.lazy(() => import('@/features/settings/routes/settings-page').then((m) => ({ default: m.SettingsPage })))
// The security dashboard (admins only).
const SecurityPage = React.lazy(() => import('@/features/security/routes/security-page').then((m) => ({ default: m.SecurityPage })))
// The admins' email template test, and the email verification link's page.
const EmailTestPage = React.lazy(() => import('@/features/email-test/routes/email-test-page').then((m) => ({ default: m.EmailTestPage })))
const VerifyEmailPage = React.lazy(() =>
  import('@/features/profile/routes/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
)
// The admin console.
const AdminPage = React.lazy(() => import('@/features/admin/routes/admin-page').then((m) => ({ default: m.AdminPage })))

function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" />
    </div>
  )
}

/**
 * Every route of the route table (docs/product.md#routes). Each page sits in an error boundary
 * (RouteBoundary here for public pages, in AppLayout for signed-in ones), so a page that fails
 * to load or render never blanks the app (docs/product.md#errors-and-start-up).
 */
export function AppRoutes() {
  return (
    <React.Suspense fallback={<PageFallback />}>
      <Routes>
        <Route element={<RouteBoundary fullScreen />}>
          <Route path="/" element={<LandingPage />} />
          <Route path="/landing" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/certificates/:number" element={<CertificatePage />} />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/help" element={<HelpPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {/* A developer page: 'Page Not Found' when the server runs in production mode. */}
        <Route path="/test-requirements" element={<DevelopmentOnly />}>
          <Route element={<ProtectedRoute />}>
            <Route element={<AppLayout />}>
              <Route index element={<TestRequirementsPage />} />
            </Route>
          </Route>
        </Route>
        <Route element={<ProtectedRoute />}>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/properties" element={<PropertiesPage />} />
            <Route path="/requirements" element={<RequirementsPage />} />
            <Route path="/matches" element={<MatchesPage />} />
            <Route path="/messages" element={<MessagesPage />} />
            <Route path="/agents" element={<NetworkPage />} />
            <Route path="/training" element={<TrainingPage />} />
            <Route path="/analytics" element={<AnalyticsPage />} />
            <Route
              path="/backup-monitor"
              element={
                <AdminOnly message="Backup monitoring is only available to administrators.">
                  <BackupsPage />
                </AdminOnly>
              }
            />
            {/* The spec's backup download and backup system pages are this one (docs/decisions.md). */}
            <Route path="/backup" element={<Navigate to="/backup-monitor" replace />} />
            <Route path="/backup-new" element={<Navigate to="/backup-monitor" replace />} />
            <Route
              path="/security"
              element={
                <AdminOnly message="Security dashboard is only available to administrators.">
                  <SecurityPage />
                </AdminOnly>
              }
            />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route
              path="/email-test"
              element={
                <AdminOnly redirectTo="/dashboard">
                  <EmailTestPage />
                </AdminOnly>
              }
            />
            <Route element={<AdminRoute />}>
              <Route path="/admin/site" element={<SiteAdminPage />} />
              <Route path="/admin" element={<AdminPage />} />
            </Route>
          </Route>
        </Route>
      </Routes>
    </React.Suspense>
  )
}
