package httpapi

import (
	"context"
	"net/http"
	"time"
)

// routeNote carries the route pattern the mux matched back out to
// countRequests, past the middleware that copy the request.
type routeNote struct{ pattern string }

// countRequests counts every request in s.Metrics under the route pattern
// it matched (r.Pattern, such as "PUT /api/properties/{id}"), never its
// path, so that ids make no series of their own. A request refused before
// routing (a cross-site write, a body too large) counts under the pattern
// it would have matched.
func (s *server) countRequests(mux *http.ServeMux, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		note := &routeNote{}
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), routeKey, note)))
		pattern := note.pattern
		if pattern == "" {
			_, pattern = mux.Handler(r)
		}
		s.Metrics.ObserveRequest(r.Method, pattern, outcome(r, rec.status), time.Since(start))
	})
}

// notePattern serves mux and notes the pattern it matched for countRequests.
func notePattern(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if note, ok := r.Context().Value(routeKey).(*routeNote); ok {
				note.pattern = r.Pattern // ServeMux sets it on r
			}
		}()
		mux.ServeHTTP(w, r)
	})
}
