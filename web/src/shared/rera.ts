const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A YYYY-MM-DD date as "31 Mar 2029", read as a calendar date (no time zone can move it a day). */
export function formatValidity(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return date
  const month = MONTHS[Number(m[2]) - 1]
  return month ? `${Number(m[3])} ${month} ${m[1]}` : date
}

/** The RERA badge's words: "RERA verified · valid until 31 Mar 2029", or "RERA verified" where the validity is not sent. */
export function reraBadgeText(validUntil?: string | null): string {
  return validUntil ? `RERA verified · valid until ${formatValidity(validUntil)}` : 'RERA verified'
}
