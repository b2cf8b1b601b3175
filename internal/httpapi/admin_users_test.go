package httpapi_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

func userPath(id int64, tail string) string { return fmt.Sprintf("/api/admin/users/%d%s", id, tail) }

func (a *apiTest) adminCount() int {
	a.t.Helper()
	var n int
	if err := a.db.QueryRow(`SELECT COUNT(*) FROM users WHERE role = 'admin' AND is_active = TRUE`).Scan(&n); err != nil {
		a.t.Fatal(err)
	}
	return n
}

func TestAdminChangesRoles(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000021")
		agent := a.newAgent("bala", "9800000022")
		for _, c := range []struct {
			name   string
			id     int64
			body   any
			status int
			role   string
			paths  []string
			opts   []reqOption
		}{
			{"Promote", agent.id, map[string]any{"role": "admin"}, 200, "admin", nil, nil},
			{"UserMeansAgent", agent.id, map[string]any{"role": "user"}, 200, "agent", nil, nil},
			{"UnknownRole", agent.id, map[string]any{"role": "root"}, 400, "", []string{"role"}, []reqOption{invalid()}},
			{"MissingRole", agent.id, map[string]any{}, 400, "", []string{"role"}, []reqOption{invalid()}},
			{"NotAnObject", agent.id, `["admin"]`, 400, "", nil, []reqOption{invalid()}},
			{"UnknownUser", 999999, map[string]any{"role": "admin"}, 404, "", nil, nil},
			{"LastAdminCannotDemoteThemself", admin.id, map[string]any{"role": "agent"}, 409, "", nil, nil},
		} {
			t.Run(c.name, func(t *testing.T) {
				a := a.sub(t)
				res := a.do("PATCH", userPath(c.id, "/role"), c.body, append(c.opts, as(admin))...)
				if c.status != 200 {
					wantError(t, res, c.status, c.paths...)
					return
				}
				wantStatus(t, res, 200)
				if got := res.json(t)["role"]; got != c.role {
					t.Errorf("role = %v, want %s", got, c.role)
				}
			})
		}
		if n := a.adminCount(); n != 1 {
			t.Errorf("%d admins, want 1", n)
		}
	})
}

// TestTwoAdminsDemotingEachOtherLeaveOne: 100 concurrent demotions, half
// by each of two admins of the other, leave exactly one admin.
func TestTwoAdminsDemotingEachOtherLeaveOne(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		x, y := a.newAdmin("xavier", "9800000031"), a.newAdmin("yamini", "9800000032")
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for i := range 100 {
			by, target := x, y
			if i%2 == 1 {
				by, target = y, x
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := a.do("PATCH", userPath(target.id, "/role"), map[string]any{"role": "agent"}, as(by))
				mu.Lock()
				statuses[res.status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if n := a.adminCount(); n != 1 {
			t.Fatalf("%d admins after the race, want 1 (answers %v)", n, statuses)
		}
		for s := range statuses {
			if s != 200 && s != 403 && s != 409 {
				t.Errorf("answers %v; want only 200, 403 and 409", statuses)
			}
		}
		if statuses[200] < 1 {
			t.Errorf("answers %v; want a demotion to succeed", statuses)
		}
	})
}

func TestAdminEditsAUser(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000041")
		agent := a.newAgent("bala", "9800000042")
		a.newAgent("chitra", "9800000043")
		wantStatus(t, a.do("PATCH", userPath(admin.id, ""), map[string]any{"email": "asha@example.com"}, as(admin)), 200)
		for _, c := range []struct {
			name   string
			body   any
			status int
			paths  []string
		}{
			{"BadPhone", map[string]any{"phone": "12345"}, 400, []string{"phone"}},
			{"BadEmail", map[string]any{"email": "not-an-email"}, 400, []string{"email"}},
			{"CityNotInState", map[string]any{"state": "Telangana", "city": "Pune"}, 400, []string{"city"}},
			{"BadUsername", map[string]any{"username": "a b"}, 400, []string{"username"}},
			{"BlankName", map[string]any{"fullName": "  "}, 400, []string{"fullName"}},
			{"BadAgentType", map[string]any{"agentType": "landlord"}, 400, []string{"agentType"}},
			{"BadRole", map[string]any{"role": "root"}, 400, []string{"role"}},
			{"WrongType", map[string]any{"fullName": 42}, 400, []string{"fullName"}},
			{"TakenUsername", map[string]any{"username": "CHITRA"}, 409, []string{"username"}},
			{"TakenPhone", map[string]any{"phone": "9800000043"}, 409, []string{"phone"}},
			{"TakenEmail", map[string]any{"email": "Asha@Example.com"}, 409, []string{"email"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				wantError(t, a.sub(t).do("PATCH", userPath(agent.id, ""), c.body, as(admin), invalid()), c.status, c.paths...)
			})
		}
		wantError(t, a.do("PATCH", userPath(999999, ""), map[string]any{"fullName": "X"}, as(admin)), 404)

		res := a.do("PATCH", userPath(agent.id, ""), map[string]any{"fullName": "Bala Subramanian", "username": "bala.s",
			"phone": "98000 00049", "email": "bala@example.com", "state": "Karnataka", "city": "Bengaluru",
			"agentType": "seller", "reraNumber": "PRM/KA/RERA/1251/446/AG/171212/001234", "role": "user"}, as(admin))
		wantStatus(t, res, 200)
		u := res.json(t)
		if u["fullName"] != "Bala Subramanian" || u["username"] != "bala.s" || u["phone"] != "+919800000049" || u["city"] != "Bengaluru" ||
			u["agentType"] != "seller" || u["role"] != "agent" || u["email"] != "bala@example.com" {
			t.Errorf("edited user = %v", u)
		}
		// Keeping one's own username is no conflict; an absent field keeps its value.
		res = a.do("PATCH", userPath(agent.id, ""), map[string]any{"username": "bala.s"}, as(admin))
		wantStatus(t, res, 200)
		if got := res.json(t); got["city"] != "Bengaluru" {
			t.Errorf("after a partial edit: %v", got)
		}
		wantError(t, a.do("PATCH", userPath(admin.id, ""), map[string]any{"role": "agent"}, as(admin)), 409)
	})
}

