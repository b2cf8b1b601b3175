package metrics

import (
	"crypto/sha256"
	"crypto/subtle"
	"net/http"
	"strings"
)

// Auth is the optional credentials of GET /metrics: a bearer token, a
// basic-auth username and password, or both (either is then accepted).
// The zero Auth lets every scrape in.
type Auth struct {
	Token    string
	Username string
	Password string
}

// On reports whether scrapes must authenticate.
func (a Auth) On() bool { return a.Token != "" || a.Username != "" }

// Protect serves h to scrapes that present a's credentials (all of them
// when a is off) and answers 401 to the rest. Credentials are compared in
// constant time, on SHA-256 digests so that not even their length leaks.
func Protect(h http.Handler, a Auth) http.Handler {
	if !a.On() {
		return h
	}
	challenge := `Bearer realm="metrics"`
	if a.Username != "" {
		challenge = `Basic realm="metrics", charset="UTF-8"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.allows(r) {
			h.ServeHTTP(w, r)
			return
		}
		w.Header().Set("WWW-Authenticate", challenge)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	})
}

func (a Auth) allows(r *http.Request) bool {
	ok := false
	if a.Token != "" {
		if tok, found := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); found {
			ok = same(strings.TrimSpace(tok), a.Token)
		}
	}
	if a.Username != "" {
		if user, pass, found := r.BasicAuth(); found {
			// Both compared whatever the first gives: no early exit to time.
			u, p := same(user, a.Username), same(pass, a.Password)
			ok = ok || (u && p)
		}
	}
	return ok
}

// same compares a and b in constant time.
func same(a, b string) bool {
	x, y := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(x[:], y[:]) == 1
}
