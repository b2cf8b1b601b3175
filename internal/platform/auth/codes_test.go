package auth

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"propmatch/internal/kit/apperr"
)

// TestCodesAreStoredKeyedWithTheServerSecret: the stored hash of an OTP or
// reset code is an HMAC under the server secret, not a plain SHA-256 that a
// copy of the database could be searched against; a server with another
// secret cannot use the stored codes.
func TestCodesAreStoredKeyedWithTheServerSecret(t *testing.T) {
	secret := bytes.Repeat([]byte("s"), 32)
	withSecret := func(c *Config) { c.Secret = secret }
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		resetCode := e.resetCode("asha@example.in")
		e.svc.SendOTP(e.ctx, "+919876543299", e.cli)
		otp := e.otp.last("+919876543299")
		for _, tc := range []struct{ name, query, scope, code string }{
			{"OTP", `SELECT otp_hash FROM otp_verifications WHERE phone = '+919876543299'`, "+919876543299", otp},
			{"ResetCode", `SELECT code_hash FROM password_reset_codes`, "asha@example.in", resetCode},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var stored string
				if err := e.db.QueryRow(tc.query).Scan(&stored); err != nil {
					t.Fatal(err)
				}
				unkeyed := sha256.Sum256([]byte(tc.scope + "\x00" + tc.code))
				if stored == hex.EncodeToString(unkeyed[:]) {
					t.Fatal("the code is stored as an unkeyed SHA-256")
				}
				if stored != e.svc.hashCode(tc.scope, tc.code) || len(stored) != 64 {
					t.Fatalf("stored %q is not the HMAC-SHA256 of the code", stored)
				}
			})
		}
		t.Run("AnotherSecretCannotUseTheCodes", func(t *testing.T) {
			other := New(e.db, e.svc.cfg, e.otp, e.mail, e.svc.log)
			other.codeKey = codeKey(bytes.Repeat([]byte("t"), 32))
			_, err := other.VerifyOTP(e.ctx, "+919876543299", otp)
			wantCode(t, err, apperr.Invalid)
			wantCode(t, other.VerifyResetCode(e.ctx, "asha@example.in", resetCode), apperr.Invalid)
			same := New(e.db, e.svc.cfg, e.otp, e.mail, e.svc.log)
			if _, err := same.VerifyOTP(e.ctx, "+919876543299", otp); err != nil {
				t.Fatalf("a restart with the same secret: %v", err)
			}
		})
	}, withSecret)
}
