import * as React from 'react'
import { Route, Routes } from 'react-router'
import { AdminOnly } from '@/app/guards/admin-only'
import { AdminRoute } from '@/app/guards/admin-route'
import { ProtectedRoute } from '@/app/guards/protected-route'
import { AppLayout } from '@/app/layouts/app-layout'
import { adminComingSoon, comingSoonRoutes } from '@/app/routes/coming-soon-routes'
import { NotFoundPage } from '@/app/routes/not-found'
import { ComingSoon } from '@/components/coming-soon'
import { Spinner } from '@/components/ui/spinner'

// The dashboard (marketplace, matches, tiles) loads on demand like the other pages.
const DashboardPage = React.lazy(() => import('@/app/routes/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })))
// Public pages load on demand: the signed-in shell does not need the auth forms, and vice versa.
const AuthPage = React.lazy(() => import('@/features/auth/routes/auth-page').then((m) => ({ default: m.AuthPage })))
const LandingPage = React.lazy(() => import('@/features/landing/routes/landing-page').then((m) => ({ default: m.LandingPage })))
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
// Analytics brings recharts, which only this page loads.
const AnalyticsPage = React.lazy(() => import('@/features/analytics/routes/analytics-page').then((m) => ({ default: m.AnalyticsPage })))

function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" />
    </div>
  )
}

/** Every route of the route table (docs/product.md#routes). */
export function AppRoutes() {
  return (
    <React.Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/landing" element={<LandingPage />} />
        <Route path="/auth" element={<AuthPage />} />
        <Route element={<ProtectedRoute />}>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/properties" element={<PropertiesPage />} />
            <Route path="/requirements" element={<RequirementsPage />} />
            <Route path="/test-requirements" element={<TestRequirementsPage />} />
            <Route path="/matches" element={<MatchesPage />} />
            <Route path="/messages" element={<MessagesPage />} />
            <Route path="/agents" element={<NetworkPage />} />
            <Route path="/analytics" element={<AnalyticsPage />} />
            {comingSoonRoutes.map(({ path, title, description, icon, adminOnly }) => {
              const page = <ComingSoon title={title} description={description} icon={icon} />
              return (
                <Route
                  key={path}
                  path={path}
                  element={adminOnly ? <AdminOnly redirectTo={adminOnly === 'redirect' ? '/' : undefined}>{page}</AdminOnly> : page}
                />
              )
            })}
            <Route element={<AdminRoute />}>
              <Route
                path={adminComingSoon.path}
                element={<ComingSoon title={adminComingSoon.title} description={adminComingSoon.description} icon={adminComingSoon.icon} />}
              />
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </React.Suspense>
  )
}
