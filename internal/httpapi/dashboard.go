package httpapi

import (
	"net/http"

	"propmatch/internal/auth"
)

func (s *server) dashboardStats(w http.ResponseWriter, r *http.Request, u auth.User) {
	st, err := s.Dashboard.Stats(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, st, err)
}
