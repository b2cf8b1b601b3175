/**
 * YouTube addresses as people paste them, and the privacy-enhanced embed address every video plays
 * from (course videos and the landing page's demo video). The same rule as the server's
 * internal/video: watch, youtu.be, shorts, live and embed forms on youtube.com (with or without
 * www. or m.), and embed on youtube-nocookie.com; anything else is never embedded.
 */

/** The privacy-enhanced host every video plays from. */
const EMBED_HOST = 'https://www.youtube-nocookie.com/embed/'

const ID = /^[A-Za-z0-9_-]{11}$/

/** The YouTube video id of an accepted address, else null. */
export function videoId(raw: string | null | undefined): string | null {
  const text = raw?.trim()
  if (!text) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/^m\./, '')
  const segs = url.pathname.replace(/^\/+|\/+$/g, '').split('/')
  let id: string | null | undefined = null
  if (host === 'youtu.be') {
    if (segs.length === 1) id = segs[0]
  } else if (host === 'youtube.com') {
    if (segs.length === 1 && segs[0] === 'watch') id = url.searchParams.get('v')
    else if (segs.length === 2 && ['shorts', 'live', 'embed'].includes(segs[0] ?? '')) id = segs[1]
  } else if (host === 'youtube-nocookie.com') {
    if (segs.length === 2 && segs[0] === 'embed') id = segs[1]
  }
  return id && ID.test(id) ? id : null
}

/** The privacy-enhanced embed address of a YouTube address, else null. */
export function embedUrl(raw: string | null | undefined): string | null {
  const id = videoId(raw)
  return id ? EMBED_HOST + id : null
}

/** The address to open the video on YouTube itself, else null. */
export function watchUrl(raw: string | null | undefined): string | null {
  const id = videoId(raw)
  return id ? `https://www.youtube.com/watch?v=${id}` : null
}
