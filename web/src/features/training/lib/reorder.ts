/** The ids after moving the item at `index` one place up (-1) or down (+1); unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step
  const next = [...items]
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return next
  ;[next[index], next[target]] = [next[target] as T, next[index] as T]
  return next
}
