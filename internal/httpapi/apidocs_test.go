package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/getkin/kin-openapi/openapi3"
)

// TestOpenAPIDocument: GET /api/openapi.json is the public part of
// docs/openapi.yaml, a valid OpenAPI document without the internal
// operations, revalidated with its ETag and gzipped for clients that take it.
func TestOpenAPIDocument(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		res := a.do("GET", "/api/openapi.json", nil)
		wantStatus(t, res, 200)
		if cc := res.header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("Cache-Control = %q, want no-cache", cc)
		}
		loader := openapi3.NewLoader()
		pub, err := loader.LoadFromData(res.body)
		if err != nil {
			t.Fatalf("the public document does not load: %v", err)
		}
		if err := pub.Validate(loader.Context); err != nil {
			t.Fatalf("the public document is not valid OpenAPI: %v", err)
		}
		if pub.OpenAPI != "3.1.0" || pub.Components.SecuritySchemes["bearerAuth"] == nil {
			t.Errorf("openapi = %q, bearerAuth = %v; want 3.1.0 and the bearerAuth scheme", pub.OpenAPI, pub.Components.SecuritySchemes["bearerAuth"])
		}
		internal, public := 0, 0
		for path, item := range c.doc.Paths.Map() {
			for method, op := range item.Operations() {
				var got *openapi3.Operation
				if p := pub.Paths.Find(path); p != nil {
					got = p.GetOperation(method)
				}
				switch {
				case op.Extensions["x-internal"] == true:
					internal++
					if got != nil {
						t.Errorf("the internal operation %s %s is in the public document", method, path)
					}
				case got == nil:
					t.Errorf("the public operation %s %s is missing from the public document", method, path)
				default:
					public++
					if op.Description == "" {
						t.Errorf("%s %s has no description", method, path)
					}
				}
			}
		}
		if internal < 30 || public < 60 {
			t.Errorf("%d internal and %d public operations; the x-internal marks look lost", internal, public)
		}
		for _, tag := range pub.Tags {
			if tag.Name == "admin" || tag.Name == "security" || tag.Name == "dev" {
				t.Errorf("the public document lists the tag %q, which only internal operations use", tag.Name)
			}
		}
		if !bytes.Contains(res.body, []byte(`{"openapi":"3.1.0","info":{"title":"PropMatch API"`)) {
			t.Errorf("the document does not keep the file's key order: %.80s", res.body)
		}

		etag := res.header.Get("ETag")
		if !regexp.MustCompile(`^"[0-9a-f]{32}"$`).MatchString(etag) {
			t.Fatalf("ETag = %q, want a quoted hash", etag)
		}
		for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
			res := a.do("GET", "/api/openapi.json", nil, withHeader("If-None-Match", inm))
			wantStatus(t, res, 304)
			if len(res.body) != 0 || res.header.Get("ETag") != etag {
				t.Errorf("If-None-Match %s: 304 with body %q, ETag %q", inm, res.body, res.header.Get("ETag"))
			}
		}
		wantStatus(t, a.do("GET", "/api/openapi.json", nil, withHeader("If-None-Match", `"stale"`)), 200)

		// Gzipped on request (outside do: the contract check reads JSON).
		req, _ := http.NewRequest("GET", a.srv.URL+"/api/openapi.json", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := a.bare.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("Content-Encoding = %q, want gzip", resp.Header.Get("Content-Encoding"))
		}
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(plain, res.body) {
			t.Errorf("the gzipped document differs from the plain one (%v)", err)
		}
	})
}

// TestAPIReferencePage: GET /api/docs serves the web build's docs.html under
// a nonce policy that adds blob: workers (Redoc's search) and nothing from
// elsewhere; a binary without the web app answers 404.
func TestAPIReferencePage(t *testing.T) {
	page := `<!doctype html><html><head><title>PropMatch API reference</title><script type="module" src="/assets/docs-x.js"></script></head><body><div id="reference"></div></body></html>`
	web := fstest.MapFS{"index.html": {Data: []byte(testIndex)}, "docs.html": {Data: []byte(page)}}
	eachEngine(t, apiOptions{web: web}, func(t *testing.T, a *apiTest) {
		res := a.do("GET", "/api/docs", nil)
		wantStatus(t, res, 200)
		if ct := res.header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("Content-Type = %q", ct)
		}
		m := regexp.MustCompile(`<meta name="csp-nonce" nonce="([\w-]+)">`).FindSubmatch(res.body)
		if m == nil || !bytes.Contains(res.body, []byte("PropMatch API reference")) {
			t.Fatalf("the page has no nonce meta or is not docs.html: %s", res.body)
		}
		csp := res.header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self';", "style-src 'self' 'nonce-" + string(m[1]) + "'", "connect-src 'self'", "font-src 'self'", "worker-src 'self' blob:"} {
			if !strings.Contains(csp, want) {
				t.Errorf("CSP %q lacks %q", csp, want)
			}
		}
		again := a.do("GET", "/api/docs", nil)
		if bytes.Equal(again.body, res.body) {
			t.Error("two answers carry the same nonce")
		}
	})
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		res := a.do("GET", "/api/docs", nil)
		wantError(t, res, 404)
		var body struct{ Message string }
		_ = json.Unmarshal(res.body, &body)
		if !strings.Contains(body.Message, "/api/openapi.json") {
			t.Errorf("message %q does not point to the document", body.Message)
		}
	})
}
