package httpapi

import (
	"net/http"

	"propmatch/internal/auth"
	"propmatch/internal/paging"
	"propmatch/internal/property"
	"propmatch/internal/requirement"
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
