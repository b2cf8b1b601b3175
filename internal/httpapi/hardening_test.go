package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/auth"
)

// nonceMeta is the tag index.html gains when it is served.
var nonceMeta = regexp.MustCompile(`<meta name="csp-nonce" nonce="([^"]+)">`)

// withoutNonce returns page without its nonce tag, and the nonce.
func withoutNonce(page []byte) (string, string) {
	m := nonceMeta.FindSubmatch(page)
	if m == nil {
		return string(page), ""
	}
	return nonceMeta.ReplaceAllString(string(page), ""), string(m[1])
}

// handlerOf captures the handler newAPITest builds, for requests that
// must not come through a loopback connection.
func handlerOf(h *http.Handler) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		*h = next
		return next
	}
}

func TestDevelopmentHelpersAnswerOnlyThisMachine(t *testing.T) {
	var h http.Handler
	eachEngine(t, apiOptions{wrap: handlerOf(&h)}, func(t *testing.T, a *apiTest) {
		for i, tc := range []struct {
			name      string
			header    map[string]string
			wantLocal bool
		}{
			{"LoopbackClientSeesTheOutboxAndTheCode", nil, true},
			{"LoopbackProxyForwardingLoopbackStillCounts", map[string]string{"X-Forwarded-For": "127.0.0.1, ::1"}, true},
			{"ProxyForwardingAnotherHostIsRefused", map[string]string{"X-Forwarded-For": "203.0.113.9"}, false},
			{"ProxyChainWithAnotherHostIsRefused", map[string]string{"X-Forwarded-For": "127.0.0.1, 203.0.113.9"}, false},
			{"ForwardedHeaderForAnotherHostIsRefused", map[string]string{"Forwarded": `for="[2001:db8::17]:4711";proto=https`}, false},
			{"RealIPOfAnotherHostIsRefused", map[string]string{"X-Real-IP": "198.51.100.4"}, false},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var opts []reqOption
				for k, v := range tc.header {
					opts = append(opts, withHeader(k, v))
				}
				sent := a.do("POST", "/api/send-otp", map[string]any{"phone": fmt.Sprintf("98700000%02d", i)}, opts...)
				wantStatus(t, sent, 200)
				code, _ := sent.json(t)["otp"].(string)
				if tc.wantLocal != (code != "") {
					t.Errorf("send-otp echoed %q; want an echo: %v", code, tc.wantLocal)
				}
				outbox := a.do("GET", "/api/dev/outbox", nil, opts...)
				page := a.do("GET", "/dev/outbox", nil, append(opts, undocumented())...)
				if tc.wantLocal {
					wantStatus(t, outbox, 200)
					wantStatus(t, page, 200)
					return
				}
				wantError(t, outbox, 403)
				wantError(t, page, 403)
				if strings.Contains(string(outbox.body)+string(page.body), "whatsapp") {
					t.Errorf("a refused outbox shows messages: %s %s", outbox.body, page.body)
				}
			})
		}
		t.Run("ConnectionFromAnotherHostIsRefused", func(t *testing.T) {
			// httptest.NewRequest comes from 192.0.2.1, a documentation address.
			for _, path := range []string{"/api/dev/outbox", "/dev/outbox"} {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
				if rec.Code != 403 || strings.Contains(rec.Body.String(), "whatsapp") {
					t.Errorf("GET %s from 192.0.2.1 = %d %s, want 403", path, rec.Code, rec.Body)
				}
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/send-otp", strings.NewReader(`{"phone": "9870000099"}`)))
			var body map[string]any
			json.Unmarshal(rec.Body.Bytes(), &body)
			if rec.Code != 200 || body["otp"] != nil {
				t.Errorf("send-otp from 192.0.2.1 = %d %s, want 200 without the code", rec.Code, rec.Body)
			}
		})
	})
}

func TestSessionCookieIsSecureInProduction(t *testing.T) {
	eachEngine(t, apiOptions{production: true}, func(t *testing.T, a *apiTest) {
		const password = "Quiet-Harbour-Lantern-58"
		_, err := a.auth.CreateUser(context.Background(), auth.NewUser{Username: "meera", Password: password, FullName: "Meera Iyer",
			Phone: "+919876511111", AgentType: "both", State: "Telangana", City: "Hyderabad"})
		if err != nil {
			t.Fatal(err)
		}
		// Plain HTTP and no proxy headers: a TLS-terminating proxy that
		// does not say so must not leave the cookie sendable in the clear.
		res := a.do("POST", "/api/login", map[string]any{"username": "meera", "password": password})
		wantStatus(t, res, 200)
		if c := res.cookie(); c == nil || !c.Secure {
			t.Errorf("production session cookie = %q, want Secure", res.header.Get("Set-Cookie"))
		}
		out := a.do("POST", "/api/logout", nil, withToken(res.cookie().Value))
		if c := out.cookie(); c == nil || !c.Secure {
			t.Errorf("production logout cookie = %q, want Secure", out.header.Get("Set-Cookie"))
		}
	})
}

