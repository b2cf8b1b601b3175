import { scoreRows } from '@/features/matches/lib/match-labels'
import type { ScoreBreakdown as Breakdown } from '@/lib/api-schemas'

/** Points earned per matching rule out of the points possible, and the total. */
export function ScoreBreakdown({ breakdown }: { breakdown: Breakdown }) {
  return (
    <table className="w-full text-sm" data-testid="score-breakdown">
      <tbody>
        {scoreRows.map((row) => (
          <tr key={row.key} className="border-b border-border/60">
            <th scope="row" className="py-1.5 text-left font-normal text-subtle-foreground">
              {row.label}
            </th>
            <td className="py-1.5 text-right font-medium text-foreground">
              {breakdown[row.key]}/{row.possible}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-1.5 text-left font-semibold text-foreground">
            Total
          </th>
          <td className="py-1.5 text-right font-semibold text-foreground">{breakdown.total}/100</td>
        </tr>
      </tbody>
    </table>
  )
}
