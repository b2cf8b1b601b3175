import * as React from 'react'
import { Navigate, Outlet, type RouteObject } from 'react-router'
import { AdminRoute } from '@/app/guards/admin-route'
import { DevelopmentOnly } from '@/app/guards/development-only'
import { ProtectedRoute } from '@/app/guards/protected-route'
import { paths } from '@/app/paths'
import { SessionProviders } from '@/app/providers'
import { NotFoundPage } from '@/app/routes/not-found'
import type { AuthPage as AuthPageComponent } from '@/features/auth/routes/auth-page' // a type only: the page stays lazy
import { RouteBoundary } from '@/components/errors/route-boundary'
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { Spinner } from '@/components/ui/spinner'

// The auth page loads on demand: the signed-in shell does not need the auth forms, and vice versa.
// main.tsx loads it before hydrating the prerendered /auth (dist/auth.html); once loaded, the lazy
// component gets it synchronously (a thenable that calls back at once), so hydration never
// suspends there: React would otherwise drop the prerendered markup if an update (the session's
// answer) reached the page before its hydration finished. It is therefore an element of its route,
// not a `lazy` route: the router must not wait for it before the first render.
type AuthPageModule = { default: typeof AuthPageComponent }
let authPageModule: AuthPageModule | undefined
export const loadAuthPage = () => import('@/features/auth/routes/auth-page').then((m) => (authPageModule = { default: m.AuthPage }))
const AuthPage = React.lazy(() => {
  const loaded = authPageModule
  return loaded
    ? ({ then: (resolve: (m: AuthPageModule) => unknown) => resolve(loaded) } as unknown as Promise<AuthPageModule>)
    : loadAuthPage()
})

function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" />
    </div>
  )
}

/** The root of every route: the session and toasts (they navigate, so they sit inside the router). */
function Root() {
  return (
    <SessionProviders>
      <React.Suspense fallback={<PageFallback />}>
        <Outlet />
      </React.Suspense>
    </SessionProviders>
  )
}

/**
 * The signed-in shell loads on demand (a signed-out visitor of the landing page or /auth never
 * downloads it), and so does every page: the router loads a route's code before showing it.
 */
const appLayout = { lazy: () => import('@/app/layouts/app-layout').then((m) => ({ Component: m.AppLayout })) }

/**
 * Every route (docs/product.md#routes), with its path from `paths`. Each page sits in an error
 * boundary (RouteBoundary around the public pages, in AppLayout around signed-in ones) and a route
 * error boundary (a page whose code fails to load), so a broken page never blanks the app
 * (docs/product.md#errors-and-start-up).
 */
