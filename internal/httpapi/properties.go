package httpapi

import (
	"net/http"

	"propmatch/internal/feature/property"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
)

func (s *server) listMyProperties(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]property.Property, int64, error) {
		return s.Properties.ListMine(r.Context(), u.ID, p)
	})
}

func (s *server) createProperty(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[property.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.Properties.Create(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, p, err)
}

func (s *server) updateProperty(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[property.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.Properties.Update(r.Context(), u.ID, id, in)
	s.reply(w, r, http.StatusOK, p, err)
}

func (s *server) deleteProperty(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.Properties.Delete(r.Context(), actorOf(u), id)
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Property deleted"}, err)
}

// propertyRoutes are the agent's own listings (docs/product.md#listings).
func (s *server) propertyRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/properties", s.signedIn(s.listMyProperties))
	mux.HandleFunc("POST /api/properties", keyWrites(s.signedIn(s.counted(s.createProperty))))
	mux.HandleFunc("PUT /api/properties/{id}", keyWrites(s.signedIn(s.updateProperty)))
	mux.HandleFunc("DELETE /api/properties/{id}", keyWrites(s.signedIn(s.deleteProperty)))
}
