import { describe, expect, it } from 'vitest'
import { changedFields, formatAge, roleLabel } from '@/features/admin/lib/admin-format'

describe('admin-format', () => {
  it('lists only the fields that changed, ignoring updatedAt', () => {
    expect(
      changedFields(
        { role: 'agent', fullName: 'A', updatedAt: '1', email: null },
        { role: 'admin', fullName: 'A', updatedAt: '2', email: 'a@x.in' },
      ),
    ).toEqual([
      { field: 'email', from: '—', to: 'a@x.in' },
      { field: 'role', from: 'agent', to: 'admin' },
    ])
    expect(changedFields(null, { a: 1 })).toEqual([])
    expect(changedFields([1, 2], [2, 1])).toEqual([])
  })
  it('shows roles as the spec names them and ages briefly', () => {
    expect(roleLabel('agent')).toBe('user')
    expect(roleLabel('admin')).toBe('admin')
    expect(formatAge(12.4)).toBe('12 s')
    expect(formatAge(240)).toBe('4 min')
    expect(formatAge(7200)).toBe('2 h')
  })
})
