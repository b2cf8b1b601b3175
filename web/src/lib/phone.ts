import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'

/**
 * Normalises a phone as typed: strips spaces, hyphens, dots and brackets, reads
 * a bare 10-digit number (or 0 + 10 digits) as Indian (+91) and adds a leading
 * + when missing. Returns '' for blank input.
 */
export function normalizePhone(input: string) {
  let digits = input.trim().replace(/[\s\-().]/g, '')
  if (!digits) return ''
  if (digits.startsWith('+')) return digits
  if (digits.startsWith('00')) return `+${digits.slice(2)}`
  if (/^0\d{10}$/.test(digits)) digits = digits.slice(1)
  if (/^\d{10}$/.test(digits)) return `+91${digits}`
  return `+${digits}`
}

/** True when the input is a valid mobile number (landlines are refused). */
export function isValidMobile(input: string) {
  const normalized = normalizePhone(input)
  if (!normalized) return false
  const parsed = parsePhoneNumberFromString(normalized)
  return !!parsed && parsed.isValid() && (parsed.getType() === 'MOBILE' || parsed.getType() === 'FIXED_LINE_OR_MOBILE')
}

/** E.164 form of a valid mobile number, else null. */
export function toE164Mobile(input: string) {
  if (!isValidMobile(input)) return null
  return parsePhoneNumberFromString(normalizePhone(input))!.number
}
