package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
)

func TestSiteContent(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		A := a.newAgent("siteagent", "+919845012345")
		admin := a.newAgent("siteadmin", "+919845012346")
		if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, admin.id); err != nil {
			t.Fatal(err)
		}
		testimonial := map[string]any{"name": "Kavya Menon", "role": "Agent", "city": "Kochi", "content": "Matched a villa buyer in a day.", "rating": 5}

		t.Run("PublicRead", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("GET", "/api/site", nil)
			wantStatus(t, res, 200)
			body := res.json(t)
			if plans := body["plans"].([]any); len(plans) != 3 || body["billing"] != true {
				t.Errorf("billing %v, plans = %v: want billing's three plans", body["billing"], plans)
			}
			if cc := res.header.Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("Cache-Control = %q", cc)
			}
			etag := res.header.Get("ETag")
			again := a.do("GET", "/api/site", nil, withHeader("If-None-Match", etag))
			wantStatus(t, again, 304)
		})
		t.Run("SaveNeedsAnAdmin", func(t *testing.T) {
			a := a.sub(t)
			body := map[string]any{"testimonials": []any{testimonial}}
			wantError(t, a.do("PUT", "/api/admin/site", body), 401)
			wantError(t, a.do("PUT", "/api/admin/site", body, as(A)), 403)
		})
		t.Run("FieldErrors", func(t *testing.T) {
			a := a.sub(t)
			bad := map[string]any{
				"testimonials": []any{with(testimonial, "rating", 9)},
				"demoVideo":    map[string]any{"title": "Demo", "description": "", "videoUrl": "https://vimeo.com/1", "duration": "2 minutes"},
				"contact":      map[string]any{"phone": "12345", "email": "nope"},
			}
			wantError(t, a.do("PUT", "/api/admin/site", bad, as(admin), invalid()), 400,
				"testimonials.0.rating", "demoVideo.videoUrl", "contact.phone", "contact.email")
			wantError(t, a.do("PUT", "/api/admin/site", map[string]any{}, as(admin), invalid()), 400)
			wantError(t, a.do("PUT", "/api/admin/site", `{"testimonials": "x"}`, as(admin), invalid()), 400)
		})
		t.Run("SaveShowsAtOnce", func(t *testing.T) {
			a := a.sub(t)
			before := a.do("GET", "/api/site", nil)
			save := map[string]any{
				"testimonials": []any{testimonial},
				"demoVideo":    map[string]any{"title": "Demo", "description": "Two minutes", "videoUrl": "https://youtu.be/dQw4w9WgXcQ", "duration": "2 minutes"},
				"contact":      map[string]any{"phone": "98450 12345", "email": "hello@propmatch.example"},
			}
			res := a.do("PUT", "/api/admin/site", save, as(admin))
			wantStatus(t, res, 200)
			got := res.json(t)
			if v := got["demoVideo"].(map[string]any)["videoUrl"]; v != "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" {
				t.Errorf("videoUrl = %v", v)
			}
			if p := got["contact"].(map[string]any)["phone"]; p != "+919845012345" {
				t.Errorf("phone = %v", p)
			}
			if n := len(got["plans"].([]any)); n != 3 {
				t.Errorf("a save of other parts changed the plans: %d", n)
			}
			// The cache was emptied: the old ETag no longer holds.
			after := a.do("GET", "/api/site", nil, withHeader("If-None-Match", before.header.Get("ETag")))
			wantStatus(t, after, 200)
			if !strings.Contains(string(after.body), "Kavya Menon") {
				t.Errorf("the saved testimonial is not served: %s", after.body)
			}
		})
		t.Run("ConcurrentSaves", func(t *testing.T) {
			a := a.sub(t)
			var wg sync.WaitGroup
			for i := range 100 {
				wg.Go(func() {
					topics := []string{fmt.Sprintf("Topic number %d", i)}
					part := map[string]any{"trainingTopics": topics}
					if i%2 == 1 {
						part = map[string]any{"testimonials": []any{with(testimonial, "name", fmt.Sprintf("Agent %d", i))}}
					}
					res := a.do("PUT", "/api/admin/site", part, as(admin))
					if res.status != 200 {
						t.Errorf("save %d answered %d: %s", i, res.status, res.body)
					}
				})
			}
			wg.Wait()
			got := a.do("GET", "/api/site", nil).json(t)
			if topics := got["trainingTopics"].([]any); len(topics) != 1 || !strings.HasPrefix(topics[0].(string), "Topic number ") {
				t.Errorf("topics after concurrent saves = %v", topics)
			}
			if ts := got["testimonials"].([]any); len(ts) != 1 || !strings.HasPrefix(ts[0].(map[string]any)["name"].(string), "Agent ") {
				t.Errorf("testimonials after concurrent saves = %v", ts)
			}
		})
	})
}

