package httpapi

import (
	"net/http"

	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
)

func (s *server) listMyRequirements(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]requirement.Requirement, int64, error) {
		return s.Requirements.ListMine(r.Context(), u.ID, p)
	})
}

func (s *server) createRequirement(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[requirement.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	req, err := s.Requirements.Create(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, req, err)
}

func (s *server) updateRequirement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, patch, err := idAndBody[requirement.Patch](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	req, err := s.Requirements.Update(r.Context(), u.ID, id, patch)
	s.reply(w, r, http.StatusOK, req, err)
}

func (s *server) deleteRequirement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err == nil {
		err = s.Requirements.Delete(r.Context(), actorOf(u), id)
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Requirement deleted"}, err)
}

// requirementRoutes are the agent's client requirements
// (docs/product.md#requirements).
func (s *server) requirementRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/requirements", s.signedIn(s.listMyRequirements))
	mux.HandleFunc("POST /api/requirements", keyWrites(s.signedIn(s.counted(s.createRequirement))))
	mux.HandleFunc("PATCH /api/requirements/{id}", keyWrites(s.signedIn(s.updateRequirement)))
	mux.HandleFunc("DELETE /api/requirements/{id}", keyWrites(s.signedIn(s.deleteRequirement)))
}
