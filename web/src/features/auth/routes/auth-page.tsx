import * as React from 'react'
import { CheckCircle2 } from 'lucide-react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { paths, returnPath } from '@/app/paths'
import { Logo } from '@/components/brand/logo'
import { MarketingClaims } from '@/components/brand/marketing-claims'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { newAccountState, useAuth } from '@/lib/auth'
import { LoginForm } from '@/features/auth/components/login-form'

// Registration (with the phone-number validator, about 35 kB compressed) loads when its tab opens.
const RegisterForm = React.lazy(() => import('@/features/auth/components/register-form').then((m) => ({ default: m.RegisterForm })))

// Facts about the product, no figures: the figures and offers below come from the server.
const highlights = [
  'Intelligent property matching with a compatibility score',
  'Reach agents by call, in-app message or WhatsApp',
  'Pay per match, with free leads to start',
  'A free training programme for agents',
]

/** /auth: Sign In and Register tabs beside the product's claims. */
export function AuthPage() {
  const { user, registerMutation } = useAuth()
  const [params, setParams] = useSearchParams()
  const { state } = useLocation()
  const tab = params.get('tab') === 'register' ? 'register' : 'login'

  // While the session is asked for, the forms show (as prerendered in dist/auth.html, so the page
  // paints before the JavaScript runs); a signed-in visitor then goes on to the page a guard sent
  // them here from, or to the dashboard. Just registered: the dashboard greets 'Welcome', not 'Welcome back'.
  if (user) {
    const to = returnPath(state) ?? paths.dashboard.to()
    return <Navigate to={to} replace state={registerMutation.isSuccess ? newAccountState : undefined} />
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <section className="hidden flex-col justify-between bg-gradient-to-br from-brand-strong via-brand to-brand-end p-10 text-brand-foreground lg:flex">
        <Link to={paths.home.to()} aria-label="PropMatch home">
          <Logo className="text-brand-foreground [&_span.text-primary]:text-brand-foreground/75 [&>span:first-child]:bg-brand-foreground/15" />
        </Link>
        <div className="grid gap-6">
          <div>
            <p className="text-sm font-medium tracking-wide text-brand-foreground/80 uppercase">We build Families</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight">Post. Match. Connect. Grow.</h1>
            <p className="mt-3 max-w-md text-brand-foreground/80">
              The B2B platform where property agents across India list properties, post client requirements and get matched automatically.
            </p>
          </div>
          <ul className="grid gap-2">
            {highlights.map((h) => (
              <li key={h} className="flex items-start gap-2 text-sm">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-foreground/90" aria-hidden />
                {h}
              </li>
            ))}
          </ul>
          <MarketingClaims />
        </div>
        <p className="text-xs text-brand-foreground/75" suppressHydrationWarning>
          © {new Date().getFullYear()} PropMatch · Hyderabad, India
        </p>
      </section>

      <main className="flex flex-col items-center justify-center gap-6 bg-background px-4 py-10">
        <div className="flex w-full max-w-lg flex-col items-center gap-2 text-center lg:hidden">
          <Link to={paths.home.to()} aria-label="PropMatch home">
            <Logo />
          </Link>
          <p className="text-sm text-subtle-foreground">Post. Match. Connect. Grow. — We build Families</p>
        </div>
        <Card className="w-full max-w-lg">
          <CardHeader>
            <CardTitle>{tab === 'register' ? 'Create your agent account' : 'Welcome back'}</CardTitle>
            <CardDescription>
              {tab === 'register'
                ? 'Verify your WhatsApp number, then tell us about your business.'
                : 'Sign in with your username, phone number or email.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setParams(value === 'register' ? { tab: 'register' } : {}, { replace: true })}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Sign In</TabsTrigger>
                <TabsTrigger value="register">Register</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register">
                <React.Suspense
                  fallback={
                    <div className="flex justify-center py-8">
                      <Spinner />
                    </div>
                  }
                >
                  <RegisterForm />
                </React.Suspense>
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        <div className="w-full max-w-lg rounded-xl bg-gradient-to-br from-brand-strong to-brand-end p-4 text-brand-foreground lg:hidden">
          <MarketingClaims />
        </div>
      </main>
    </div>
  )
}
