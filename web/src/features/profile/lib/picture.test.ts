import { describe, expect, it } from 'vitest'
import { MAX_PICTURE_BYTES, pictureProblem, readDataURL, shown } from '@/features/profile/lib/picture'

describe('pictureProblem', () => {
  it.each([
    ['a small PNG', 'image/png', 2_000, null],
    ['a JPEG of exactly 100 KB', 'image/jpeg', MAX_PICTURE_BYTES, null],
    ['a JPEG one byte over', 'image/jpeg', MAX_PICTURE_BYTES + 1, 'File too large'],
    ['a GIF', 'image/gif', 2_000, 'Invalid file type'],
    ['a PDF', 'application/pdf', 2_000, 'Invalid file type'],
    ['no type', '', 10, 'Invalid file type'],
  ])('%s', (_, type, size, title) => {
    expect(pictureProblem({ type, size })?.title ?? null).toBe(title)
  })
})

describe('shown', () => {
  it('says Not provided for empty values', () => {
    expect(shown(null)).toBe('Not provided')
    expect(shown('  ')).toBe('Not provided')
    expect(shown('', 'Not specified')).toBe('Not specified')
    expect(shown(' Pune ')).toBe('Pune')
  })
})

describe('readDataURL', () => {
  it('reads a blob as a data URL', async () => {
    await expect(readDataURL(new Blob(['hi'], { type: 'image/png' }))).resolves.toBe('data:image/png;base64,aGk=')
  })
})