// TestDeactivationTakesAnAgentOffTheMarket: a deactivated agent cannot sign
// in, their sessions end, their listings and requirements leave the
// marketplace and matching (nothing deleted), and reactivation restores
// them and matches again.
func TestDeactivationTakesAnAgentOffTheMarket(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000051")
		seller := a.newAgent("sunil", "9800000052")
		buyer := a.newAgent("bhavna", "9800000053")
		p := a.create(seller, "/api/properties", listing())
		r := a.create(buyer, "/api/requirements", wanted())
		matchesPath := fmt.Sprintf("/api/requirements/%d/matches", idOf(r))
		if got := a.objects(buyer, matchesPath); len(got) != 1 {
			t.Fatalf("before: %d matches, want 1", len(got))
		}

		wantError(t, a.do("POST", userPath(admin.id, "/deactivate"), nil, as(admin)), 400)
		wantError(t, a.do("POST", userPath(999999, "/deactivate"), nil, as(admin)), 404)
		res := a.do("POST", userPath(seller.id, "/deactivate"), nil, as(admin))
		wantStatus(t, res, 200)
		if res.json(t)["isActive"] != false {
			t.Errorf("deactivated user = %s", res.body)
		}
		wantError(t, a.do("GET", "/api/user", nil, as(seller)), 401)
		login := a.do("POST", "/api/login", map[string]any{"username": "sunil", "password": "Tr1cky-sunil-pass"})
		wantError(t, login, 403)
		if msg, _ := login.json(t)["message"].(string); !strings.Contains(msg, "deactivated") {
			t.Errorf("sign-in message %q does not say the account is deactivated", msg)
		}
		if got := a.objects(buyer, "/api/marketplace/properties"); findID(got, idOf(p)) != nil {
			t.Errorf("the deactivated agent's listing is still on the marketplace")
		}
		if got := a.objects(buyer, matchesPath); len(got) != 0 {
			t.Errorf("after deactivation: %d matches, want 0", len(got))
		}
		var kept int
		if err := a.db.QueryRow(`SELECT COUNT(*) FROM properties WHERE id = $1`, idOf(p)).Scan(&kept); err != nil || kept != 1 {
			t.Errorf("the listing was deleted (%d, %v)", kept, err)
		}
		// Re-matching the buyer's requirement does not find the deactivated agent's listing.
		wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", idOf(r)), map[string]any{"timeline": "flexible"}, as(buyer)), 200)
		if got := a.objects(buyer, matchesPath); len(got) != 0 {
			t.Errorf("after the buyer's edit: %d matches with a deactivated agent's listing, want 0", len(got))
		}

		wantStatus(t, a.do("POST", userPath(seller.id, "/reactivate"), nil, as(admin)), 200)
		wantStatus(t, a.do("POST", "/api/login", map[string]any{"username": "sunil", "password": "Tr1cky-sunil-pass"}), 200)
		if got := a.objects(buyer, "/api/marketplace/properties"); findID(got, idOf(p)) == nil {
			t.Errorf("the reactivated agent's listing is not back on the marketplace")
		}
		if got := a.objects(buyer, matchesPath); len(got) != 1 {
			t.Errorf("after reactivation: %d matches, want 1", len(got))
		}
	})
}

// TestTheLastAdminStays: an admin cannot deactivate themself, and the last
// active admin can neither be demoted nor deactivated.
func TestTheLastAdminStays(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		x, y := a.newAdmin("xavier", "9800000061"), a.newAdmin("yamini", "9800000062")
		wantError(t, a.do("POST", userPath(y.id, "/deactivate"), nil, as(y)), 400)
		wantStatus(t, a.do("POST", userPath(x.id, "/deactivate"), nil, as(y)), 200)
		// x is an admin still, but inactive: y is the last active admin.
		wantError(t, a.do("PATCH", userPath(y.id, "/role"), map[string]any{"role": "agent"}, as(y)), 409)
		wantError(t, a.do("PATCH", userPath(y.id, ""), map[string]any{"role": "user"}, as(y)), 409)
		wantStatus(t, a.do("POST", userPath(x.id, "/reactivate"), nil, as(y)), 200)
		wantStatus(t, a.do("PATCH", userPath(y.id, "/role"), map[string]any{"role": "agent"}, as(y)), 200)
		if n := a.adminCount(); n != 1 {
			t.Errorf("%d active admins, want 1", n)
		}
	})
}
