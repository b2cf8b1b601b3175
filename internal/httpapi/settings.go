package httpapi

import (
	"bytes"
	"net/http"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/version"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/settings"
)

// settingsRoutes are the agent's saved settings and the build's version
// (docs/product.md#settings).
func (s *server) settingsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/user/settings", s.signedIn(s.getSettings))
	mux.HandleFunc("PUT /api/user/settings", s.signedIn(s.putSettings))
	mux.HandleFunc("GET /api/version", s.getVersion)
}

func (s *server) getSettings(w http.ResponseWriter, r *http.Request, u auth.User) {
	st, err := s.Settings.Get(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, st, err)
}

// putSettings saves the whole Settings shape or any part of it: what the
// body leaves out keeps its saved value. The body is read before the
// transaction starts, so a slow client holds no lock.
func (s *server) putSettings(w http.ResponseWriter, r *http.Request, u auth.User) {
	body, err := readJSON(r)
	if err == nil && string(bytes.TrimSpace(body)) == "null" {
		err = apperr.New(apperr.Invalid, "Request body must be a JSON object")
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st, err := s.Settings.Update(r.Context(), u.ID, func(st *settings.Settings) error {
		return unmarshalInto(body, st)
	})
	s.reply(w, r, http.StatusOK, st, err)
}

func (s *server) getVersion(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, version.Get())
}
