package httpapi

import (
	"html/template"
	"net/http"

	"propmatch/internal/apperr"
)

const outboxLimit = 200

func (s *server) devOutboxJSON(w http.ResponseWriter, r *http.Request) {
	list, err := s.Outbox.ListOutbox(r.Context(), outboxLimit)
	s.reply(w, r, http.StatusOK, list, apperr.Wrap(err, "list outbox"))
}

var outboxPage = template.Must(template.New("outbox").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox · PropMatch</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
header{background:#1e3a8a;color:#fff;padding:16px 24px}header p{margin:4px 0 0;opacity:.8;font-size:14px}
main{max-width:900px;margin:0 auto;padding:16px}
article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}
.meta{font-size:13px;color:#475569;display:flex;gap:12px;flex-wrap:wrap}
.ch{font-weight:600;text-transform:uppercase;font-size:12px;padding:2px 8px;border-radius:999px;background:#dcfce7;color:#166534}
.ch.email{background:#dbeafe;color:#1e40af}
pre{white-space:pre-wrap;font-family:inherit;margin:8px 0 0}
</style></head><body>
<header><h1 style="margin:0;font-size:20px">Development outbox</h1>
<p>Development mode sends nothing: every email and WhatsApp message PropMatch would send is captured here, newest first.</p></header>
<main>{{range .}}<article><div class="meta"><span class="ch {{.Channel}}">{{.Channel}}</span><span>To {{.Recipient}}</span>
<time>{{.CreatedAt.Format "02 Jan 2006 15:04:05 MST"}}</time></div>
{{if .Subject}}<h2 style="font-size:16px;margin:8px 0 0">{{.Subject}}</h2>{{end}}<pre>{{.Body}}</pre></article>
{{else}}<p>No messages yet. Request a verification code or a password reset and it appears here.</p>{{end}}</main></body></html>`))

func (s *server) devOutboxPage(w http.ResponseWriter, r *http.Request) {
	list, err := s.Outbox.ListOutbox(r.Context(), outboxLimit)
	if err != nil {
		s.fail(w, r, apperr.Wrap(err, "list outbox"))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	outboxPage.Execute(w, list)
}
