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

// recordLimitHit records a refusal by a rate limit as a security event.
func (s *server) recordLimitHit(r *http.Request, subject, detail string) {
	s.note(r, security.Event{Type: security.RateLimitHit, Subject: subject, Detail: detail})
}
