/** Words for the audit log's actions; an unknown action is shown as stored. */
export const auditActionLabels: Record<string, string> = {
  'user.role': 'Changed role',
  'user.update': 'Edited user',
  'user.deactivate': 'Deactivated user',
  'user.reactivate': 'Reactivated user',
  'property.delete': 'Deleted property',
  'requirement.delete': 'Deleted requirement',
  'course.create': 'Created course',
  'course.update': 'Edited course',
  'course.delete': 'Deleted course',
  'app_demo.reorder': 'Reordered app demos',
  'site.update': 'Edited site content',
  'advertisement.create': 'Created advertisement',
  'advertisement.update': 'Edited advertisement',
  'advertisement.delete': 'Deleted advertisement',
  'backup.manual': 'Started a manual backup',
  'backup.download': 'Downloaded backup',
  'backup.delete': 'Deleted backup',
  'database.export': 'Exported the database',
  'account.delete': 'Deleted their own account',
}

export function auditActionLabel(action: string) {
  return auditActionLabels[action] ?? action
}

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
