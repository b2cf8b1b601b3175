// Package httpapi is PropMatch's HTTP surface: the JSON API under /api, the
// development outbox, health checks and the embedded web app. Every route is
// in routes.go; handlers decode, call a service and encode, nothing more.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"propmatch/internal/auth"
	"propmatch/internal/events"
	"propmatch/internal/marketplace"
	"propmatch/internal/match"
	"propmatch/internal/message"
	"propmatch/internal/network"
	"propmatch/internal/notify"
	"propmatch/internal/property"
	"propmatch/internal/requirement"
	"propmatch/internal/store"
)

// Deps is what the HTTP layer needs.
type Deps struct {
	DB     *store.DB
	Auth   *auth.Service
	Outbox *notify.DBOutbox // nil outside development mode

	Properties   *property.Service
	Requirements *requirement.Service
	Matches      *match.Service
	Marketplace  *marketplace.Service
	Network      *network.Service
	Messages     *message.Service
	// Events carries live events to open streams; nil turns /api/events off.
	Events events.Bus
	// Heartbeat is how often an idle stream is pinged (25 s when zero).
	Heartbeat time.Duration
	Log       *slog.Logger
	// Web is the built web app (index.html at its root); nil serves no app.
	Web fs.FS
	// Dev enables the development outbox routes.
	Dev bool
	// TrustProxy takes the client address from X-Forwarded-For and the
	// scheme from X-Forwarded-Proto.
	TrustProxy bool
	// AuthRatePerMinute and AuthBurst limit account requests (sign-in, codes,
	// registration) per client IP in memory; zero turns the limit off.
	AuthRatePerMinute int
	AuthBurst         int
}

// New returns the PropMatch HTTP handler.
func New(d Deps) http.Handler {
	s := &server{Deps: d, authLimiter: newBurstLimiter(d.AuthRatePerMinute, d.AuthBurst)}
	mux := http.NewServeMux()
	s.routes(mux)
	var h http.Handler = mux
	h = s.loadSession(h)
	h = limitBody(h)
	h = refuseCrossOrigin(h, d.Log)
	h = securityHeaders(h)
	h = s.logRequests(h)
	h = s.recoverPanics(h)
	return h
}

type server struct {
	Deps
	authLimiter *burstLimiter
}

type ctxKey int

const (
	userKey ctxKey = iota
	tokenKey
	logKey
)

// requestInfo is filled in by handlers for the request log line.
type requestInfo struct{ userID int64 }

// SessionCookie is the name of the session cookie.
const SessionCookie = "propmatch_session"

func (s *server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(SessionCookie)
		if err != nil || c.Value == "" || !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		ctx := context.WithValue(r.Context(), tokenKey, c.Value)
		if u, err := s.Auth.Authenticate(ctx, c.Value); err == nil {
			ctx = context.WithValue(ctx, userKey, u)
			if info, ok := ctx.Value(logKey).(*requestInfo); ok {
				info.userID = u.ID
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// currentUser returns the signed-in user of r.
func currentUser(r *http.Request) (auth.User, bool) {
	u, ok := r.Context().Value(userKey).(auth.User)
	return u, ok
}

func sessionToken(r *http.Request) string {
	t, _ := r.Context().Value(tokenKey).(string)
	return t
}

// client describes the caller for throttles and security events.
func (s *server) client(r *http.Request) auth.Client {
	return auth.Client{IP: s.clientIP(r), UserAgent: r.UserAgent(), URL: r.URL.Path}
}

func (s *server) clientIP(r *http.Request) string {
	if s.TrustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *server) isHTTPS(r *http.Request) bool {
	return r.TLS != nil || (s.TrustProxy && r.Header.Get("X-Forwarded-Proto") == "https")
}

func (s *server) setSessionCookie(w http.ResponseWriter, r *http.Request, sess auth.Session) {
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: sess.Token, Path: "/", Expires: sess.ExpiresAt,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.isHTTPS(r),
	})
}

func (s *server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(1, 0),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.isHTTPS(r),
	})
}

// startTime is the Last-Modified of the embedded web app.
var startTime = time.Now()
