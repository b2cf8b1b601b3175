package httpapi

import (
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"propmatch/internal/apperr"
	"propmatch/internal/security"
)

// burstLimiter keeps one token bucket per client IP in memory. It stops a
// single address from hammering the account endpoints; the limits that must
// hold across instances (OTP sends, failed sign-ins) are counted in the database.
type burstLimiter struct {
	mu      sync.Mutex
	perSec  rate.Limit
	burst   int
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newBurstLimiter(perMinute, burst int) *burstLimiter {
	// A burst below one would refuse every request.
	return &burstLimiter{perSec: rate.Limit(float64(perMinute) / 60), burst: max(burst, 1), buckets: map[string]*bucket{}}
}

// allow reports whether ip may make one more request now.
func (l *burstLimiter) allow(ip string) bool {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > 10*time.Minute {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[ip]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(l.perSec, l.burst)}
		l.buckets[ip] = b
	}
	b.seen = now
	return b.lim.AllowN(now, 1)
}

// limited wraps an account endpoint with the per-IP burst limit. A limit of
// zero requests per minute turns it off.
func (s *server) limited(h http.HandlerFunc) http.HandlerFunc {
	if s.AuthRatePerMinute <= 0 {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.authLimiter.allow(s.clientIP(r)) {
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
