package httpapi

import (
	"net/http"

	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/network"
)

func (s *server) listConnections(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]network.Connection, int64, error) {
		q := r.URL.Query()
		return s.Network.List(r.Context(), u.ID, network.Filter{Status: q.Get("status"), Direction: q.Get("direction")}, p)
	})
}

func (s *server) createConnection(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[network.Request](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Network.Create(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, c, err)
}

type answerBody struct {
	Status string `json:"status"`
}

func (s *server) answerConnection(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[answerBody](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Network.Answer(r.Context(), u.ID, id, in.Status)
	s.reply(w, r, http.StatusOK, c, err)
}

func (s *server) cancelConnection(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Network.Cancel(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, c, err)
}

// connectionRoutes are the agent directory and the connections
// (docs/product.md#agent-network).
func (s *server) connectionRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/agents", s.signedIn(s.listAgents))
	mux.HandleFunc("GET /api/users", s.signedIn(s.listUsers))
	mux.HandleFunc("GET /api/connections", s.signedIn(s.listConnections))
	mux.HandleFunc("POST /api/connections", s.signedIn(s.createConnection))
	mux.HandleFunc("PUT /api/connections/{id}", s.signedIn(s.answerConnection))
	mux.HandleFunc("DELETE /api/connections/{id}", s.signedIn(s.cancelConnection))
}
