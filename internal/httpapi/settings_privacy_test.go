package httpapi_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// wantJSON wants got to be the same JSON value as want.
func wantJSON(t *testing.T, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("body is not JSON: %v: %s", err, got)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want is not JSON: %v", err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("body = %s\nwant %s", got, want)
	}
}

// contactView is what one response shows of an agent's contact details.
type contactView struct {
	where  string // which object of the response
	phone  string
	email  any // nil when the response carries no email or hides it
	hidden bool
}

// agentCarrier is one response that embeds an agent: views returns what
// viewer sees of agent of's contact details in it (none when the response
// does not show of to viewer). A new response carrying an agent belongs in
// agentCarriers.
type agentCarrier struct {
	name string
	// only names the viewers the response shows the owner to: "matched"
	// (agents sharing a match with them), "others" (everyone but them), or
	// "" for everyone.
	only  string
	views func(a *apiTest, w privacyWorld, viewer agent) []contactView
}

// privacyWorld is the agents of the privacy test: owner hides what the test
// says; stranger has no connection with them, friend an accepted one.
type privacyWorld struct {
	owner, stranger, friend, admin agent
	ownerEmail                     string
}

// matchAgentViews returns owner's side of every match in list.
func matchAgentViews(where string, list []map[string]any, owner agent) []contactView {
	var out []contactView
	for _, m := range list {
		for _, side := range []string{"sellerAgent", "buyerAgent"} {
			g, _ := m[side].(map[string]any)
			if idOf(g) != owner.id {
				continue
			}
			phone, _ := g["phone"].(string)
			hidden, _ := g["contactHidden"].(bool)
			out = append(out, contactView{where: fmt.Sprintf("%s match %d %s", where, idOf(m), side), phone: phone, email: g["email"], hidden: hidden})
		}
	}
	return out
}

// listViews returns the agentPhone of each item of list whose key is owner.
func listViews(where, key string, list []map[string]any, owner agent) []contactView {
	var out []contactView
	for _, m := range list {
		if id, _ := m[key].(float64); int64(id) != owner.id {
			continue
		}
		phone, _ := m["agentPhone"].(string)
		hidden, _ := m["agentContactHidden"].(bool)
		out = append(out, contactView{where: fmt.Sprintf("%s item %d", where, idOf(m)), phone: phone, hidden: hidden})
	}
	return out
}

// matchesWithOwner are viewer's matches whose other agent is owner (every
// match of owner when viewer is owner).
func (a *apiTest) matchesWithOwner(w privacyWorld, viewer agent) []map[string]any {
	var out []map[string]any
	for _, m := range a.objects(viewer, "/api/matches") {
		for _, side := range []string{"sellerAgent", "buyerAgent"} {
			if g, _ := m[side].(map[string]any); idOf(g) == w.owner.id {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// agentCarriers is every response that embeds an agent with contact
// details. Admin-only lists (admin console) are not here: administrators
// see every contact (docs/decisions.md).
var agentCarriers = []agentCarrier{
	{"GET /api/matches", "matched", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		return matchAgentViews("matches", a.objects(viewer, "/api/matches"), w.owner)
	}},
	{"GET /api/matches?type=buyer", "matched", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		return matchAgentViews("buyer matches", a.objects(viewer, "/api/matches?type=buyer"), w.owner)
	}},
	{"GET /api/requirements/{id}/matches", "matched", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		var out []contactView
		for _, r := range a.objects(viewer, "/api/requirements") {
			path := fmt.Sprintf("/api/requirements/%d/matches", idOf(r))
			out = append(out, matchAgentViews(path, a.objects(viewer, path), w.owner)...)
		}
		return out
	}},
	{"PUT /api/matches/{id}/notes", "matched", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		var out []contactView
		for _, m := range a.matchesWithOwner(w, viewer) {
			res := a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", idOf(m)), map[string]any{"notes": "Call on Monday"}, as(viewer))
			wantStatus(a.t, res, 200)
			out = append(out, matchAgentViews("notes", []map[string]any{res.json(a.t)}, w.owner)...)
		}
		return out
	}},
	{"PUT /api/matches/{id}/status", "matched", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		var out []contactView
		for _, m := range a.matchesWithOwner(w, viewer) {
			res := a.do("PUT", fmt.Sprintf("/api/matches/%d/status", idOf(m)), map[string]any{"status": "contacted"}, as(viewer))
			wantStatus(a.t, res, 200)
			out = append(out, matchAgentViews("status", []map[string]any{res.json(a.t)}, w.owner)...)
		}
		return out
	}},
	{"GET /api/marketplace/properties", "", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		return listViews("marketplace properties", "agentId", a.objects(viewer, "/api/marketplace/properties"), w.owner)
	}},
	{"GET /api/marketplace/requirements", "", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		return listViews("marketplace requirements", "agentId", a.objects(viewer, "/api/marketplace/requirements"), w.owner)
	}},
	{"GET /api/agents", "others", func(a *apiTest, w privacyWorld, viewer agent) []contactView {
		var out []contactView
		if g := findID(a.objects(viewer, "/api/agents"), w.owner.id); g != nil {
			phone, _ := g["phone"].(string)
			hidden, _ := g["contactHidden"].(bool)
			out = append(out, contactView{where: "directory", phone: phone, hidden: hidden})
		}
		return out
	}},
}

