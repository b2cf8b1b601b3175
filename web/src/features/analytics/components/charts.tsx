import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { isSparse, type Row, type SeriesKey } from '@/features/analytics/lib/analytics-view'

// Chart colours (Tailwind blue-600, emerald-600, amber-500, violet-600, rose-600).
const colours = ['#2563eb', '#059669', '#f59e0b', '#7c3aed', '#e11d48']

/** Horizontal bars, one per row: labels stay readable at 390 px. */
export function CountBarChart({ rows, name }: { rows: Row[]; name: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="label" width={110} fontSize={12} />
        <Tooltip />
        <Bar dataKey="value" name={name} fill={colours[0]} radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}

/** Match statuses, as buyer and as seller side by side. */
export function StatusBarChart({ rows }: { rows: { label: string; asBuyer: number; asSeller: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="label" width={110} fontSize={12} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="asBuyer" name="As buyer" stackId="side" fill={colours[0]} isAnimationActive={false} />
        <Bar dataKey="asSeller" name="As seller" stackId="side" fill={colours[1]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}

/** A point on each day with a value, none on empty days: a sparse series' days show (issue 25). */
function ValueDot(props: { cx?: number; cy?: number; value?: number | null; stroke?: string; index?: number }) {
  const { cx, cy, value, stroke, index } = props
  if (cx == null || cy == null || !value) return <g key={index} />
  return <circle key={index} cx={cx} cy={cy} r={4} fill={stroke} stroke="white" strokeWidth={1.5} data-testid="series-point" />
}

/** One line per series over the window's days; a sparse series (see isSparse) marks its days with points. */
export function SeriesLineChart({ rows, keys }: { rows: { day: string }[]; keys: readonly { key: SeriesKey; label: string }[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 4, right: 16, bottom: 4, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" fontSize={12} minTickGap={24} />
        <YAxis allowDecimals={false} fontSize={12} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {keys.map(({ key, label }, i) => (
          <Line
            key={key}
            type="linear"
            dataKey={key}
            name={label}
            stroke={colours[i]}
            dot={isSparse(rows, key) ? <ValueDot /> : false}
            strokeWidth={2}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
