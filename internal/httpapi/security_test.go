package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// securityRoutes are every route of the security dashboard, with a body
// for the writes.
var securityRoutes = []struct {
	method, path string
	body         any
}{
	{"GET", "/api/security/events", nil},
	{"GET", "/api/security/events/recent", nil},
	{"GET", "/api/security/ips", nil},
	{"GET", "/api/security/protection", nil},
	{"GET", "/api/security/blocks", nil},
	{"POST", "/api/security/blocks", map[string]any{"range": "203.0.113.0/24", "minutes": 60}},
	{"DELETE", "/api/security/blocks/1", nil},
}

// countEvents is how many security events of typ are stored (the sum of
// the rows' counts: repeats of a source in a minute share a row).
func (a *apiTest) countEvents(typ string) int {
	a.t.Helper()
	a.flushEvents()
	var n int
	if err := a.db.QueryRow(`SELECT COALESCE(SUM(count), 0) FROM security_events WHERE type = $1`, typ).Scan(&n); err != nil {
		a.t.Fatal(err)
	}
	return n
}

// sumCounts adds up the counts of a list of shown events.
func sumCounts(list []any) int {
	n := 0
	for _, e := range list {
		n += int(e.(map[string]any)["count"].(float64))
	}
	return n
}

// from sends the request as if from ip (the server trusts the proxy header).
func from(ip string) reqOption { return withHeader("X-Forwarded-For", ip) }

// TestSecurityRoutesAreForAdminsOnly: signed out 401, an agent 403 (each
// attempt recorded as admin_route_by_agent), nothing blocked by them.
func TestSecurityRoutesAreForAdminsOnly(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		agent := a.newAgent("dev", "9800000011")
		for _, r := range securityRoutes {
			wantError(t, a.do(r.method, r.path, r.body, withToken("")), 401)
			wantError(t, a.do(r.method, r.path, r.body, as(agent)), 403)
		}
		if got := a.countEvents("admin_route_by_agent"); got != len(securityRoutes) {
			t.Errorf("%d admin_route_by_agent events; want one per agent attempt, %d", got, len(securityRoutes))
		}
		var blocks int
		a.db.QueryRow(`SELECT COUNT(*) FROM ip_blocks`).Scan(&blocks)
		if blocks != 0 {
			t.Errorf("%d blocks after refused attempts; want none", blocks)
		}
	})
}

