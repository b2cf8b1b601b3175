package httpapi

import (
	"net/http"

	"propmatch/internal/platform/auth"
)

// analyticsRoutes are the agent's performance figures
// (docs/product.md#performance-analytics).
func (s *server) analyticsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/analytics", s.signedIn(s.analytics))
}

func (s *server) analytics(w http.ResponseWriter, r *http.Request, u auth.User) {
	rep, err := s.Analytics.Report(r.Context(), u.ID, r.URL.Query().Get("window"))
	s.reply(w, r, http.StatusOK, rep, err)
}