func TestSiteFigures(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		first := a.do("GET", "/api/site/figures", nil)
		wantStatus(t, first, 200)
		if cc := first.header.Get("Cache-Control"); cc != "public, max-age=300" {
			t.Errorf("Cache-Control = %q", cc)
		}
		if n := first.json(t)["agents"]; n != 0.0 {
			t.Errorf("agents on an empty database = %v", n)
		}
		g := a.newAgent("figagent", "+919845012347")
		a.reraVerify(g, a.newAdmin("figadmin", "+919845012346"), a.clock.Now().AddDate(5, 0, 0).Format("2006-01-02"))
		// Within the period the cached count is served: the database is not read per visit.
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				if n := a.do("GET", "/api/site/figures", nil).json(t)["agents"]; n != 0.0 {
					t.Errorf("agents within the cache period = %v, want the cached 0", n)
				}
			})
		}
		wg.Wait()
		a.clock.Advance(5*time.Minute + time.Second)
		got := a.do("GET", "/api/site/figures", nil).json(t)
		if got["agents"] != 1.0 || got["reraVerifiedAgents"] != 1.0 {
			t.Errorf("after the period: %v", got)
		}
	})
}

func TestSessionAndCrawlerFiles(t *testing.T) {
	eachEngine(t, apiOptions{publicOrigin: "https://propmatch.example.com"}, func(t *testing.T, a *apiTest) {
		res := a.do("GET", "/api/session", nil)
		wantStatus(t, res, 200)
		if u, ok := res.json(t)["user"]; !ok || u != nil {
			t.Errorf("signed out: %s", res.body)
		}
		g := a.newAgent("sessagent", "+919845012348")
		res = a.do("GET", "/api/session", nil, as(g))
		wantStatus(t, res, 200)
		if u, _ := res.json(t)["user"].(map[string]any); u["username"] != "sessagent" {
			t.Errorf("signed in: %s", res.body)
		}
		robots := a.do("GET", "/robots.txt", nil)
		wantStatus(t, robots, 200)
		if !strings.Contains(string(robots.body), "Sitemap: https://propmatch.example.com/sitemap.xml") || !strings.Contains(string(robots.body), "Disallow: /api/") {
			t.Errorf("robots.txt:\n%s", robots.body)
		}
		sm := a.do("GET", "/sitemap.xml", nil)
		wantStatus(t, sm, 200)
		for _, loc := range []string{"<loc>https://propmatch.example.com/</loc>", "<loc>https://propmatch.example.com/auth</loc>"} {
			if !strings.Contains(string(sm.body), loc) {
				t.Errorf("sitemap lacks %s:\n%s", loc, sm.body)
			}
		}
	})
}

