package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"propmatch/internal/httpapi"
)

// idRoute is one route that takes an id of something an agent owns.
type idRoute struct {
	name, method, path string // path has one %s for the id
	body               any
}

var idRoutes = []idRoute{
	{"PutProperty", "PUT", "/api/properties/%s", listing("title", "Hijacked")},
	{"DeleteProperty", "DELETE", "/api/properties/%s", nil},
	{"PatchRequirement", "PATCH", "/api/requirements/%s", map[string]any{"clientName": "Hijacked"}},
	{"DeleteRequirement", "DELETE", "/api/requirements/%s", nil},
	{"GetRequirementMatches", "GET", "/api/requirements/%s/matches", nil},
	{"PutMatchStatus", "PUT", "/api/matches/%s/status", map[string]any{"status": "closed"}},
	{"PutMatchNotes", "PUT", "/api/matches/%s/notes", map[string]any{"notes": "hijacked"}},
	{"PutMatchShareClient", "PUT", "/api/matches/%s/share-client", nil},
}

func TestOwnershipOnEveryIdRoute(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")   // lists the property
		B := a.newAgent("bina", "9822222222")   // owns the requirement
		C := a.newAgent("chetan", "9833333333") // a third agent
		p := idOf(a.create(A, "/api/properties", listing()))
		r := idOf(a.create(B, "/api/requirements", wanted()))
		m := idOf(a.onlyMatch(B, "/api/matches?type=buyer"))
		owned := map[string]int64{
			"PutProperty": p, "DeleteProperty": p, "PatchRequirement": r, "DeleteRequirement": r,
			"GetRequirementMatches": r, "PutMatchStatus": m, "PutMatchNotes": m, "PutMatchShareClient": m,
		}
		// state is everything the owners see; an intruder must change none of it.
		state := func(a *apiTest) string {
			var s strings.Builder
			for _, g := range []struct {
				who  agent
				path string
			}{{A, "/api/properties"}, {B, "/api/requirements"}, {A, "/api/matches"}, {B, "/api/matches"}, {B, fmt.Sprintf("/api/requirements/%d/matches", r)}} {
				res := a.do("GET", g.path, nil, as(g.who))
				wantStatus(a.t, res, 200)
				s.Write(res.body)
			}
			return s.String()
		}
		before := state(a)
		if !strings.Contains(before, `"status":"new"`) || !strings.Contains(before, `"title":"2BHK in Gachibowli"`) {
			t.Fatalf("setup state is not as expected: %s", before)
		}

		for _, rt := range idRoutes {
			t.Run("AnotherAgentsIdIs404AndChangesNothing/"+rt.name, func(t *testing.T) {
				a := a.sub(t)
				wantError(t, a.do(rt.method, fmt.Sprintf(rt.path, fmt.Sprint(owned[rt.name])), rt.body, as(C)), 404)
				if after := state(a); after != before {
					t.Errorf("another agent's %s changed the owners' data:\nbefore %s\nafter  %s", rt.name, before, after)
				}
			})
		}
		t.Run("AnotherAgentsIdIs404AndChangesNothing/SellerAgentCannotReadTheBuyersRequirementMatches", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("GET", fmt.Sprintf("/api/requirements/%d/matches", r), nil, as(A)), 404)
		})
		t.Run("AnotherAgentsIdIs404AndChangesNothing/SellerAgentCannotEditTheRequirement", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", r), map[string]any{"maxPrice": 1}, as(A)), 404)
			wantError(t, a.do("DELETE", fmt.Sprintf("/api/requirements/%d", r), nil, as(A)), 404)
			wantError(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", p), listing(), as(B)), 404)
			wantError(t, a.do("DELETE", fmt.Sprintf("/api/properties/%d", p), nil, as(B)), 404)
			if after := state(a); after != before {
				t.Errorf("the other side of the match changed the data:\nbefore %s\nafter  %s", before, after)
			}
		})
		for _, rt := range idRoutes {
			for _, bad := range []string{"abc", "0", "-3", "1.5", "1e3", "99999999999999999999999"} {
				t.Run("NonNumericOrZeroIdIs400/"+rt.name+"/"+bad, func(t *testing.T) {
					a := a.sub(t)
					wantError(t, a.do(rt.method, fmt.Sprintf(rt.path, bad), rt.body, as(A), invalid()), 400, "id")
				})
			}
			t.Run("UnknownIdIs404/"+rt.name, func(t *testing.T) {
				a := a.sub(t)
				wantError(t, a.do(rt.method, fmt.Sprintf(rt.path, "987654"), rt.body, as(A)), 404)
			})
			t.Run("SignedOutIs401/"+rt.name, func(t *testing.T) {
				a := a.sub(t)
				wantError(t, a.do(rt.method, fmt.Sprintf(rt.path, fmt.Sprint(owned[rt.name])), rt.body), 401)
			})
			if strings.HasSuffix(rt.path, "%s") {
				t.Run("MissingIdIs404/"+rt.name, func(t *testing.T) {
					a := a.sub(t)
					// /api/properties/ is no documented route: the JSON 404 of /api.
					wantError(t, a.do(rt.method, fmt.Sprintf(rt.path, ""), rt.body, as(A), undocumented()), 404)
				})
			}
		}
		if after := state(a); after != before {
			t.Errorf("bad ids changed the owners' data:\nbefore %s\nafter  %s", before, after)
		}

		t.Run("OnlyTheTwoAgentsOfAMatchSeeIt", func(t *testing.T) {
			a := a.sub(t)
			for _, q := range []string{"", "?type=buyer", "?type=seller", fmt.Sprintf("?agentId=%d", B.id)} {
				if got := a.objects(C, "/api/matches"+q); len(got) != 0 {
					t.Errorf("the third agent sees matches at /api/matches%s: %v", q, got)
				}
			}
			for _, g := range []agent{A, B} {
				if got := ids(a.objects(g, "/api/matches")); !slices.Equal(got, []int64{m}) {
					t.Errorf("agent %d sees matches %v, want [%d]", g.id, got, m)
				}
			}
		})
		t.Run("OnlyTheTwoAgentsOfAMatchMayChangeIt", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", m), map[string]any{"notes": "seller's note"}, as(A))
			wantStatus(t, res, 200)
			wantFields(t, "seller's match", res.json(t), map[string]any{"status": "new", "notes": "seller's note"})
			res = a.do("PUT", fmt.Sprintf("/api/matches/%d/status", m), map[string]any{"status": "interested"}, as(B))
			wantStatus(t, res, 200)
			wantFields(t, "buyer's match", res.json(t), map[string]any{"status": "interested", "notes": ""})
		})
		t.Run("AdminMayNotEditAnotherAgentsListingOrRequirement", func(t *testing.T) {
			a := a.sub(t)
			if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, C.id); err != nil {
				t.Fatal(err)
			}
			wantError(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", p), listing("title", "Admin edit"), as(C)), 404)
			wantError(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", r), map[string]any{"clientName": "Admin edit"}, as(C)), 404)
			wantError(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", m), map[string]any{"status": "closed"}, as(C)), 404)
		})
		t.Run("AdminMayDeleteAnotherAgentsListingAndRequirement", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("DELETE", fmt.Sprintf("/api/properties/%d", p), nil, as(C))
			wantStatus(t, res, 200)
			if got := a.objects(A, "/api/properties"); len(got) != 0 {
				t.Errorf("the listing survived the admin's delete: %v", got)
			}
			if got := a.objects(B, "/api/matches"); len(got) != 0 {
				t.Errorf("the listing's match survived its delete: %v", got)
			}
			wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/requirements/%d", r), nil, as(C)), 200)
			if got := a.objects(B, "/api/requirements"); len(got) != 0 {
				t.Errorf("the requirement survived the admin's delete: %v", got)
			}
			wantError(t, a.do("DELETE", fmt.Sprintf("/api/requirements/%d", r), nil, as(C)), 404)
		})
	})
}

