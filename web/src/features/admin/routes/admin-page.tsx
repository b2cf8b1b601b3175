import type * as React from 'react'
import { DatabaseBackup, FileText, Mail, ShieldAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useAdminBillingPlans } from '@/features/admin/api/get-admin-billing'
import { AuditTab } from '@/features/admin/components/audit-tab'
import { BillingTab } from '@/features/admin/components/billing-tab'
import { ContentTab } from '@/features/admin/components/content-tab'
import { PropertiesTab, RequirementsTab } from '@/features/admin/components/listings-tabs'
import { DisputesTab } from '@/features/admin/components/disputes-tab'
import { DuplicatesTab } from '@/features/admin/components/duplicates-tab'
import { MatchesTab } from '@/features/admin/components/matches-tab'
import { OverviewTab } from '@/features/admin/components/overview-tab'
import { ReraTab } from '@/features/admin/components/rera-tab'
import { UsersTab } from '@/features/admin/components/users-tab'
import { useAuth } from '@/lib/auth'
import { paths } from '@/app/paths'

const tabs = [
  ['overview', 'Overview'],
  ['users', 'Users'],
  ['properties', 'Properties'],
  ['requirements', 'Requirements'],
  ['matches', 'Matches'],
  ['duplicates', 'Duplicates'],
  ['disputes', 'Disputes'],
  ['content', 'Content'],
  ['billing', 'Billing'],
  ['rera', 'RERA review'],
  ['audit', 'Audit log'],
] as const

/** The other admin-only pages, which the spec's navigation does not list. */
const tools = [
  [paths.adminSite.to(), 'Landing page content', FileText],
  [paths.backupMonitor.to(), 'Backups', DatabaseBackup],
  [paths.security.to(), 'Security', ShieldAlert],
  [paths.emailTest.to(), 'Email templates', Mail],
] as const

/**
 * /admin (admins only, behind AdminRoute): the admin console. `coursesCard` is the Content tab's course management,
 * which the app composes in from the training feature (app/routes/admin).
 */
export function AdminPage({ coursesCard }: { coursesCard?: React.ReactNode } = {}) {
  const { user } = useAuth()
  // The Billing tab shows only with billing on (the billing routes answer 404 when it is off).
  const billingOn = !!useAdminBillingPlans().data
  return (
    <div className="mx-auto grid max-w-6xl gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Admin Dashboard</h1>
        <p className="text-sm text-subtle-foreground">Manage all platform operations and content</p>
      </div>
      <nav aria-label="Admin tools" className="flex flex-wrap gap-2">
        {tools.map(([to, label, Icon]) => (
          <Button key={to} asChild variant="outline" size="sm">
            <Link to={to}>
              <Icon aria-hidden /> {label}
            </Link>
          </Button>
        ))}
      </nav>
      <Tabs defaultValue="overview">
        <TabsList className="h-auto w-full flex-wrap justify-start">
          {tabs
            .filter(([value]) => billingOn || value !== 'billing')
            .map(([value, label]) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab meId={user?.id ?? 0} />
        </TabsContent>
        <TabsContent value="properties">
          <PropertiesTab />
        </TabsContent>
        <TabsContent value="requirements">
          <RequirementsTab />
        </TabsContent>
        <TabsContent value="matches">
          <MatchesTab />
        </TabsContent>
        <TabsContent value="duplicates">
          <DuplicatesTab />
        </TabsContent>
        <TabsContent value="disputes">
          <DisputesTab />
        </TabsContent>
        <TabsContent value="content">
          <ContentTab courses={coursesCard} />
        </TabsContent>
        {billingOn && (
          <TabsContent value="billing">
            <BillingTab />
          </TabsContent>
        )}
        <TabsContent value="rera">
          <ReraTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  )
}
