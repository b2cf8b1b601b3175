package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"propmatch/internal/apperr"
	"propmatch/internal/auth"
	"propmatch/internal/quota"
)

// Quotas limits what one signed-in agent may write (issue 9, F16). A zero
// value turns that limit off.
type Quotas struct {
	// WritesPerMinute and WriteBurst are a token bucket per agent, kept in
	// memory, on every POST, PUT, PATCH and DELETE under /api but signing out:
	// a person never notices them, a script is held to the sustained rate.
	WritesPerMinute int
	WriteBurst      int
	// CreationsPerDay caps the new listings and requirements, together, one
	// agent may add per day (India's calendar), counted in the database so
	// that it holds across instances.
	CreationsPerDay int
}

// creations is the daily quota on new listings and requirements.
func (q Quotas) creations() quota.Daily {
	return quota.Daily{Name: "creations", Limit: q.CreationsPerDay, What: "new listings and requirements"}
}

// agentLimiter keeps one token bucket per signed-in agent in memory.
type agentLimiter struct {
	mu        sync.Mutex
	perSec    rate.Limit
	burst     int
	fullAfter time.Duration // an empty bucket is full again after this long
	buckets   map[int64]*agentBucket
	swept     time.Time
}

type agentBucket struct {
	lim     *rate.Limiter
	seen    time.Time
	refused bool // the last take was refused
}

// newAgentLimiter returns a limiter allowing perMinute writes per agent with
// bursts of burst (at least one), or nil when perMinute is zero or less.
func newAgentLimiter(perMinute, burst int) *agentLimiter {
	if perMinute <= 0 {
		return nil
	}
	burst = max(burst, 1)
	perSec := rate.Limit(float64(perMinute) / 60)
	return &agentLimiter{perSec: perSec, burst: burst, buckets: map[int64]*agentBucket{},
		fullAfter: time.Duration(float64(burst) / float64(perSec) * float64(time.Second))}
}

// take spends one of agentID's tokens at now. It returns zero when the write
// may go ahead, else how long until a token is back; first is true for the
// first refusal after the agent last got through.
func (l *agentLimiter) take(agentID int64, now time.Time) (wait time.Duration, first bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[agentID]
	if !ok {
		b = &agentBucket{lim: rate.NewLimiter(l.perSec, l.burst)}
		l.buckets[agentID] = b
	}
	b.seen = now
	if b.lim.AllowN(now, 1) {
		b.refused = false
		return 0, false
	}
	r := b.lim.ReserveN(now, 1)
	wait = r.DelayFrom(now)
	r.CancelAt(now)
	first, b.refused = !b.refused, true
	return max(wait, time.Millisecond), first
}

// sweep forgets, once a minute, the buckets that have filled up again: a
// full bucket is the same as a new one.
func (l *agentLimiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	for id, b := range l.buckets {
		if now.Sub(b.seen) >= l.fullAfter {
			delete(l.buckets, id)
		}
	}
	l.swept = now
}

// isWrite reports whether r changes state.
func isWrite(r *http.Request) bool {
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// limitWrites holds each signed-in agent to the write rate on every write
// under /api. Signing out is never limited; account requests made signed
// out have their own per-IP limit.
func (s *server) limitWrites(next http.Handler) http.Handler {
	if s.writeLimiter == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, ok := currentUser(r)
		if !ok || !isWrite(r) || r.URL.Path == "/api/logout" {
			next.ServeHTTP(w, r)
			return
		}
		wait, first := s.writeLimiter.take(u.ID, s.DB.Now())
		if wait == 0 {
			next.ServeHTTP(w, r)
			return
		}
		if first { // one event per run of refusals, so that a script cannot flood the table
			s.recordLimitHit(r, "user:"+strconv.FormatInt(u.ID, 10), "write rate")
		}
		s.fail(w, r, apperr.Throttled(wait, "You are making changes too quickly. Please wait %s and try again", apperr.Wait(wait)))
	})
}

// counted wraps a handler that creates a listing or a requirement with the
// daily creation quota: it takes one use before the handler runs and gives
// it back unless the handler answers with a 2xx status, so that refused
// input costs nothing.
func (s *server) counted(h userHandler) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u auth.User) {
		release, err := s.Quotas.creations().Take(r.Context(), s.DB, u.ID)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if rec.status >= 200 && rec.status < 300 {
				return
			}
			if err := release(context.WithoutCancel(r.Context())); err != nil {
				s.Log.WarnContext(r.Context(), "give back a creation", "user_id", u.ID, "err", err)
			}
		}()
		h(rec, r, u)
	}
}