func TestOwnershipOnWrites(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		const past = "2001-02-03T04:05:06Z"
		bq := a.create(B, "/api/properties", listing("title", "Bina's own flat", "city", "Warangal"))
		br := a.create(B, "/api/requirements", wanted("clientName", "Bina's client"))
		forged := []any{"agentId", B.id, "id", idOf(bq), "createdAt", past, "updatedAt", past}

		wantOwned := func(t *testing.T, got map[string]any, wantID int64) {
			t.Helper()
			if int64(got["agentId"].(float64)) != A.id {
				t.Errorf("agentId = %v, want the session user %d", got["agentId"], A.id)
			}
			if wantID != 0 && idOf(got) != wantID {
				t.Errorf("id = %v, want %d", got["id"], wantID)
			}
			if idOf(got) == idOf(bq) || idOf(got) == idOf(br) {
				t.Errorf("id = %v was taken from the body", got["id"])
			}
			for _, k := range []string{"createdAt", "updatedAt"} {
				if s, _ := got[k].(string); strings.HasPrefix(s, "2001") {
					t.Errorf("%s = %q was taken from the body", k, s)
				}
			}
		}
		var p, r int64
		t.Run("AgentIdIdAndTimestampsInAPropertyPostAreIgnored", func(t *testing.T) {
			a := a.sub(t)
			got := a.create(A, "/api/properties", listing(forged...))
			wantOwned(t, got, 0)
			p = idOf(got)
			if findID(a.objects(A, "/api/properties"), p) == nil {
				t.Errorf("the listing is not among the caller's")
			}
			if bs := a.objects(B, "/api/properties"); !slices.Equal(ids(bs), []int64{idOf(bq)}) {
				t.Errorf("the other agent's listings = %v, want only [%d]", ids(bs), idOf(bq))
			}
		})
		t.Run("AgentIdIdAndTimestampsInAPropertyPutAreIgnored", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", fmt.Sprintf("/api/properties/%d", p), listing(append(forged, "title", "Edited")...), as(A))
			wantStatus(t, res, 200)
			got := res.json(t)
			wantOwned(t, got, p)
			wantFields(t, "listing", got, map[string]any{"title": "Edited"})
			if other := findID(a.objects(B, "/api/properties"), idOf(bq)); other == nil || other["title"] != "Bina's own flat" || other["updatedAt"] != bq["updatedAt"] {
				t.Errorf("the PUT touched the listing named by the body's id: %v", other)
			}
		})
		t.Run("AgentIdIdAndTimestampsInARequirementPostAreIgnored", func(t *testing.T) {
			a := a.sub(t)
			got := a.create(A, "/api/requirements", wanted(append(forged, "id", idOf(br))...))
			wantOwned(t, got, 0)
			r = idOf(got)
			if bs := a.objects(B, "/api/requirements"); !slices.Equal(ids(bs), []int64{idOf(br)}) {
				t.Errorf("the other agent's requirements = %v, want only [%d]", ids(bs), idOf(br))
			}
		})
		t.Run("AgentIdIdAndTimestampsInARequirementPatchAreIgnored", func(t *testing.T) {
			a := a.sub(t)
			before := findID(a.objects(A, "/api/requirements"), r)
			patch := map[string]any{"agentId": B.id, "id": idOf(br), "createdAt": past, "updatedAt": past, "clientName": "Edited"}
			res := a.do("PATCH", fmt.Sprintf("/api/requirements/%d", r), patch, as(A))
			wantStatus(t, res, 200)
			got := res.json(t)
			wantOwned(t, got, r)
			wantFields(t, "requirement", got, map[string]any{"clientName": "Edited", "createdAt": before["createdAt"]})
			if other := findID(a.objects(B, "/api/requirements"), idOf(br)); other == nil || other["clientName"] != "Bina's client" {
				t.Errorf("the PATCH touched the requirement named by the body's id: %v", other)
			}
		})
		for _, path := range []string{"/api/properties", "/api/requirements", "/api/matches"} {
			t.Run("AgentIdQueryIsIgnored"+path, func(t *testing.T) {
				a := a.sub(t)
				mine := a.do("GET", path, nil, as(B))
				theirs := a.do("GET", fmt.Sprintf("%s?agentId=%d", path, A.id), nil, as(B))
				wantStatus(t, theirs, 200)
				if !bytes.Equal(mine.body, theirs.body) {
					t.Errorf("GET %s?agentId=<other> answered\n%s\nwant the caller's own\n%s", path, theirs.body, mine.body)
				}
				for _, m := range theirs.list(t) {
					if o, ok := m.(map[string]any)["agentId"]; ok && int64(o.(float64)) != B.id {
						t.Errorf("GET %s?agentId=%d shows another agent's item: %v", path, A.id, m)
					}
				}
			})
		}
	})
}

