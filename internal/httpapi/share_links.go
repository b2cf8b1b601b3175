package httpapi

import (
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"propmatch/internal/feature/sharelinks"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/media"
)

// shareLinkRoutes are an agent's share links (issue 27) and the public page
// a link opens (docs/product.md#share-links).
func (s *server) shareLinkRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/share-links", s.signedIn(s.createShareLink))
	mux.HandleFunc("GET /api/share-links", s.signedIn(s.listShareLinks))
	mux.HandleFunc("DELETE /api/share-links/{id}", s.signedIn(s.revokeShareLink))
	mux.HandleFunc("GET "+sharePrefix+"{token}", s.sharePage)
	mux.HandleFunc("POST "+sharePrefix+"{token}/interest", s.shareInterest)
}

// sharePrefix is where a link's page lives: /s/{token}.
const sharePrefix = "/s/"

func (s *server) createShareLink(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[sharelinks.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.ShareLinks.Create(r.Context(), u.ID, in)
	if err == nil {
		out.URL = s.origin(r) + sharePrefix + out.Token
	}
	s.reply(w, r, http.StatusCreated, out, err)
}

func (s *server) listShareLinks(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]sharelinks.Link, int64, error) {
		return s.ShareLinks.List(r.Context(), u.ID, p)
	})
}

func (s *server) revokeShareLink(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.ShareLinks.Revoke(r.Context(), u.ID, id); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// sharePage serves a link's page to anyone with the address: server-made
// HTML, no script, never indexed, never cached. Opening it counts a view,
// except by the link's own agent (read from the session cookie, which
// only /api routes load), for HEAD, for link-preview fetchers, and for the
// thank-you after "I'm interested".
func (s *server) sharePage(w http.ResponseWriter, r *http.Request) {
	var viewer int64
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		if u, err := s.authenticate(r.Context(), c.Value); err == nil {
			viewer = u.ID
		}
	}
	token := r.PathValue("token")
	// The thank-you after "I'm interested" (?interested=) is the same visit, not another view.
	count := r.Method == http.MethodGet && !previewFetcher(r.UserAgent()) && !r.URL.Query().Has("interested")
	p, err := s.ShareLinks.Open(r.Context(), token, viewer, count)
	if err != nil {
		s.shareError(w, r, err)
		return
	}
	v := s.shareView(r, token, p)
	if id, err := strconv.ParseInt(r.URL.Query().Get("interested"), 10, 64); err == nil {
		v.Interested = id
	}
	s.renderShare(w, r, http.StatusOK, v)
}

// previewFetcher reports whether ua is a link-preview fetcher (WhatsApp's,
// Facebook's, Telegram's, Slack's, Twitter's) or a crawler: its fetch of
// the page for the Open Graph preview is not a client's view.
func previewFetcher(ua string) bool {
	ua = strings.ToLower(ua)
	for _, w := range []string{"whatsapp", "facebookexternalhit", "telegrambot", "slackbot", "twitterbot", "linkedinbot", "bot/", "crawler", "spider"} {
		if strings.Contains(ua, w) {
			return true
		}
	}
	return false
}

// shareInterest takes the page's "I'm interested" form and sends the
// client back to the listing with a thank-you.
func (s *server) shareInterest(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1024)
	_ = r.ParseForm()
	token := r.PathValue("token")
	id, err := strconv.ParseInt(r.PostForm.Get("propertyId"), 10, 64)
	if err != nil || id <= 0 {
		s.shareError(w, r, apperr.New(apperr.Invalid, "Choose a listing"))
		return
	}
	if err := s.ShareLinks.Interest(r.Context(), token, id, s.clientIP(r)); err != nil {
		s.shareError(w, r, err)
		return
	}
	http.Redirect(w, r, sharePrefix+url.PathEscape(token)+"?interested="+strconv.FormatInt(id, 10)+"#p"+strconv.FormatInt(id, 10), http.StatusSeeOther)
}

