package httpapi_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/feature/billing"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/apikeys"
	"propmatch/internal/platform/auth"
)

// bearer sends key as the request's API key.
func bearer(key string) reqOption { return withHeader("Authorization", "Bearer "+key) }

// newAPIKey creates a key for g with scopes and returns its secret and id.
func (a *apiTest) newAPIKey(g agent, scopes ...string) (string, int64) {
	a.t.Helper()
	res := a.do("POST", "/api/user/api-keys", map[string]any{"name": "Key " + strings.Join(scopes, "+"), "scopes": scopes}, as(g))
	wantStatus(a.t, res, 201)
	m := res.json(a.t)
	key, _ := m["key"].(string)
	if !strings.HasPrefix(key, "pm_live_") || len(key) < len("pm_live_")+43 {
		a.t.Fatalf("created key %q", key)
	}
	return key, idOf(m)
}

func TestAPIKeyReadsAndWritesAsItsAgent(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		me, other := a.newAgent("keyowner", "+919800000001"), a.newAgent("buyeragent", "+919800000002")
		key, _ := a.newAPIKey(me, "read", "write")

		// Reads and writes as its agent, without any cookie or Origin check.
		res := a.do("POST", "/api/properties", listing(), bearer(key), withHeader("Origin", "https://elsewhere.example"))
		wantStatus(t, res, 201)
		for _, h := range []string{"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} {
			if res.header.Get(h) == "" {
				t.Errorf("no %s header on a key's answer", h)
			}
		}
		propertyID := idOf(res.json(t))
		if owner := int64(res.json(t)["agentId"].(float64)); owner != me.id {
			t.Fatalf("the key's listing belongs to %d, want %d", owner, me.id)
		}
		a.create(other, "/api/requirements", wanted())
		list := a.objects(me, "/api/properties")
		if len(list) != 1 || idOf(list[0]) != propertyID {
			t.Fatalf("the agent's listings: %v", list)
		}
		got := a.do("GET", "/api/properties", nil, bearer(key))
		wantStatus(t, got, 200)
		if l := got.list(t); len(l) != 1 {
			t.Fatalf("the key reads %d listings, want 1", len(l))
		}
		matches := a.do("GET", "/api/matches?type=seller", nil, bearer(key))
		wantStatus(t, matches, 200)
		ms := matches.list(t)
		if len(ms) != 1 {
			t.Fatalf("the key reads %d matches, want 1: %s", len(ms), matches.body)
		}
		matchID := idOf(ms[0].(map[string]any))
		wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", matchID), map[string]any{"status": "contacted"}, bearer(key)), 200)
		wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", 1<<40), map[string]any{"clientName": "X"}, bearer(key)), 404)
		me2 := a.do("GET", "/api/user", nil, bearer(key))
		wantStatus(t, me2, 200)
		if idOf(me2.json(t)) != me.id {
			t.Fatalf("GET /api/user with the key: %s", me2.body)
		}
		// Another agent's listing is not the key's to change.
		theirs := a.create(other, "/api/properties", listing())
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/properties/%d", idOf(theirs)), nil, bearer(key)), 404)
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/properties/%d", propertyID), nil, bearer(key)), 200)

		// A cookie sent with a key is ignored: the key decides.
		otherKey, _ := a.newAPIKey(other, "read")
		who := a.do("GET", "/api/user", nil, bearer(otherKey), as(me))
		wantStatus(t, who, 200)
		if idOf(who.json(t)) != other.id {
			t.Fatalf("a key with a cookie answered as %d", idOf(who.json(t)))
		}
		// The key never appears in a log line.
		if strings.Contains(a.logs.String(), key[len("pm_live_"):]) || strings.Contains(a.logs.String(), otherKey[len("pm_live_"):]) {
			t.Fatal("a key's secret is in the server's log")
		}
	})
}

