package httpapi

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// fontTypes are the web-font types Go's built-in table lacks (the
// self-hosted Inter is WOFF2); without them the type would depend on the
// host's /etc/mime.types.
var fontTypes = map[string]string{".woff2": "font/woff2", ".woff": "font/woff"}

func init() {
	for ext, typ := range fontTypes {
		if err := mime.AddExtensionType(ext, typ); err != nil {
			panic(err)
		}
	}
}

// webApp serves the built single-page app: hashed assets are cached forever,
// index.html never is, and any path that is not a file gets index.html so
// the app's router can answer it. Without an app (no Web, or one without
// index.html: a binary built without the embedweb tag) every such path
// answers 404 saying so.
func (s *server) webApp() http.Handler {
	var index []byte
	err := fs.ErrNotExist
	if HasWebApp(s.Web) {
		index, err = fs.ReadFile(s.Web, "index.html")
	}
	if err != nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, noWebApp, http.StatusNotFound)
		})
	}
	// landing.html is index.html with the landing page's markup already in
	// it (web/scripts/prerender.mjs): / and /landing paint before the
	// JavaScript runs. A build without it serves index.html there too.
	landing, err := fs.ReadFile(s.Web, "landing.html")
	if err != nil {
		landing = index
	}
	// auth.html is index.html with /auth's Sign In tab rendered in, which
	// the app hydrates: only for /auth with no query (?tab=register shows
	// another tab, which the app renders itself).
	auth, err := fs.ReadFile(s.Web, "auth.html")
	if err != nil {
		auth = index
	}
	var gz sync.Map // path -> []byte, gzipped once on first request
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		data, err := fs.ReadFile(s.Web, name)
		if name == "" || name == "landing" {
			serveIndex(w, r, absoluteLinks(landing, s.origin(r)))
			return
		}
		if name == "auth" && s.signedInVisitor(r) {
			// The sign-in page is for the signed out: the app would send
			// this visitor on after painting the form, so send them now.
			http.Redirect(w, r, "/dashboard", http.StatusSeeOther)
			return
		}
		if name == "auth" && r.URL.RawQuery == "" {
			serveIndex(w, r, absoluteLinks(auth, s.origin(r)))
			return
		}
		if name == "index.html" || name == "landing.html" || name == "auth.html" || err != nil {
			if strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r)
				return
			}
			if name == "billing" || strings.HasPrefix(name, "billing/") {
				// The one page that opens Razorpay Checkout.
				servePage(w, r, absoluteLinks(index, s.origin(r)), checkoutPolicy)
				return
			}
			serveIndex(w, r, absoluteLinks(index, s.origin(r)))
			return
		}
		s.serveWebFile(w, r, name, data, &gz)
	})
}

// signedInVisitor reports whether r carries the cookie of a live session.
// Pages load no session (loadSession serves /api/ only), so this looks it
// up; a database error counts as signed out, and the app asks again.
func (s *server) signedInVisitor(r *http.Request) bool {
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return false
	}
	_, err = s.authenticate(r.Context(), c.Value)
	return err == nil
}

// serveWebFile serves data, the web app's file name, gzipped (and kept so in
// gz) when it compresses well and the client takes gzip.
func (s *server) serveWebFile(w http.ResponseWriter, r *http.Request, name string, data []byte, gz *sync.Map) {
	h := w.Header()
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		h.Set("Content-Type", ct)
	}
	if strings.HasPrefix(name, "assets/") {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	h.Add("Vary", "Accept-Encoding")
	if compressible(name) && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		if z, err := gzipOnce(gz, name, data); err != nil {
			s.Log.WarnContext(r.Context(), "gzip web app file: served uncompressed", "name", name, "err", err)
		} else {
			data = z
			h.Set("Content-Encoding", "gzip")
		}
	}
	http.ServeContent(w, r, name, startTime, bytes.NewReader(data))
}

// noWebApp is the answer, with 404, to a page request when no web app is built in.
const noWebApp = "The web app is not built into this binary: build it with `make build` (go build -tags embedweb after npm run build in web/)."

// HasWebApp reports whether web holds a built app (index.html at its root).
func HasWebApp(web fs.FS) bool {
	if web == nil {
		return false
	}
	_, err := fs.Stat(web, "index.html")
	return err == nil
}

// gzipOnce returns data, the file name, compressed at gzip's best level:
// compressed on the first request for name, then kept in cache.
func gzipOnce(cache *sync.Map, name string, data []byte) ([]byte, error) {
	if v, ok := cache.Load(name); ok {
		return v.([]byte), nil
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	v, _ := cache.LoadOrStore(name, buf.Bytes())
	return v.([]byte), nil
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".js", ".css", ".html", ".svg", ".json", ".txt", ".map":
		return true
	}
	return false
}

// absoluteLinks makes the social preview image's address in page absolute
// at origin, as Open Graph and Twitter cards need.
func absoluteLinks(page []byte, origin string) []byte {
	return bytes.ReplaceAll(page, []byte(`content="/og-image.png"`), []byte(`content="`+xmlEscape(origin)+`/og-image.png"`))
}

// serveIndex serves index.html with a fresh CSP nonce in a
// <meta name="csp-nonce" nonce="..."> tag, where the app reads it for the
// <style> elements its libraries add, and in the page's policy. The build's
// own <style> elements (landing.html's inlined stylesheet) get the nonce too.
// It is never answered with 304: a cached page keeps the nonce its policy names.
func serveIndex(w http.ResponseWriter, r *http.Request, page []byte) {
	servePage(w, r, page, contentSecurityPolicy)
}

// servePage serves page as serveIndex does, under the policy that policy
// returns for the page's nonce.
func servePage(w http.ResponseWriter, r *http.Request, page []byte, policy func(nonce string) string) {
	nonce := newNonce()
	page = bytes.Replace(page, []byte("<head>"), []byte(`<head><meta name="csp-nonce" nonce="`+nonce+`">`), 1)
	page = bytes.ReplaceAll(page, []byte("<style>"), []byte(`<style nonce="`+nonce+`">`))
	h := w.Header()
	h.Set("Content-Security-Policy", policy(nonce))
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	// The page differs per request (its nonce), so it is compressed per
	// request, at gzip's fastest level: the landing page (markup and
	// inlined stylesheet) shrinks from about 80 KB to 17, index.html from 3 KB to 1.
	if len(page) > 1024 && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		var buf bytes.Buffer
		if zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed); err == nil {
			_, werr := zw.Write(page)
			if werr == nil && zw.Close() == nil {
				page = buf.Bytes()
				h.Set("Content-Encoding", "gzip")
			}
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(page)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(page)
	}
}