// shareError answers a page request that failed with a plain page: 410
// "This link has expired" for an expired or revoked link, 404 for an
// unknown one, and the error's own status and message otherwise.
func (s *server) shareError(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, sharelinks.ErrGone) {
		s.renderShare(w, r, http.StatusGone, shareView{Plain: "This link has expired",
			Detail: "Ask the agent who sent it to you for a new one."})
		return
	}
	e, status := answerFor(w, err)
	if status >= 500 {
		s.Log.ErrorContext(r.Context(), "share page", "err", err)
	}
	v := shareView{Plain: e.Message}
	if e.Code == apperr.NotFound {
		v = shareView{Plain: "This link does not exist", Detail: "Check that the whole address was copied, or ask the agent who sent it for a new one."}
		if strings.HasSuffix(r.URL.Path, "/interest") {
			v.Plain, v.Detail = e.Message, ""
		}
	}
	s.renderShare(w, r, status, v)
}

// shareView is what the page's template shows.
type shareView struct {
	Nonce string
	// Plain, when set, makes a plain page of this heading and Detail.
	Plain, Detail string
	Token         string
	Title         string
	Description   string
	Image         string // absolute, for Open Graph
	Agent         shareAgent
	Note          string
	Until         string
	Listings      []shareListing
	Interested    int64
}

type shareAgent struct {
	Name, Initials, Photo, Phone, PhoneText, WhatsApp string
	Rera                                              bool
}

type shareListing struct {
	ID                          int64
	Heading, Price, Area, Place string
	Facts                       []string
	Photos                      []string
}

// shareView builds the page of p.
func (s *server) shareView(r *http.Request, token string, p sharelinks.Page) shareView {
	v := shareView{Token: token, Note: p.Note, Until: p.ExpiresAt.In(india.Zone).Format("2 Jan 2006")}
	v.Agent = shareAgent{Name: p.Agent.Name, Initials: initials(p.Agent.Name), Phone: p.Agent.Phone,
		PhoneText: displayPhone(p.Agent.Phone), WhatsApp: waLink(p.Agent.Phone, "Hello "+p.Agent.Name+", I saw the properties you shared on PropMatch."),
		Rera: p.Agent.ReraVerified}
	if p.Agent.Photo != "" {
		v.Agent.Photo = media.CardURL(p.Agent.Photo)
	}
	for _, l := range p.Listings {
		sl := shareListing{ID: l.ID, Heading: listingHeading(l), Price: india.FormatINR(l.Price), Area: listingArea(l),
			Place: strings.Join(nonEmpty(l.Locality, l.City), ", ")}
		if l.Purpose == "for_rent" || l.Purpose == "for_lease" {
			sl.Price += " / month"
		}
		if l.Bathrooms != nil && *l.Bathrooms > 0 {
			sl.Facts = append(sl.Facts, plural(*l.Bathrooms, "bathroom"))
		}
		if l.Furnishing != "" {
			sl.Facts = append(sl.Facts, strings.ReplaceAll(l.Furnishing, "_", " "))
		}
		for i, ph := range l.Photos {
			if i == 3 {
				break
			}
			sl.Photos = append(sl.Photos, media.CardURL(ph))
		}
		v.Listings = append(v.Listings, sl)
		if v.Image == "" && len(l.Photos) > 0 {
			v.Image = s.origin(r) + l.Photos[0]
		}
	}
	n := len(v.Listings)
	v.Title = fmt.Sprintf("%s shared %s with you", p.Agent.Name, plural(n, "property"))
	if n == 1 {
		v.Title = fmt.Sprintf("%s shared a property with you", p.Agent.Name)
	}
	var parts []string
	for i, l := range v.Listings {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", n-3))
			break
		}
		parts = append(parts, l.Heading+" in "+l.Place+", "+l.Price)
	}
	v.Description = strings.Join(parts, " · ")
	if n == 0 {
		v.Description = "These listings are no longer available."
	}
	return v
}

var typeNames = map[string]string{"apartment": "Apartment", "villa": "Villa", "plot": "Plot", "commercial": "Commercial space", "agricultural": "Agricultural land"}
var purposeNames = map[string]string{"for_sale": "for sale", "for_rent": "for rent", "for_lease": "for lease"}