// TestContactDetailsObeyTheSetting: an agent who shares contact details with
// connections only has their phone and email hidden in every response that
// carries them, from a stranger but not from a connection, themself or an
// administrator; with the switch on everyone sees them.
func TestContactDetailsObeyTheSetting(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		w := privacyWorld{
			owner:      a.newAgent("owner", "9811111111"),
			stranger:   a.newAgent("stranger", "9822222222"),
			friend:     a.newAgent("friend", "9833333333"),
			admin:      a.newAdmin("admin", "9844444444"),
			ownerEmail: "owner.agent@example.com",
		}
		if _, err := a.db.Exec(`UPDATE users SET email = $1 WHERE id = $2`, w.ownerEmail, w.owner.id); err != nil {
			t.Fatal(err)
		}
		a.befriend(w.friend, w.owner)
		// Everyone lists a flat and wants one: each agent's listing matches
		// the others' requirements, so every pair shares matches both ways.
		for _, g := range []agent{w.owner, w.stranger, w.friend} {
			a.create(g, "/api/properties", listing())
			a.create(g, "/api/requirements", wanted("minBedrooms", 2))
		}

		hide := func(t *testing.T, hidden bool) {
			res := a.do("PUT", "/api/user/settings", map[string]any{"privacy": map[string]any{"contactVisible": !hidden}}, as(w.owner))
			wantStatus(t, res, 200)
		}
		viewers := []struct {
			name    string
			viewer  agent
			matched bool // the viewer shares matches with the owner (or is them)
		}{
			{"Stranger", w.stranger, true},
			{"Connection", w.friend, true},
			{"Self", w.owner, true},
			{"Admin", w.admin, false},
		}
		for _, hidden := range []bool{true, false} {
			t.Run(fmt.Sprintf("ContactVisible=%v", !hidden), func(t *testing.T) {
				a := a.sub(t)
				hide(t, hidden)
				for _, c := range agentCarriers {
					for _, v := range viewers {
						t.Run(c.name+"/"+v.name, func(t *testing.T) {
							a := a.sub(t)
							views := c.views(a, w, v.viewer)
							shown := c.only == "" || c.only == "matched" && v.matched || c.only == "others" && v.viewer != w.owner
							if len(views) == 0 && shown {
								t.Fatalf("the response shows the owner nowhere to %s", v.name)
							}
							wantHidden := hidden && v.viewer == w.stranger
							for _, cv := range views {
								switch {
								case wantHidden && (cv.phone != "" || cv.email != nil || !cv.hidden):
									t.Errorf("%s: a stranger sees phone %q email %v contactHidden %v, want them hidden", cv.where, cv.phone, cv.email, cv.hidden)
								case !wantHidden && (cv.phone != w.owner.phone || cv.hidden):
									t.Errorf("%s: phone %q contactHidden %v, want %s shown", cv.where, cv.phone, cv.hidden, w.owner.phone)
								case !wantHidden && cv.email != nil && cv.email != w.ownerEmail:
									t.Errorf("%s: email %v, want %s", cv.where, cv.email, w.ownerEmail)
								}
							}
						})
					}
				}
			})
		}
	})
}

