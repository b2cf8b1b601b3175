import { FileText, Home, Users } from 'lucide-react'
import { Link } from 'react-router'
import { ComingSoon } from '@/components/coming-soon'
import { Button } from '@/components/ui/button'
import { useAuth } from '@/features/auth/components/auth-provider'

/** /dashboard: greeting and quick links; the marketplace and stats arrive with their features. */
export function DashboardPage() {
  const { user } = useAuth()
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <section className="flex flex-col gap-4 rounded-xl bg-gradient-to-br from-blue-600 to-indigo-700 p-6 text-white md:flex-row md:items-center md:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight" data-testid="dashboard-greeting">
            Welcome back, {user?.fullName}
          </h1>
          <p className="mt-1 text-blue-100">
            {user?.city && user?.state ? `${user.city}, ${user.state} · ` : ''}
            {user?.agentType === 'both' ? 'Buyer & seller agent' : user?.agentType === 'buyer' ? 'Buyer agent' : 'Seller agent'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <Link to="/properties">
              <Home /> Add Property
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/requirements">
              <FileText /> Post Client Requirement
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/agents">
              <Users /> Find Agents
            </Link>
          </Button>
        </div>
      </section>
      <ComingSoon
        title="Dashboard"
        showHeading={false}
        showBackLink={false}
        description="Your marketplace, new matches, recent messages and counts will appear here as properties, requirements, matches and messaging go live."
      />
    </div>
  )
}
