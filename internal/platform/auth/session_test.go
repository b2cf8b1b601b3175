package auth

import (
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
)

func TestSessions(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u, s := e.register("asha", phoneA)
		t.Run("TokenIs256BitsStoredHashed", func(t *testing.T) {
			if len(s.Token) != 43 { // 32 bytes, unpadded base64url
				t.Fatalf("token %q is not 256 bits", s.Token)
			}
			var n int
			e.db.QueryRow(`SELECT COUNT(*) FROM sessions WHERE token_hash = $1`, s.Token).Scan(&n)
			if n != 0 {
				t.Fatal("the raw token is stored")
			}
			e.db.QueryRow(`SELECT COUNT(*) FROM sessions WHERE token_hash = $1`, hashToken(s.Token)).Scan(&n)
			if n != 1 {
				t.Fatal("the token hash is not stored")
			}
		})
		t.Run("AuthenticateReturnsTheUser", func(t *testing.T) {
			got, err := e.svc.Authenticate(e.ctx, s.Token)
			if err != nil || got.ID != u.ID {
				t.Fatalf("got %+v, %v", got, err)
			}
		})
		t.Run("UnknownTokenIsUnauthorized", func(t *testing.T) {
			_, err := e.svc.Authenticate(e.ctx, "forged-token")
			wantCode(t, err, apperr.Unauthorized)
		})
		t.Run("LogoutDestroysTheSessionServerSide", func(t *testing.T) {
			_, s2, _ := e.svc.Login(e.ctx, "asha", "correct-horse-battery", e.cli)
			if err := e.svc.Logout(e.ctx, s2.Token); err != nil {
				t.Fatal(err)
			}
			_, err := e.svc.Authenticate(e.ctx, s2.Token)
			wantCode(t, err, apperr.Unauthorized)
			if _, err := e.svc.Authenticate(e.ctx, s.Token); err != nil {
				t.Fatalf("another session ended too: %v", err)
			}
		})
	})
}

func TestSessionIdleExpiry7Days(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		_, s := e.register("asha", phoneA)
		for i := 0; i < 3; i++ { // used every 6 days, it lives on
			e.advance(6 * 24 * time.Hour)
			if _, err := e.svc.Authenticate(e.ctx, s.Token); err != nil {
				t.Fatalf("day %d: %v", 6*(i+1), err)
			}
		}
		e.advance(7 * 24 * time.Hour)
		_, err := e.svc.Authenticate(e.ctx, s.Token)
		wantCode(t, err, apperr.Unauthorized)
	})
}

func TestSessionAbsoluteExpiry30Days(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		_, s := e.register("asha", phoneA)
		for day := 1; day < 30; day++ {
			e.advance(24 * time.Hour)
			if _, err := e.svc.Authenticate(e.ctx, s.Token); err != nil {
				t.Fatalf("day %d: %v", day, err)
			}
		}
		e.advance(24 * time.Hour)
		_, err := e.svc.Authenticate(e.ctx, s.Token)
		wantCode(t, err, apperr.Unauthorized)
	})
}

func TestDeleteExpiredSessions(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		e.advance(8 * 24 * time.Hour)
		n, err := e.svc.DeleteExpiredSessions(e.ctx)
		if err != nil || n != 1 {
			t.Fatalf("removed %d, %v; want 1", n, err)
		}
	})
}
