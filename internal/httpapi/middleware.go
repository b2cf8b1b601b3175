package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/security"
)

// userHandler is a handler that needs a signed-in user.
type userHandler func(w http.ResponseWriter, r *http.Request, u auth.User)

// signedIn runs h for a signed-in user; others get 401.
func (s *server) signedIn(h userHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		u, ok := currentUser(r)
		if !ok {
			writeJSON(w, http.StatusUnauthorized, errorBody{Message: "Not signed in"})
			return
		}
		if s.keyRefused(w, r) {
			return
		}
		// The audit log records the address of each admin action, made fit
		// to store (X-Forwarded-For may carry any bytes).
		h(w, r.WithContext(audit.WithIP(r.Context(), input.Header(s.clientIP(r), input.MaxClientIP))), u)
	}
}

// actorOf is u as the services' ownership checks see it.
func actorOf(u auth.User) access.Actor { return access.Actor{ID: u.ID, Admin: u.IsAdmin()} }

// statusRecorder remembers the status and size of a response.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusRecorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusRecorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Flush lets streaming responses through the recorder.
func (w *statusRecorder) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the underlying writer.
func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests writes one line per request. It logs the path, never the
// query string, body or cookies.
func (s *server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &requestInfo{}
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), logKey, info)))
		status := outcome(r, rec.status)
		level := slog.LevelInfo
		switch {
		case status == StatusClientClosedRequest:
			level = slog.LevelDebug // the client left: nothing for an operator to do
		case status >= 500:
			level = slog.LevelError
		}
		s.Log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", status),
			slog.Int("bytes", rec.bytes), slog.Duration("duration", time.Since(start)),
			slog.String("ip", s.clientIP(r)), slog.Int64("user_id", info.userID))
	})
}

// recoverPanics turns a panic into a logged 500 with a generic message.
func (s *server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.fail(w, r, apperr.Wrap(fmt.Errorf("panic: %v\n%s", v, debug.Stack()), "recovered"))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// limitBody caps every request body at its route's cap (bodyCap). At most
// maxLargeBodies bodies over MaxBodyBytes (or of unknown length) on the
// listing routes are read and handled at once, so a burst of listings with
// ten photos each holds at most maxLargeBodies × MaxListingBodyBytes of
// bodies; the others wait up to largeBodyWait, then get 503.
func limitBody(next http.Handler) http.Handler {
	large := make(chan struct{}, maxLargeBodies)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := bodyCap(r)
		if r.ContentLength > limit {
			writeJSON(w, http.StatusRequestEntityTooLarge, errorBody{Message: fmt.Sprintf("Request body is larger than %d KiB", limit>>10)})
			return
		}
		if limit > MaxBodyBytes && (r.ContentLength > MaxBodyBytes || r.ContentLength < 0) {
			timer := time.NewTimer(largeBodyWait)
			defer timer.Stop()
			select {
			case large <- struct{}{}:
				defer func() { <-large }()
			case <-timer.C:
				w.Header().Set("Retry-After", "5")
				writeJSON(w, http.StatusServiceUnavailable, errorBody{Message: "The server is busy; save the listing again in a few seconds"})
				return
			case <-r.Context().Done():
				return
			}
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// maxLargeBodies is how many large listing bodies are handled at once.
const maxLargeBodies = 8

// largeBodyWait is how long a large listing body waits its turn (a
// variable so that a test can shorten it).
var largeBodyWait = 10 * time.Second

// bodyCap is the largest body r may carry: MaxListingBodyBytes to create or
// replace a listing (its photos arrive as data URLs), else MaxBodyBytes.
func bodyCap(r *http.Request) int64 {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/api/properties",
		r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/api/properties/"):
		return MaxListingBodyBytes
	case r.Method == http.MethodPost && r.URL.Path == "/api/imports":
		return maxImportBody
	case r.Method == http.MethodPost && r.URL.Path == reraPath:
		return MaxReraBodyBytes
	}
	return MaxBodyBytes
}

// defaultDBTimeout is a request's deadline when Deps.DBTimeout is zero.
const defaultDBTimeout = 5 * time.Second

// withDeadline gives every request but the event stream and the streamed
// downloads of whole data sets (streamedDownload) DBTimeout to do its
// work, so that a hung database answers 503 instead of holding requests for
// the length of the outage. The clock starts once the body has arrived (it
// is read here, at most MaxBodyBytes): a slow upload is not database time.
func (s *server) withDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == eventsPath || streamedDownload(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		r.Body = readAhead(r.Body)
		ctx, cancel := context.WithTimeout(r.Context(), s.dbTimeout())
		defer cancel()
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// readAhead reads body to its end and returns a body that gives the same
// bytes, then the same error (a body over the limit stays an error).
func readAhead(body io.ReadCloser) io.ReadCloser {
	if body == nil || body == http.NoBody {
		return body
	}
	data, err := io.ReadAll(body)
	var rest io.Reader = bytes.NewReader(data)
	if err != nil {
		rest = io.MultiReader(rest, errReader{err})
	}
	return struct {
		io.Reader
		io.Closer
	}{rest, body}
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// refuseCrossOrigin refuses state-changing requests from other origins.
// With a public origin configured (production requires one), a browser's
// Origin header must name exactly it: the same host over another scheme or
// port is refused as well.
func (s *server) refuseCrossOrigin(next http.Handler) http.Handler {
	deny := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.note(r, security.Event{Type: security.CrossSiteRefused, Detail: r.Method + " from origin " + r.Header.Get("Origin")})
		writeJSON(w, http.StatusForbidden, errorBody{Message: "Cross-origin request refused"})
	})
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(deny)
	checked := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == unsubscribePath {
			// One-click unsubscribe (RFC 8058) comes from mail clients with
			// whatever Origin they send; its signed token is its
			// authentication, and it takes no session.
			next.ServeHTTP(w, r)
			return
		}
		if _, ok := bearerToken(r); ok && strings.HasPrefix(r.URL.Path, "/api/") {
			// An API key's request is authenticated by its Authorization
			// header, which no other site can make a browser send (it is
			// not a cookie); loadSession ignores any cookie it carries.
			next.ServeHTTP(w, r)
			return
		}
		if s.PublicOrigin == "" {
			checked.ServeHTTP(w, r)
			return
		}
		origin := r.Header.Get("Origin")
		if origin != "" && origin != s.PublicOrigin && !safeMethod(r.Method) {
			deny(w, r)
			return
		}
		checked.ServeHTTP(w, r)
	})
}