// TestSecurityDashboardFillsUp: failed sign-ins, wrong codes, probes and
// refused cross-site writes show in the cards, the list (filterable,
// paged without gaps or repeats) and the suspicious addresses; admin actions
// come from the audit log.
func TestSecurityDashboardFillsUp(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true, publicOrigin: "https://propmatch.example"}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		a.newAgent("bala", "9800000002")
		attacker := "198.51.100.66"
		for range 5 { // the sign-in throttle's free failures
			wantError(t, a.do("POST", "/api/login", map[string]any{"username": "bala", "password": "wrong-password"}, from(attacker)), 401)
		}
		wantError(t, a.do("POST", "/api/verify-otp", map[string]any{"phone": "9800000002", "otp": "000000"}, from(attacker)), 400)
		wantStatus(t, a.do("GET", "/.env", nil, from(attacker), undocumented()), 404)
		wantStatus(t, a.do("GET", "/api/properties?search="+url.QueryEscape("' OR 1=1 --"), nil, from(attacker), undocumented()), 401)
		wantError(t, a.do("POST", "/api/login", map[string]any{"username": "bala", "password": "x"}, from(attacker),
			withHeader("Origin", "https://evil.example")), 403)
		// An ordinary search from another address is no event.
		wantStatus(t, a.do("GET", "/api/properties?search="+url.QueryEscape("select flat"), nil, as(admin)), 200)
		wantStatus(t, a.do("POST", "/api/security/blocks", map[string]any{"range": "192.0.2.0/24", "minutes": 60, "reason": "scanner"}, as(admin), from("198.51.100.9")), 201)

		res := a.do("GET", "/api/security/events", nil, as(admin), from("198.51.100.9"))
		wantStatus(t, res, 200)
		body := res.json(t)
		sum := body["summary"].(map[string]any)
		want := map[string]float64{"totalEvents": 10, "suspiciousRequestsToday": 3, "authFailuresToday": 6, "suspiciousIpCount": 1}
		for k, v := range want {
			if sum[k] != v {
				t.Errorf("summary %s = %v; want %v (%v)", k, sum[k], v, sum)
			}
		}
		ips := body["suspiciousIPs"].([]any)
		if len(ips) != 1 || ips[0].(map[string]any)["ip"] != attacker || ips[0].(map[string]any)["count"] != 9.0 {
			t.Errorf("suspicious IPs %v; want %s with 9 events", ips, attacker)
		}
		// Repeats of one source and type in a minute are one row with a count.
		events := body["recentEvents"].([]any)
		if len(events) != 5 || sumCounts(events) != 10 || events[0].(map[string]any)["type"] != "admin_action" {
			t.Fatalf("recent events %v; want 10 in 5 rows, the block (admin action) first", events)
		}
		if e := events[0].(map[string]any); e["user"] != "asha" || !strings.HasPrefix(e["detail"].(string), "Blocked an address · address block #") {
			t.Errorf("admin action %v; want asha's security.block", e)
		}
		for _, e := range events {
			if e.(map[string]any)["type"] == "auth_failure" && e.(map[string]any)["user"] != "bala" {
				t.Errorf("failed sign-in %v; want the user named", e)
			}
		}

		t.Run("FilterByType", func(t *testing.T) {
			for typ, n := range map[string]int{"auth_failure": 5, "otp_failure": 1, "suspicious_request": 2, "cross_site_refused": 1, "admin_action": 1, "rate_limit_hit": 0} {
				res := a.do("GET", "/api/security/events?type="+typ, nil, as(admin))
				wantStatus(t, res, 200)
				list := res.json(t)["recentEvents"].([]any)
				if got := sumCounts(list); got != n || (n > 0 && len(list) != 1) {
					t.Errorf("type %s: %d events in %d rows; want %d in one", typ, got, len(list), n)
				}
				for _, e := range list {
					if e.(map[string]any)["type"] != typ {
						t.Errorf("type %s: got %v", typ, e)
					}
				}
			}
		})
		t.Run("PagesWithoutGapsOrRepeats", func(t *testing.T) {
			seen := map[string]bool{}
			res := a.do("GET", "/api/security/events?limit=3", nil, as(admin))
			wantStatus(t, res, 200)
			page := res.json(t)
			for _, e := range page["recentEvents"].([]any) {
				seen[e.(map[string]any)["id"].(string)] = true
			}
			next, _ := page["nextCursor"].(string)
			for pages := 1; next != ""; pages++ {
				if pages > 10 {
					t.Fatal("paging does not end")
				}
				res := a.do("GET", "/api/security/events/recent?limit=3&cursor="+next, nil, as(admin))
				wantStatus(t, res, 200)
				for _, e := range res.list(t) {
					id := e.(map[string]any)["id"].(string)
					if seen[id] {
						t.Errorf("event %s repeated", id)
					}
					seen[id] = true
				}
				next = ""
				if link := res.header.Get("Link"); link != "" {
					u, _ := url.Parse(strings.Trim(strings.Split(link, ";")[0], "<>"))
					next = u.Query().Get("cursor")
				}
			}
			if len(seen) != 5 {
				t.Errorf("paged through %d rows; want 5", len(seen))
			}
		})
		t.Run("IPsTab", func(t *testing.T) {
			res := a.do("GET", "/api/security/ips", nil, as(admin))
			wantStatus(t, res, 200)
			list := res.list(t)
			if len(list) != 1 {
				t.Fatalf("ips %v; want the attacker", list)
			}
			ip := list[0].(map[string]any)
			if ip["authFailures"] != 6.0 || ip["suspicious"] != 3.0 || ip["blocked"] != false || ip["firstSeen"] == nil {
				t.Errorf("ip %v; want 6 auth failures, 3 suspicious, not blocked", ip)
			}
		})
		t.Run("ProtectionStatusIsTheRealConfiguration", func(t *testing.T) {
			res := a.do("GET", "/api/security/protection", nil, as(admin))
			wantStatus(t, res, 200)
			p := res.json(t)
			if p["productionMode"] != false || p["trustProxy"] != true || p["publicOrigin"] != "https://propmatch.example" {
				t.Errorf("protection %v; want development mode, trusted proxy, the public origin", p)
			}
			if pw := p["passwords"].(map[string]any); pw["minLength"] != 8.0 || pw["commonRefused"].(float64) < 100000 {
				t.Errorf("password rules %v", pw)
			}
			headers := fmt.Sprint(p["headers"])
			if !strings.Contains(headers, "frame-ancestors 'none'") || !strings.Contains(headers, "nosniff") {
				t.Errorf("headers %s; want those the server sends", headers)
			}
		})
	})
}

