package httpapi

import (
	"net/http"

	"propmatch/internal/platform/auth"
)

func (s *server) dashboardStats(w http.ResponseWriter, r *http.Request, u auth.User) {
	st, err := s.Dashboard.Stats(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, st, err)
}

// dashboardRoutes are the dashboard's figures.
func (s *server) dashboardRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/dashboard/stats", s.signedIn(s.dashboardStats))
}
