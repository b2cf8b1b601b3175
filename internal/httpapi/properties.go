package httpapi

import (
	"net/http"

	"propmatch/internal/auth"
	"propmatch/internal/paging"
	"propmatch/internal/property"
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
