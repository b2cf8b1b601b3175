package httpapi

import (
	"net/http"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/network"
)

func (s *server) listAgents(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]network.Agent, int64, error) {
		return s.Network.Agents(r.Context(), u.ID, r.URL.Query().Get("q"), p)
	})
}

// maxIDs is how many ids one ?ids= may name.
const maxIDs = 500

func (s *server) listUsers(w http.ResponseWriter, r *http.Request, u auth.User) {
	ids, err := idList(r.URL.Query().Get("ids"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page(s, w, r, func(p paging.Page) ([]network.Summary, int64, error) {
		return s.Network.Users(r.Context(), u.ID, ids, p)
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
		id, err := positiveInt("ids", strings.TrimSpace(p))
		if err != nil {
			return nil, bad
		}
		ids = append(ids, id)
	}
	return ids, nil
}