// ---- input conversion and validation ------------------------------------

// writeRoutes are the JSON write routes of listings, requirements and matches,
// with a body of the wrong type at one field.
func writeRoutes(p, r, m int64) []struct{ name, method, path, wrongType, wrongPath string } {
	return []struct{ name, method, path, wrongType, wrongPath string }{
		{"PostProperty", "POST", "/api/properties", `{"title": {}}`, "title"},
		{"PutProperty", "PUT", fmt.Sprintf("/api/properties/%d", p), `{"title": {}}`, "title"},
		{"PostRequirement", "POST", "/api/requirements", `{"clientName": {}}`, "clientName"},
		{"PatchRequirement", "PATCH", fmt.Sprintf("/api/requirements/%d", r), `{"clientName": {}}`, "clientName"},
		{"PutMatchStatus", "PUT", fmt.Sprintf("/api/matches/%d/status", m), `{"status": 5}`, "status"},
		{"PutMatchNotes", "PUT", fmt.Sprintf("/api/matches/%d/notes", m), `{"notes": ["a"]}`, "notes"},
	}
}

// badBody is a request body a write must refuse with 400 (and field errors at paths).
type badBody struct {
	name, body string
	paths      []string
}

// badBodies are the malformed bodies every JSON write refuses, and one whose
// field wrongPath has the wrong type.
func badBodies(wrongType, wrongPath string) []badBody {
	return []badBody{
		{"MalformedJSON", `{"title": "x`, nil},
		{"NotJSON", `title=x`, nil},
		{"ArrayInsteadOfObject", `[{"title": "x"}]`, nil},
		{"StringInsteadOfObject", `"hello"`, nil},
		{"TrailingData", `{} {}`, nil},
		{"EmptyBody", ``, nil},
		{"WrongTypeObject", wrongType, []string{wrongPath}},
	}
}

