package payments_test

import (
	"errors"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/razorpay"
)

func asErr(err error, target **apperr.Error) bool { return errors.As(err, target) }

// signWith signs parts joined by "|" with secret, as Razorpay signs.
func signWith(secret string, parts ...string) string {
	msg := ""
	for i, p := range parts {
		if i > 0 {
			msg += "|"
		}
		msg += p
	}
	return razorpay.Sign(secret, []byte(msg))
}
