// A tiny PNG encoder for test fixtures (no dependencies): any RGB picture drawn pixel by pixel.
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(buf) {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/**
 * A width×height 8-bit RGB PNG whose pixel (x, y) is `pixel(x, y)` ([r, g, b]), asked row by row,
 * left to right.
 */
export function rgbPng(width, height, pixel) {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // colour type RGB
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const c = pixel(x, y)
      for (let i = 0; i < 3; i++) raw[row + 1 + x * 3 + i] = Math.max(0, Math.min(255, Math.round(c[i])))
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Where (x, y) lies between the top-left (0) and the bottom-right (1) corner. */
function diagonal(x, y, width, height) {
  return (x / Math.max(1, width - 1) + y / Math.max(1, height - 1)) / 2
}

/**
 * A width×height 8-bit RGB PNG: a diagonal gradient between `from` and `to`
 * ([r, g, b]), so the picture is recognisable in screenshots.
 */
export function gradientPng(width, height, from = [37, 99, 235], to = [16, 185, 129]) {
  return rgbPng(width, height, (x, y) => {
    const t = diagonal(x, y, width, height)
    return from.map((f, i) => f + (to[i] - f) * t)
  })
}

/**
 * A camera-like width×height RGB PNG: the gradient with a fine grain (a fixed pseudo-random
 * sequence), which compresses about as badly as a real photo, so a 3000×2000 one is megabytes.
 */
export function photoPng(width, height, from = [180, 120, 60], to = [40, 110, 190]) {
  let seed = 12345
  return rgbPng(width, height, (x, y) => {
    const t = diagonal(x, y, width, height)
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    const grain = (seed % 25) - 12
    return from.map((f, i) => Math.round(f + (to[i] - f) * t) + grain)
  })
}
