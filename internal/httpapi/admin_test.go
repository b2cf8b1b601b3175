package httpapi_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// auditRow is the newest audit_log row.
type auditRow struct {
	count                  int
	actorID                *int64
	actorLabel, action, ip string
	targetType             string
	targetID               *int64
	before, after          *string
}

func (a *apiTest) lastAudit() auditRow {
	a.t.Helper()
	var r auditRow
	if err := a.db.QueryRow(`SELECT COUNT(*) FROM audit_log`).Scan(&r.count); err != nil {
		a.t.Fatal(err)
	}
	if r.count == 0 {
		return r
	}
	err := a.db.QueryRow(`SELECT actor_id, actor_label, action, ip, target_type, target_id, before_json, after_json
		FROM audit_log ORDER BY id DESC LIMIT 1`).Scan(&r.actorID, &r.actorLabel, &r.action, &r.ip, &r.targetType, &r.targetID, &r.before, &r.after)
	if err != nil {
		a.t.Fatal(err)
	}
	return r
}

// adminCall is one admin action, made ready by its setup.
type adminCall struct {
	path   string
	body   any
	action string // the audit action it must record
}

var routePattern = regexp.MustCompile(`mux\.HandleFunc\("(POST|PUT|PATCH|DELETE) ([^"]+)", s\.(signedIn|adminOnly)\(`)