func TestReadOnlyKeyCannotWriteAndKeysAreRefusedOnAccountRoutes(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		me := a.newAgent("keyowner", "+919800000001")
		if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, me.id); err != nil {
			t.Fatal(err)
		}
		ro, _ := a.newAPIKey(me, "read")
		rw, rwID := a.newAPIKey(me, "read", "write")
		wantStatus(t, a.do("GET", "/api/properties", nil, bearer(ro)), 200)
		wantError(t, a.do("POST", "/api/properties", listing(), bearer(ro)), 403)
		wantError(t, a.do("POST", "/api/requirements", wanted(), bearer(ro)), 403)
		wantError(t, a.do("PUT", "/api/matches/1/status", map[string]any{"status": "contacted"}, bearer(ro)), 403)

		// Whatever its scopes: admin routes, account routes, the keys, payments.
		for _, key := range []string{ro, rw} {
			for _, c := range []struct {
				method, path string
				body         any
			}{
				{"GET", "/api/admin/stats", nil},
				{"GET", "/api/admin/users", nil},
				{"GET", fmt.Sprintf("/api/admin/users/%d/api-keys", me.id), nil},
				{"DELETE", fmt.Sprintf("/api/admin/api-keys/%d", rwID), nil},
				{"GET", "/api/security/events", nil},
				{"POST", "/api/user/password", map[string]any{"currentPassword": "x", "newPassword": "Another-Tr1cky-pass"}},
				{"PUT", "/api/user/profile", profileBody()},
				{"GET", "/api/user/sessions", nil},
				{"GET", "/api/user/export", nil},
				{"POST", "/api/user/delete", map[string]any{"password": "x"}},
				{"GET", "/api/user/api-keys", nil},
				{"POST", "/api/user/api-keys", map[string]any{"name": "more", "scopes": []string{"read"}}},
				{"DELETE", fmt.Sprintf("/api/user/api-keys/%d", rwID), nil},
				{"POST", "/api/billing/orders", map[string]any{"kind": "pack", "packId": 1}},
			} {
				// A read-only key's write is refused before the route; the route refuses the rest.
				wantError(t, a.do(c.method, c.path, c.body, bearer(key)), 403)
			}
		}
		// A write key's write outside listings, requirements and match status is 403 too.
		wantError(t, a.do("PUT", "/api/user/settings", map[string]any{}, bearer(rw), invalid()), 403)
		// The keys are untouched, and the admin's session still works.
		wantStatus(t, a.do("GET", "/api/admin/stats", nil, as(me)), 200)
		wantStatus(t, a.do("GET", "/api/properties", nil, bearer(rw)), 200)
	})
}

