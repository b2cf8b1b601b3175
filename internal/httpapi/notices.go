package httpapi

import (
	"html/template"
	"net/http"

	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/settings"
)

// noticeRoutes are email verification, one-click unsubscribe and the
// admins' email template test (docs/product.md#notifications).
func (s *server) noticeRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/user/verify-email", s.limited(s.verifyEmail))
	mux.HandleFunc("POST /api/user/resend-verification", s.sessionOnly(s.resendVerification))
	mux.HandleFunc("GET "+unsubscribePath, s.unsubscribePage)
	mux.HandleFunc("POST "+unsubscribePath, s.unsubscribe)
	mux.HandleFunc("GET /api/admin/email-preview", s.adminOnly(s.emailPreview))
	mux.HandleFunc("GET /api/admin/email-preview/html", s.adminOnly(s.emailPreviewHTML))
	mux.HandleFunc("POST /api/test-email", s.adminOnly(s.testEmail))
}

type tokenBody struct {
	Token string `json:"token"`
}

// verifiedBody answers a verification link. The link needs no sign-in and
// may have been forwarded or logged, so it says only that it worked: never
// the account's phone, username, role or address (issue 21, S12).
type verifiedBody struct {
	Verified bool `json:"verified"`
}

func (s *server) verifyEmail(w http.ResponseWriter, r *http.Request) {
	in, err := decode[tokenBody](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	_, err = s.Auth.VerifyEmail(r.Context(), in.Token)
	s.reply(w, r, http.StatusOK, verifiedBody{Verified: true}, err)
}

func (s *server) resendVerification(w http.ResponseWriter, r *http.Request, u auth.User) {
	err := s.Auth.ResendVerification(r.Context(), u, s.client(r))
	s.reply(w, r, http.StatusAccepted, messageBody{Message: "We have sent a new verification link to " + deref(u.Email)}, err)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// unsubscribePath is the one-click unsubscribe link's path: the one POST
// the cross-site check lets through (refuseCrossOrigin).
const unsubscribePath = "/api/unsubscribe"

var unsubscribeTemplate = template.Must(template.New("unsubscribe").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribe · PropMatch</title>
<style nonce="{{.Nonce}}">
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1f2937}
header{background:#1d4ed8;color:#fff;padding:18px 24px}header h1{margin:0;font-size:22px}header p{margin:2px 0 0;font-size:13px;opacity:.9}
main{max-width:520px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;line-height:1.5}
button{background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:16px;font-weight:600;cursor:pointer}
a{color:#1d4ed8}
</style></head><body><header><h1>PropMatch</h1><p>We build Families</p></header>
<main>{{if .Error}}<h2>Link not valid</h2><p>{{.Error}}</p>
{{else if .AlreadyOff}}<h2>These emails are already off</h2><p>PropMatch does not email you about <strong>{{.Label}}</strong>: they are already off. You still see them in the app.
You can turn these emails back on in <a href="/settings">Settings</a>.</p>
{{else if .Done}}<h2>You are unsubscribed</h2><p>PropMatch will no longer email you about <strong>{{.Label}}</strong>. You still see them in the app.
You can turn these emails back on in <a href="/settings">Settings</a>.</p>
{{else}}<h2>Unsubscribe from emails?</h2><p>Stop emails about <strong>{{.Label}}</strong>. You will still see them in the app, and can turn the emails back on in Settings.</p>
<form method="post" action="/api/unsubscribe?token={{.Token}}"><input type="hidden" name="from" value="page"><button type="submit">Unsubscribe</button></form>{{end}}
</main></body></html>`))

type unsubscribeView struct {
	Nonce, Token, Label, Error string
	Done, AlreadyOff           bool
}

func (s *server) renderUnsubscribe(w http.ResponseWriter, r *http.Request, status int, v unsubscribeView) {
	v.Nonce = newNonce()
	w.Header().Set("Content-Security-Policy", contentSecurityPolicy(v.Nonce))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := unsubscribeTemplate.Execute(w, v); err != nil {
		s.Log.WarnContext(r.Context(), "unsubscribe page", "err", err)
	}
}

// unsubscribePage is where an email's unsubscribe link leads: it asks to
// confirm (a GET changes nothing: link scanners open links).
func (s *server) unsubscribePage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	kind, off, err := s.Notices.EmailsOff(r.Context(), token)
	if err != nil {
		e, status := answerFor(w, err)
		s.renderUnsubscribe(w, r, status, unsubscribeView{Error: e.Message})
		return
	}
	s.renderUnsubscribe(w, r, http.StatusOK, unsubscribeView{Token: token, Label: notifications.KindLabel(kind), AlreadyOff: off})
}

type unsubscribedBody struct {
	Message string        `json:"message"`
	Kind    settings.Kind `json:"kind"`
}

// unsubscribe is the one-click unsubscribe (RFC 8058): a POST to the
// link, by the mail client or by the confirmation page's button, without a
// session. The page's button gets a page back; everyone else JSON.
func (s *server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1024)
	_ = r.ParseForm()
	fromPage := r.PostForm.Get("from") == "page"
	kind, err := s.Notices.Unsubscribe(r.Context(), r.URL.Query().Get("token"))
	if fromPage {
		if err != nil {
			e, status := answerFor(w, err)
			s.renderUnsubscribe(w, r, status, unsubscribeView{Error: e.Message})
			return
		}
		s.renderUnsubscribe(w, r, http.StatusOK, unsubscribeView{Done: true, Label: notifications.KindLabel(kind)})
		return
	}
	s.reply(w, r, http.StatusOK, unsubscribedBody{Message: "You will no longer get emails about " + notifications.KindLabel(kind), Kind: kind}, err)
}

// sampleAdmin is u as the sample emails address them.
func sampleAdmin(u auth.User) notifications.Admin {
	return notifications.Admin{ID: u.ID, FullName: u.FullName, Email: deref(u.Email)}
}

type previewBody struct {
	Type    string `json:"type"`
	Subject string `json:"subject"`
	HTML    string `json:"html"`
	Text    string `json:"text"`
}

func (s *server) emailPreview(w http.ResponseWriter, r *http.Request, u auth.User) {
	typ := r.URL.Query().Get("type")
	m, err := s.Notices.SampleEmail(sampleAdmin(u), typ, deref(u.Email))
	s.reply(w, r, http.StatusOK, previewBody{Type: typ, Subject: m.Subject, HTML: m.HTML, Text: m.Text}, err)
}

// emailPreviewHTML serves a sample email's HTML as its own document, for
// the test page's sandboxed frame: its policy lets the email's inline
// styles in and nothing else, and only PropMatch may frame it.
func (s *server) emailPreviewHTML(w http.ResponseWriter, r *http.Request, u auth.User) {
	m, err := s.Notices.SampleEmail(sampleAdmin(u), r.URL.Query().Get("type"), deref(u.Email))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(m.HTML))
}

// testEmail sends a sample email through the real mail path and answers
// what happened, in plain words (notifications.SendTestEmail).
func (s *server) testEmail(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[notifications.TestEmail](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Notices.SendTestEmail(r.Context(), sampleAdmin(u), in)
	s.reply(w, r, http.StatusOK, out, err)
}
