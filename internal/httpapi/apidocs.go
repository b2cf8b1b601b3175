package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"propmatch/docs"
	"propmatch/internal/kit/apperr"
)

// apiDocRoutes serves the public API reference: the OpenAPI document as JSON
// and the page that renders it (docs/decisions.md, "Issue 23 (apidocs)").
func (s *server) apiDocRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/openapi.json", s.openAPIDocument)
	mux.HandleFunc("GET /api/docs", s.apiReference)
}

// apiDocument is the public document as served: its JSON, the JSON
// gzipped, and its ETag.
type apiDocument struct {
	json, gz []byte
	etag     string
}

// publicDoc is the public document, converted from the embedded YAML once.
var publicDoc = sync.OnceValues(func() (apiDocument, error) {
	j, err := docs.PublicJSON()
	if err != nil {
		return apiDocument{}, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level never fails
	if _, err := zw.Write(j); err != nil {
		return apiDocument{}, err
	}
	if err := zw.Close(); err != nil {
		return apiDocument{}, err
	}
	sum := sha256.Sum256(j)
	return apiDocument{json: j, gz: buf.Bytes(), etag: `"` + hex.EncodeToString(sum[:16]) + `"`}, nil
})

// openAPIDocument serves the public OpenAPI document: revalidated with its
// ETag (304 when unchanged), gzipped when the client takes it.
func (s *server) openAPIDocument(w http.ResponseWriter, r *http.Request) {
	d, err := publicDoc()
	if err != nil {
		s.fail(w, r, apperr.Wrap(err, "convert the OpenAPI document"))
		return
	}
	h := w.Header()
	h.Set("ETag", d.etag)
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Accept-Encoding")
	if etagMatches(r.Header.Get("If-None-Match"), d.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	body := d.json
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		body = d.gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// etagMatches reports whether the If-None-Match header value names etag
// (or is *); weak validators match too, as RFC 9110 has for GET.
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// apiReference serves the API reference page (the web build's docs.html),
// which renders /api/openapi.json with Redoc, bundled and served from here.
// Its policy is the app's plus blob: workers: Redoc runs its search index in
// a worker it makes from a blob: URL of its own bundled code.
func (s *server) apiReference(w http.ResponseWriter, r *http.Request) {
	var page []byte
	err := fs.ErrNotExist
	if s.Web != nil {
		page, err = fs.ReadFile(s.Web, "docs.html")
	}
	if err != nil {
		s.fail(w, r, apperr.New(apperr.NotFound,
			"The API reference page is not built into this binary (make build); the document is at /api/openapi.json."))
		return
	}
	servePage(w, r, page, referencePolicy)
}

// referencePolicy is the API reference page's policy (see apiReference).
func referencePolicy(nonce string) string {
	return contentSecurityPolicy(nonce) + "; worker-src 'self' blob:"
}