func TestRevokedOrExpiredKeyIs401AtOnceOnEveryInstance(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		secret := func(c *auth.Config) { c.Secret = []byte("one installation's secret, 32 bytes or more") }
		a := newAPITest(t, db, apiOptions{authConfig: secret})
		b := newAPITest(t, db, apiOptions{authConfig: secret}) // a second instance on the same database
		me, other := a.newAgent("keyowner", "+919800000001"), a.newAgent("another", "+919800000002")
		key, id := a.newAPIKey(me, "read")
		wantStatus(t, b.do("GET", "/api/properties", nil, bearer(key)), 200)
		// Another agent cannot revoke it, nor see it.
		wantError(t, a.do("DELETE", fmt.Sprintf("/api/user/api-keys/%d", id), nil, as(other)), 404)
		if l := a.do("GET", "/api/user/api-keys", nil, as(other)).json(t)["keys"].([]any); len(l) != 0 {
			t.Fatalf("another agent lists %d keys", len(l))
		}
		wantStatus(t, b.do("GET", "/api/properties", nil, bearer(key)), 200)
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/user/api-keys/%d", id), nil, as(me)), 204)
		for _, inst := range []*apiTest{a, b} {
			res := inst.do("GET", "/api/properties", nil, bearer(key))
			wantError(t, res, 401)
			if !strings.HasPrefix(res.header.Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("401 without WWW-Authenticate: %v", res.header)
			}
		}
		// Used after revocation: on the security dashboard.
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM security_events WHERE subject = $1`, fmt.Sprintf("api_key:%d", id)).Scan(&n); err != nil || n == 0 {
			t.Fatalf("no security event for the revoked key's use (%d, %v)", n, err)
		}
		// An unknown or malformed key.
		wantError(t, a.do("GET", "/api/properties", nil, bearer("pm_live_"+strings.Repeat("a", 43))), 401)
		wantError(t, a.do("GET", "/api/properties", nil, bearer("nonsense")), 401)

		// An expired key.
		res := a.do("POST", "/api/user/api-keys", map[string]any{"name": "Short", "scopes": []string{"read"},
			"expiresAt": a.clock.Now().Add(time.Hour).Format(time.RFC3339)}, as(me))
		wantStatus(t, res, 201)
		short := res.json(t)["key"].(string)
		wantStatus(t, b.do("GET", "/api/properties", nil, bearer(short)), 200)
		a.clock.Advance(time.Hour)
		b.clock.Advance(time.Hour)
		for _, inst := range []*apiTest{a, b} {
			wantError(t, inst.do("GET", "/api/properties", nil, bearer(short)), 401)
		}
		keys := a.do("GET", "/api/user/api-keys", nil, as(me)).json(t)["keys"].([]any)
		if st := keys[0].(map[string]any)["status"]; st != "expired" {
			t.Fatalf("status %v, want expired", st)
		}
	})
}

func TestAPIKeyRateLimitAnswers429WithTheHeaders(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		me := a.newAgent("keyowner", "+919800000001")
		key, _ := a.newAPIKey(me, "read")
		other, _ := a.newAPIKey(me, "read")
		for i := range apikeys.RequestsPerMinute {
			res := a.do("GET", "/api/user", nil, bearer(key))
			wantStatus(t, res, 200)
			if got := res.header.Get("RateLimit-Remaining"); got != strconv.Itoa(apikeys.RequestsPerMinute-1-i) {
				t.Fatalf("request %d: RateLimit-Remaining = %q", i, got)
			}
		}
		res := a.do("GET", "/api/user", nil, bearer(key))
		wantError(t, res, 429)
		if res.header.Get("Retry-After") == "" || res.header.Get("RateLimit-Remaining") != "0" ||
			res.header.Get("RateLimit-Limit") != strconv.Itoa(apikeys.RequestsPerMinute) || res.header.Get("RateLimit-Reset") == "" {
			t.Fatalf("429 headers: %v", res.header)
		}
		// The limit is per key.
		wantStatus(t, a.do("GET", "/api/user", nil, bearer(other)), 200)
	})
}

func TestAtMostTenKeysUnder100ConcurrentCreates(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		me := a.newAgent("keyowner", "+919800000001")
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for i := range 100 {
			wg.Go(func() {
				body := fmt.Sprintf(`{"name":"key %d","scopes":["read"]}`, i)
				req, _ := http.NewRequest("POST", a.srv.URL+"/api/user/api-keys", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.AddCookie(&http.Cookie{Name: "propmatch_session", Value: me.tok})
				resp, err := a.bare.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				mu.Lock()
				codes[resp.StatusCode]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if codes[201] != apikeys.MaxActive || codes[409] != 100-apikeys.MaxActive {
			t.Fatalf("answers %v, want %d created and the rest 409", codes, apikeys.MaxActive)
		}
		wantError(t, a.do("POST", "/api/user/api-keys", map[string]any{"name": "eleventh", "scopes": []string{"read"}}, as(me)), 409)
		wantError(t, a.do("POST", "/api/user/api-keys", map[string]any{"name": "", "scopes": []string{"delete"}}, as(me), invalid()), 400, "name", "scopes")
		wantError(t, a.do("POST", "/api/user/api-keys", map[string]any{"name": "x", "scopes": []string{"read"}, "expiresAt": "2001-01-01"}, as(me)), 400, "expiresAt")
	})
}

func TestAPIKeysFollowThePlan(t *testing.T) {
	eachEngine(t, apiOptions{billing: true}, func(t *testing.T, a *apiTest) {
		me := a.newAgent("keyowner", "+919800000001")
		// Starter has no API access.
		res := a.do("POST", "/api/user/api-keys", map[string]any{"name": "k", "scopes": []string{"read"}}, as(me))
		wantError(t, res, 402)
		if res.json(t)["code"] != "plan_limit" {
			t.Fatalf("code %v, want plan_limit", res.json(t)["code"])
		}
		if l := a.do("GET", "/api/user/api-keys", nil, as(me)).json(t); l["apiAccess"] != false {
			t.Fatalf("list says apiAccess %v", l["apiAccess"])
		}
		setPlan := func(plan string) {
			t.Helper()
			if err := a.db.WithTx(context.Background(), func(tx *sql.Tx) error {
				return billing.SetPlan(context.Background(), tx, a.db.Time(), me.id, plan, 1, nil)
			}); err != nil {
				t.Fatal(err)
			}
		}
		setPlan(billing.PlanProfessional)
		key, _ := a.newAPIKey(me, "read")
		wantStatus(t, a.do("GET", "/api/properties", nil, bearer(key)), 200)
		// The plan ends: the key answers 402 with a clear message.
		a.clock.Advance(32 * 24 * time.Hour)
		res = a.do("GET", "/api/properties", nil, bearer(key))
		wantError(t, res, 402)
		if msg := res.json(t)["message"].(string); !strings.Contains(msg, "API access") {
			t.Fatalf("message %q", msg)
		}
		// It comes back with the plan.
		setPlan(billing.PlanProfessional)
		wantStatus(t, a.do("GET", "/api/properties", nil, bearer(key)), 200)
	})
}

func TestAPIKeysInTheExportAndForAdmins(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		me, root := a.newAgent("keyowner", "+919800000001"), a.newAgent("rootadmin", "+919800000002")
		if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, root.id); err != nil {
			t.Fatal(err)
		}
		key, id := a.newAPIKey(me, "read", "write")
		wantStatus(t, a.do("GET", "/api/user", nil, bearer(key)), 200)
		exp := a.do("GET", "/api/user/export", nil, as(me))
		wantStatus(t, exp, 200)
		body := string(exp.body)
		var hash string
		if err := a.db.QueryRow(`SELECT key_hash FROM api_keys WHERE id = $1`, id).Scan(&hash); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(body, `"apiKeys"`) || !strings.Contains(body, "Key read+write") ||
			strings.Contains(body, key[len("pm_live_"):]) || strings.Contains(body, hash) || strings.Contains(body, "key_hash") {
			t.Fatalf("the export's keys: %s", body)
		}
		// Admins see and revoke any agent's key, audited; agents cannot.
		wantError(t, a.do("GET", fmt.Sprintf("/api/admin/users/%d/api-keys", me.id), nil, as(me)), 403)
		list := a.do("GET", fmt.Sprintf("/api/admin/users/%d/api-keys", me.id), nil, as(root))
		wantStatus(t, list, 200)
		if l := list.list(t); len(l) != 1 || strings.Contains(string(list.body), key[len("pm_live_"):]) {
			t.Fatalf("admin list: %s", list.body)
		}
		wantError(t, a.do("GET", fmt.Sprintf("/api/admin/users/%d/api-keys", 1<<40), nil, as(root)), 404)
		wantError(t, a.do("DELETE", fmt.Sprintf("/api/admin/api-keys/%d", id), nil, as(me)), 403)
		wantError(t, a.do("DELETE", fmt.Sprintf("/api/admin/api-keys/%d", 1<<40), nil, as(root)), 404)
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/admin/api-keys/%d", id), nil, as(root)), 204)
		wantError(t, a.do("GET", "/api/user", nil, bearer(key)), 401)
		audit := a.do("GET", "/api/admin/audit", nil, as(root))
		wantStatus(t, audit, 200)
		if !strings.Contains(string(audit.body), "api_key.revoke") {
			t.Fatalf("no audit entry: %s", audit.body)
		}
	})
}
