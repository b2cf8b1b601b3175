/** The privacy-enhanced embed host every training video plays from. */
export const EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com'])
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com'])
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/

/** The video id of a URL in one of the accepted forms, else null. */
function videoId(url: URL): string | null {
  const host = url.hostname.toLowerCase()
  const parts = url.pathname.split('/').filter(Boolean)
  if (host === 'youtu.be') return parts.length === 1 ? (parts[0] ?? null) : null
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return url.searchParams.get('v')
    if (parts.length === 2 && (parts[0] === 'shorts' || parts[0] === 'embed')) return parts[1] ?? null
    return null
  }
  if (NOCOOKIE_HOSTS.has(host)) return parts.length === 2 && parts[0] === 'embed' ? (parts[1] ?? null) : null
  return null
}

/**
 * The privacy-enhanced embed URL of a video (docs/product.md#training-screen-screen): youtube.com/watch?v=ID,
 * youtu.be/ID, youtube.com/shorts/ID, youtube.com/embed/ID and youtube-nocookie.com/embed/ID become
 * https://www.youtube-nocookie.com/embed/ID. Anything else (another host, another path, a malformed
 * id, a non-http scheme) is null and is never embedded.
 */
export function toEmbedUrl(raw: string | null | undefined): string | null {
  const text = raw?.trim()
  if (!text) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80')) return null
  const id = videoId(url)
  return id && VIDEO_ID.test(id) ? `${EMBED_ORIGIN}/embed/${id}` : null
}
