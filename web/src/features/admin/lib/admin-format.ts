type Doc = Record<string, unknown> | unknown[] | null | undefined

/** The fields whose values differ between before and after (both objects), in key order. */
export function changedFields(before: Doc, after: Doc): { field: string; from: string; to: string }[] {
  if (!before || !after || Array.isArray(before) || Array.isArray(after)) return []
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => k !== 'updatedAt').sort()
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: k, from: show(before[k]), to: show(after[k]) }))
}

function show(v: unknown) {
  if (v === null || v === undefined || v === '') return '—'
  return typeof v === 'string' ? v : JSON.stringify(v)
}

/** "agent" is shown as the spec's "user". */
export function roleLabel(role: string) {
  return role === 'admin' ? 'admin' : 'user'
}

/** Seconds as a short age: "12 s", "4 min", "2 h". */
export function formatAge(seconds: number) {
  if (seconds < 60) return `${Math.round(seconds)} s`
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`
  return `${Math.round(seconds / 3600)} h`
}
