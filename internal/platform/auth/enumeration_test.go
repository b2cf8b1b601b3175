package auth

import (
	"fmt"
	"testing"

	"propmatch/internal/kit/apperr"
)

// TestSendOTPLimitAppliesBeforeThePhoneIsLookedUp: every send-otp request
// counts against the address, registered phone or not, and once the limit
// is spent the answer is the same for every number.
func TestSendOTPLimitAppliesBeforeThePhoneIsLookedUp(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		prober := e.from("198.51.100.99")
		for range 3 {
			_, err := e.svc.SendOTP(e.ctx, phoneA, prober)
			wantCode(t, err, apperr.Conflict)
		}
		for _, phone := range []string{phoneA, "+919876543299"} {
			_, err := e.svc.SendOTP(e.ctx, phone, prober)
			wantCode(t, err, apperr.TooManyRequests)
		}
	}, func(c *Config) { c.OTPPerIPPerHour = 3 })
}

// TestRegisterLimitAppliesBeforeTheLookup: registration attempts that would
// look up whether a username or email is taken are counted per address and
// per verified phone first; past the limit the answer says nothing.
func TestRegisterLimitAppliesBeforeTheLookup(t *testing.T) {
	taken := func(r *Registration) { r.Username = "asha" }
	free := func(r *Registration) { r.Username = "newcomer" }
	for _, tc := range []struct {
		name   string
		client func(e *env, i int) Client
	}{
		{"PerAddress", func(e *env, i int) Client { return e.from("198.51.100.99") }},
		{"PerPhone", func(e *env, i int) Client { return e.from(fmt.Sprintf("198.51.100.%d", i)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			each(t, func(t *testing.T, e *env) {
				e.register("asha", phoneA)
				phone := e.verifiedPhone("+919876543299")
				try := func(i int, edit func(*Registration)) error {
					r := validRegistration("probe", phone)
					r.Email = fmt.Sprintf("probe%d@example.in", i)
					edit(&r)
					_, _, err := e.svc.Register(e.ctx, r, tc.client(e, i))
					return err
				}
				for i := range 3 {
					wantCode(t, try(i, taken), apperr.Conflict)
				}
				wantCode(t, try(3, taken), apperr.TooManyRequests)
				wantCode(t, try(4, free), apperr.TooManyRequests)
			}, func(c *Config) { c.RegisterPerIPPerHour, c.RegisterPerPhonePerHour = 3, 3 })
		})
	}
}
