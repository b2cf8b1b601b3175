package httpapi

import (
	"context"
	"html/template"
	"net/http"

	"propmatch/internal/feature/agreements"
	"propmatch/internal/india"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/auth"
)

// agreementRoutes are the co-broking agreements on a match and their deals
// (docs/product.md#co-broking-agreements): only the match's two agents
// write (others get 404), admins read and resolve disputes, and anyone
// holding a number may check it on the public page.
func (s *server) agreementRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/matches/{id}/agreements", s.signedIn(s.listAgreements))
	mux.HandleFunc("POST /api/matches/{id}/agreements", s.signedIn(s.proposeAgreement))
	mux.HandleFunc("POST /api/agreements/{id}/accept", s.signedIn(s.answerAgreement(s.Agreements.Accept)))
	mux.HandleFunc("POST /api/agreements/{id}/reject", s.signedIn(s.answerAgreement(s.Agreements.Reject)))
	mux.HandleFunc("POST /api/agreements/{id}/counter", s.signedIn(s.counterAgreement))
	mux.HandleFunc("PUT /api/agreements/{id}/stage", s.signedIn(s.agreementStage))
	mux.HandleFunc("POST /api/agreements/{id}/dispute", s.signedIn(s.agreementDispute))
	mux.HandleFunc("GET /api/agreements/{id}/pdf", s.signedIn(s.agreementPDF))
	mux.HandleFunc("GET /api/admin/disputes", s.adminOnly(s.adminDisputes))
	mux.HandleFunc("POST /api/admin/disputes/{id}/resolve", s.adminOnly(s.adminResolveDispute))
	mux.HandleFunc("GET /agreements/{number}", s.verifyLimited(s.agreementCheckPage))
}

func (s *server) listAgreements(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.Agreements.List(r.Context(), actorOf(u), id)
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) proposeAgreement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[agreements.Terms](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Agreements.Propose(r.Context(), actorOf(u), id, in)
	s.reply(w, r, http.StatusCreated, out, err)
}

func (s *server) answerAgreement(fn func(ctx context.Context, a access.Actor, id int64) (agreements.Agreement, error)) userHandler {
	return func(w http.ResponseWriter, r *http.Request, u auth.User) {
		id, err := pathID(r, "id")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		out, err := fn(r.Context(), actorOf(u), id)
		s.reply(w, r, http.StatusOK, out, err)
	}
}

func (s *server) counterAgreement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[agreements.Terms](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Agreements.Counter(r.Context(), actorOf(u), id, in)
	s.reply(w, r, http.StatusCreated, out, err)
}

func (s *server) agreementStage(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[agreements.StageInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Agreements.SetStage(r.Context(), actorOf(u), id, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) agreementDispute(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[agreements.DisputeInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Agreements.FileDispute(r.Context(), actorOf(u), id, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) agreementPDF(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pdf, number, err := s.Agreements.PDF(r.Context(), actorOf(u), id, s.origin(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="propmatch-agreement-`+number+`.pdf"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(pdf) // the client is gone
}

func (s *server) adminDisputes(w http.ResponseWriter, r *http.Request, _ auth.User) {
	status := r.URL.Query().Get("status")
	page(s, w, r, func(p paging.Page) ([]agreements.DisputeItem, int64, error) {
		return s.Agreements.Disputes(r.Context(), status, p)
	})
}

func (s *server) adminResolveDispute(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[agreements.DisputeInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Agreements.ResolveDispute(r.Context(), actorOf(u), id, in)
	s.reply(w, r, http.StatusOK, out, err)
}

// agreementCheckTemplate is the public check of an agreement: that it
// exists, between whom, when, its hash and whether it is unaltered. It
// never shows an amount, the listing or the client.
var agreementCheckTemplate = template.Must(template.New("agreement").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{if .Found}}Agreement {{.Check.Number}}{{else}}Agreement not found{{end}} · PropMatch</title>
<style nonce="{{.Nonce}}">
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1f2937}
header{background:#1d4ed8;color:#fff;padding:18px 24px}header h1{margin:0;font-size:22px}header p{margin:2px 0 0;font-size:13px;opacity:.9}
main{max-width:560px;margin:24px auto;background:#fff;border-radius:8px;padding:24px;line-height:1.5}
dt{font-size:13px;color:#4b5563;margin-top:12px}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.ok{color:#166534;font-weight:700}.bad{color:#b91c1c;font-weight:700}code{font-size:13px}
</style></head><body><header><h1>PropMatch</h1><p>Co-broking agreement check</p></header>
<main>{{if .Found}}<h2>Agreement {{.Check.Number}}</h2>
{{if .Check.Unaltered}}<p class="ok" id="status">✓ This agreement exists and is unaltered.</p>
{{else}}<p class="bad" id="status">✗ This agreement exists, but its stored terms no longer match their hash.</p>{{end}}
<dl><dt>Listing agent</dt><dd>{{.Check.ListingAgentName}}</dd>
<dt>Buyer's agent</dt><dd>{{.Check.BuyerAgentName}}</dd>
<dt>Agreed on</dt><dd>{{.Date}}</dd>
<dt>SHA-256 of the terms</dt><dd><code>{{.Check.Hash}}</code></dd></dl>
<p>Compare the hash with the one printed on the agreement's PDF. The terms themselves are private to the two agents.</p>
{{else}}<h2>Agreement not found</h2><p>No agreement has the number {{.Number}}. Check it against the PDF.</p>{{end}}
</main></body></html>`))

type agreementCheckView struct {
	Nonce, Number, Date string
	Found               bool
	Check               agreements.Check
}

// agreementCheckPage is the public, server-rendered check of an agreement
// number (404 page for an unknown one).
func (s *server) agreementCheckPage(w http.ResponseWriter, r *http.Request) {
	v := agreementCheckView{Nonce: newNonce(), Number: r.PathValue("number")}
	status := http.StatusOK
	c, err := s.Agreements.Verify(r.Context(), v.Number)
	if err != nil {
		e, st := answerFor(w, err)
		if st != http.StatusNotFound {
			s.fail(w, r, e)
			return
		}
		status = st
	} else {
		v.Found, v.Check, v.Date = true, c, c.AcceptedAt.In(india.Zone).Format("2 January 2006")
	}
	w.Header().Set("Content-Security-Policy", contentSecurityPolicy(v.Nonce))
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	if err := agreementCheckTemplate.Execute(w, v); err != nil {
		s.Log.WarnContext(r.Context(), "agreement check page", "err", err)
	}
}
