package auth

import (
	"strings"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/outbound"
)

func TestRegister(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		t.Run("NeedsAVerifiedPhone", func(t *testing.T) {
			_, _, err := e.svc.Register(e.ctx, validRegistration("asha", phoneA), e.cli)
			wantCode(t, err, apperr.Forbidden)
		})
		t.Run("VerificationExpiresAfter30Minutes", func(t *testing.T) {
			e.verifiedPhone(phoneA)
			e.advance(30*time.Minute + time.Second)
			_, _, err := e.svc.Register(e.ctx, validRegistration("asha", phoneA), e.cli)
			wantCode(t, err, apperr.Forbidden)
		})
		t.Run("CreatesAnAgentWithHashedPassword", func(t *testing.T) {
			e.verifiedPhone(phoneA)
			u, sess, err := e.svc.Register(e.ctx, validRegistration("asha", phoneA), e.cli)
			if err != nil {
				t.Fatal(err)
			}
			if u.Role != RoleAgent || !u.IsPhoneVerified || u.Phone != phoneA || sess.Token == "" {
				t.Fatalf("got %+v", u)
			}
			var hash string
			e.db.QueryRow(`SELECT password_hash FROM users WHERE id = $1`, u.ID).Scan(&hash)
			if !strings.HasPrefix(hash, "$argon2id$v=19$") || strings.Contains(hash, "correct-horse") {
				t.Fatalf("stored hash %q is not argon2id", hash)
			}
		})
		t.Run("APhoneRegistersOneAccount", func(t *testing.T) {
			// Verified again within the window, but the phone already has an account.
			_, _, err := e.svc.Register(e.ctx, validRegistration("asha2", phoneA), e.cli)
			wantCode(t, err, apperr.Conflict)
		})
		t.Run("UsernameTakenIgnoringCase", func(t *testing.T) {
			p := e.verifiedPhone("+919876543299")
			r := validRegistration("ASHA", p)
			r.Email = "other@example.in"
			_, _, err := e.svc.Register(e.ctx, r, e.cli)
			wantCode(t, err, apperr.Conflict)
			wantField(t, err, "username")
		})
		t.Run("EmailTakenIgnoringCaseIsNoticedNotRefused", func(t *testing.T) {
			// A refusal would tell who has an account (issue 21, F8): the new
			// account goes without the address and its owner is told.
			r := validRegistration("asha3", "+919876543299")
			r.Email = "ASHA@example.in"
			u, _, err := e.svc.Register(e.ctx, r, e.cli)
			if err != nil {
				t.Fatal(err)
			}
			if u.Email != nil {
				t.Fatalf("the new account took the address: %v", *u.Email)
			}
			e.svc.Drain(e.ctx)
			var notices int
			e.mail.mu.Lock()
			sent := append([]outbound.Email(nil), e.mail.sent...)
			e.mail.mu.Unlock()
			for _, m := range sent {
				if m.To == "asha@example.in" && m.Subject == EmailTakenSubject {
					notices++
				}
			}
			if notices != 1 {
				t.Fatalf("%d notices to the owner, want 1", notices)
			}
		})
	})
}

