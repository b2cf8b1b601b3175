import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDate } from '@/shared/format'

export type RecentItem = { key: string; title: string; detail: string; date: string }

/** Up to five recent items of one kind, newest first. */
export function RecentList({ title, items, emptyText, testId }: { title: string; items: RecentItem[]; emptyText: string; testId: string }) {
  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={item.key} className="flex min-w-0 items-start justify-between gap-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium text-foreground">{item.title}</p>
                  <p className="truncate text-muted-foreground">{item.detail}</p>
                </div>
                <time dateTime={item.date} className="shrink-0 text-xs text-muted-foreground">
                  {formatDate(item.date)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
