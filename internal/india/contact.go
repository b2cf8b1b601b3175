package india

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// ErrPhoneNotIndian means a valid number outside India.
var ErrPhoneNotIndian = &PhoneError{"is not Indian", "Enter an Indian phone number, e.g. +91 98765 43210 or 1800 123 4567"}

// NormalizeIndianPhone returns raw as an E.164 Indian number of any kind a
// business may publish: a mobile, a landline with its STD code, or a
// toll-free number. Separators are dropped as NormalizeMobile drops them,
// and a number without a country code is read as Indian. It returns
// ErrPhoneRequired, ErrPhoneInvalid or ErrPhoneNotIndian.
func NormalizeIndianPhone(raw string) (string, error) {
	if len(raw) > maxPhoneInput {
		return "", ErrPhoneInvalid
	}
	s := phoneSeparators.Replace(strings.TrimSpace(raw))
	if s == "" {
		return "", ErrPhoneRequired
	}
	digits, plus := strings.CutPrefix(s, "+")
	if digits == "" || !allDigits(digits) {
		return "", ErrPhoneInvalid
	}
	if !plus && len(digits) == 12 && strings.HasPrefix(digits, "91") {
		s = "+" + digits
	}
	num, err := phonenumbers.Parse(s, DefaultRegion)
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return "", ErrPhoneInvalid
	}
	if phonenumbers.GetRegionCodeForNumber(num) != DefaultRegion {
		return "", ErrPhoneNotIndian
	}
	return phonenumbers.Format(num, phonenumbers.E164), nil
}
