package india

import (
	"errors"
	"strings"

	"propmatch/internal/apperr"
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

// CheckTenDigits returns raw as +91 and ten digits. Spaces, hyphens and
// brackets are dropped and a leading +91 is allowed; what is left must be
// exactly ten digits, else it adds TenDigitsMessage at path. This is the
// rule for a client's phone on a requirement (docs/product.md#requirements):
// looser than NormalizeMobile, since the client is never sent a code.
func CheckTenDigits(f *apperr.Fields, path, raw string) string {
	digits := strings.Map(func(c rune) rune {
		if c == ' ' || c == '-' || c == '(' || c == ')' {
			return -1
		}
		return c
	}, raw)
	digits = strings.TrimPrefix(digits, "+91")
	if len(digits) != 10 || !allDigits(digits) {
		f.Add(path, TenDigitsMessage)
	}
	return "+91" + digits
}