// TestLandingMarkup: / and /landing get landing.html (the landing page's
// markup prerendered into index.html) and /auth with no query gets
// auth.html, each with a nonce (on the inlined <style> too) and the absolute
// preview image; other pages, and /auth?tab=register, get index.html.
func TestLandingMarkup(t *testing.T) {
	const landing = `<!doctype html><html><head><meta property="og:image" content="/og-image.png"><style>h1{color:red}</style></head><body><div id="root"><h1>Post.</h1></div></body></html>`
	const auth = `<!doctype html><html><head><meta property="og:image" content="/og-image.png"><style>h1{color:red}</style></head><body><div id="root"><h1>Sign In</h1></div></body></html>`
	web := fstest.MapFS{"index.html": {Data: []byte(testIndex)}, "landing.html": {Data: []byte(landing)}, "auth.html": {Data: []byte(auth)}}
	eachEngine(t, apiOptions{web: web, publicOrigin: "https://propmatch.example.com"}, func(t *testing.T, a *apiTest) {
		for _, tc := range []struct{ path, want string }{
			{"/", "<h1>Post.</h1>"},
			{"/landing", "<h1>Post.</h1>"},
			{"/auth", "<h1>Sign In</h1>"},
			{"/landing.html", `<div id="root"></div>`},
			{"/auth.html", `<div id="root"></div>`},
			{"/auth?tab=register", `<div id="root"></div>`},
			{"/dashboard", `<div id="root"></div>`},
		} {
			res := a.do("GET", tc.path, nil, undocumented())
			wantStatus(t, res, 200)
			page, nonce := withoutNonce(res.body)
			if !strings.Contains(page, tc.want) {
				t.Errorf("%s: want %s in %s", tc.path, tc.want, page)
			}
			prerendered := tc.want != `<div id="root"></div>`
			if prerendered && !strings.Contains(page, `content="https://propmatch.example.com/og-image.png"`) {
				t.Errorf("%s: preview image not absolute: %s", tc.path, page)
			}
			if prerendered && !strings.Contains(page, `<style nonce="`+nonce+`">h1{color:red}</style>`) {
				t.Errorf("%s: the inlined stylesheet lacks the nonce %q: %s", tc.path, nonce, page)
			}
			if !strings.Contains(res.header.Get("Content-Security-Policy"), "'nonce-"+nonce+"'") {
				t.Errorf("%s: the policy lacks the page's nonce %q", tc.path, nonce)
			}
		}
		res := a.do("GET", "/", nil, undocumented(), withHeader("Accept-Encoding", "gzip"))
		if ce := res.header.Get("Content-Encoding"); ce != "" {
			t.Errorf("a page under 1 KB was sent with Content-Encoding %q", ce)
		}
		// A signed-in visitor is sent from /auth to the dashboard before any form
		// paints; a dead session cookie still gets the sign-in page.
		a.signUp("authvisitor", "+919812345670", "authvisitor@example.com")
		for _, p := range []string{"/auth", "/auth?tab=register"} {
			res = a.do("GET", p, nil, undocumented())
			wantStatus(t, res, 303)
			if loc := res.header.Get("Location"); loc != "/dashboard" {
				t.Errorf("%s signed in: Location %q, want /dashboard", p, loc)
			}
		}
		res = a.do("GET", "/auth", nil, undocumented(), withToken("no-such-session"))
		wantStatus(t, res, 200)
		if page, _ := withoutNonce(res.body); !strings.Contains(page, "<h1>Sign In</h1>") {
			t.Errorf("/auth with a dead session: want the sign-in page, got %s", page)
		}
	})
	big := `<!doctype html><html><head></head><body><div id="root">` + strings.Repeat("<p>PropMatch</p>", 400) + `</div></body></html>`
	web = fstest.MapFS{"index.html": {Data: []byte(testIndex)}, "landing.html": {Data: []byte(big)}}
	eachEngine(t, apiOptions{web: web}, func(t *testing.T, a *apiTest) {
		res := a.do("GET", "/", nil, undocumented(), withHeader("Accept-Encoding", "gzip"))
		wantStatus(t, res, 200)
		if ce := res.header.Get("Content-Encoding"); ce != "gzip" {
			t.Fatalf("Content-Encoding = %q, want gzip", ce)
		}
		zr, err := gzip.NewReader(bytes.NewReader(res.body))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := io.ReadAll(zr)
		if page, nonce := withoutNonce(plain); nonce == "" || page != big {
			t.Errorf("gunzipped page differs, or has no nonce (%q)", nonce)
		}
	})
}
