/** A size in bytes as "0 B", "812 KB", "3.4 MB". */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`
}

/** A duration in milliseconds as "850 ms", "12.3 s", "4 min 5 s". */
export function formatDuration(ms: number) {
  if (ms < 1000) return `${ms} ms`
  const seconds = ms / 1000
  if (seconds < 60) return `${seconds.toFixed(1)} s`
  const minutes = Math.floor(seconds / 60)
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`
}

/** A moment as "24 Nov 2026, 2:00 am" in the browser's zone (Indian English). */
export function formatMoment(iso: string | null | undefined) {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** How long ago (or ahead) a moment is, relative to now: "3 h ago", "in 18 h". */
export function relativeTo(iso: string, now: number) {
  const diff = new Date(iso).getTime() - now
  const abs = Math.abs(diff)
  const text =
    abs < 60_000
      ? 'less than a minute'
      : abs < 3_600_000
        ? `${Math.round(abs / 60_000)} min`
        : abs < 172_800_000
          ? `${Math.round(abs / 3_600_000)} h`
          : `${Math.round(abs / 86_400_000)} days`
  return diff >= 0 ? `in ${text}` : `${text} ago`
}

/** An interval in seconds as "45 seconds", "10 minutes", "1 hour", "1 hour 30 minutes". */
export function formatInterval(seconds: number) {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (seconds < 60) return plural(seconds, 'second')
  const minutes = Math.round(seconds / 60)
  const hours = Math.floor(minutes / 60)
  if (hours === 0) return plural(minutes, 'minute')
  return minutes % 60 === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}`
}

/** A plain reading of the usual cron expressions; anything else is shown as written. */
export function describeSchedule(expr: string) {
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(expr)
  if (daily) return `Daily at ${daily[2].padStart(2, '0')}:${daily[1].padStart(2, '0')}`
  const tags: Record<string, string> = {
    '@daily': 'Daily at 00:00',
    '@midnight': 'Daily at 00:00',
    '@hourly': 'Every hour',
    '@weekly': 'Weekly, Sunday at 00:00',
    '@monthly': 'Monthly, on the 1st at 00:00',
  }
  return tags[expr] ?? `Cron: ${expr}`
}

/** The total row count of the largest tables, biggest first, for the summary. */
export function largestTables(tables: Record<string, number>, n: number) {
  return Object.entries(tables)
    .filter(([, rows]) => rows > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
}