func TestSecurityHeaders(t *testing.T) {
	for _, tc := range []struct {
		name       string
		opts       apiOptions
		header     map[string]string
		wantHSTS   bool
		wantOrigin string
	}{
		{"DevelopmentOverHTTPHasNoHSTS", apiOptions{web: testWeb}, nil, false, ""},
		{"DevelopmentOverTLSHasNoHSTS", apiOptions{web: testWeb, tls: true}, nil, false, ""},
		{"ProductionOverHTTPHasNoHSTS", apiOptions{web: testWeb, production: true}, nil, false, ""},
		{"ProductionOverTLSHasHSTS", apiOptions{web: testWeb, production: true, tls: true}, nil, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eachEngine(t, tc.opts, func(t *testing.T, a *apiTest) {
				for _, path := range []string{"/", "/api/states", "/healthz", "/assets/app-abc123.js", "/api/nothing-here"} {
					res := a.do("GET", path, nil, undocumented())
					csp := res.header.Get("Content-Security-Policy")
					for _, want := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
						"connect-src 'self'", "frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com", "object-src 'none'",
						"base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"} {
						if !strings.Contains(csp, want) {
							t.Errorf("GET %s: Content-Security-Policy %q lacks %q", path, csp, want)
						}
					}
					if strings.Contains(csp, "unsafe") {
						t.Errorf("GET %s: Content-Security-Policy %q allows unsafe sources", path, csp)
					}
					pp := res.header.Get("Permissions-Policy")
					for _, feature := range []string{"camera=()", "microphone=()", "geolocation=()", "payment=()"} {
						if !strings.Contains(pp, feature) {
							t.Errorf("GET %s: Permissions-Policy %q lacks %s", path, pp, feature)
						}
					}
					hsts := res.header.Get("Strict-Transport-Security")
					if tc.wantHSTS != strings.Contains(hsts, "max-age=31536000") {
						t.Errorf("GET %s: Strict-Transport-Security = %q, want it: %v", path, hsts, tc.wantHSTS)
					}
				}
			})
		})
	}
	t.Run("IndexCarriesAFreshNonceItsPolicyNames", func(t *testing.T) {
		eachEngine(t, apiOptions{web: testWeb}, func(t *testing.T, a *apiTest) {
			seen := map[string]bool{}
			for range 3 {
				res := a.do("GET", "/dashboard", nil, undocumented(), withHeader("If-Modified-Since", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)))
				wantStatus(t, res, 200) // never 304: a cached page would keep an old nonce
				_, nonce := withoutNonce(res.body)
				if len(nonce) < 22 || seen[nonce] {
					t.Fatalf("nonce %q is short or reused", nonce)
				}
				seen[nonce] = true
				if csp := res.header.Get("Content-Security-Policy"); !strings.Contains(csp, "style-src 'self' 'nonce-"+nonce+"'") {
					t.Errorf("Content-Security-Policy %q does not name the page's nonce %q", csp, nonce)
				}
			}
		})
	})
	t.Run("OutboxPageStylesCarryItsNonce", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			res := a.do("GET", "/dev/outbox", nil, undocumented())
			wantStatus(t, res, 200)
			m := regexp.MustCompile(`<style nonce="([^"]+)">`).FindSubmatch(res.body)
			if m == nil || !strings.Contains(res.header.Get("Content-Security-Policy"), "'nonce-"+string(m[1])+"'") {
				t.Errorf("the outbox's <style> is not allowed by its policy %q", res.header.Get("Content-Security-Policy"))
			}
			if strings.Contains(string(res.body), "style=") {
				t.Errorf("the outbox page has style attributes, which the policy blocks")
			}
		})
	})
}

