import type { CourseCategory, CourseLevel, Progress } from '@/features/training/lib/course-options'

/** Level badge colours: Beginner green, Intermediate yellow, Advanced red (docs/product.md#training-screen-screen). */
export const levelClass: Record<CourseLevel, string> = {
  Beginner: 'bg-success-soft text-success',
  Intermediate: 'bg-warning-soft text-warning',
  Advanced: 'bg-destructive-soft text-destructive',
}

/** Each of the ten categories has its own colour: the badge and the thumbnail placeholder. */
export const categoryClass: Record<CourseCategory, { badge: string; placeholder: string }> = {
  Course: { badge: 'bg-tag-blue/15 text-tag-blue-text', placeholder: 'from-tag-blue/80 to-tag-blue' },
  Finance: { badge: 'bg-tag-emerald/15 text-tag-emerald-text', placeholder: 'from-tag-emerald/80 to-tag-emerald' },
  Knowledge: { badge: 'bg-tag-indigo/15 text-tag-indigo-text', placeholder: 'from-tag-indigo/80 to-tag-indigo' },
  'Legal & Compliance': { badge: 'bg-tag-slate/15 text-tag-slate-text', placeholder: 'from-tag-slate/80 to-tag-slate' },
  Marketing: { badge: 'bg-tag-pink/15 text-tag-pink-text', placeholder: 'from-tag-pink/80 to-tag-pink' },
  'Project Training': { badge: 'bg-tag-orange/15 text-tag-orange-text', placeholder: 'from-tag-orange/80 to-tag-orange' },
  Sales: { badge: 'bg-tag-amber/15 text-tag-amber-text', placeholder: 'from-tag-amber/80 to-tag-amber' },
  Technology: { badge: 'bg-tag-cyan/15 text-tag-cyan-text', placeholder: 'from-tag-cyan/80 to-tag-cyan' },
  Valuation: { badge: 'bg-tag-teal/15 text-tag-teal-text', placeholder: 'from-tag-teal/80 to-tag-teal' },
  "What's New": { badge: 'bg-tag-violet/15 text-tag-violet-text', placeholder: 'from-tag-violet/80 to-tag-violet' },
}

const fallbackCategory = { badge: 'bg-muted text-subtle-foreground', placeholder: 'from-tag-slate/60 to-tag-slate/90' }

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
