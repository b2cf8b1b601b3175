package httpapi

import (
	"html/template"
	"net"
	"net/http"
	"strings"

	"propmatch/internal/kit/apperr"
)

const outboxLimit = 200

// errNotThisMachine answers a development helper asked from another machine.
var errNotThisMachine = apperr.New(apperr.Forbidden,
	"The development outbox answers only on the machine PropMatch runs on. Open it in a browser there, at a 127.0.0.1 or localhost address")

// fromThisMachine reports whether r comes from the machine PropMatch runs on:
// its connection is from a loopback address, and no proxy header names a
// client elsewhere (a proxy on this machine relays other machines'
// requests). Development mode shows its secrets (the outbox, echoed codes)
// only to such requests, since a development server may be reachable from
// the network.
func (s *server) fromThisMachine(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil || !isLoopback(host) {
		return false
	}
	var named []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		named = append(named, strings.Split(v, ",")...)
	}
	named = append(named, r.Header.Values("X-Real-Ip")...)
	for _, v := range r.Header.Values("Forwarded") {
		named = append(named, forwardedFor(v)...)
	}
	for _, n := range named {
		if !isLoopback(n) {
			return false
		}
	}
	return true
}

// forwardedFor returns the for= values of a Forwarded header (RFC 7239).
func forwardedFor(header string) []string {
	var out []string
	for _, elem := range strings.Split(header, ",") {
		for _, pair := range strings.Split(elem, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
			if ok && strings.EqualFold(k, "for") {
				out = append(out, v)
			}
		}
	}
	return out
}

// isLoopback reports whether addr (an IP, with or without a port, brackets
// or quotes) is a loopback address.
func isLoopback(addr string) bool {
	addr = strings.Trim(strings.TrimSpace(addr), `"`)
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	ip := net.ParseIP(strings.Trim(addr, "[]"))
	return ip != nil && ip.IsLoopback()
}

// echoedCode is the verification code send-otp shows in its answer: the
// code development mode echoes, to a client on this machine only.
func (s *server) echoedCode(r *http.Request, code string) string {
	if !s.Dev || !s.fromThisMachine(r) {
		return ""
	}
	return code
}

func (s *server) devOutboxJSON(w http.ResponseWriter, r *http.Request) {
	if !s.fromThisMachine(r) {
		s.fail(w, r, errNotThisMachine)
		return
	}
	list, err := s.Outbox.ListOutbox(r.Context(), outboxLimit)
	s.reply(w, r, http.StatusOK, list, apperr.Wrap(err, "list outbox"))
}

var outboxPage = template.Must(template.New("outbox").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox · PropMatch</title>
<style nonce="{{.Nonce}}">
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
header{background:#1e3a8a;color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;opacity:.8;font-size:14px}
main{max-width:900px;margin:0 auto;padding:16px}
article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}
article h2{font-size:16px;margin:8px 0 0}
.meta{font-size:13px;color:#475569;display:flex;gap:12px;flex-wrap:wrap}
.ch{font-weight:600;text-transform:uppercase;font-size:12px;padding:2px 8px;border-radius:999px;background:#dcfce7;color:#166534}
.ch.email{background:#dbeafe;color:#1e40af}
pre{white-space:pre-wrap;font-family:inherit;margin:8px 0 0}
</style></head><body>
<header><h1>Development outbox</h1>
<p>Development mode sends nothing: every email and WhatsApp message PropMatch would send is captured here, newest first.</p></header>
<main>{{range .List}}<article><div class="meta"><span class="ch {{.Channel}}">{{.Channel}}</span><span>To {{.Recipient}}</span>
<time>{{.CreatedAt.Format "02 Jan 2006 15:04:05 MST"}}</time></div>
{{if .Subject}}<h2>{{.Subject}}</h2>{{end}}<pre>{{.Body}}</pre></article>
{{else}}<p>No messages yet. Request a verification code or a password reset and it appears here.</p>{{end}}</main></body></html>`))

func (s *server) devOutboxPage(w http.ResponseWriter, r *http.Request) {
	if !s.fromThisMachine(r) {
		s.fail(w, r, errNotThisMachine)
		return
	}
	list, err := s.Outbox.ListOutbox(r.Context(), outboxLimit)
	if err != nil {
		s.fail(w, r, apperr.Wrap(err, "list outbox"))
		return
	}
	nonce := newNonce()
	w.Header().Set("Content-Security-Policy", contentSecurityPolicy(nonce))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := outboxPage.Execute(w, struct {
		Nonce string
		List  any
	}{nonce, list}); err != nil {
		s.Log.WarnContext(r.Context(), "dev outbox page", "err", err)
	}
}

// devOutboxRoutes serve the development outbox, in development mode only;
// elsewhere /dev/ is 404.
func (s *server) devOutboxRoutes(mux *http.ServeMux) {
	if s.Dev && s.Outbox != nil {
		mux.HandleFunc("GET /api/dev/outbox", s.devOutboxJSON)
		mux.HandleFunc("GET /dev/outbox", s.devOutboxPage)
		return
	}
	mux.HandleFunc("/dev/", http.NotFound)
}
