package httpapi

import (
	"net/http"
	"strings"

	"propmatch/internal/auth"
)

// adRoutes are the advertisements of the Recommended Services card
// (docs/product.md#recommended-services). Writes come with the admin console.
func (s *server) adRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/advertisements", s.signedIn(s.listAdvertisements))
}

// listAdvertisements returns the active adverts targeted at ?city= and
// ?state=, each defaulting to the agent's own, or at everyone.
func (s *server) listAdvertisements(w http.ResponseWriter, r *http.Request, u auth.User) {
	q := r.URL.Query()
	city, state := strings.TrimSpace(q.Get("city")), strings.TrimSpace(q.Get("state"))
	if city == "" {
		city = u.City
	}
	if state == "" {
		state = u.State
	}
	list, err := s.Ads.For(r.Context(), city, state)
	s.reply(w, r, http.StatusOK, list, err)
}
