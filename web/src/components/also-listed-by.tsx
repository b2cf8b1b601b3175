import { Link } from 'react-router'
import type { AlsoListed } from '@/lib/api-schemas'
import { paths } from '@/app/paths'

/** "Also listed by Kavitha Reddy" or "Also listed by 2 agents". */
export function alsoListedText(names: readonly string[]): string {
  return names.length === 1 ? `Also listed by ${names[0]}` : `Also listed by ${names.length} agents`
}

/**
 * On a marketplace or match card that stands for the same property listed by several agents
 * (docs/product.md#duplicate-listings): "Also listed by 2 agents", each agent reachable by message.
 */
export function AlsoListedBy({ others }: { others?: readonly AlsoListed[] }) {
  if (!others || others.length === 0) return null
  return (
    <div className="grid gap-1 border-t border-border pt-2 text-xs" data-testid="also-listed-by">
      <p className="font-medium text-foreground">{alsoListedText(others.map((o) => o.agentName))}</p>
      <ul className="flex flex-wrap gap-x-3 gap-y-1">
        {others.map((o) => (
          <li key={o.propertyId}>
            <Link className="text-primary underline-offset-4 hover:underline" to={paths.messages.to({ withAgent: o.agentId })}>
              Message {o.agentName}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