// lockForWrites holds a transaction that makes every write to table wait
// (and, on PostgreSQL, every read of it too) until the test ends.
func lockForWrites(t *testing.T, db *store.DB, table string) {
	t.Helper()
	tx, err := db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tx.Rollback() })
	if db.Engine == store.Postgres {
		_, err = tx.Exec(`LOCK TABLE ` + table + ` IN ACCESS EXCLUSIVE MODE`)
	} else { // BEGIN IMMEDIATE already holds SQLite's one write lock
		_, err = tx.Exec(`UPDATE ` + table + ` SET id = id WHERE 1 = 0`)
	}
	if err != nil {
		t.Fatal(err)
	}
}

func TestDatabaseTroubleIs503(t *testing.T) {
	t.Run("SessionLookupFailureIs503NotSignedOut", func(t *testing.T) {
		eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
			g := a.newAgent("anil", "9811111111")
			a.db.Close()
			for _, path := range []string{"/api/user", "/api/properties", "/api/matches"} {
				res := a.do("GET", path, nil, as(g), undocumented())
				wantError(t, res, 503)
				if !strings.Contains(string(res.body), "sign-in") || strings.Contains(string(res.body), "closed") {
					t.Errorf("GET %s: %s; want a clear message without details", path, res.body)
				}
			}
		})
	})
	t.Run("HungSessionLookupIs503WithinTheDeadline", func(t *testing.T) {
		eachEngine(t, apiOptions{dbTimeout: 300 * time.Millisecond}, func(t *testing.T, a *apiTest) {
			g := a.newAgent("anil", "9811111111")
			a.clock.Advance(2 * time.Minute) // the lookup now also records the session's use
			lockForWrites(t, a.db, "sessions")
			res := a.doWithin(10*time.Second, "GET", "/api/user", nil, as(g))
			wantError(t, res, 503)
		})
	})
	t.Run("HungWriteIs503WithinTheDeadline", func(t *testing.T) {
		eachEngine(t, apiOptions{dbTimeout: 300 * time.Millisecond}, func(t *testing.T, a *apiTest) {
			g := a.newAgent("anil", "9811111111")
			lockForWrites(t, a.db, "requirements")
			res := a.doWithin(10*time.Second, "POST", "/api/requirements", wanted(), as(g))
			wantError(t, res, 503)
			if strings.Contains(string(res.body), "deadline") {
				t.Errorf("the 503 shows internals: %s", res.body)
			}
		})
	})
	t.Run("SlowUploadDoesNotSpendTheDeadline", func(t *testing.T) {
		eachEngine(t, apiOptions{dbTimeout: 200 * time.Millisecond}, func(t *testing.T, a *apiTest) {
			pr, pw := io.Pipe()
			go func() {
				body := `{"username": "nobody", "password": "Not-The-Password-1"}`
				for i := range body {
					pw.Write([]byte(body[i : i+1]))
					time.Sleep(10 * time.Millisecond) // about 600 ms in all, three deadlines
				}
				pw.Close()
			}()
			wantError(t, a.do("POST", "/api/login", pr), 401)
		})
	})
}

// doWithin sends a request that gives up after limit, so that a server
// that waits on a hung database fails the test instead of hanging it.
// body, when not nil, is sent as JSON.
func (a *apiTest) doWithin(limit time.Duration, method, path string, body any, opts ...reqOption) response {
	a.t.Helper()
	set := reqSettings{header: http.Header{}}
	for _, o := range opts {
		o(&set)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = strings.NewReader(string(b))
		set.header.Set("Content-Type", "application/json")
	}
	req, _ := http.NewRequestWithContext(ctx, method, a.srv.URL+path, r)
	req.Header = set.header
	if set.token != nil {
		req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: *set.token})
	}
	resp, err := a.bare.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: no answer within %v: %v", method, path, limit, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return response{status: resp.StatusCode, header: resp.Header, body: data, cookies: resp.Cookies()}
}

func TestReadyzChecksTheSchema(t *testing.T) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			t.Run("NoSchemaIsNotReady", func(t *testing.T) {
				db, err := store.Open(context.Background(), storetest.URL(t, e))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				a := newAPITest(t, db, apiOptions{})
				res := a.do("GET", "/readyz", nil)
				wantStatus(t, res, 503)
				if !strings.Contains(string(res.body), "schema") {
					t.Errorf("/readyz = %q, want it to name the schema", res.body)
				}
			})
			t.Run("SchemaBehindIsNotReady", func(t *testing.T) {
				db := storetest.New(t, e)
				a := newAPITest(t, db, apiOptions{})
				wantStatus(t, a.do("GET", "/readyz", nil), 200)
				latest, _ := store.LatestMigration(e)
				if _, err := db.Exec(`DELETE FROM goose_db_version WHERE version_id = $1`, latest); err != nil {
					t.Fatal(err)
				}
				wantStatus(t, a.do("GET", "/readyz", nil), 503)
			})
		})
	}
}

