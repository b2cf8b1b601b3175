package httpapi

import (
	"net/http"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
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

// placeRoutes are India's states and cities.
func (s *server) placeRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/states", s.states)
	mux.HandleFunc("GET /api/cities/{state}", s.cities)
}