func TestBadBodiesOnMarketWrites(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		p := idOf(a.create(A, "/api/properties", listing()))
		r := idOf(a.create(B, "/api/requirements", wanted()))
		m := idOf(a.onlyMatch(B, "/api/matches"))
		big := `{"title": "` + strings.Repeat("x", 1<<20) + `"}`
		for _, rt := range writeRoutes(p, r, m) {
			for _, tc := range badBodies(rt.wrongType, rt.wrongPath) {
				t.Run(rt.name+"/"+tc.name+"Is400", func(t *testing.T) {
					a := a.sub(t)
					g := A
					if strings.Contains(rt.path, "requirements") {
						g = B
					}
					wantError(t, a.do(rt.method, rt.path, tc.body, as(g), invalid()), 400, tc.paths...)
				})
			}
			t.Run(rt.name+"/OverTheCapIs413", func(t *testing.T) {
				a := a.sub(t)
				big := big
				if strings.Contains(rt.path, "/api/properties") && rt.method != "DELETE" {
					big = `{"title": "` + strings.Repeat("x", httpapi.MaxListingBodyBytes) + `"}` // listings carry photos
				}
				wantError(t, a.do(rt.method, rt.path, big, as(A), invalid()), 413)
				wantError(t, a.do(rt.method, rt.path, io.MultiReader(strings.NewReader(big)), as(A)), 413)
			})
		}
		t.Run("WrongTypesInListsAre400", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("POST", "/api/properties", `{"title": "x", "amenities": {"a": 1}}`, as(A), invalid()), 400, "amenities")
			wantError(t, a.do("POST", "/api/properties", `{"title": "x", "images": "data:image/png;base64,AAAA"}`, as(A), invalid()), 400, "images")
			wantError(t, a.do("POST", "/api/requirements", `{"propertyTypes": {"a": 1}}`, as(B), invalid()), 400, "propertyTypes")
			wantError(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", r), `{"preferredCities": {"a": 1}}`, as(B), invalid()), 400, "preferredCities")
		})
		t.Run("NothingChanged", func(t *testing.T) {
			a := a.sub(t)
			if got := a.objects(A, "/api/properties"); len(got) != 1 || got[0]["title"] != "2BHK in Gachibowli" {
				t.Errorf("listings after bad bodies: %v", got)
			}
			if got := a.objects(B, "/api/requirements"); len(got) != 1 || got[0]["clientName"] != "Ramesh Kumar" {
				t.Errorf("requirements after bad bodies: %v", got)
			}
			if got := a.onlyMatch(B, "/api/matches"); got["status"] != "new" || got["notes"] != "" {
				t.Errorf("match after bad bodies: %v", got)
			}
		})
	})
}

// ---- images -------------------------------------------------------------
