package httpapi

import (
	"net/http"

	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
)

func (s *server) marketplaceProperties(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]property.Marketplace, int64, error) {
		return s.Marketplace.Properties(r.Context(), u.ID, r.URL.Query().Get("q"), p)
	})
}

func (s *server) marketplaceRequirements(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]requirement.Public, int64, error) {
		return s.Marketplace.Requirements(r.Context(), u.ID, r.URL.Query().Get("q"), p)
	})
}

// marketplaceRoutes are what every agent sees of everyone's work
// (docs/product.md#marketplace).
func (s *server) marketplaceRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/marketplace/properties", s.signedIn(s.marketplaceProperties))
	mux.HandleFunc("GET /api/marketplace/requirements", s.signedIn(s.marketplaceRequirements))
}