func TestRegisterValidation(t *testing.T) {
	long := strings.Repeat("x", 129)
	for _, tc := range []struct {
		name  string
		edit  func(r *Registration)
		field string
	}{
		{"FullNameRequired", func(r *Registration) { r.FullName = "  " }, "fullName"},
		{"UsernameRequired", func(r *Registration) { r.Username = "" }, "username"},
		{"UsernameCharacters", func(r *Registration) { r.Username = "a b" }, "username"},
		{"PasswordRequired", func(r *Registration) { r.Password = "" }, "password"},
		{"PasswordAtLeast8", func(r *Registration) { r.Password = "Ab3$xyz" }, "password"},
		{"PasswordAtMost128", func(r *Registration) { r.Password = long }, "password"},
		{"CommonPasswordRefused", func(r *Registration) { r.Password = "password123" }, "password"},
		{"CommonPasswordRefusedIgnoringCase", func(r *Registration) { r.Password = "IloveYou1" }, "password"},
		{"PasswordNotTheUsername", func(r *Registration) { r.Username = "kavya.rao"; r.Password = "Kavya.Rao" }, "password"},
		{"EmailFormat", func(r *Registration) { r.Email = "not-an-email" }, "email"},
		{"LandlineRefused", func(r *Registration) { r.Phone = "080 2345 6789" }, "phone"},
		{"AgentTypeRequired", func(r *Registration) { r.AgentType = "" }, "agentType"},
		{"AgentTypeKnown", func(r *Registration) { r.AgentType = "broker" }, "agentType"},
		{"StateRequired", func(r *Registration) { r.State = "" }, "state"},
		{"StateKnown", func(r *Registration) { r.State = "Atlantis" }, "state"},
		{"CityRequired", func(r *Registration) { r.City = "" }, "city"},
		{"CityBelongsToState", func(r *Registration) { r.City = "Mumbai" }, "city"},
		{"BioAtMost1000", func(r *Registration) { r.Bio = strings.Repeat("b", 1001) }, "bio"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := validRegistration("kavya", phoneA)
			tc.edit(&r)
			_, err := r.validate()
			wantField(t, err, tc.field)
		})
	}
	t.Run("ValidIsAccepted", func(t *testing.T) {
		r := validRegistration("kavya", "98765 43210")
		r.City, r.State = " hyderabad ", "telangana"
		nu, err := r.validate()
		if err != nil {
			t.Fatal(err)
		}
		if nu.Phone != phoneA || nu.State != "Telangana" || nu.City != "Hyderabad" || nu.Role != RoleAgent {
			t.Fatalf("got %+v", nu)
		}
	})
}

func TestLogin(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		for _, tc := range []struct{ name, identifier string }{
			{"ByUsername", "asha"},
			{"ByUsernameIgnoringCase", "ASHA"},
			{"ByPhone", "+91 98765-43210"},
			{"ByBarePhone", "9876543210"},
			{"ByEmail", "Asha@Example.in"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				u, s, err := e.svc.Login(e.ctx, tc.identifier, "correct-horse-battery", e.cli)
				if err != nil || u.Username != "asha" || s.Token == "" {
					t.Fatalf("got %+v, %v", u, err)
				}
			})
		}
		t.Run("NewTokenAtEveryLogin", func(t *testing.T) {
			_, s1, _ := e.svc.Login(e.ctx, "asha", "correct-horse-battery", e.cli)
			_, s2, _ := e.svc.Login(e.ctx, "asha", "correct-horse-battery", e.cli)
			if s1.Token == s2.Token {
				t.Fatal("two logins got the same token")
			}
		})
		t.Run("WrongPasswordIsASecurityEvent", func(t *testing.T) {
			_, _, err := e.svc.Login(e.ctx, "asha", "wrong-password-1", e.cli)
			wantCode(t, err, apperr.Unauthorized)
			_, _, err = e.svc.Login(e.ctx, "nobody", "wrong-password-1", e.cli)
			wantCode(t, err, apperr.Unauthorized)
			var n int
			e.db.QueryRow(`SELECT COALESCE(SUM(count), 0) FROM security_events WHERE type = 'auth_failure' AND ip = $1`, e.cli.IP).Scan(&n)
			if n != 2 {
				t.Fatalf("%d auth_failure events, want 2", n)
			}
		})
		t.Run("MissingFieldsAreFieldErrors", func(t *testing.T) {
			_, _, err := e.svc.Login(e.ctx, " ", "", e.cli)
			wantField(t, err, "username")
			wantField(t, err, "password")
		})
	})
}

func TestDisabledAccountCannotSignIn(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u, s := e.register("asha", phoneA)
		e.db.Exec(`UPDATE users SET is_active = FALSE WHERE id = $1`, u.ID)
		_, _, err := e.svc.Login(e.ctx, "asha", "correct-horse-battery", e.cli)
		wantCode(t, err, apperr.Forbidden)
		_, err = e.svc.Authenticate(e.ctx, s.Token)
		wantCode(t, err, apperr.Unauthorized)
	})
}
