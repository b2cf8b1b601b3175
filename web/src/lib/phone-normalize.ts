/**
 * Phone normalising shared by registration and the requirement form. It knows
 * no phone-number metadata, so forms that only need the Indian rule do not load
 * libphonenumber (lib/phone.ts adds the validity checks on top).
 */

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

/**
 * An Indian number in any common writing ("+91 98450 12345", "098450-12345",
 * "9845012345", "+919845012345", "0091 …") as +91 and its ten digits, or null
 * when it is not ten digits after the country code or trunk 0. The server
 * applies the same rule (india.CheckTenDigits).
 */
export function indianPhone(input: string): string | null {
  const normalized = normalizePhone(input)
  return /^\+91\d{10}$/.test(normalized) ? normalized : null
}

/** +919845012345 → "+91 98450 12345"; anything else unchanged. */
export function formatIndianPhone(e164: string) {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164)
  return m ? `+91 ${m[1]} ${m[2]}` : e164
}
