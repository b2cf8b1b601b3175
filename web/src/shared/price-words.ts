import { ToWords } from 'to-words/en-IN'
import { toAmount, type Amount } from '@/shared/format'

// Its own module, apart from shared/format (which every page loads): the number-to-words tables
// (about 4 kB compressed) then load only with the forms that spell amounts out.
let toWords: ToWords | undefined

/**
 * The amount spelled in the Indian grouping followed by "Rupees", e.g.
 * 2500000 → "Twenty Five Lakh Rupees" (1 → "One Rupee"). Empty for empty, non-numeric or
 * non-positive values; paise are dropped.
 */
export function priceInWords(value: Amount): string {
  const n = toAmount(value)
  if (n === null) return ''
  const rupees = Math.floor(n)
  if (rupees <= 0) return ''
  toWords ??= new ToWords()
  return `${toWords.convert(rupees)} ${rupees === 1 ? 'Rupee' : 'Rupees'}`
}
