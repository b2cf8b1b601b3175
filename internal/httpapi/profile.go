package httpapi

import (
	"net/http"

	"propmatch/internal/platform/auth"
)

// profileRoutes are the agent's own profile, password and sessions
// (docs/product.md#profile and #settings).
func (s *server) profileRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/user/stats", s.signedIn(s.userStats))
	mux.HandleFunc("PUT /api/user/profile", s.sessionOnly(s.updateProfile))
	mux.HandleFunc("POST /api/user/password", s.sessionOnly(s.changePassword))
	mux.HandleFunc("GET /api/user/sessions", s.sessionOnly(s.listSessions))
	mux.HandleFunc("DELETE /api/user/sessions/{id}", s.sessionOnly(s.endSession))
	mux.HandleFunc("POST /api/user/sessions/sign-out-others", s.sessionOnly(s.endOtherSessions))
	s.settingsRoutes(mux)
}

func (s *server) userStats(w http.ResponseWriter, r *http.Request, u auth.User) {
	st, err := s.Dashboard.UserStats(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, st, err)
}

func (s *server) updateProfile(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[auth.ProfileEdit](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Auth.UpdateProfile(r.Context(), u, in)
	s.reply(w, r, http.StatusOK, out, err)
}

// endedBody answers the calls that sign sessions out.
type endedBody struct {
	Message       string `json:"message"`
	SessionsEnded int64  `json:"sessionsEnded"`
}

func (s *server) changePassword(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[auth.PasswordChange](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	n, err := s.Auth.ChangePassword(r.Context(), u, sessionToken(r), in, s.client(r))
	s.reply(w, r, http.StatusOK, endedBody{Message: "Password changed", SessionsEnded: n}, err)
}

func (s *server) listSessions(w http.ResponseWriter, r *http.Request, u auth.User) {
	list, err := s.Auth.Sessions(r.Context(), u.ID, sessionToken(r))
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) endSession(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	token := sessionToken(r)
	current, err := s.Auth.EndSession(r.Context(), u.ID, id, token)
	if err == nil && current {
		s.clearSessionCookie(w, r)
		s.endStreams(r, token)
	}
	s.reply(w, r, http.StatusOK, endedBody{Message: "Signed out", SessionsEnded: 1}, err)
}

func (s *server) endOtherSessions(w http.ResponseWriter, r *http.Request, u auth.User) {
	n, err := s.Auth.EndOtherSessions(r.Context(), u.ID, sessionToken(r))
	s.reply(w, r, http.StatusOK, endedBody{Message: "Signed out everywhere else", SessionsEnded: n}, err)
}
