/** The training tabs (docs/product.md#training-screen-screen). */
export const trainingTabs = ['app-demo', 'courses', 'my-learning', 'certificates'] as const
export type TrainingTab = (typeof trainingTabs)[number]

/** The local-storage key of the selected tab (the spec's key). */
export const ACTIVE_TAB_KEY = 'training-active-tab'
export const DEFAULT_TAB: TrainingTab = 'courses'

/** True for one of the four tabs. */
export const isTrainingTab = (value: unknown): value is TrainingTab => trainingTabs.includes(value as TrainingTab)

/** The remembered tab, else Courses (also when storage is unavailable or holds something else). */
export function readActiveTab(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): TrainingTab {
  try {
    const value = storage?.getItem(ACTIVE_TAB_KEY)
    return isTrainingTab(value) ? value : DEFAULT_TAB
  } catch {
    return DEFAULT_TAB
  }
}

/** Remembers the tab; an unknown value or a storage failure (private mode, quota) is ignored. */
export function writeActiveTab(tab: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  if (!isTrainingTab(tab)) return
  try {
    storage?.setItem(ACTIVE_TAB_KEY, tab)
  } catch {
    // not remembered; the tab still changes
  }
}
