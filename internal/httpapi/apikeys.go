package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/apikeys"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/security"
)

// apiKeyRoutes binds the personal API keys' routes (issue 23). They are
// session-only: a key cannot make, list or revoke keys.
func (s *server) apiKeyRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/user/api-keys", s.sessionOnly(s.listAPIKeys))
	mux.HandleFunc("POST /api/user/api-keys", s.sessionOnly(s.createAPIKey))
	mux.HandleFunc("DELETE /api/user/api-keys/{id}", s.sessionOnly(s.revokeAPIKey))
	mux.HandleFunc("GET /api/admin/users/{id}/api-keys", s.adminOnly(s.adminListAPIKeys))
	mux.HandleFunc("DELETE /api/admin/api-keys/{id}", s.adminOnly(s.adminRevokeAPIKey))
}

// apiKeyList is the caller's keys and whether their plan lets them use
// keys (the page explains the plan when it does not).
type apiKeyList struct {
	Keys      []apikeys.Key `json:"keys"`
	APIAccess bool          `json:"apiAccess"`
	MaxActive int           `json:"maxActive"`
}

func (s *server) listAPIKeys(w http.ResponseWriter, r *http.Request, u auth.User) {
	keys, err := s.APIKeys.List(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	access, err := s.APIKeys.HasAPIAccess(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, apiKeyList{Keys: keys, APIAccess: access, MaxActive: apikeys.MaxActive}, err)
}

func (s *server) createAPIKey(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[apikeys.NewKey](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	created, err := s.APIKeys.Create(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, created, err)
}

func (s *server) revokeAPIKey(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.noContent(w, r, s.APIKeys.Revoke(r.Context(), u.ID, id))
}

func (s *server) adminListAPIKeys(w http.ResponseWriter, r *http.Request, _ auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	keys, err := s.APIKeys.AdminList(r.Context(), id)
	s.reply(w, r, http.StatusOK, keys, err)
}

func (s *server) adminRevokeAPIKey(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.noContent(w, r, s.APIKeys.AdminRevoke(r.Context(), u.ID, id))
}

// keyCaller is the context key of a request authenticated by an API key.
type keyCallerKey struct{}

// keyWriteKey marks a request a keyWrites route let through.
type keyWriteKey struct{}

// apiKeyOf returns the API key r was authenticated with, if any.
func apiKeyOf(r *http.Request) (apikeys.Caller, bool) {
	c, ok := r.Context().Value(keyCallerKey{}).(apikeys.Caller)
	return c, ok
}

// bearerToken returns the token of r's `Authorization: Bearer …` header.
func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if len(h) < len("Bearer ") || !strings.EqualFold(h[:len("Bearer ")], "Bearer ") {
		return "", false
	}
	return strings.TrimSpace(h[len("Bearer "):]), true
}

// loadAPIKey authenticates r by its API key, checked against the database
// on every request: an unknown, revoked or expired key is 401 at once, a
// key whose plan lost API access 402, a key over its rate limit 429, and a
// read-only key's write 403. Every answer to an authenticated key carries
// the RateLimit headers. The key's agent is the request's user, never with
// an admin's rights.
func (s *server) loadAPIKey(w http.ResponseWriter, r *http.Request, next http.Handler, key string) {
	ctx, cancel := context.WithTimeout(r.Context(), s.dbTimeout())
	caller, err := s.APIKeys.Authenticate(ctx, key, s.clientIP(r))
	cancel()
	switch apperr.CodeOf(err) {
	case "":
	case apperr.Unauthorized, apperr.PlanLimit:
		if apperr.CodeOf(err) == apperr.Unauthorized {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		}
		s.fail(w, r, err)
		return
	default:
		s.fail(w, r, &apperr.Error{Code: apperr.Unavailable, Err: err,
			Message: "PropMatch could not check your API key just now. Please try again in a moment."})
		return
	}
	ok, limit, remaining, reset := s.APIKeys.Take(caller.KeyID)
	h := w.Header()
	resetSeconds := strconv.Itoa(int(reset.Seconds() + 0.999))
	h.Set("RateLimit-Limit", strconv.Itoa(limit))
	h.Set("RateLimit-Remaining", strconv.Itoa(remaining))
	h.Set("RateLimit-Reset", resetSeconds)
	if !ok {
		s.note(r, security.Event{Type: security.RateLimitHit, Subject: "api_key:" + idString(caller.KeyID), Detail: "API key rate limit"})
		s.fail(w, r, apperr.Throttled(reset, "This API key has made %d requests this minute, its limit. Try again in %s seconds.", limit, resetSeconds))
		return
	}
	if !safeMethod(r.Method) && !caller.Write {
		s.fail(w, r, apperr.New(apperr.Forbidden, "This API key is read-only: create a key with the write scope to change data"))
		return
	}
	u := caller.User
	u.Role = auth.RoleAgent // a key never carries an admin's rights
	caller.User = u
	rctx := context.WithValue(context.WithValue(r.Context(), userKey, u), keyCallerKey{}, caller)
	if info, ok := rctx.Value(logKey).(*requestInfo); ok {
		info.userID = u.ID
	}
	next.ServeHTTP(w, r.WithContext(rctx))
}

// sessionOnly runs h for a user signed in with the session cookie; an API
// key gets 403 whatever its scopes. The account routes (password, email,
// sessions, export, deletion, the keys themselves) and billing's payments
// are bound with it.
func (s *server) sessionOnly(h userHandler) http.HandlerFunc {
	return s.signedIn(func(w http.ResponseWriter, r *http.Request, u auth.User) {
		if _, ok := apiKeyOf(r); ok {
			s.fail(w, r, apperr.New(apperr.Forbidden, "API keys cannot be used here: sign in to PropMatch in the browser"))
			return
		}
		h(w, r, u)
	})
}

// keyWrites marks a route an API key with the write scope may change data
// through: listings, requirements and match status. A key's write to any
// other signed-in route is 403 (signedIn).
func keyWrites(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		h(w, r.WithContext(context.WithValue(r.Context(), keyWriteKey{}, true)))
	}
}

// keyRefused reports, and answers, whether r is an API key's write to a
// route that keyWrites does not mark.
func (s *server) keyRefused(w http.ResponseWriter, r *http.Request) bool {
	if _, ok := apiKeyOf(r); !ok || safeMethod(r.Method) {
		return false
	}
	if marked, _ := r.Context().Value(keyWriteKey{}).(bool); marked {
		return false
	}
	s.fail(w, r, apperr.New(apperr.Forbidden, "API keys can change listings, requirements and match status only"))
	return true
}
