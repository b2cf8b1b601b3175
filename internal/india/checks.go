package india

import (
	"errors"
	"strings"

	"propmatch/internal/kit/apperr"
)

// CheckMobile returns raw as an E.164 mobile number, as NormalizeMobile
// reads it. When raw is not one it adds the PhoneError's message at path and
// returns "".
func CheckMobile(f *apperr.Fields, path, raw string) string {
	phone, err := NormalizeMobile(raw)
	var pe *PhoneError
	if errors.As(err, &pe) {
		f.Add(path, pe.Message)
	}
	return phone
}

// TenDigitsMessage is what a form says of a phone that is not ten digits.
const TenDigitsMessage = "Phone number must be exactly 10 digits"

// CheckTenDigits returns raw as +91 and ten digits, or adds
// TenDigitsMessage at path. Indian numbers are written many ways, and each
// is read as the web form reads it (web/src/lib/phone-normalize.ts): spaces,
// hyphens, dots and brackets are dropped, then a leading +91, 0091, 91
// (before ten digits) or trunk 0 (before ten digits) is removed, and what is
// left must be exactly ten digits: "+91 98450 12345", "098450-12345",
// "9845012345" and "+919845012345" are all +919845012345. This is the rule
// for a client's phone on a requirement (docs/product.md#requirements):
// looser than NormalizeMobile, since the client is never sent a code.
func CheckTenDigits(f *apperr.Fields, path, raw string) string {
	digits := phoneSeparators.Replace(strings.TrimSpace(raw))
	switch {
	case strings.HasPrefix(digits, "+91"):
		digits = digits[3:]
	case strings.HasPrefix(digits, "0091"):
		digits = digits[4:]
	case len(digits) == 12 && strings.HasPrefix(digits, "91"):
		digits = digits[2:]
	case len(digits) == 11 && strings.HasPrefix(digits, "0"):
		digits = digits[1:]
	}
	if len(digits) != 10 || !allDigits(digits) {
		f.Add(path, TenDigitsMessage)
	}
	return "+91" + digits
}
