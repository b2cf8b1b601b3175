package httpapi

import (
	"net/http"

	"propmatch/internal/platform/auth"
)

func (s *server) propertyDuplicates(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.Duplicates.ForProperty(r.Context(), actorOf(u), id)
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) adminDuplicates(w http.ResponseWriter, r *http.Request, _ auth.User) {
	list, err := s.Duplicates.Clusters(r.Context())
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) adminSplitDuplicates(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Duplicates.Split(r.Context(), actorOf(u), id)
	s.reply(w, r, http.StatusOK, c, err)
}

// duplicateRoutes are the duplicate listings across agents
// (docs/product.md#duplicate-listings).
func (s *server) duplicateRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/properties/{id}/duplicates", s.signedIn(s.propertyDuplicates))
	mux.HandleFunc("GET /api/admin/duplicates", s.adminOnly(s.adminDuplicates))
	mux.HandleFunc("POST /api/admin/duplicates/{id}/split", s.adminOnly(s.adminSplitDuplicates))
}
