package auth

import (
	"errors"
	"strings"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
)

const phoneA = "+919876543210"

func TestOTP(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		t.Run("CodeIsSixRandomDigitsStoredHashed", func(t *testing.T) {
			sent, err := e.svc.SendOTP(e.ctx, "98765 43210", e.cli)
			if err != nil {
				t.Fatal(err)
			}
			code := e.otp.last(phoneA)
			if !isSixDigits(code) {
				t.Fatalf("code %q is not 6 digits", code)
			}
			if sent.Code != "" {
				t.Fatal("the code was echoed although EchoOTP is off")
			}
			var stored string
			e.db.QueryRow(`SELECT otp_hash FROM otp_verifications WHERE phone = $1`, phoneA).Scan(&stored)
			if stored == code || strings.Contains(stored, code) || len(stored) != 64 {
				t.Fatalf("stored %q for code %q: want a SHA-256 hash", stored, code)
			}
		})
		t.Run("PhoneIsStoredAsE164", func(t *testing.T) {
			var phone string
			e.db.QueryRow(`SELECT phone FROM otp_verifications ORDER BY id DESC LIMIT 1`).Scan(&phone)
			if phone != phoneA {
				t.Fatalf("got %q, want %q", phone, phoneA)
			}
		})
		t.Run("WrongCodeUsesATry", func(t *testing.T) {
			_, err := e.svc.VerifyOTP(e.ctx, phoneA, wrong(e.otp.last(phoneA)))
			wantCode(t, err, apperr.Invalid)
			if !strings.Contains(err.Error(), "4 tries left") {
				t.Fatalf("got %v, want the tries left", err)
			}
		})
		t.Run("RightCodeVerifies", func(t *testing.T) {
			if _, err := e.svc.VerifyOTP(e.ctx, phoneA, e.otp.last(phoneA)); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("UsedCodeCannotBeReused", func(t *testing.T) {
			_, err := e.svc.VerifyOTP(e.ctx, phoneA, e.otp.last(phoneA))
			wantCode(t, err, apperr.Invalid)
		})
	})
}

func wrong(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func TestOTPExpiresAfter10Minutes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		after time.Duration
		want  apperr.Code
	}{
		{"JustBefore", 10*time.Minute - time.Second, ""},
		{"AtTenMinutes", 10 * time.Minute, apperr.Invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			each(t, func(t *testing.T, e *env) {
				e.svc.SendOTP(e.ctx, phoneA, e.cli)
				e.advance(tc.after)
				_, err := e.svc.VerifyOTP(e.ctx, phoneA, e.otp.last(phoneA))
				wantCode(t, err, tc.want)
			})
		})
	}
}

func TestOTPDiesAfter5WrongTries(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.svc.SendOTP(e.ctx, phoneA, e.cli)
		code := e.otp.last(phoneA)
		for i := 1; i <= 4; i++ {
			_, err := e.svc.VerifyOTP(e.ctx, phoneA, wrong(code))
			wantCode(t, err, apperr.Invalid)
		}
		_, err := e.svc.VerifyOTP(e.ctx, phoneA, wrong(code))
		wantCode(t, err, apperr.TooManyRequests)
		_, err = e.svc.VerifyOTP(e.ctx, phoneA, code)
		wantCode(t, err, apperr.TooManyRequests)
		// A fresh code works again once the resend gap has passed.
		e.advance(30 * time.Second)
		e.svc.SendOTP(e.ctx, phoneA, e.cli)
		if _, err := e.svc.VerifyOTP(e.ctx, phoneA, e.otp.last(phoneA)); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOTPResendNeeds30Seconds(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		if _, err := e.svc.SendOTP(e.ctx, phoneA, e.cli); err != nil {
			t.Fatal(err)
		}
		e.advance(29 * time.Second)
		_, err := e.svc.SendOTP(e.ctx, phoneA, e.cli)
		wantCode(t, err, apperr.TooManyRequests)
		var ae *apperr.Error
		if errors.As(err, &ae); ae.RetryAfter != time.Second {
			t.Fatalf("RetryAfter %v, want 1s", ae.RetryAfter)
		}
		e.advance(time.Second)
		if _, err := e.svc.SendOTP(e.ctx, phoneA, e.cli); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOTPAtMost5SendsPerPhonePerHour(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		for i := 0; i < 5; i++ {
			if _, err := e.svc.SendOTP(e.ctx, phoneA, e.cli); err != nil {
				t.Fatalf("send %d: %v", i+1, err)
			}
			e.advance(time.Minute)
		}
		_, err := e.svc.SendOTP(e.ctx, phoneA, e.cli)
		wantCode(t, err, apperr.TooManyRequests)
		e.advance(56 * time.Minute) // the first send is now over an hour old
		if _, err := e.svc.SendOTP(e.ctx, phoneA, e.cli); err != nil {
			t.Fatalf("after an hour: %v", err)
		}
	})
}

func TestOTPPerIPLimit(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		phones := []string{"+919876543211", "+919876543212", "+919876543213", "+919876543214"}
		for _, p := range phones[:3] {
			if _, err := e.svc.SendOTP(e.ctx, p, e.cli); err != nil {
				t.Fatal(err)
			}
		}
		_, err := e.svc.SendOTP(e.ctx, phones[3], e.cli)
		wantCode(t, err, apperr.TooManyRequests)
		other := e.cli
		other.IP = "198.51.100.9"
		if _, err := e.svc.SendOTP(e.ctx, phones[3], other); err != nil {
			t.Fatalf("another office is not limited: %v", err)
		}
		var events int
		e.db.QueryRow(`SELECT COALESCE(SUM(count), 0) FROM security_events WHERE type = 'rate_limit_hit'`).Scan(&events)
		if events != 1 {
			t.Fatalf("%d rate_limit_hit events, want 1", events)
		}
	}, func(c *Config) { c.OTPPerIPPerHour = 3 })
}

func TestOTPRefusesBadPhones(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		for _, phone := range []string{"", "12345", "080 2345 6789", "+91 80 2345 6789", "not a phone"} {
			_, err := e.svc.SendOTP(e.ctx, phone, e.cli)
			wantField(t, err, "phone")
		}
		if n := len(e.otp.codes); n != 0 {
			t.Fatalf("%d codes sent to bad phones", n)
		}
	})
}

func TestOTPRefusedForRegisteredPhone(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		e.advance(time.Minute)
		_, err := e.svc.SendOTP(e.ctx, phoneA, e.cli)
		wantCode(t, err, apperr.Conflict)
	})
}

func TestOTPDeliveryFailureIsUnavailable(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.otp.fail = errors.New("provider down")
		_, err := e.svc.SendOTP(e.ctx, phoneA, e.cli)
		wantCode(t, err, apperr.Unavailable)
		e.otp.fail = nil
		// The failed send does not hold the resend gap.
		if _, err := e.svc.SendOTP(e.ctx, phoneA, e.cli); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOTPEchoInDevelopment(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		sent, err := e.svc.SendOTP(e.ctx, phoneA, e.cli)
		if err != nil || sent.Code == "" || sent.Code != e.otp.last(phoneA) {
			t.Fatalf("got %+v, %v: want the code echoed", sent, err)
		}
	}, func(c *Config) { c.EchoOTP = true })
}