// signedInWrites reads every signed-in write route from the package's
// sources (routes.go and the files its groups live in).
func signedInWrites(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var routes []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range routePattern.FindAllStringSubmatch(string(src), -1) {
			routes = append(routes, m[1]+" "+m[2])
		}
	}
	slices.Sort(routes)
	return routes
}

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestNoAdminActionGoesUnrecorded finds every admin-only write route by
// asking each signed-in write route as an agent (the admin-only ones answer
// 403), then makes each as an admin and checks that it left exactly one
// audit row naming the admin, the action, the target and the address, with
// no secret in it. A new admin route without an entry below fails here.
func TestNoAdminActionGoesUnrecorded(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		agentA := a.newAgent("bala", "9800000002")
		target := a.newAgent("chitra", "9800000003")

		var adminOnly []string
		for _, route := range signedInWrites(t) {
			method, path, _ := strings.Cut(route, " ")
			res := a.do(method, pathParam.ReplaceAllString(path, "999999"), map[string]any{}, as(agentA), undocumented())
			if res.status == 403 {
				adminOnly = append(adminOnly, route)
			}
		}

		calls := map[string]func() adminCall{
			"PATCH /api/admin/users/{id}/role": func() adminCall {
				return adminCall{fmt.Sprintf("/api/admin/users/%d/role", target.id), map[string]any{"role": "admin"}, "user.role"}
			},
			"PATCH /api/admin/users/{id}": func() adminCall {
				return adminCall{fmt.Sprintf("/api/admin/users/%d", target.id), map[string]any{"fullName": "Chitra Iyer"}, "user.update"}
			},
			"POST /api/admin/users/{id}/deactivate": func() adminCall {
				return adminCall{fmt.Sprintf("/api/admin/users/%d/deactivate", agentA.id), nil, "user.deactivate"}
			},
			"POST /api/admin/users/{id}/reactivate": func() adminCall {
				return adminCall{fmt.Sprintf("/api/admin/users/%d/reactivate", agentA.id), nil, "user.reactivate"}
			},
			"PUT /api/admin/site": func() adminCall {
				return adminCall{"/api/admin/site", map[string]any{"trainingTopics": []string{"RERA basics"}}, "site.update"}
			},
			"POST /api/courses": func() adminCall {
				return adminCall{"/api/courses", course("RERA for agents", 1), "course.create"}
			},
			"PUT /api/courses/{id}": func() adminCall {
				c := a.create(admin, "/api/courses", course("Home loans", 1))
				return adminCall{fmt.Sprintf("/api/courses/%d", idOf(c)), course("Home loans, updated", 2), "course.update"}
			},
			"DELETE /api/courses/{id}": func() adminCall {
				c := a.create(admin, "/api/courses", course("Old course", 0))
				return adminCall{fmt.Sprintf("/api/courses/%d", idOf(c)), nil, "course.delete"}
			},
			"PUT /api/app-demos/order": func() adminCall {
				var ids []int64
				for _, d := range a.objects(admin, "/api/app-demos") {
					ids = append([]int64{idOf(d)}, ids...)
				}
				return adminCall{"/api/app-demos/order", map[string]any{"ids": ids}, "app_demo.reorder"}
			},
			"POST /api/advertisements": func() adminCall {
				return adminCall{"/api/advertisements", advert("Home loans"), "advertisement.create"}
			},
			"PUT /api/advertisements/{id}": func() adminCall {
				m := a.create(admin, "/api/advertisements", advert("Legal"))
				return adminCall{fmt.Sprintf("/api/advertisements/%d", idOf(m)), advert("Legal", "targetCities", "Pune"), "advertisement.update"}
			},
			"DELETE /api/advertisements/{id}": func() adminCall {
				m := a.create(admin, "/api/advertisements", advert("Old advert"))
				return adminCall{fmt.Sprintf("/api/advertisements/%d", idOf(m)), nil, "advertisement.delete"}
			},
			"POST /api/manual-backup": func() adminCall {
				a.clock.Advance(11 * time.Minute) // one manual backup per 10 minutes
				return adminCall{"/api/manual-backup", nil, "backup.manual"}
			},
			"DELETE /api/admin/backups/{id}": func() adminCall {
				a.clock.Advance(11 * time.Minute)
				res := a.do("POST", "/api/manual-backup", nil, as(admin))
				wantStatus(t, res, 202)
				a.drain()
				return adminCall{fmt.Sprintf("/api/admin/backups/%d", idOf(res.json(t))), nil, "backup.delete"}
			},
			"POST /api/security/blocks": func() adminCall {
				return adminCall{"/api/security/blocks", map[string]any{"range": "203.0.113.0/24", "minutes": 60}, "security.block"}
			},
			"DELETE /api/security/blocks/{id}": func() adminCall {
				b := a.create(admin, "/api/security/blocks", map[string]any{"range": "198.51.100.7", "minutes": 30})
				return adminCall{fmt.Sprintf("/api/security/blocks/%d", idOf(b)), nil, "security.unblock"}
			},
			"POST /api/test-email": func() adminCall {
				return adminCall{"/api/test-email", map[string]any{"type": "match", "testEmail": "qa@example.com"}, "email.test"}
			},
			"POST /api/admin/duplicates/{id}/split": func() adminCall {
				flat := listing("locality", "Kondapur", "sqft", 1650, "images", []string{pngDataURL(t, 240, 180, true)})
				p := a.create(target, "/api/properties", flat)
				a.create(agentA, "/api/properties", flat)
				return adminCall{fmt.Sprintf("/api/admin/duplicates/%d/split", idOf(p)), nil, "duplicates.split"}
			},
			"POST /api/admin/disputes/{id}/resolve": func() adminCall {
				a.create(agentA, "/api/properties", listing())
				a.create(target, "/api/requirements", wanted())
				m := a.objects(target, "/api/matches?type=buyer")[0]
				p := a.create(agentA, fmt.Sprintf("/api/matches/%d/agreements", idOf(m)),
					map[string]any{"listingSidePercent": 50, "buyerSidePercent": 50, "basis": "brokerage"})
				wantStatus(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/accept", idOf(p)), nil, as(target)), 200)
				wantStatus(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/dispute", idOf(p)), map[string]any{"note": "Share unpaid"}, as(target)), 200)
				return adminCall{fmt.Sprintf("/api/admin/disputes/%d/resolve", idOf(p)), map[string]any{"note": "Paid"}, "agreement.dispute.resolve"}
			},
			"DELETE /api/admin/api-keys/{id}": func() adminCall {
				_, id := a.newAPIKey(target, "read")
				return adminCall{fmt.Sprintf("/api/admin/api-keys/%d", id), nil, "api_key.revoke"}
			},
			"POST /api/admin/rera/{id}/approve": func() adminCall {
				res := a.submitRera(target, "A51700001835", "Maharashtra", a.clock.Now().AddDate(2, 0, 0).Format("2006-01-02"), certPDF)
				return adminCall{fmt.Sprintf("/api/admin/rera/%d/approve", idOf(res.json(t)["latest"].(map[string]any))), nil, "rera.approve"}
			},
			"POST /api/admin/rera/{id}/reject": func() adminCall {
				res := a.submitRera(target, "A51700001835", "Maharashtra", a.clock.Now().AddDate(2, 0, 0).Format("2006-01-02"), certPDF)
				return adminCall{fmt.Sprintf("/api/admin/rera/%d/reject", idOf(res.json(t)["latest"].(map[string]any))), map[string]any{"reason": "Blurred"}, "rera.reject"}
			},
			// Not admin-only, but audited when an admin acts on another agent's row.
			"DELETE /api/properties/{id}": func() adminCall {
				p := a.create(target, "/api/properties", listing())
				return adminCall{fmt.Sprintf("/api/properties/%d", idOf(p)), nil, "property.delete"}
			},
			"DELETE /api/requirements/{id}": func() adminCall {
				r := a.create(target, "/api/requirements", wanted())
				return adminCall{fmt.Sprintf("/api/requirements/%d", idOf(r)), nil, "requirement.delete"}
			},
		}
		for _, route := range adminOnly {
			if calls[route] == nil {
				t.Errorf("admin-only route %s has no audited call in this test: record its action with audit.Record and add it here", route)
			}
		}
		if len(adminOnly) < 9 {
			t.Errorf("found %d admin-only write routes (%v); the probe is broken", len(adminOnly), adminOnly)
		}
		routes := make([]string, 0, len(calls))
		for r := range calls {
			routes = append(routes, r)
		}
		slices.Sort(routes)
		for _, route := range routes {
			t.Run(strings.NewReplacer("/", "_", " ", "_").Replace(route), func(t *testing.T) {
				a := a.sub(t)
				c := calls[route]()
				before := a.lastAudit()
				method, _, _ := strings.Cut(route, " ")
				res := a.do(method, c.path, c.body, as(admin))
				if res.status >= 300 {
					t.Fatalf("%s %s: %d %s", method, c.path, res.status, res.body)
				}
				got := a.lastAudit()
				if got.count != before.count+1 {
					t.Fatalf("%s left %d audit rows; want 1", route, got.count-before.count)
				}
				if got.action != c.action || got.actorID == nil || *got.actorID != admin.id || got.actorLabel != "asha" || got.ip == "" || got.targetType == "" {
					t.Errorf("audit row %+v; want action %s by admin %d with an address", got, c.action, admin.id)
				}
				for _, doc := range []*string{got.before, got.after} {
					if doc != nil && (strings.Contains(strings.ToLower(*doc), "password") || strings.Contains(*doc, "$argon2")) {
						t.Errorf("audit document carries a secret: %s", *doc)
					}
				}
			})
		}

		// An agent deleting their own listing is no admin action.
		t.Run("OwnerDeleteIsNotAudited", func(t *testing.T) {
			a := a.sub(t)
			p := a.create(target, "/api/properties", listing())
			before := a.lastAudit()
			wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/properties/%d", idOf(p)), nil, as(target)), 200)
			if got := a.lastAudit(); got.count != before.count {
				t.Errorf("owner's delete left %d audit rows; want none", got.count-before.count)
			}
		})
	})
}

