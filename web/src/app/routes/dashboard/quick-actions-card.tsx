import { FileText, Handshake, Home, Users } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/app/paths'

/** Side card with the common next steps. */
export function QuickActionsCard({ onAddProperty, onPostRequirement }: { onAddProperty: () => void; onPostRequirement: () => void }) {
  return (
    <Card data-testid="quick-actions-card">
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button variant="outline" className="justify-start" onClick={onAddProperty}>
          <Home /> Add Property
        </Button>
        <Button variant="outline" className="justify-start" onClick={onPostRequirement}>
          <FileText /> Post Requirement
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to={paths.matches.to()}>
            <Handshake /> View Matches
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-start">
          <Link to={paths.agents.to()}>
            <Users /> Find Agents
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}
