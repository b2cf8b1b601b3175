package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"propmatch/internal/apperr"
	"propmatch/internal/auth"
	"propmatch/internal/events"
	"propmatch/internal/network"
	"propmatch/internal/paging"
)

func (s *server) listAgents(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]network.Agent, int64, error) {
		return s.Network.Agents(r.Context(), u.ID, r.URL.Query().Get("q"), p)
	})
}

// maxIDs is how many ids one ?ids= may name.
const maxIDs = 500

func (s *server) listUsers(w http.ResponseWriter, r *http.Request, _ auth.User) {
	ids, err := idList(r.URL.Query().Get("ids"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page(s, w, r, func(p paging.Page) ([]network.Summary, int64, error) {
		return s.Network.Users(r.Context(), ids, p)
	})
}

// idList reads a comma-separated list of ids. It returns Invalid for
// anything but positive whole numbers, or more than maxIDs of them.
func idList(v string) ([]int64, error) {
	if strings.TrimSpace(v) == "" {
		return nil, nil
	}
	parts := strings.Split(v, ",")
	bad := apperr.Validation(apperr.FieldError{Path: "ids", Message: "ids must be up to 500 comma-separated user ids"})
	if len(parts) > maxIDs {
		return nil, bad
	}
	ids := make([]int64, 0, len(parts))
	for _, p := range parts {
		id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || id <= 0 {
			return nil, bad
		}
		ids = append(ids, id)
	}
	return ids, nil
}

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
	s.replyConnection(w, r, http.StatusCreated, c, err)
}

func (s *server) answerConnection(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	in, err := decode[struct {
		Status string `json:"status"`
	}](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Network.Answer(r.Context(), u.ID, id, in.Status)
	s.replyConnection(w, r, http.StatusOK, c, err)
}

func (s *server) cancelConnection(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Network.Cancel(r.Context(), u.ID, id)
	s.replyConnection(w, r, http.StatusOK, c, err)
}

// replyConnection answers with c and tells both of its agents' streams.
func (s *server) replyConnection(w http.ResponseWriter, r *http.Request, status int, c network.Connection, err error) {
	if err == nil {
		s.publish(r, c.Parties(), events.New(events.Connection, c))
	}
	s.reply(w, r, status, c, err)
}