// TestAdminRoutesAreForAdminsOnly: every /api/admin route answers 401
// signed out and 403 to an agent, with nothing changed.
func TestAdminRoutesAreForAdminsOnly(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		agent := a.newAgent("dev", "9800000011")
		other := a.newAgent("esha", "9800000012")
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{"GET", "/api/admin/stats", nil},
			{"GET", "/api/admin/users", nil},
			{"PATCH", fmt.Sprintf("/api/admin/users/%d/role", agent.id), map[string]any{"role": "admin"}},
			{"PATCH", fmt.Sprintf("/api/admin/users/%d/role", other.id), map[string]any{"role": "admin"}},
			{"PATCH", fmt.Sprintf("/api/admin/users/%d", other.id), map[string]any{"fullName": "Hacked"}},
			{"POST", fmt.Sprintf("/api/admin/users/%d/deactivate", other.id), nil},
			{"POST", fmt.Sprintf("/api/admin/users/%d/reactivate", other.id), nil},
			{"GET", "/api/admin/properties", nil},
			{"GET", "/api/admin/requirements", nil},
			{"GET", "/api/admin/matches", nil},
			{"GET", "/api/admin/audit", nil},
		} {
			t.Run(c.method+c.path, func(t *testing.T) {
				a := a.sub(t)
				wantError(t, a.do(c.method, c.path, c.body), 401)
				wantError(t, a.do(c.method, c.path, c.body, as(agent)), 403)
			})
		}
		var role, name string
		var active bool
		if err := a.db.QueryRow(`SELECT role, full_name, is_active FROM users WHERE id = $1`, other.id).Scan(&role, &name, &active); err != nil {
			t.Fatal(err)
		}
		if role != "agent" || name == "Hacked" || !active {
			t.Errorf("an agent changed another account: %s %s %v", role, name, active)
		}
	})
}