// TestSecurityBadInput: every malformed filter, page and block answers 4xx
// with field errors, and nothing is blocked.
func TestSecurityBadInput(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		me := from("198.51.100.9")
		for _, c := range []struct{ path, field string }{
			{"/api/security/events?type=nope", "type"},
			{"/api/security/events?limit=0", "limit"},
			{"/api/security/events?limit=201", "limit"},
			{"/api/security/events?cursor=bm9wZQ", "cursor"},
			{"/api/security/events/recent?cursor=MTIz", "cursor"},
			{"/api/security/events/recent?type=admin", "type"},
			{"/api/security/blocks?limit=abc", "limit"},
		} {
			wantError(t, a.do("GET", c.path, nil, as(admin), me, undocumented()), 400, c.field)
		}
		for _, c := range []struct {
			name  string
			body  any
			field string
		}{
			{"NoRange", map[string]any{"minutes": 60}, "range"},
			{"NotAnAddress", map[string]any{"range": "banana", "minutes": 60}, "range"},
			{"BadCIDR", map[string]any{"range": "203.0.113.0/33", "minutes": 60}, "range"},
			{"TooWide", map[string]any{"range": "10.0.0.0/7", "minutes": 60}, "range"},
			{"TooWideV6", map[string]any{"range": "2001:db8::/16", "minutes": 60}, "range"},
			{"Everything", map[string]any{"range": "0.0.0.0/0", "minutes": 60}, "range"},
			{"Loopback", map[string]any{"range": "127.0.0.1", "minutes": 60}, "range"},
			{"LoopbackV6", map[string]any{"range": "::1", "minutes": 60}, "range"},
			{"OwnAddress", map[string]any{"range": "198.51.100.9", "minutes": 60}, "range"},
			{"OwnRange", map[string]any{"range": "198.51.100.0/24", "minutes": 60}, "range"},
			{"NoDuration", map[string]any{"range": "203.0.113.7"}, "minutes"},
			{"NegativeDuration", map[string]any{"range": "203.0.113.7", "minutes": -5}, "minutes"},
			{"TooLong", map[string]any{"range": "203.0.113.7", "minutes": 366 * 24 * 60}, "minutes"},
			{"LongReason", map[string]any{"range": "203.0.113.7", "minutes": 5, "reason": strings.Repeat("x", 201)}, "reason"},
		} {
			t.Run(c.name, func(t *testing.T) {
				wantError(t, a.do("POST", "/api/security/blocks", c.body, as(admin), me), 400, c.field)
			})
		}
		wantError(t, a.do("POST", "/api/security/blocks", `{"range": `, as(admin), me, undocumented()), 400)
		wantError(t, a.do("POST", "/api/security/blocks", map[string]any{"range": "203.0.113.7", "minutes": "sixty"}, as(admin), me, undocumented()), 400)
		wantError(t, a.do("DELETE", "/api/security/blocks/abc", nil, as(admin), me), 400, "id")
		wantError(t, a.do("DELETE", "/api/security/blocks/999", nil, as(admin), me), 404)
		var blocks int
		a.db.QueryRow(`SELECT COUNT(*) FROM ip_blocks`).Scan(&blocks)
		if blocks != 0 {
			t.Errorf("%d blocks after bad input; want none", blocks)
		}
		// Lifting twice: the second is a conflict.
		b := a.do("POST", "/api/security/blocks", map[string]any{"range": "2001:db8::1", "minutes": 5}, as(admin), me)
		wantStatus(t, b, 201)
		if got := b.json(t)["range"]; got != "2001:db8::1/128" {
			t.Errorf("range %v; want the canonical 2001:db8::1/128", got)
		}
		id := idOf(b.json(t))
		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/security/blocks/%d", id), nil, as(admin), me), 200)
		wantError(t, a.do("DELETE", fmt.Sprintf("/api/security/blocks/%d", id), nil, as(admin), me), 409)
	})
}

