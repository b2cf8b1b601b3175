import { describe, expect, it } from 'vitest'
import {
  describeSchedule,
  formatBytes,
  formatDuration,
  formatInterval,
  largestTables,
  relativeTo,
} from '@/features/backups/lib/backup-format'

describe('backup formatting', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [812 * 1024, '812 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
  ])('formats %d bytes as %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text))

  it.each([
    [850, '850 ms'],
    [12_345, '12.3 s'],
    [245_000, '4 min 5 s'],
  ])('formats %d ms as %s', (ms, text) => expect(formatDuration(ms)).toBe(text))

  it.each([
    [45, '45 seconds'],
    [60, '1 minute'],
    [600, '10 minutes'],
    [3600, '1 hour'],
    [5400, '1 hour 30 minutes'],
  ])('formats an interval of %d s as %s', (seconds, text) => expect(formatInterval(seconds)).toBe(text))

  it.each([
    ['0 2 * * *', 'Daily at 02:00'],
    ['30 23 * * *', 'Daily at 23:30'],
    ['@weekly', 'Weekly, Sunday at 00:00'],
    ['0 */6 * * *', 'Cron: 0 */6 * * *'],
  ])('describes %s', (expr, text) => expect(describeSchedule(expr)).toBe(text))

  it('says how far a moment is', () => {
    const now = Date.parse('2026-11-23T20:00:00Z')
    expect(relativeTo('2026-11-24T02:00:00Z', now)).toBe('in 6 h')
    expect(relativeTo('2026-11-23T19:30:00Z', now)).toBe('30 min ago')
    expect(relativeTo('2026-11-20T20:00:00Z', now)).toBe('3 days ago')
  })

  it('lists the largest non-empty tables', () => {
    expect(largestTables({ users: 4, matches: 90, jobs: 0, messages: 90 }, 2)).toEqual([
      ['matches', 90],
      ['messages', 90],
    ])
  })
})
