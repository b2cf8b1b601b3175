import { describe, expect, it } from 'vitest'
import { canSendAsIs, encodeUnder, fitWithin, MAX_IMAGE_BYTES, type Encoder } from '@/lib/image-resize'

describe('fitWithin', () => {
  it.each([
    [4032, 3024, 1600, 1600, 1200], // a 12 MP phone photo, landscape
    [3024, 4032, 1600, 1200, 1600], // portrait
    [1000, 800, 1600, 1000, 800], // never scaled up
    [5000, 10, 1600, 1600, 3], // rounded
    [3000, 1, 1600, 1600, 1], // at least a pixel
  ])('%i×%i within %i is %i×%i', (w, h, side, ww, wh) => {
    expect(fitWithin(w, h, side)).toEqual({ width: ww, height: wh })
  })
})

/** A fake JPEG encoder: bytes grow with pixels and quality, like the real thing (about 0.2 bytes a pixel at 0.85). */
function fakeEncoder(bytesPerPixelAtFull: number) {
  const calls: [number, number, number][] = []
  const encode: Encoder = async (w, h, q) => {
    calls.push([w, h, q])
    return new Blob([new Uint8Array(Math.round(w * h * bytesPerPixelAtFull * (q / 0.85)))])
  }
  return { encode, calls }
}

describe('encodeUnder', () => {
  it('scales a phone photo to 1600 px and keeps the first quality that fits', async () => {
    const { encode, calls } = fakeEncoder(0.12)
    const got = await encodeUnder(encode, 4032, 3024)
    expect(got).toMatchObject({ width: 1600, height: 1200, quality: 0.85 })
    expect(got!.blob.size).toBeLessThan(MAX_IMAGE_BYTES)
    expect(calls).toEqual([[1600, 1200, 0.85]])
  })

  it('steps the quality down before the size', async () => {
    const { encode, calls } = fakeEncoder(0.2) // 384 KB at 0.85; 339 at 0.75; 293 at 0.65
    const got = await encodeUnder(encode, 4032, 3024)
    expect(got).toMatchObject({ width: 1600, height: 1200, quality: 0.65 })
    expect(calls.map((c) => c[2])).toEqual([0.85, 0.75, 0.65])
  })

  it('then shrinks by a fifth at a time', async () => {
    const { encode, calls } = fakeEncoder(0.5) // noisy: even 0.55 at 1600 px is 621 KB
    const got = await encodeUnder(encode, 4032, 3024)
    expect(got).not.toBeNull()
    expect(got!.width).toBeLessThan(1600)
    expect(got!.blob.size).toBeLessThan(MAX_IMAGE_BYTES)
    expect(calls.slice(4, 5)).toEqual([[1280, 960, 0.85]])
  })

  it('gives up below 480 px rather than send a postage stamp', async () => {
    const { encode } = fakeEncoder(10)
    expect(await encodeUnder(encode, 4032, 3024)).toBeNull()
  })
})

describe('canSendAsIs', () => {
  it('sends a small PNG or JPEG untouched, and anything else re-encoded', () => {
    expect(canSendAsIs({ type: 'image/jpeg', size: 200_000 }, 1600, 1200)).toBe(true)
    expect(canSendAsIs({ type: 'image/png', size: 200_000 }, 1601, 900)).toBe(false)
    expect(canSendAsIs({ type: 'image/jpeg', size: MAX_IMAGE_BYTES }, 800, 600)).toBe(false)
    expect(canSendAsIs({ type: 'image/webp', size: 50_000 }, 800, 600)).toBe(false)
  })
})
