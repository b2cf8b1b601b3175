package india

import "github.com/nyaruka/phonenumbers"

// ErrPhoneNotIndian means a valid number outside India.
var ErrPhoneNotIndian = &PhoneError{"is not Indian", "Enter an Indian phone number, e.g. +91 98765 43210 or 1800 123 4567"}

// NormalizeIndianPhone returns raw as an E.164 Indian number of any kind a
// business may publish: a mobile, a landline with its STD code, or a
// toll-free number. Separators are dropped as NormalizeMobile drops them,
// and a number without a country code is read as Indian. It returns
// ErrPhoneRequired, ErrPhoneInvalid or ErrPhoneNotIndian.
func NormalizeIndianPhone(raw string) (string, error) {
	num, err := parsePhone(raw)
	if err != nil {
		return "", err
	}
	if phonenumbers.GetRegionCodeForNumber(num) != DefaultRegion {
		return "", ErrPhoneNotIndian
	}
	return phonenumbers.Format(num, phonenumbers.E164), nil
}