export const appRoutes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: PageFallback,
    ErrorBoundary: () => <RouteErrorBoundary fullScreen />,
    children: [
      {
        element: <RouteBoundary fullScreen />,
        children: [
          // / and /landing are served with their own entry (src/landing-main.tsx); the app loads the
          // landing page only when it navigates there itself (docs/performance.md#landing-page).
          {
            path: paths.home.path,
            lazy: () => import('@/features/landing/routes/landing-page').then((m) => ({ Component: m.LandingPage })),
          },
          {
            path: paths.landing.path,
            lazy: () => import('@/features/landing/routes/landing-page').then((m) => ({ Component: m.LandingPage })),
          },
          { path: paths.auth.path, element: <AuthPage /> },
          // The public certificate verification page (no sign-in).
          {
            path: paths.certificate.path,
            lazy: () => import('@/features/training/routes/certificate-page').then((m) => ({ Component: m.CertificatePage })),
          },
          {
            path: paths.verifyEmail.path,
            lazy: () => import('@/features/profile/routes/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          { path: paths.help.path, lazy: () => import('@/features/help/routes/help-page').then((m) => ({ Component: m.HelpPage })) },
          { path: '*', Component: NotFoundPage },
        ],
      },
      // A developer page: 'Page Not Found' when the server runs in production mode.
      {
        path: paths.testRequirements.path,
        Component: DevelopmentOnly,
        children: [
          {
            Component: ProtectedRoute,
            children: [
              {
                ...appLayout,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('@/features/requirements/routes/test-requirements-page').then((m) => ({ Component: m.TestRequirementsPage })),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        Component: ProtectedRoute,
        children: [
          {
            ...appLayout,
            // A page whose code fails to load shows its error inside the shell.
            children: [
              {
                ErrorBoundary: () => <RouteErrorBoundary />,
                children: [
                  {
                    path: paths.dashboard.path,
                    lazy: () => import('@/app/routes/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
                  },
                  {
                    path: paths.properties.path,
                    lazy: () => import('@/features/properties/routes/properties-page').then((m) => ({ Component: m.PropertiesPage })),
                  },
                  {
                    path: paths.imports.path,
                    lazy: () => import('@/features/imports/routes/import-page').then((m) => ({ Component: m.ImportPage })),
                  },
                  {
                    path: paths.requirements.path,
                    lazy: () => import('@/app/routes/requirements/requirements-page').then((m) => ({ Component: m.RequirementsPage })),
                  },
                  {
                    path: paths.matches.path,
                    lazy: () => import('@/features/matches/routes/matches-page').then((m) => ({ Component: m.MatchesPage })),
                  },
                  {
                    path: paths.messages.path,
                    lazy: () => import('@/app/routes/messages/messages-page').then((m) => ({ Component: m.MessagesPage })),
                  },
                  {
                    path: paths.agents.path,
                    lazy: () => import('@/features/network/routes/network-page').then((m) => ({ Component: m.NetworkPage })),
                  },
                  {
                    path: paths.training.path,
                    lazy: () => import('@/features/training/routes/training-page').then((m) => ({ Component: m.TrainingPage })),
                  },
                  // Analytics brings recharts, which only this page loads.
                  {
                    path: paths.analytics.path,
                    lazy: () => import('@/features/analytics/routes/analytics-page').then((m) => ({ Component: m.AnalyticsPage })),
                  },
                  {
                    path: paths.profile.path,
                    lazy: () => import('@/features/profile/routes/profile-page').then((m) => ({ Component: m.ProfilePage })),
                  },
                  {
                    path: paths.settings.path,
                    lazy: () => import('@/features/settings/routes/settings-page').then((m) => ({ Component: m.SettingsPage })),
                  },
                  {
                    path: paths.shareLinks.path,
                    lazy: () => import('@/features/share-links/routes/share-links-page').then((m) => ({ Component: m.ShareLinksPage })),
                  },
                  {
                    path: paths.billing.path,
                    lazy: () => import('@/features/billing/routes/billing-page').then((m) => ({ Component: m.BillingPage })),
                  },
                  // The spec's backup download and backup system pages are this one (docs/decisions.md).
                  { path: paths.backup.path, element: <Navigate to={paths.backupMonitor.to()} replace /> },
                  { path: paths.backupNew.path, element: <Navigate to={paths.backupMonitor.to()} replace /> },
                  // The admins' pages: one guard (docs/decisions.md).
                  {
                    Component: AdminRoute,
                    children: [
                      {
                        path: paths.admin.path,
                        lazy: () => import('@/app/routes/admin/admin-console').then((m) => ({ Component: m.AdminConsole })),
                      },
                      {
                        path: paths.adminSite.path,
                        lazy: () => import('@/features/site-admin/routes/site-admin-page').then((m) => ({ Component: m.SiteAdminPage })),
                      },
                      {
                        path: paths.backupMonitor.path,
                        lazy: () => import('@/features/backups/routes/backups-page').then((m) => ({ Component: m.BackupsPage })),
                      },
                      {
                        path: paths.security.path,
                        lazy: () => import('@/features/security/routes/security-page').then((m) => ({ Component: m.SecurityPage })),
                      },
                      // The admins' email template test.
                      {
                        path: paths.emailTest.path,
                        lazy: () => import('@/features/email-test/routes/email-test-page').then((m) => ({ Component: m.EmailTestPage })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]
