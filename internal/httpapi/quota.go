package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/limits"
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
func (q Quotas) creations() limits.Daily {
	return limits.Daily{Name: "creations", Limit: q.CreationsPerDay, What: "new listings and requirements"}
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
		wait, first := s.writeLimiter.Take(u.ID, s.DB.Now())
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
