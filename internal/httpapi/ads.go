package httpapi

import (
	"net/http"
	"strings"

	"propmatch/internal/feature/ads"
	"propmatch/internal/platform/auth"
)

// adRoutes are the advertisements of the Recommended Services card
// (docs/product.md#recommended-services) and their management from the
// admin console (admins only, each write audited).
func (s *server) adRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/advertisements", s.signedIn(s.listAdvertisements))
	mux.HandleFunc("GET /api/admin/advertisements", s.adminOnly(s.allAdvertisements))
	mux.HandleFunc("POST /api/advertisements", s.adminOnly(s.createAdvertisement))
	mux.HandleFunc("PUT /api/advertisements/{id}", s.adminOnly(s.updateAdvertisement))
	mux.HandleFunc("DELETE /api/advertisements/{id}", s.adminOnly(s.deleteAdvertisement))
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

func (s *server) allAdvertisements(w http.ResponseWriter, r *http.Request, u auth.User) {
	list, err := s.Ads.All(r.Context(), actorOf(u))
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) createAdvertisement(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[ads.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Ads.Create(r.Context(), actorOf(u), in)
	s.reply(w, r, http.StatusCreated, out, err)
}

func (s *server) updateAdvertisement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[ads.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Ads.Update(r.Context(), actorOf(u), id, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) deleteAdvertisement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.noContent(w, r, s.Ads.Delete(r.Context(), actorOf(u), id))
}