// TestIPBlock: a blocked address or range gets 403 on every route, signed
// in or not, until the block expires or is lifted; others are untouched;
// 100 concurrent requests from each side all get their answer.
func TestIPBlock(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		agent := a.newAgent("bala", "9800000002")
		me := from("198.51.100.9")
		block := func(rng string, minutes int) int64 {
			res := a.do("POST", "/api/security/blocks", map[string]any{"range": rng, "minutes": minutes}, as(admin), me)
			wantStatus(t, res, 201)
			return idOf(res.json(t))
		}
		rangeID := block("203.0.113.0/24", 60)
		block("192.0.2.7", 10)
		refused := func(ip string) {
			t.Helper()
			for _, r := range []struct {
				method, path string
				opts         []reqOption
			}{
				{"GET", "/api/user", []reqOption{as(agent)}},
				{"GET", "/api/properties", []reqOption{as(agent)}},
				{"POST", "/api/login", nil},
				{"GET", "/healthz", nil},
				{"GET", "/dashboard", nil},
				{"GET", "/api/security/events", []reqOption{as(admin)}},
			} {
				res := a.do(r.method, r.path, map[string]any{}, append(r.opts, from(ip), undocumented())...)
				if res.status != 403 || !strings.Contains(string(res.body), "blocked") {
					t.Errorf("%s %s from %s: %d %s; want 403 blocked", r.method, r.path, ip, res.status, res.body)
				}
			}
		}
		allowed := func(ip string) {
			t.Helper()
			wantStatus(t, a.do("GET", "/api/user", nil, as(agent), from(ip)), 200)
		}
		refused("203.0.113.5")
		refused("203.0.113.250")
		refused("192.0.2.7")
		allowed("192.0.2.8")
		allowed("203.0.114.1")

		t.Run("HundredConcurrentRequests", func(t *testing.T) {
			var wg sync.WaitGroup
			var mu sync.Mutex
			codes := map[string]map[int]int{"203.0.113.77": {}, "198.51.100.77": {}}
			for i := range 200 {
				ip := "203.0.113.77"
				if i%2 == 1 {
					ip = "198.51.100.77"
				}
				wg.Go(func() {
					res := a.do("GET", "/api/user", nil, as(agent), from(ip), undocumented())
					mu.Lock()
					codes[ip][res.status]++
					mu.Unlock()
				})
			}
			wg.Wait()
			if codes["203.0.113.77"][403] != 100 || codes["198.51.100.77"][200] != 100 {
				t.Errorf("answers %v; want 100 refused from the blocked range and 100 served from outside", codes)
			}
		})
		t.Run("ExpiresOnItsOwn", func(t *testing.T) {
			a.clock.Advance(11 * time.Minute) // past the 10-minute block and the cache
			// The stale copy answers while the list is read again in the background.
			a.eventuallyStatus(200, "GET", "/api/user", as(agent), from("192.0.2.7"))
			allowed("192.0.2.7")
			refused("203.0.113.5")
		})
		t.Run("LiftedTakesEffectAtOnce", func(t *testing.T) {
			wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/security/blocks/%d", rangeID), nil, as(admin), me), 200)
			allowed("203.0.113.5")
			res := a.do("GET", "/api/security/blocks", nil, as(admin), me)
			wantStatus(t, res, 200)
			for _, b := range res.list(t) {
				if b.(map[string]any)["active"] != false {
					t.Errorf("block %v still active", b)
				}
			}
			var audited int
			a.db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action IN ('security.block', 'security.unblock') AND ip = '198.51.100.9'`).Scan(&audited)
			if audited != 3 {
				t.Errorf("%d audit rows; want two blocks and one lift", audited)
			}
		})
	})
}

// TestIPBlockIsSharedByInstances: two servers on one database; a block
// made on one refuses on the other once its cache (5 s) has run out, and
// at once on the one that made it; so does lifting.
func TestIPBlockIsSharedByInstances(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true}, func(t *testing.T, a *apiTest) {
		b := newAPITest(t, a.db, apiOptions{trustProxy: true})
		b.clock = a.clock
		a.db.Now = a.clock.Now
		admin := a.newAdmin("asha", "9800000001")
		ip := from("203.0.113.5")
		wantStatus(t, b.do("GET", "/healthz", nil, ip, undocumented()), 200) // b reads the (empty) list
		res := a.do("POST", "/api/security/blocks", map[string]any{"range": "203.0.113.0/24", "minutes": 60}, as(admin), from("198.51.100.9"))
		wantStatus(t, res, 201)
		wantStatus(t, a.do("GET", "/healthz", nil, ip, undocumented()), 403)
		wantStatus(t, b.do("GET", "/healthz", nil, ip, undocumented()), 200) // b's copy is a few seconds old
		a.clock.Advance(6 * time.Second)                                     // b answers from its old copy while it reads the list again
		b.eventuallyStatus(403, "GET", "/healthz", ip)

		wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/security/blocks/%d", idOf(res.json(t))), nil, as(admin), from("198.51.100.9")), 200)
		wantStatus(t, a.do("GET", "/healthz", nil, ip, undocumented()), 200)
		a.clock.Advance(6 * time.Second)
		b.eventuallyStatus(200, "GET", "/healthz", ip)
	})
}

// TestHundredConcurrentProbesAreAllRecorded: a burst of scanner requests is
// answered as usual and every one is recorded, none dropped.
func TestHundredConcurrentProbesAreAllRecorded(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true}, func(t *testing.T, a *apiTest) {
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Go(func() {
				res := a.do("GET", fmt.Sprintf("/wp-admin/setup-%d.php", i), nil, from("198.51.100.200"), undocumented())
				if res.status != 404 {
					t.Errorf("probe answered %d; want 404", res.status)
				}
			})
		}
		wg.Wait()
		if got := a.countEvents("suspicious_request"); got != 100 || a.recorder.Dropped() != 0 {
			t.Errorf("%d probes recorded, %d dropped; want all 100", got, a.recorder.Dropped())
		}
	})
}

// withHeaderLines sends header k as one line per value (as a chain of
// proxies that each add a line would).
func withHeaderLines(k string, vs ...string) reqOption {
	return func(s *reqSettings) { s.header[http.CanonicalHeaderKey(k)] = vs }
}

// TestClientAddressBehindAProxy: behind a trusted proxy (the test client
// connects from loopback) the client is the rightmost X-Forwarded-For hop
// that is not a trusted proxy, read from every header line, so an address
// the client writes itself never counts.
func TestClientAddressBehindAProxy(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true}, func(t *testing.T, a *apiTest) {
		for i, c := range []struct {
			name  string
			lines []string
			want  string
		}{
			{"HAProxyAddsALine", []string{"198.51.100.66", "203.0.113.7"}, "203.0.113.7"},
			{"NginxAppends", []string{"198.51.100.66, 203.0.113.8"}, "203.0.113.8"},
			{"PrivateHopsSkipped", []string{"198.51.100.66, 203.0.113.9:4711", "10.0.0.2"}, "203.0.113.9"},
			{"IPv4MappedIPv6", []string{"::ffff:203.0.113.10"}, "203.0.113.10"},
		} {
			t.Run(c.name, func(t *testing.T) {
				path := fmt.Sprintf("/wp-login.php?n=%d", i)
				wantStatus(t, a.do("GET", path, nil, withHeaderLines("X-Forwarded-For", c.lines...), undocumented()), 404)
				a.flushEvents()
				var ip string
				if err := a.db.QueryRow(`SELECT ip FROM security_events WHERE type = 'suspicious_request' AND ip = $1`, c.want).Scan(&ip); err != nil {
					var all []string
					rows, _ := a.db.Query(`SELECT ip FROM security_events`)
					for rows.Next() {
						var s string
						rows.Scan(&s)
						all = append(all, s)
					}
					rows.Close()
					t.Errorf("no event from %s (%v); events from %v", c.want, err, all)
				}
			})
		}
	})
}

// TestHealthAndStaticFilesNeedNoDatabase: with the database gone and the
// block list's copy stale, /healthz, the landing page and static files still
// answer, and a blocked address stays blocked (the last good copy).
func TestHealthAndStaticFilesNeedNoDatabase(t *testing.T) {
	eachEngine(t, apiOptions{trustProxy: true, web: testWeb, blockCacheFor: time.Second}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		wantStatus(t, a.do("POST", "/api/security/blocks", map[string]any{"range": "192.0.2.0/24", "minutes": 60}, as(admin), from("198.51.100.9")), 201)
		a.recorder.Flush(context.Background())
		a.db.Close()
		a.clock.Advance(time.Minute)
		for _, path := range []string{"/healthz", "/", "/assets/app-abc123.js"} {
			res := a.doWithin(10*time.Second, "GET", path, nil, undocumented())
			wantStatus(t, res, 200)
			wantStatus(t, a.doWithin(10*time.Second, "GET", path, nil, undocumented(), from("192.0.2.7")), 403)
		}
	})
}

// eventuallyStatus repeats a request until it answers want (the block list
// is read again in the background once its copy is stale), failing after
// 10 s.
func (a *apiTest) eventuallyStatus(want int, method, path string, opts ...reqOption) {
	a.t.Helper()
	var got int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if got = a.do(method, path, nil, append(opts, undocumented())...).status; got == want {
			return
		}
	}
	a.t.Fatalf("%s %s kept answering %d; want %d", method, path, got, want)
}
