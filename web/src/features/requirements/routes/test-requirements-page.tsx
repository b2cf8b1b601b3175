import * as React from 'react'
import { FileText } from 'lucide-react'
import { LoadMore } from '@/components/load-more'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useMyRequirements } from '@/features/requirements/api/get-my-requirements'
import { RequirementForm } from '@/features/requirements/components/requirement-form-dialog'
import { budgetRange } from '@/features/requirements/lib/requirement-labels'
import { propertyTypeLabel } from '@/shared/listing-vocabulary'
import { pageItems } from '@/lib/paged-query'
import { EmptyState } from '@/components/empty-state'

/** /test-requirements: a developer page hosting the requirement form and the raw list with id and active flag. */
export function TestRequirementsPage() {
  const requirements = useMyRequirements()
  const items = pageItems(requirements.data)

  React.useEffect(() => {
    document.title = 'Requirement Form Test · PropMatch'
  }, [])

  return (
    <div className="mx-auto grid max-w-5xl gap-6 lg:grid-cols-2">
      <h1 className="text-2xl font-bold tracking-tight text-foreground lg:col-span-2">Requirement Form Test</h1>
      <Card>
        <CardHeader>
          <CardTitle>Post a requirement</CardTitle>
        </CardHeader>
        <CardContent>
          <RequirementForm requirement={null} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Requirements ({`${items.length}${requirements.hasNextPage ? '+' : ''}`})</CardTitle>
        </CardHeader>
        <CardContent>
          {requirements.isPending ? (
            <p className="text-muted-foreground">Loading requirements...</p>
          ) : requirements.isError ? (
            <p className="text-destructive">{requirements.error.message}</p>
          ) : items.length === 0 ? (
            <EmptyState compact icon={FileText} message="No requirements yet." />
          ) : (
            <>
              <ul className="grid gap-2" data-testid="test-requirements-list">
                {items.map((r) => (
                  <li key={r.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-mono text-xs text-muted-foreground">#{r.id}</span>
                      <Badge variant={r.isActive ? 'success' : 'secondary'}>{r.isActive ? 'Active' : 'Inactive'}</Badge>
                    </div>
                    <span className="font-medium">{r.clientName}</span>
                    <span className="text-subtle-foreground">
                      {r.propertyTypes.map(propertyTypeLabel).join(', ')} · {r.preferredCities.join(', ')} · {budgetRange(r)}
                    </span>
                  </li>
                ))}
              </ul>
              <LoadMore query={requirements} />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
