package httpapi

import (
	"net/http"

	"propmatch/internal/apperr"
	"propmatch/internal/india"
)

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
