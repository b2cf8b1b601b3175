/** The card-size copy (640 px) of a stored image URL (/media/{id} → /media/{id}/card); other URLs unchanged. */
export function cardImageUrl(url: string) {
  return /^\/media\/[^/?#]+$/.test(url) ? `${url}/card` : url
}

/** Most photos a listing may have; the first is its cover (the server checks the same). */
export const MAX_PHOTOS = 10