func TestProductionRequiresThePublicOrigin(t *testing.T) {
	const public = "https://propmatch.example"
	// The proxy in front passes the public host on, so the host always matches.
	asProxied := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Host = "propmatch.example"
			next.ServeHTTP(w, r)
		})
	}
	eachEngine(t, apiOptions{production: true, publicOrigin: public, wrap: asProxied}, func(t *testing.T, a *apiTest) {
		for _, tc := range []struct {
			name    string
			headers map[string]string
			want    int
		}{
			{"ThePublicOriginWorks", map[string]string{"Origin": public}, 401},
			{"NonBrowserClientWorks", nil, 401},
			{"SameHostOverHTTPIsRefused", map[string]string{"Origin": "http://propmatch.example"}, 403},
			{"SameHostOverHTTPIsRefusedEvenAsSameOrigin", map[string]string{"Origin": "http://propmatch.example", "Sec-Fetch-Site": "same-origin"}, 403},
			{"SameHostOnAnotherPortIsRefused", map[string]string{"Origin": "https://propmatch.example:8443"}, 403},
			{"AnotherHostIsRefused", map[string]string{"Origin": "https://evil.example"}, 403},
			{"OpaqueOriginIsRefused", map[string]string{"Origin": "null"}, 403},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var opts []reqOption
				for k, v := range tc.headers {
					opts = append(opts, withHeader(k, v))
				}
				res := a.do("POST", "/api/login", map[string]any{"username": "nobody", "password": "Not-The-Password-1"}, opts...)
				wantError(t, res, tc.want)
				wantStatus(t, a.do("GET", "/api/states", nil, opts...), 200) // reads stay open
			})
		}
	})
}

// openRaw opens g's event stream and returns the answer with its body
// open (the caller closes it), or the status of a refusal.
func (a *apiTest) openRaw(ctx context.Context, g agent) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", a.srv.URL+"/api/events", nil)
	req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: g.tok})
	return a.bare.Do(req)
}

func TestEventStreamsPerAgentAreCapped(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9811111111")
		other := a.newAgent("bina", "9822222222")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var (
			mu      sync.Mutex
			open    []*http.Response
			refused []*http.Response
			wg      sync.WaitGroup
		)
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := a.openRaw(ctx, g)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if res.StatusCode == 200 {
					open = append(open, res)
				} else {
					refused = append(refused, res)
				}
			}()
		}
		wg.Wait()
		if len(open) != 10 || len(refused) != 90 {
			t.Fatalf("100 concurrent streams: %d open, %d refused; want 10 and 90", len(open), len(refused))
		}
		for _, res := range refused {
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			r := response{status: res.StatusCode, header: res.Header, body: body}
			wantError(t, r, 429)
			if !strings.Contains(string(body), "tabs") || res.Header.Get("Retry-After") == "" {
				t.Fatalf("refusal = %s (Retry-After %q); want a clear message and Retry-After", body, res.Header.Get("Retry-After"))
			}
		}
		// Another agent is not affected.
		a.openStream(other)
		// Closing one stream frees its place.
		open[0].Body.Close()
		waitFor(t, func() bool {
			res, err := a.openRaw(ctx, g)
			if err != nil {
				return false
			}
			if res.StatusCode != 200 {
				res.Body.Close()
				return false
			}
			open[0] = res
			return true
		})
		for _, res := range open {
			res.Body.Close()
		}
	})
}

func TestEventStreamsResync(t *testing.T) {
	eachEngine(t, apiOptions{heartbeat: 20 * time.Millisecond}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9811111111")
		s := a.openStream(g)
		t.Run("ResyncReachesTheBrowser", func(t *testing.T) {
			a.bus.(*events.Hub).Resync()
			s.next(t, events.Resync)
		})
		t.Run("StreamOutlivesADatabaseOutage", func(t *testing.T) {
			a.db.Close()
			time.Sleep(200 * time.Millisecond) // ten heartbeats whose session checks fail
			a.bus.Publish(context.Background(), []int64{g.id}, events.New(events.Matches, map[string]int{"count": 1}))
			s.next(t, events.Matches)
		})
	})
}
