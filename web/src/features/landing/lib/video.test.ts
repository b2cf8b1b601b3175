import { describe, expect, it } from 'vitest'
import { embedUrl, watchUrl } from '@/features/landing/lib/video'

const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'

describe('embedUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  ])('converts %s', (raw) => {
    expect(embedUrl(raw)).toBe(embed)
  })

  it.each([
    '',
    'not a url',
    'https://vimeo.com/123456',
    'https://www.youtube.com/watch?v=short',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'https://evil.example/youtu.be/dQw4w9WgXcQ',
    'https://youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/watch?v=dQw4w9WgXcQ',
  ])('refuses %s', (raw) => {
    expect(embedUrl(raw)).toBeNull()
  })

  it('gives the watch address for the video site button', () => {
    expect(watchUrl(embed)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  })
})
