package httpapi

import (
	"context"
	"net/http"
	"time"
)

func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok"))
}

// readyz answers 200 when the database answers and its schema is the one
// this build needs; the details of a failure go to the log.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	notReady := func(msg string, err error) {
		s.Log.WarnContext(ctx, "readiness check failed", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(msg))
	}
	if err := s.DB.PingContext(ctx); err != nil {
		notReady("database unavailable\n", err)
		return
	}
	if err := s.DB.SchemaCurrent(ctx); err != nil {
		notReady("database schema is not up to date\n", err)
		return
	}
	_, _ = w.Write([]byte("ok"))
}
