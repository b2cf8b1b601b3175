/**
 * Photos from a phone camera (4,000 px, 3-6 MB) are made small enough in the browser before upload:
 * scaled to fit PHOTO_MAX_SIDE on the long side and encoded as JPEG, stepping the quality down (and
 * then the size) until the file is under the server's limit. The server still checks size and
 * content, and re-encodes. JPEG rather than WebP: the server accepts PNG and JPEG only (Go decodes
 * no WebP without an extra library, and encodes none), and a 1600 px JPEG at 0.8 is about 250 KB.
 */

/** Largest accepted image: under 300 KiB (docs/product.md#images), as the server checks. */
export const MAX_IMAGE_BYTES = 300 * 1024
/** The long side a photo is scaled to: sharp in the full-width gallery, a tenth of a camera photo. */
export const PHOTO_MAX_SIDE = 1600
/** JPEG qualities tried in turn at each size. */
export const QUALITY_STEPS = [0.85, 0.75, 0.65, 0.55] as const
/** Each further attempt scales the long side by this much… */
const SHRINK = 0.8
/** …until it would go below this. */
const MIN_SIDE = 480

/** width × height scaled down (never up) so that the long side is at most maxSide, rounded. */
export function fitWithin(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** Encodes the picture at a size and JPEG quality. */
export type Encoder = (width: number, height: number, quality: number) => Promise<Blob>

/**
 * The first encoding under maxBytes: every quality step at the fitted size, then at sizes shrinking by
 * a fifth, down to MIN_SIDE on the long side. Null when even that is too large.
 */
export async function encodeUnder(encode: Encoder, width: number, height: number, maxBytes = MAX_IMAGE_BYTES, maxSide = PHOTO_MAX_SIDE) {
  let side = Math.min(maxSide, Math.max(width, height))
  for (;;) {
    const size = fitWithin(width, height, side)
    for (const quality of QUALITY_STEPS) {
      const blob = await encode(size.width, size.height, quality)
      if (blob.size < maxBytes) return { blob, ...size, quality }
    }
    const next = Math.floor(side * SHRINK)
    if (next < MIN_SIDE) return null
    side = next
  }
}

/** True when a file can go up as it is: a PNG or JPEG under the limit, no larger than maxSide. */
export function canSendAsIs(file: Pick<File, 'type' | 'size'>, width: number, height: number, maxSide = PHOTO_MAX_SIDE) {
  return (file.type === 'image/png' || file.type === 'image/jpeg') && file.size < MAX_IMAGE_BYTES && Math.max(width, height) <= maxSide
}

export function readAsDataUrl(blob: Blob) {
  return new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'))
    reader.readAsDataURL(blob)
  })
}

export type PreparedPhoto = { ok: true; dataUrl: string } | { ok: false; reason: 'type' | 'unreadable' | 'too-large' }

/**
 * A photo ready to upload, as a data URL: sent as it is when it already fits, else scaled and
 * re-encoded (the camera's rotation applied, its metadata dropped). Without a way to decode images
 * (an old browser), only a PNG or JPEG already under the limit goes.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  if (!file.type.startsWith('image/')) return { ok: false, reason: 'type' }
  let bitmap: ImageBitmap | null = null
  if (typeof createImageBitmap === 'function') {
    try {
      bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    } catch {
      bitmap = null
    }
  }
  if (!bitmap) {
    if (file.type !== 'image/png' && file.type !== 'image/jpeg') return { ok: false, reason: 'unreadable' }
    if (file.size >= MAX_IMAGE_BYTES) return { ok: false, reason: 'too-large' }
    return { ok: true, dataUrl: await readAsDataUrl(file) }
  }
  try {
    if (canSendAsIs(file, bitmap.width, bitmap.height)) return { ok: true, dataUrl: await readAsDataUrl(file) }
    const source = bitmap
    const encode: Encoder = (width, height, quality) => {
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const ctx = canvas.getContext('2d')
      if (!ctx) return Promise.reject(new Error('No canvas'))
      ctx.fillStyle = '#fff' // JPEG has no transparency
      ctx.fillRect(0, 0, width, height)
      ctx.imageSmoothingQuality = 'high'
      ctx.drawImage(source, 0, 0, width, height)
      return new Promise((resolve, reject) =>
        canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not encode'))), 'image/jpeg', quality),
      )
    }
    const result = await encodeUnder(encode, bitmap.width, bitmap.height)
    if (!result) return { ok: false, reason: 'too-large' }
    return { ok: true, dataUrl: await readAsDataUrl(result.blob) }
  } catch {
    return { ok: false, reason: 'unreadable' }
  } finally {
    bitmap.close()
  }
}
