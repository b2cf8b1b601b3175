package auth

import (
	"regexp"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
)

var sixDigits = regexp.MustCompile(`\b\d{6}\b`)

// resetCode requests a code for email and returns it from the sent mail.
func (e *env) resetCode(email string) string {
	e.t.Helper()
	if err := e.svc.SendResetCode(e.ctx, email, e.cli); err != nil {
		e.t.Fatal(err)
	}
	e.svc.Drain(e.ctx)
	e.mail.mu.Lock()
	defer e.mail.mu.Unlock()
	if len(e.mail.sent) == 0 {
		e.t.Fatal("no reset email was sent")
	}
	return sixDigits.FindString(e.mail.sent[len(e.mail.sent)-1].Text)
}

func TestPasswordReset(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		_, oldSession := e.register("asha", phoneA)
		t.Run("UnknownEmailGetsTheSameAnswer", func(t *testing.T) {
			if err := e.svc.SendResetCode(e.ctx, "nobody@example.in", e.cli); err != nil {
				t.Fatalf("got %v, want the same answer as for a known email", err)
			}
			e.svc.Drain(e.ctx)
			if e.mail.count() != 0 {
				t.Fatal("an email was sent for an unknown address")
			}
		})
		t.Run("MalformedEmailIsAFieldError", func(t *testing.T) {
			wantField(t, e.svc.SendResetCode(e.ctx, "nope", e.cli), "email")
		})
		code := e.resetCode("ASHA@example.in")
		t.Run("CodeIsStoredHashed", func(t *testing.T) {
			var n int
			e.db.QueryRow(`SELECT COUNT(*) FROM password_reset_codes WHERE code_hash = $1`, code).Scan(&n)
			if n != 0 || len(code) != 6 {
				t.Fatalf("code %q stored in clear", code)
			}
		})
		t.Run("VerifyDoesNotUseTheCodeUp", func(t *testing.T) {
			for i := 0; i < 2; i++ {
				if err := e.svc.VerifyResetCode(e.ctx, "asha@example.in", code); err != nil {
					t.Fatal(err)
				}
			}
		})
		t.Run("WeakNewPasswordRefused", func(t *testing.T) {
			wantField(t, e.svc.ResetPassword(e.ctx, "asha@example.in", code, "short"), "newPassword")
			wantField(t, e.svc.ResetPassword(e.ctx, "asha@example.in", code, "qwertyuiop"), "newPassword")
		})
		t.Run("ResetChangesPasswordAndEndsEverySession", func(t *testing.T) {
			_, other, _ := e.svc.Login(e.ctx, "asha", "correct-horse-battery", e.cli)
			if err := e.svc.ResetPassword(e.ctx, "asha@example.in", code, "a-brand-new-secret"); err != nil {
				t.Fatal(err)
			}
			for _, tok := range []string{oldSession.Token, other.Token} {
				_, err := e.svc.Authenticate(e.ctx, tok)
				wantCode(t, err, apperr.Unauthorized)
			}
			_, _, err := e.svc.Login(e.ctx, "asha", "correct-horse-battery", e.cli)
			wantCode(t, err, apperr.Unauthorized)
			if _, _, err := e.svc.Login(e.ctx, "asha", "a-brand-new-secret", e.cli); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("CodeIsSingleUse", func(t *testing.T) {
			err := e.svc.ResetPassword(e.ctx, "asha@example.in", code, "yet-another-secret")
			wantCode(t, err, apperr.Invalid)
		})
	})
}

func TestResetCodeExpiresAfter30Minutes(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		code := e.resetCode("asha@example.in")
		e.advance(30*time.Minute - time.Second)
		if err := e.svc.VerifyResetCode(e.ctx, "asha@example.in", code); err != nil {
			t.Fatal(err)
		}
		e.advance(time.Second)
		wantCode(t, e.svc.VerifyResetCode(e.ctx, "asha@example.in", code), apperr.Invalid)
	})
}

func TestResetCodeDiesAfter5WrongTries(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		code := e.resetCode("asha@example.in")
		for i := 0; i < 5; i++ {
			wantCode(t, e.svc.VerifyResetCode(e.ctx, "asha@example.in", wrong(code)), apperr.Invalid)
		}
		wantCode(t, e.svc.VerifyResetCode(e.ctx, "asha@example.in", code), apperr.Invalid)
	})
}

func TestNewResetCodeReplacesTheOld(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		first := e.resetCode("asha@example.in")
		second := e.resetCode("asha@example.in")
		if first != second {
			wantCode(t, e.svc.VerifyResetCode(e.ctx, "asha@example.in", first), apperr.Invalid)
		}
		if err := e.svc.VerifyResetCode(e.ctx, "asha@example.in", second); err != nil {
			t.Fatal(err)
		}
	})
}

func TestResetCodesPerEmailAreLimitedSilently(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		for i := 0; i < 7; i++ {
			if err := e.svc.SendResetCode(e.ctx, "asha@example.in", e.cli); err != nil {
				t.Fatalf("send %d: %v (the answer must not change)", i+1, err)
			}
		}
		e.svc.Drain(e.ctx)
		if n := e.mail.count(); n != 5 {
			t.Fatalf("%d emails sent, want 5", n)
		}
	})
}
