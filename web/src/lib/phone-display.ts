/**
 * Shows a stored E.164 number for reading: Indian numbers as "+91 98765 43210", others as stored.
 * It carries no numbering-plan metadata, so pages that only show numbers do not download the
 * validator (lib/phone.ts, about 35 kB), which loads with the forms that check a number.
 */
export function formatPhone(e164: string) {
  const indian = /^\+91(\d{5})(\d{5})$/.exec(e164.replace(/\s/g, ''))
  return indian ? `+91 ${indian[1]} ${indian[2]}` : e164
}
