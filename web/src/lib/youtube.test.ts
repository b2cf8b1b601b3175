import { describe, expect, it } from 'vitest'
import { embedUrl, watchUrl } from '@/lib/youtube'

const ID = 'dQw4w9WgXcQ'
const EMBED = `https://www.youtube-nocookie.com/embed/${ID}`

describe('embedUrl: the course video forms', () => {
  it.each([
    ['watch', `https://www.youtube.com/watch?v=${ID}`],
    ['watch with more parameters', `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`],
    ['watch without www', `https://youtube.com/watch?v=${ID}`],
    ['mobile watch', `https://m.youtube.com/watch?v=${ID}`],
    ['short link', `https://youtu.be/${ID}`],
    ['short link with a start time', `https://youtu.be/${ID}?t=10`],
    ['shorts', `https://www.youtube.com/shorts/${ID}`],
    ['embed', `https://www.youtube.com/embed/${ID}`],
    ['nocookie embed', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['nocookie without www', `https://youtube-nocookie.com/embed/${ID}`],
    ['plain http', `http://www.youtube.com/watch?v=${ID}`],
    ['surrounding spaces', `  https://youtu.be/${ID}  `],
    ['upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${ID}`],
  ])('converts the %s form', (_, url) => {
    expect(embedUrl(url)).toBe(EMBED)
  })

  it.each([
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
    ['not a URL', 'youtube watch dQw4w9WgXcQ'],
    ['another host', `https://vimeo.com/${ID}`],
    ['a look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ['a subdomain trick', `https://youtube.com@evil.example/watch?v=${ID}`],
    ['another scheme', `javascript://www.youtube.com/watch?v=${ID}`],
    ['a channel page', 'https://www.youtube.com/@propmatch'],
    ['watch without an id', 'https://www.youtube.com/watch'],
    ['a short id', 'https://youtu.be/abc'],
    ['an id with bad characters', 'https://youtu.be/abc<script>x'],
    ['a nocookie page that is not an embed', `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ['an odd port', `https://www.youtube.com:8443/watch?v=${ID}`],
    ['extra path segments', `https://youtu.be/${ID}/more`],
  ])('refuses %s', (_, url) => {
    expect(embedUrl(url)).toBeNull()
  })
})

const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'

describe('embedUrl: the demo video forms', () => {
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