// listingHeading names a listing without its title (which is the listing
// agent's words): "2 BHK Apartment for sale".
func listingHeading(l sharelinks.Listing) string {
	h := typeNames[l.PropertyType]
	if h == "" {
		h = "Property"
	}
	if l.Bedrooms != nil && *l.Bedrooms > 0 && (l.PropertyType == "apartment" || l.PropertyType == "villa") {
		h = strconv.Itoa(*l.Bedrooms) + " BHK " + h
	}
	if p := purposeNames[l.Purpose]; p != "" {
		h += " " + p
	}
	return h
}

// listingArea is the listing's size: "1,200 sq.ft", "2.5 acres" or "".
func listingArea(l sharelinks.Listing) string {
	switch {
	case l.Acres != nil && *l.Acres > 0:
		return strconv.FormatFloat(*l.Acres, 'f', -1, 64) + " acres"
	case l.Sqft != nil && *l.Sqft > 0:
		return groupThousands(*l.Sqft) + " sq.ft"
	case l.BuiltUpArea != nil && *l.BuiltUpArea > 0:
		return groupThousands(*l.BuiltUpArea) + " sq.ft built-up"
	case l.PlotArea != nil && *l.PlotArea > 0:
		return groupThousands(*l.PlotArea) + " sq.ft plot"
	}
	return ""
}

