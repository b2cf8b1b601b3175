package httpapi

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"propmatch/internal/feature/site"
	"propmatch/internal/platform/auth"
)

// siteRoutes are the public landing page's data, its admin save, the
// session probe and the files search engines read
// (docs/product.md#landing-page).
func (s *server) siteRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/site", s.siteContent)
	mux.HandleFunc("GET /api/site/figures", s.siteFigures)
	mux.HandleFunc("PUT /api/admin/site", s.adminOnlyTo("edit the site content", s.saveSiteContent))
	mux.HandleFunc("GET /api/session", s.session)
	mux.HandleFunc("GET /robots.txt", s.robots)
	mux.HandleFunc("GET /sitemap.xml", s.sitemap)
}

// siteContent answers the content with an ETag and no-cache: browsers ask
// again each time (an admin's edit shows at once) and get a 304 while it
// has not changed; the server answers both from memory.
func (s *server) siteContent(w http.ResponseWriter, r *http.Request) {
	pg, err := s.Site.Page(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body, err := json.Marshal(pg)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	h := w.Header()
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(append(body, '\n'))
}

// siteFigures answers the live figures; browsers and shared caches may keep
// them as long as the server does.
func (s *server) siteFigures(w http.ResponseWriter, r *http.Request) {
	f, err := s.Site.Figures(r.Context())
	if err == nil {
		w.Header().Set("Cache-Control", fmt.Sprintf("public, max-age=%d", int(site.CacheFor.Seconds())))
	}
	s.reply(w, r, http.StatusOK, f, err)
}

func (s *server) saveSiteContent(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[site.Update](r)
	var pg site.Page
	if err == nil {
		pg, err = s.Site.Save(r.Context(), u.ID, in)
	}
	s.reply(w, r, http.StatusOK, pg, err)
}

// session answers the signed-in user, or null: the web app's way to ask
// "who is signed in?" without a 401 in the console of a signed-out visitor.
func (s *server) session(w http.ResponseWriter, r *http.Request) {
	type answer struct {
		User *me `json:"user"`
	}
	var a answer
	if u, ok := currentUser(r); ok {
		m, err := s.withBadge(r, u)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		a.User = &m
	}
	writeJSON(w, http.StatusOK, a)
}

// publicPages are the pages a search engine may index.
var publicPages = []string{"/", "/auth"}

func (s *server) robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /$\nAllow: /auth\nAllow: /assets/\n")
	b.WriteString("Disallow: /api/\nDisallow: /media/\nDisallow: /dev/\n")
	fmt.Fprintf(&b, "\nSitemap: %s/sitemap.xml\n", s.origin(r))
	_, _ = w.Write([]byte(b.String()))
}

func (s *server) sitemap(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range publicPages {
		fmt.Fprintf(&b, "  <url><loc>%s%s</loc></url>\n", xmlEscape(s.origin(r)), p)
	}
	b.WriteString("</urlset>\n")
	_, _ = w.Write([]byte(b.String()))
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;")

func xmlEscape(s string) string { return xmlEscaper.Replace(s) }
