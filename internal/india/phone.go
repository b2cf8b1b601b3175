package india

import (
	"strconv"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// PhoneError is why NormalizeMobile refused a number. Message is the
// sentence a form shows the user; Error is the plain text for logs.
type PhoneError struct {
	reason  string
	Message string
}

// Error returns why the number was refused, for logs.
func (e *PhoneError) Error() string { return "phone number " + e.reason }

// Phone validation errors; compare with errors.Is.
var (
	// ErrPhoneRequired means the input was empty or held only separators.
	ErrPhoneRequired = &PhoneError{"is empty", "Phone number is required"}
	// ErrPhoneInvalid means the input is not a valid phone number anywhere.
	ErrPhoneInvalid = &PhoneError{"is not valid", "Enter a valid phone number with country code, e.g. +91 98765 43210"}
	// ErrPhoneNotMobile means a valid number that is not a mobile (a landline).
	ErrPhoneNotMobile = &PhoneError{"is not a mobile", "Enter a mobile number: landlines cannot receive WhatsApp codes"}
)

// DefaultRegion is the region assumed for numbers written without a country
// code.
const DefaultRegion = "IN"

// maxPhoneInput bounds the work done on hostile input; real numbers with
// separators are far shorter.
const maxPhoneInput = 64

// phoneSeparators are removed before parsing: spaces, hyphens, dots and
// brackets.
var phoneSeparators = strings.NewReplacer(
	" ", "", "\t", "", "\u00a0", "", "-", "", ".", "",
	"(", "", ")", "", "[", "", "]", "",
)

// NormalizeMobile returns raw as an E.164 mobile number such as
// "+919876543210".
//
// Spaces, hyphens, dots and brackets are removed; what is left must be
// digits with an optional leading '+'. Without a '+' the number is read as
// Indian: ten digits get +91, a leading 0 trunk prefix is dropped, and twelve
// digits starting with 91 are taken as +91 followed by the number.
//
// The number must be valid and of type MOBILE. FIXED_LINE_OR_MOBILE is also
// accepted: regions such as the US and Canada (+1) do not distinguish mobiles
// from landlines in their numbering plan, and refusing that type would refuse
// every number there. Indian numbers are always told apart, so Indian
// landlines such as "080 2345 6789" are refused.
//
// On failure it returns "" and ErrPhoneRequired (empty input), ErrPhoneInvalid
// (not a valid number, letters, extensions, too long) or ErrPhoneNotMobile (a
// valid landline, toll-free, premium-rate or other non-mobile number).
func NormalizeMobile(raw string) (string, error) {
	num, err := parsePhone(raw)
	if err != nil {
		return "", err
	}
	switch phonenumbers.GetNumberType(num) {
	case phonenumbers.MOBILE, phonenumbers.FIXED_LINE_OR_MOBILE:
		return phonenumbers.Format(num, phonenumbers.E164), nil
	default:
		return "", ErrPhoneNotMobile
	}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// MaskPhone returns e164 masked for logs: the country code and the last two
// digits stay, every other digit becomes '*', e.g. "+919876543210" gives
// "+91********10". It never panics. Input that is not a parseable E.164
// number keeps only its last two digits ("*******10"), and input with fewer
// than five digits (including "") gives "****", so short garbage reveals
// nothing.
func MaskPhone(e164 string) string {
	var d []byte
	for i := 0; i < len(e164) && len(d) <= maxPhoneInput; i++ {
		if c := e164[i]; c >= '0' && c <= '9' {
			d = append(d, c)
		}
	}
	if len(d) < 5 {
		return "****"
	}
	if strings.HasPrefix(strings.TrimSpace(e164), "+") {
		if num, err := phonenumbers.Parse("+"+string(d), ""); err == nil {
			cc := strconv.Itoa(int(num.GetCountryCode()))
			if rest := len(d) - len(cc); strings.HasPrefix(string(d), cc) && rest > 2 {
				return "+" + cc + strings.Repeat("*", rest-2) + string(d[len(d)-2:])
			}
		}
	}
	return strings.Repeat("*", len(d)-2) + string(d[len(d)-2:])
}

// parsePhone reads raw as a valid phone number, Indian unless it says
// otherwise: separators dropped, ten digits get +91, a leading 0 trunk
// prefix is dropped, and twelve digits starting with 91 are +91 and the
// number. It returns ErrPhoneRequired or ErrPhoneInvalid.
func parsePhone(raw string) (*phonenumbers.PhoneNumber, error) {
	if len(raw) > maxPhoneInput {
		return nil, ErrPhoneInvalid
	}
	s := phoneSeparators.Replace(strings.TrimSpace(raw))
	if s == "" {
		return nil, ErrPhoneRequired
	}
	digits, plus := strings.CutPrefix(s, "+")
	if digits == "" || !allDigits(digits) {
		return nil, ErrPhoneInvalid
	}
	if !plus && len(digits) == 12 && strings.HasPrefix(digits, "91") {
		s = "+" + digits
	}
	num, err := phonenumbers.Parse(s, DefaultRegion)
	if err != nil || !phonenumbers.IsValidNumber(num) {
		return nil, ErrPhoneInvalid
	}
	return num, nil
}