// TestProfileVisibilityObeysTheSetting: an agent who hides their profile
// leaves the directory (GET /api/agents, GET /api/users) of everyone but
// their connections, keeps their listings in the marketplace, and still
// shows in their connections' lists and conversations.
func TestProfileVisibilityObeysTheSetting(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		owner := a.newAgent("owner", "9811111111")
		stranger := a.newAgent("stranger", "9822222222")
		friend := a.newAgent("friend", "9833333333")
		admin := a.newAdmin("admin", "9844444444")
		a.befriend(friend, owner)
		wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": owner.id, "content": "Site visit on Monday?"}, as(friend)), 201)
		pid := idOf(a.create(owner, "/api/properties", listing()))

		lists := func(g agent, path string) bool { return findID(a.objects(g, path), owner.id) != nil }
		for _, visible := range []bool{true, false} {
			t.Run(fmt.Sprintf("ProfileVisible=%v", visible), func(t *testing.T) {
				wantStatus(t, a.do("PUT", "/api/user/settings", map[string]any{"privacy": map[string]any{"profileVisible": visible}}, as(owner)), 200)
				cases := []struct {
					viewer agent
					path   string
					want   bool
				}{
					{stranger, "/api/agents", visible},
					{stranger, "/api/agents?q=owner", visible},
					{stranger, "/api/users", visible},
					{admin, "/api/agents", visible},
					{friend, "/api/agents", true},
					{friend, "/api/users", true},
					{owner, "/api/users", true},
					// Naming the id shows the name card (no contact details).
					{stranger, fmt.Sprintf("/api/users?ids=%d", owner.id), true},
				}
				for _, c := range cases {
					if got := lists(c.viewer, c.path); got != c.want {
						t.Errorf("GET %s as agent %d lists the owner: %v, want %v", c.path, c.viewer.id, got, c.want)
					}
				}
				if findID(a.objects(stranger, "/api/marketplace/properties"), pid) == nil {
					t.Error("the owner's listing left the marketplace")
				}
				conns := a.objects(friend, "/api/connections")
				if len(conns) != 1 || idOf(conns[0]["requester"].(map[string]any))+idOf(conns[0]["receiver"].(map[string]any)) != friend.id+owner.id {
					t.Errorf("the friend's connections are %v, want the one with the owner", conns)
				}
				convs := a.objects(friend, "/api/messages/conversations")
				if len(convs) != 1 || idOf(convs[0]["counterpart"].(map[string]any)) != owner.id {
					t.Errorf("the friend's conversations are %v, want the one with the owner", convs)
				}
			})
		}
	})
}

