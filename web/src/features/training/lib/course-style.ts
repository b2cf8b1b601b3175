import type { CourseCategory, CourseLevel, Progress } from '@/features/training/lib/course-options'

/** Level badge colours: Beginner green, Intermediate yellow, Advanced red (docs/product.md#training-screen-screen). */
export const levelClass: Record<CourseLevel, string> = {
  Beginner: 'bg-green-100 text-green-800',
  Intermediate: 'bg-yellow-100 text-yellow-800',
  Advanced: 'bg-red-100 text-red-800',
}

/** Each of the ten categories has its own colour: the badge and the thumbnail placeholder. */
export const categoryClass: Record<CourseCategory, { badge: string; placeholder: string }> = {
  Course: { badge: 'bg-blue-100 text-blue-800', placeholder: 'from-blue-500 to-blue-700' },
  Finance: { badge: 'bg-emerald-100 text-emerald-800', placeholder: 'from-emerald-500 to-emerald-700' },
  Knowledge: { badge: 'bg-indigo-100 text-indigo-800', placeholder: 'from-indigo-500 to-indigo-700' },
  'Legal & Compliance': { badge: 'bg-slate-200 text-slate-800', placeholder: 'from-slate-500 to-slate-700' },
  Marketing: { badge: 'bg-pink-100 text-pink-800', placeholder: 'from-pink-500 to-pink-700' },
  'Project Training': { badge: 'bg-orange-100 text-orange-800', placeholder: 'from-orange-500 to-orange-700' },
  Sales: { badge: 'bg-amber-100 text-amber-800', placeholder: 'from-amber-500 to-amber-700' },
  Technology: { badge: 'bg-cyan-100 text-cyan-800', placeholder: 'from-cyan-500 to-cyan-700' },
  Valuation: { badge: 'bg-teal-100 text-teal-800', placeholder: 'from-teal-500 to-teal-700' },
  "What's New": { badge: 'bg-violet-100 text-violet-800', placeholder: 'from-violet-500 to-violet-700' },
}

const fallbackCategory = { badge: 'bg-slate-100 text-slate-700', placeholder: 'from-slate-400 to-slate-600' }

/** The colours of a category (an unknown one gets neutral colours). */
export function categoryColours(category: string) {
  return categoryClass[category as CourseCategory] ?? fallbackCategory
}

/** Whole percent of modules done (0 for a course without modules). */
export function progressPercent(progress: Progress | null | undefined) {
  if (!progress || progress.total <= 0) return 0
  return Math.min(100, Math.round((progress.completed / progress.total) * 100))
}

/** True when every module is done. */
export function isComplete(progress: Progress | null | undefined) {
  return !!progress && progress.total > 0 && progress.completed >= progress.total
}
