/** The privacy-enhanced host the demo video plays from. */
export const EMBED_HOST = 'https://www.youtube-nocookie.com/embed/'

const ID = /^[A-Za-z0-9_-]{11}$/

/** The YouTube video id of a watch, youtu.be, shorts, live or embed address, else null. */
export function videoId(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  const segs = url.pathname.replace(/^\/+|\/+$/g, '').split('/')
  let id: string | null | undefined = null
  if (host === 'youtu.be') {
    if (segs.length === 1) id = segs[0]
  } else if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtube-nocookie.com') {
    const cookieless = host === 'youtube-nocookie.com'
    if (segs.length === 1 && segs[0] === 'watch' && !cookieless) id = url.searchParams.get('v')
    else if (segs.length === 2 && segs[0] === 'embed') id = segs[1]
    else if (segs.length === 2 && (segs[0] === 'shorts' || segs[0] === 'live') && !cookieless) id = segs[1]
  }
  return id && ID.test(id) ? id : null
}

/** The privacy-enhanced embed address of a YouTube address, else null. */
export function embedUrl(raw: string) {
  const id = videoId(raw)
  return id ? EMBED_HOST + id : null
}

/** The address to open the video on YouTube itself, else null. */
export function watchUrl(raw: string) {
  const id = videoId(raw)
  return id ? `https://www.youtube.com/watch?v=${id}` : null
}