func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(word, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func nonEmpty(list ...string) []string {
	out := []string{}
	for _, s := range list {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func initials(name string) string {
	out := ""
	for _, w := range strings.Fields(name) {
		out += strings.ToUpper(string([]rune(w)[0]))
		if len([]rune(out)) == 2 {
			break
		}
	}
	return out
}

// displayPhone shows an Indian E.164 number as "+91 98765 43210".
func displayPhone(e164 string) string {
	if len(e164) == 13 && strings.HasPrefix(e164, "+91") {
		return "+91 " + e164[3:8] + " " + e164[8:]
	}
	return e164
}

// waLink is the wa.me link to an E.164 phone with text ("" for no phone).
func waLink(e164, text string) string {
	digits := strings.TrimPrefix(e164, "+")
	if digits == "" {
		return ""
	}
	return "https://wa.me/" + digits + "?text=" + strings.ReplaceAll(url.QueryEscape(text), "+", "%20")
}

// renderShare writes the page: its own style under a nonce, never
// indexed, never cached, and no Referer to where the client goes next
// (the address is the link's secret).
func (s *server) renderShare(w http.ResponseWriter, r *http.Request, status int, v shareView) {
	v.Nonce = newNonce()
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy(v.Nonce))
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	if r.Method == http.MethodHead {
		return
	}
	if err := shareTemplate.Execute(w, v); err != nil {
		s.Log.WarnContext(r.Context(), "share page", "err", err)
	}
}

var shareTemplate = template.Must(template.New("share").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer">
{{if .Plain}}<title>{{.Plain}} · PropMatch</title>{{else}}<title>{{.Title}} · PropMatch</title>
<meta name="description" content="{{.Description}}">
<meta property="og:type" content="website"><meta property="og:site_name" content="PropMatch">
<meta property="og:title" content="{{.Title}}"><meta property="og:description" content="{{.Description}}">
{{if .Image}}<meta property="og:image" content="{{.Image}}"><meta name="twitter:card" content="summary_large_image">{{end}}{{end}}
<style nonce="{{.Nonce}}">
*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f5f7;color:#1f2937;line-height:1.45}
header{background:#1d4ed8;color:#fff;padding:14px 20px}header b{font-size:20px}header span{font-size:13px;opacity:.9;margin-left:8px}
main{max-width:760px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.agent{display:flex;gap:14px;align-items:center;flex-wrap:wrap}.agent img,.avatar{width:64px;height:64px;border-radius:50%;object-fit:cover;flex:none}
.avatar{background:#dbeafe;color:#1d4ed8;display:flex;align-items:center;justify-content:center;font-weight:700;font-size:22px}
.agent h1{font-size:19px;margin:0}.muted{color:#4b5563;font-size:14px}
.badge{display:inline-block;background:#dcfce7;color:#166534;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;margin-top:4px}
.actions{display:flex;gap:8px;flex-wrap:wrap;margin-top:12px;width:100%}
.btn{display:inline-block;border:0;border-radius:8px;padding:11px 16px;font-size:15px;font-weight:600;text-decoration:none;cursor:pointer;text-align:center}
.call{background:#1d4ed8;color:#fff}.wa{background:#15803d;color:#fff}.int{background:#1d4ed8;color:#fff;width:100%;margin-top:12px}
.note{white-space:pre-line;background:#eff6ff;border-radius:8px;padding:10px 12px;margin-top:12px}
.photos{display:grid;grid-template-columns:2fr 1fr;gap:6px;margin:-16px -16px 12px}.photos img{width:100%;height:100%;max-height:260px;object-fit:cover;display:block}
.photos img:first-child{border-top-left-radius:12px}.photos.one{grid-template-columns:1fr}.photos.one img{border-top-right-radius:12px}
.photos .side{display:grid;gap:6px}.photos .side img{max-height:127px}.photos .side img:first-child{border-radius:0 12px 0 0}
.price{font-size:22px;font-weight:700;margin:0}h2{font-size:17px;margin:2px 0}.facts{font-size:14px;color:#4b5563}
.thanks{background:#dcfce7;color:#166534;border-radius:8px;padding:10px 12px;margin-top:12px;font-weight:600}
footer{text-align:center;color:#6b7280;font-size:12px;padding:8px 16px 24px}
.plain{max-width:520px;margin:48px auto;text-align:center}
</style></head><body><header><b>PropMatch</b><span>We build Families</span></header>
{{if .Plain}}<main><div class="card plain"><h1>{{.Plain}}</h1>{{if .Detail}}<p class="muted">{{.Detail}}</p>{{end}}</div></main>
{{else}}<main>
<section class="card agent" aria-label="Your agent">{{if .Agent.Photo}}<img src="{{.Agent.Photo}}" alt="{{.Agent.Name}}">{{else}}<div class="avatar" aria-hidden="true">{{.Agent.Initials}}</div>{{end}}
<div><div class="muted">Shared with you by</div><h1>{{.Agent.Name}}</h1>{{if .Agent.Rera}}<span class="badge">✓ RERA verified</span>{{end}}
{{if .Agent.PhoneText}}<div class="muted">{{.Agent.PhoneText}}</div>{{end}}</div>
{{if .Agent.Phone}}<div class="actions"><a class="btn call" href="tel:{{.Agent.Phone}}">Call</a>{{if .Agent.WhatsApp}}<a class="btn wa" href="{{.Agent.WhatsApp}}" rel="noopener noreferrer">WhatsApp</a>{{end}}</div>{{end}}
{{if .Note}}<div class="note">{{.Note}}</div>{{end}}</section>
{{range .Listings}}<article class="card" id="p{{.ID}}">{{if .Photos}}<div class="photos{{if eq (len .Photos) 1}} one{{end}}">{{range $i, $p := .Photos}}{{if eq $i 0}}<img src="{{$p}}" alt="Photo of the property" loading="{{if eq $.Interested 0}}eager{{else}}lazy{{end}}">{{end}}{{end}}{{if gt (len .Photos) 1}}<div class="side">{{range $i, $p := .Photos}}{{if gt $i 0}}<img src="{{$p}}" alt="Another photo of the property" loading="lazy">{{end}}{{end}}</div>{{end}}</div>{{end}}
<p class="price">{{.Price}}</p><h2>{{.Heading}}</h2><div class="facts">{{.Place}}{{if .Area}} · {{.Area}}{{end}}{{range .Facts}} · {{.}}{{end}}</div>
{{if eq $.Interested .ID}}<div class="thanks" role="status">Thank you! {{$.Agent.Name}} knows you are interested and will be in touch.</div>
{{else}}<form method="post" action="/s/{{$.Token}}/interest"><input type="hidden" name="propertyId" value="{{.ID}}"><button class="btn int" type="submit">I'm interested</button></form>{{end}}
</article>{{else}}<div class="card plain"><h1>These listings are no longer available</h1><p class="muted">Ask {{.Agent.Name}} for others.</p></div>{{end}}
</main><footer>Link valid until {{.Until}} · Shared through PropMatch</footer>{{end}}
</body></html>`))
