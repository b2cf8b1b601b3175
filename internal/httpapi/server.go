// Package httpapi is PropMatch's HTTP surface: the JSON API under /api, the
// development outbox, health checks and the embedded web app. Each resource
// file binds its own routes and routes.go lists the bindings; handlers
// decode, call a service and encode, nothing more.
package httpapi

import (
	"cmp"
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/metrics"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/security"
	"propmatch/internal/services"
)

// Deps is what the HTTP layer needs.
type Deps struct {
	DB     *store.DB
	Outbox *outbound.DBOutbox // nil outside development mode
	// Set is the services (services.New builds it); a nil Events turns
	// /api/events off.
	services.Set
	// Heartbeat is how often an idle stream is pinged (25 s when zero).
	Heartbeat time.Duration
	Log       *slog.Logger
	// Web is the built web app (index.html at its root); nil serves no app.
	Web fs.FS
	// Dev enables the development outbox routes.
	Dev bool
	// RazorpayFake is the local fake gateway development mode serves
	// under /dev/razorpay/ (nil serves none).
	RazorpayFake http.Handler
	// TrustProxy takes the client address from X-Forwarded-For and the
	// scheme from X-Forwarded-Proto.
	TrustProxy bool
	// TrustedProxies are the proxies whose X-Forwarded-For entries are
	// believed while TrustProxy is on (security.ClientIP); nil means
	// security.DefaultTrustedProxies.
	TrustedProxies []netip.Prefix
	// PublicOrigin is the origin browsers reach PropMatch at, such as
	// https://propmatch.example.com. When set, a state-changing request whose
	// Origin header names anything else is refused. Production requires it.
	PublicOrigin string
	// DBTimeout bounds each request's work (its database work above all),
	// counted from when its body has arrived; 5 s when zero. The event
	// stream has none, but each of its session checks does.
	DBTimeout time.Duration
	// MaxStreamsPerUser caps one user's open event streams on this
	// instance; 10 when zero.
	MaxStreamsPerUser int
	// AuthRatePerMinute and AuthBurst limit account requests (sign-in, codes,
	// registration) per client IP in memory; zero turns the limit off.
	AuthRatePerMinute int
	AuthBurst         int
	// VerifyRatePerMinute and VerifyBurst limit the public certificate
	// check (GET /api/public/certificates/{number}) per client IP in
	// memory; 30 a minute in bursts of 10 when zero.
	VerifyRatePerMinute int
	VerifyBurst         int
	// Quotas limits each signed-in agent's writes and daily creations.
	Quotas Quotas
	// Metrics counts requests and open streams; nil counts nothing.
	Metrics *metrics.Metrics
	// QueueStuckAfter is how long the oldest pending background job may
	// wait before /readyz warns that the queue is stuck (15 min when zero).
	QueueStuckAfter time.Duration
	// BlockCacheFor is how long this instance keeps the shared IP block
	// list before reading it again (security.DefaultBlockCache when zero).
	BlockCacheFor time.Duration
}

// New returns the PropMatch HTTP handler.
func New(d Deps) http.Handler {
	s := &server{Deps: d, authLimiter: limits.NewBurst[string](d.AuthRatePerMinute, d.AuthBurst),
		verifyLimiter: limits.NewBurst[string](cmp.Or(d.VerifyRatePerMinute, defaultVerifyPerMinute), cmp.Or(d.VerifyBurst, defaultVerifyBurst)),
		writeLimiter:  limits.NewBurst[int64](d.Quotas.WritesPerMinute, d.Quotas.WriteBurst)}
	s.streams = newStreamSlots(cmp.Or(d.MaxStreamsPerUser, defaultMaxStreams))
	s.blocks = security.NewBlockList(d.DB, d.BlockCacheFor, d.Log)
	s.trusted = d.TrustedProxies
	if s.trusted == nil {
		s.trusted, _ = security.ParseTrustedProxies(security.DefaultTrustedProxies)
	}
	mux := http.NewServeMux()
	s.mux = mux
	s.routes(mux)
	var h http.Handler = mux
	if d.Metrics != nil {
		h = notePattern(mux)
	}
	h = s.limitWrites(h)
	h = s.loadSession(h)
	h = s.withDeadline(h)
	h = limitBody(h)
	h = refuseNUL(h)
	h = s.refuseCrossOrigin(h)
	h = s.watchRequests(h)
	h = s.securityHeaders(h)
	h = s.logRequests(h)
	h = s.recoverPanics(h)
	if d.Metrics != nil {
		h = s.countRequests(mux, h)
	}
	return h
}

