package httpapi

import (
	"context"
	"net/http"
	"time"

	"propmatch/internal/apperr"
	"propmatch/internal/india"
)

func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok"))
}

func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := s.DB.PingContext(ctx); err != nil {
		s.Log.WarnContext(ctx, "readiness check failed", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("database unavailable\n"))
		return
	}
	w.Write([]byte("ok"))
}

func (s *server) states(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "public, max-age=86400")
	writeJSON(w, http.StatusOK, india.States())
}

func (s *server) cities(w http.ResponseWriter, r *http.Request) {
	cities, ok := india.Cities(r.PathValue("state"))
	if !ok {
		s.fail(w, r, apperr.New(apperr.NotFound, "Unknown state: %s", r.PathValue("state")))
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=86400")
	writeJSON(w, http.StatusOK, cities)
}

func (s *server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	s.fail(w, r, apperr.New(apperr.NotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path))
}
