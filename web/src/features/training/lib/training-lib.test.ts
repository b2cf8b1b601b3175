import { describe, expect, it } from 'vitest'
import { ACTIVE_TAB_KEY, readActiveTab, writeActiveTab } from '@/features/training/lib/active-tab'
import { categoryColours, isComplete, progressPercent } from '@/features/training/lib/course-style'
import { moveItem } from '@/features/training/lib/reorder'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}

describe('active tab', () => {
  it('defaults to courses', () => {
    expect(readActiveTab(memoryStorage())).toBe('courses')
  })
  it('reads a remembered tab', () => {
    expect(readActiveTab(memoryStorage({ [ACTIVE_TAB_KEY]: 'certificates' }))).toBe('certificates')
  })
  it('ignores an unknown stored value', () => {
    expect(readActiveTab(memoryStorage({ [ACTIVE_TAB_KEY]: 'admin' }))).toBe('courses')
  })
  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
    }
    expect(readActiveTab(broken)).toBe('courses')
    expect(() => writeActiveTab('my-learning', broken)).not.toThrow()
  })
  it('writes known tabs only', () => {
    const storage = memoryStorage()
    writeActiveTab('bogus', storage)
    expect(storage.data.has(ACTIVE_TAB_KEY)).toBe(false)
    writeActiveTab('app-demo', storage)
    expect(storage.data.get(ACTIVE_TAB_KEY)).toBe('app-demo')
  })
})

describe('progress', () => {
  it.each([
    [null, 0, false],
    [{ completed: 0, total: 0 }, 0, false],
    [{ completed: 0, total: 3 }, 0, false],
    [{ completed: 1, total: 3 }, 33, false],
    [{ completed: 2, total: 3 }, 67, false],
    [{ completed: 3, total: 3 }, 100, true],
  ])('%o is %i%% (complete: %s)', (progress, percent, complete) => {
    expect(progressPercent(progress)).toBe(percent)
    expect(isComplete(progress)).toBe(complete)
  })
})

describe('moveItem', () => {
  it.each([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
  ] as const)('moves index %i by %i', (index, step, want) => {
    expect(moveItem(['a', 'b', 'c'], index, step)).toEqual(want)
  })
})

describe('category colours', () => {
  it('gives every category a placeholder and unknown ones a neutral one', () => {
    expect(categoryColours('Valuation').placeholder).toContain('teal')
    expect(categoryColours('Astrology').placeholder).toContain('slate')
  })
})