// safeMethod reports whether method changes nothing (the cross-origin
// checks leave these alone).
func safeMethod(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}

// videoHosts are the hosts whose players PropMatch pages may embed.
var videoHosts = []string{"https://www.youtube-nocookie.com", "https://www.youtube.com"}

// contentSecurityPolicy is the policy every response carries. Scripts,
// styles, connections and images come from PropMatch itself (images also
// from data: and blob: URLs, for previews of uploads); frames only from the
// video hosts and PropMatch itself (the email test page's preview, the one
// response that lets PropMatch frame it); nothing else may frame PropMatch. nonce, when set, lets the page's
// own <style> elements in (the web app's dialogs add one to lock scrolling).
func contentSecurityPolicy(nonce string) string {
	style := "style-src 'self'"
	if nonce != "" {
		style += " 'nonce-" + nonce + "'"
	}
	return strings.Join([]string{
		"default-src 'self'", "script-src 'self'", style, "img-src 'self' data: blob:",
		"font-src 'self'", "connect-src 'self'", "media-src 'self'",
		"frame-src 'self' " + strings.Join(videoHosts, " "), "object-src 'none'", "base-uri 'self'",
		"form-action 'self'", "frame-ancestors 'none'",
	}, "; ")
}

// Razorpay Checkout's script and the frame it opens, allowed on the billing
// page only (checkoutPolicy).
const (
	razorpayScript = "https://checkout.razorpay.com"
	razorpayFrame  = "https://api.razorpay.com"
)

// checkoutPolicy is the billing page's policy: contentSecurityPolicy, and
// Razorpay Checkout's script and frame. (The development fake's script is
// PropMatch's own.)
func checkoutPolicy(nonce string) string {
	p := contentSecurityPolicy(nonce)
	p = strings.Replace(p, "script-src 'self'", "script-src 'self' "+razorpayScript, 1)
	return strings.Replace(p, "frame-src 'self'", "frame-src 'self' "+razorpayFrame+" "+razorpayScript, 1)
}

// basePolicy is the policy of responses that add no nonce.
var basePolicy = contentSecurityPolicy("")

// permissionsPolicy turns off the browser features PropMatch never uses, for
// its pages and anything they embed.
const permissionsPolicy = "accelerometer=(), bluetooth=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
	"hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()"

// securityHeaders sets headers every response should carry. HSTS is sent
// in production over HTTPS only (browsers ignore it over plain HTTP, and a
// development server must stay reachable without TLS).
func (s *server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Content-Security-Policy", basePolicy)
		h.Set("Permissions-Policy", permissionsPolicy)
		if !s.Dev && s.isHTTPS(r) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// newNonce returns a fresh random CSP nonce.
func newNonce() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
