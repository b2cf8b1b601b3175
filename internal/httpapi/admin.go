package httpapi

import (
	"net/http"

	"propmatch/internal/feature/admin"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/security"
)

// adminRoutes are the admin console (docs/product.md#admin-console): admins
// only, every change recorded in the audit log.
func (s *server) adminRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/admin/stats", s.adminOnly(s.adminStats))
	mux.HandleFunc("GET /api/admin/users", s.adminOnly(s.adminUsers))
	mux.HandleFunc("PATCH /api/admin/users/{id}/role", s.adminOnly(s.adminSetRole))
	mux.HandleFunc("PATCH /api/admin/users/{id}", s.adminOnly(s.adminEditUser))
	mux.HandleFunc("POST /api/admin/users/{id}/deactivate", s.adminOnly(s.adminSetActive(false)))
	mux.HandleFunc("POST /api/admin/users/{id}/reactivate", s.adminOnly(s.adminSetActive(true)))
	mux.HandleFunc("GET /api/admin/properties", s.adminOnly(s.adminProperties))
	mux.HandleFunc("GET /api/admin/requirements", s.adminOnly(s.adminRequirements))
	mux.HandleFunc("GET /api/admin/matches", s.adminOnly(s.adminMatches))
	mux.HandleFunc("GET /api/admin/audit", s.adminOnly(s.adminAudit))
}

// adminOnly runs h for a signed-in admin; others get 401 or 403 ("Only
// admins can use the admin console").
func (s *server) adminOnly(h userHandler) http.HandlerFunc {
	return s.adminOnlyTo("use the admin console", h)
}

// adminOnlyTo is the one admin guard: it runs h for a signed-in admin;
// others get 401, or 403 "Only admins can <what>" with the attempt recorded
// as an admin_route_by_agent security event. Every admin-only route goes
// through it (TestEveryAdminRouteRecordsAnAgentsAttempt).
func (s *server) adminOnlyTo(what string, h userHandler) http.HandlerFunc {
	refused := apperr.New(apperr.Forbidden, "Only admins can %s", what)
	return s.signedIn(func(w http.ResponseWriter, r *http.Request, u auth.User) {
		if _, ok := apiKeyOf(r); ok {
			s.fail(w, r, apperr.New(apperr.Forbidden, "API keys cannot use the admin console"))
			return
		}
		if !u.IsAdmin() {
			s.note(r, security.Event{Type: security.AdminRouteByAgent, Subject: "user:" + idString(u.ID), Detail: r.Method + " " + r.URL.Path})
			s.fail(w, r, refused)
			return
		}
		h(w, r, u)
	})
}

// adminOf is u as the author of an audited account change.
func adminOf(u auth.User) auth.Admin { return auth.Admin{ID: u.ID} }

func (s *server) adminStats(w http.ResponseWriter, r *http.Request, _ auth.User) {
	st, err := s.Admin.Stats(r.Context())
	s.reply(w, r, http.StatusOK, st, err)
}

func (s *server) adminUsers(w http.ResponseWriter, r *http.Request, _ auth.User) {
	page(s, w, r, func(p paging.Page) ([]auth.User, int64, error) {
		return s.Auth.SearchUsers(r.Context(), r.URL.Query().Get("q"), p)
	})
}

type roleBody struct {
	Role string `json:"role"`
}

func (s *server) adminSetRole(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[roleBody](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Auth.ChangeRole(r.Context(), adminOf(u), id, in.Role)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminEditUser(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[auth.UserPatch](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Auth.EditUser(r.Context(), adminOf(u), id, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminSetActive(active bool) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u auth.User) {
		id, err := pathID(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out, err := s.Admin.SetActive(r.Context(), adminOf(u), id, active)
		s.reply(w, r, http.StatusOK, out, err)
	}
}

func (s *server) adminProperties(w http.ResponseWriter, r *http.Request, _ auth.User) {
	page(s, w, r, func(p paging.Page) ([]admin.Property, int64, error) {
		return s.Admin.Properties(r.Context(), r.URL.Query().Get("q"), p)
	})
}

func (s *server) adminRequirements(w http.ResponseWriter, r *http.Request, _ auth.User) {
	page(s, w, r, func(p paging.Page) ([]admin.Requirement, int64, error) {
		return s.Admin.Requirements(r.Context(), r.URL.Query().Get("q"), p)
	})
}

func (s *server) adminMatches(w http.ResponseWriter, r *http.Request, _ auth.User) {
	page(s, w, r, func(p paging.Page) ([]admin.Match, int64, error) {
		return s.Admin.Matches(r.Context(), r.URL.Query().Get("status"), p)
	})
}

func (s *server) adminAudit(w http.ResponseWriter, r *http.Request, _ auth.User) {
	page(s, w, r, func(p paging.Page) ([]audit.Event, int64, error) {
		return s.Admin.Audit(r.Context(), p)
	})
}