// TestSettingsAPI: GET answers the defaults until something is saved; PUT
// saves the whole shape or a part, and refuses bad input with field errors.
func TestSettingsAPI(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("owner", "9811111111")
		other := a.newAgent("other", "9822222222")

		t.Run("SignedOut", func(t *testing.T) {
			wantError(t, a.do("GET", "/api/user/settings", nil), 401)
			wantError(t, a.do("PUT", "/api/user/settings", map[string]any{"privacy": map[string]any{"contactVisible": false}}), 401)
		})
		t.Run("Defaults", func(t *testing.T) {
			got := a.do("GET", "/api/user/settings", nil, as(g))
			wantStatus(t, got, 200)
			wantJSON(t, got.body, `{"notifications":{"matches":{"enabled":true,"email":true,"whatsapp":false},
				"messages":{"enabled":true,"email":true,"whatsapp":false},"updates":{"enabled":true,"email":true,"whatsapp":false}},
				"privacy":{"profileVisible":true,"contactVisible":true},"preferences":{"theme":"light","autoSync":true}}`)
		})
		t.Run("PartialSaveKeepsTheRest", func(t *testing.T) {
			res := a.do("PUT", "/api/user/settings", map[string]any{"notifications": map[string]any{"messages": map[string]any{"whatsapp": true}}}, as(g))
			wantStatus(t, res, 200)
			res = a.do("PUT", "/api/user/settings", map[string]any{"preferences": map[string]any{"theme": "dark"}}, as(g))
			wantStatus(t, res, 200)
			want := `{"notifications":{"matches":{"enabled":true,"email":true,"whatsapp":false},
				"messages":{"enabled":true,"email":true,"whatsapp":true},"updates":{"enabled":true,"email":true,"whatsapp":false}},
				"privacy":{"profileVisible":true,"contactVisible":true},"preferences":{"theme":"dark","autoSync":true}}`
			wantJSON(t, res.body, want)
			wantJSON(t, a.do("GET", "/api/user/settings", nil, as(g)).body, want)
		})
		t.Run("WholeSave", func(t *testing.T) {
			whole := `{"notifications":{"matches":{"enabled":false,"email":false,"whatsapp":false},
				"messages":{"enabled":true,"email":false,"whatsapp":true},"updates":{"enabled":true,"email":true,"whatsapp":true}},
				"privacy":{"profileVisible":false,"contactVisible":false},"preferences":{"theme":"system","autoSync":false}}`
			res := a.do("PUT", "/api/user/settings", whole, as(g))
			wantStatus(t, res, 200)
			wantJSON(t, a.do("GET", "/api/user/settings", nil, as(g)).body, whole)
		})
		t.Run("EachAgentHasTheirOwn", func(t *testing.T) {
			got := a.do("GET", "/api/user/settings", nil, as(other)).json(t)
			if got["preferences"].(map[string]any)["theme"] != "light" {
				t.Errorf("another agent's settings changed: %v", got)
			}
		})
		t.Run("BadInput", func(t *testing.T) {
			before := a.do("GET", "/api/user/settings", nil, as(g)).body
			cases := []struct {
				name string
				body any
				path string // "" for a body-level 400
			}{
				{"unknown theme", map[string]any{"preferences": map[string]any{"theme": "purple"}}, "preferences.theme"},
				{"theme not a string", map[string]any{"preferences": map[string]any{"theme": 5}}, "preferences.theme"},
				{"switch not a boolean", map[string]any{"notifications": map[string]any{"matches": map[string]any{"email": "yes"}}}, "notifications.matches.email"},
				{"privacy not an object", map[string]any{"privacy": true}, "privacy"},
				{"not an object", []any{1, 2}, ""},
				{"not JSON", `{"privacy":`, ""},
				{"empty", ``, ""},
				{"null", `null`, ""},
				{"trailing data", `{} {}`, ""},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					res := a.do("PUT", "/api/user/settings", c.body, as(g), invalid())
					if c.path == "" {
						wantError(t, res, 400)
					} else {
						wantError(t, res, 400, c.path)
					}
				})
			}
			wantJSON(t, a.do("GET", "/api/user/settings", nil, as(g)).body, string(before))
		})
	})
}

// TestVersion: GET /api/version is public and names the build.
func TestVersion(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		res := a.do("GET", "/api/version", nil)
		wantStatus(t, res, 200)
		if v, _ := res.json(t)["version"].(string); v == "" {
			t.Errorf("version is empty: %s", res.body)
		}
	})
}
