import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import { normalizePhone } from '@/lib/phone-normalize'

export { normalizePhone }

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