type server struct {
	Deps
	authLimiter   *limits.Burst[string] // per client IP; nil when off
	verifyLimiter *limits.Burst[string] // public certificate checks per client IP
	writeLimiter  *limits.Burst[int64]  // per agent; nil when the write rate is off
	streams       *streamSlots
	blocks        *security.BlockList
	trusted       []netip.Prefix
	mux           *http.ServeMux // the routes, for the methods a path allows
}

type ctxKey int

const (
	userKey ctxKey = iota
	tokenKey
	logKey
	routeKey
)

// requestInfo is filled in by handlers for the request log line.
type requestInfo struct{ userID int64 }

// SessionCookie is the name of the session cookie.
const SessionCookie = "propmatch_session"

func (s *server) loadSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if key, ok := bearerToken(r); ok && strings.HasPrefix(r.URL.Path, "/api/") {
			s.loadAPIKey(w, r, next, key) // a key's request ignores any cookie
			return
		}
		c, err := r.Cookie(SessionCookie)
		if err != nil || c.Value == "" || !strings.HasPrefix(r.URL.Path, "/api/") {
			next.ServeHTTP(w, r)
			return
		}
		ctx := context.WithValue(r.Context(), tokenKey, c.Value)
		u, err := s.authenticate(ctx, c.Value)
		switch apperr.CodeOf(err) {
		case "":
			ctx = context.WithValue(ctx, userKey, u)
			if info, ok := ctx.Value(logKey).(*requestInfo); ok {
				info.userID = u.ID
			}
		case apperr.Unauthorized: // signed out: handlers that need a user say so
		default:
			// "Not signed in" would send the browser to the sign-in page
			// while the database is down; say what happened instead.
			s.fail(w, r, &apperr.Error{Code: apperr.Unavailable, Err: err,
				Message: "PropMatch could not check your sign-in just now. Please try again in a moment."})
			return
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// authenticate looks up the session of token within the database deadline.
func (s *server) authenticate(ctx context.Context, token string) (auth.User, error) {
	ctx, cancel := context.WithTimeout(ctx, s.dbTimeout())
	defer cancel()
	return s.Auth.Authenticate(ctx, token)
}

// dbTimeout is Deps.DBTimeout, or its default.
func (s *server) dbTimeout() time.Duration { return cmp.Or(s.DBTimeout, defaultDBTimeout) }

// currentUser returns the signed-in user of r.
func currentUser(r *http.Request) (auth.User, bool) {
	u, ok := r.Context().Value(userKey).(auth.User)
	return u, ok
}

func sessionToken(r *http.Request) string {
	t, _ := r.Context().Value(tokenKey).(string)
	return t
}

// client describes the caller for throttles, sessions and security events.
// What comes from headers is made fit to store (input.Header): valid UTF-8,
// no control characters, capped.
func (s *server) client(r *http.Request) auth.Client {
	return auth.Client{IP: input.Header(s.clientIP(r), input.MaxClientIP), UserAgent: input.Header(r.UserAgent(), input.MaxUserAgent), URL: r.URL.Path}
}

// clientIP is the address of r's client: the connection's, or with
// TrustProxy the rightmost X-Forwarded-For hop (of every header line) that
// is not a trusted proxy (security.ClientIP).
func (s *server) clientIP(r *http.Request) string {
	if !s.TrustProxy {
		return security.ClientIP(r.RemoteAddr, nil, nil)
	}
	return security.ClientIP(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), s.trusted)
}

func (s *server) isHTTPS(r *http.Request) bool {
	return r.TLS != nil || (s.TrustProxy && r.Header.Get("X-Forwarded-Proto") == "https")
}

func (s *server) setSessionCookie(w http.ResponseWriter, r *http.Request, sess auth.Session) {
	//nolint:gosec // G124: Secure as secureCookies says: a development server on plain HTTP alone goes without
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: sess.Token, Path: "/", Expires: sess.ExpiresAt,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secureCookies(r),
	})
}

// secureCookies reports whether cookies set on r are Secure: always in
// production (whatever the proxy settings say), and over HTTPS otherwise.
func (s *server) secureCookies(r *http.Request) bool { return !s.Dev || s.isHTTPS(r) }

func (s *server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	//nolint:gosec // G124: Secure as secureCookies says: a development server on plain HTTP alone goes without
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(1, 0),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.secureCookies(r),
	})
}

// startTime is the Last-Modified of the embedded web app.
var startTime = time.Now()
