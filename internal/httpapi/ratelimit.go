package httpapi

import (
	"net/http"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/security"
)

// limited wraps an account endpoint with the per-IP burst limit. A limit of
// zero requests per minute turns it off.
func (s *server) limited(h http.HandlerFunc) http.HandlerFunc {
	if s.AuthRatePerMinute <= 0 {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if wait, _ := s.authLimiter.Take(s.clientIP(r), time.Now()); wait > 0 {
			s.recordLimitHit(r, "", "burst limit")
			s.fail(w, r, apperr.Throttled(time.Minute, "Too many requests. Please slow down and try again in a minute"))
			return
		}
		h(w, r)
	}
}

// The public certificate check's per-IP limit when Deps leaves it zero: a
// person checking certificates by hand never meets it, a script walking
// through numbers is held to one every two seconds.
const (
	defaultVerifyPerMinute = 30
	defaultVerifyBurst     = 10
)

// verifyLimited wraps the public certificate check with its per-IP limit.
// The route needs no sign-in, so the address is the only thing to hold to a
// rate; each check is a database read, and guessing numbers is slow work.
// The first refusal of a run is recorded as a security event.
func (s *server) verifyLimited(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if wait, first := s.verifyLimiter.Take(s.clientIP(r), time.Now()); wait > 0 {
			if first {
				s.recordLimitHit(r, "", "certificate check limit")
			}
			s.fail(w, r, apperr.Throttled(wait, "Too many certificate checks from your network. Please try again in %s", apperr.Wait(wait)))
			return
		}
		h(w, r)
	}
}

// recordLimitHit records a refusal by a rate limit as a security event.
func (s *server) recordLimitHit(r *http.Request, subject, detail string) {
	s.note(r, security.Event{Type: security.RateLimitHit, Subject: subject, Detail: detail})
}
