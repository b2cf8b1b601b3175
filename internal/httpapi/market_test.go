package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"math/rand/v2"
	"net/http/cookiejar"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"propmatch/internal/httpapi"
)

// ---- helpers for listings, requirements and matches --------------------

// agent is a signed-up agent and its session token.
type agent struct {
	id    int64
	phone string // E.164
	tok   string
}

// newAgent signs up an agent and returns it with its token. The browser's
// cookie jar is emptied afterwards, so a.do without as() is signed out.
func (a *apiTest) newAgent(username, phone string) agent {
	a.t.Helper()
	a.signUp(username, phone, "")
	u, _ := url.Parse(a.srv.URL)
	var tok string
	for _, c := range a.client.Jar.Cookies(u) {
		if c.Name == httpapi.SessionCookie {
			tok = c.Value
		}
	}
	if tok == "" {
		a.t.Fatalf("sign-up of %s left no session cookie", username)
	}
	a.client.Jar, _ = cookiejar.New(nil)
	me := a.do("GET", "/api/user", nil, withToken(tok))
	wantStatus(a.t, me, 200)
	m := me.json(a.t)
	return agent{id: idOf(m), phone: m["phone"].(string), tok: tok}
}

// as sends the request as g.
func as(g agent) reqOption { return withToken(g.tok) }

// with returns base with the key/value pairs of over set (nil sends JSON null).
func with(base map[string]any, over ...any) map[string]any {
	m := make(map[string]any, len(base))
	for k, v := range base {
		m[k] = v
	}
	for i := 0; i+1 < len(over); i += 2 {
		m[over[i].(string)] = over[i+1]
	}
	return m
}

// listing is a valid 2 BHK apartment for sale at 75 lakh in Gachibowli, Hyderabad.
func listing(over ...any) map[string]any {
	return with(map[string]any{
		"title": "2BHK in Gachibowli", "description": "Near the IT corridor", "propertyType": "apartment",
		"listingPurpose": "for_sale", "price": 7500000, "state": "Telangana", "city": "Hyderabad",
		"locality": "Gachibowli", "pincode": "500032", "bedrooms": 2, "bathrooms": 2, "amenities": []string{"Parking", "Gym"},
	}, over...)
}

const (
	clientPhone = "+919876543210"
	clientEmail = "ramesh.client@example.com"
)

// wanted is a valid requirement that listing() fits: apartment in Hyderabad,
// 70 to 80 lakh, Gachibowli, at least 3 bedrooms. listing() scores
// 30 (type) + 25 (city) + 15 (price) + 0 (2 < 3 bedrooms) + 20 (locality) = 90.
func wanted(over ...any) map[string]any {
	return with(map[string]any{
		"clientName": "Ramesh Kumar", "clientPhone": "9876543210", "clientEmail": clientEmail,
		"propertyTypes": []string{"apartment"}, "listingPurpose": "forSale", "minPrice": 7000000, "maxPrice": 8000000,
		"preferredState": "Telangana", "preferredCities": []string{"Hyderabad"}, "preferredLocalities": "Gachibowli",
		"minBedrooms": 3, "timeline": "immediate",
	}, over...)
}

// create POSTs body to path as g, wants 201 and returns the created object.
func (a *apiTest) create(g agent, path string, body any) map[string]any {
	a.t.Helper()
	res := a.do("POST", path, body, as(g))
	wantStatus(a.t, res, 201)
	return res.json(a.t)
}

// objects GETs a JSON array as g, wanting 200.
func (a *apiTest) objects(g agent, path string) []map[string]any {
	a.t.Helper()
	res := a.do("GET", path, nil, as(g))
	wantStatus(a.t, res, 200)
	var out []map[string]any
	if err := json.Unmarshal(res.body, &out); err != nil || out == nil {
		a.t.Fatalf("GET %s: not a JSON array (%v): %s", path, err, res.body)
	}
	return out
}

// findID returns the object with id in list, or nil.
func findID(list []map[string]any, id int64) map[string]any {
	for _, m := range list {
		if idOf(m) == id {
			return m
		}
	}
	return nil
}

func ids(list []map[string]any) []int64 {
	out := []int64{}
	for _, m := range list {
		out = append(out, idOf(m))
	}
	return out
}

func idOf(m map[string]any) int64 {
	f, _ := m["id"].(float64)
	return int64(f)
}

// onlyMatch GETs path as g and wants exactly one match, which it returns.
func (a *apiTest) onlyMatch(g agent, path string) map[string]any {
	a.t.Helper()
	list := a.objects(g, path)
	if len(list) != 1 {
		a.t.Fatalf("GET %s has %d matches, want 1: %v", path, len(list), list)
	}
	return list[0]
}

// wantFieldError wants a 400 with exactly message at path.
func wantFieldError(t *testing.T, r response, path, message string) {
	t.Helper()
	wantError(t, r, 400, path)
	var body struct {
		Errors []struct{ Path, Message string }
	}
	json.Unmarshal(r.body, &body)
	for _, e := range body.Errors {
		if e.Path == path && e.Message == message {
			return
		}
	}
	t.Errorf("no field error %q at %q: %s", message, path, r.body)
}

// wantFields wants got[k] == want[k] for every k of want (JSON values: numbers are float64).
func wantFields(t *testing.T, what string, got, want map[string]any) {
	t.Helper()
	for k, w := range want {
		if g := got[k]; !reflect.DeepEqual(g, jsonValue(w)) {
			t.Errorf("%s %s = %#v, want %#v", what, k, g, jsonValue(w))
		}
	}
}

// jsonValue is v as encoding/json decodes it into an any.
func jsonValue(v any) any {
	b, _ := json.Marshal(v)
	var out any
	json.Unmarshal(b, &out)
	return out
}

var linkNext = regexp.MustCompile(`^<([^>]+)>; rel="next"$`)

// pngDataURL returns a w×h PNG data URL; noisy pixels do not compress.
func pngDataURL(t *testing.T, w, h int, noisy bool) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range h {
		for x := range w {
			c := color.NRGBA{R: uint8(x * 40), G: uint8(y * 40), B: 200, A: 255}
			if noisy {
				c = color.NRGBA{R: uint8(rng.IntN(256)), G: uint8(rng.IntN(256)), B: uint8(rng.IntN(256)), A: 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

func gifDataURL(t *testing.T) string {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), []color.Color{color.Black, color.White})
	var buf bytes.Buffer
	if err := gif.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return "data:image/gif;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// ---- ownership ----------------------------------------------------------

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
					wantError(t, a.do(rt.method, fmt.Sprintf(rt.path, bad), rt.body, as(A)), 400, "id")
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

func TestPropertyInputConversion(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		for _, tc := range []struct {
			name string
			over []any
			want map[string]any
		}{
			{"PriceWithIndianCommasIsANumber", []any{"price", "75,00,000"}, map[string]any{"price": 7500000}},
			{"PriceAsTextIsANumber", []any{"price", "7500000"}, map[string]any{"price": 7500000}},
			{"PriceAsNumberStays", []any{"price", 7500000}, map[string]any{"price": 7500000}},
			{"PriceWithSpacesAndDecimals", []any{"price", " 7500000.50 "}, map[string]any{"price": 7500000.5}},
			{"EmptyPriceIsZero", []any{"price", ""}, map[string]any{"price": 0}},
			{"IntegerFieldsAsText", []any{"bedrooms", "3", "bathrooms", "2", "builtUpArea", "1250", "totalFloors", "14"},
				map[string]any{"bedrooms": 3, "bathrooms": 2, "builtUpArea": 1250, "totalFloors": 14}},
			{"IntegerFieldsOfVillaAndCommercialAsText", []any{"villaSize", "2400", "plotArea", "3000", "totalCabins", "12", "washrooms", "4"},
				map[string]any{"villaSize": 2400, "plotArea": 3000, "totalCabins": 12, "washrooms": 4}},
			{"EmptyIntegerIsDropped", []any{"bedrooms", "", "bathrooms", "  "}, map[string]any{"bedrooms": nil, "bathrooms": nil}},
			{"NullIntegerIsDropped", []any{"bedrooms", nil}, map[string]any{"bedrooms": nil}},
			{"AcresAsDecimalText", []any{"propertyType", "agricultural", "bedrooms", nil, "acres", "2.5"}, map[string]any{"acres": 2.5, "propertyType": "agricultural"}},
			{"AcresAsNumber", []any{"propertyType", "agricultural", "acres", 12.75}, map[string]any{"acres": 12.75}},
			{"EmptyAcresIsDropped", []any{"propertyType", "agricultural", "acres", ""}, map[string]any{"acres": nil}},
			{"AmenitiesAsCommaSeparatedText", []any{"amenities", "Parking, , Gym "}, map[string]any{"amenities": []string{"Parking", "Gym"}}},
			{"RequirementSpellingOfListingPurpose", []any{"listingPurpose", "forRent"}, map[string]any{"listingPurpose": "for_rent"}},
			{"MissingListingPurposeIsForSale", []any{"listingPurpose", nil}, map[string]any{"listingPurpose": "for_sale"}},
			{"CityInAnyCaseIsStoredCanonical", []any{"state", "telangana", "city", "  hyderabad "}, map[string]any{"state": "Telangana", "city": "Hyderabad"}},
			{"DefaultsAreActiveAndRealWithoutImages", []any{}, map[string]any{"isActive": true, "isRealData": true, "images": []string{}, "hasLegalDocs": false}},
			{"BooleansAsText", []any{"hasLegalDocs", "true", "reraApproved", "yes", "isActive", "false"},
				map[string]any{"hasLegalDocs": true, "reraApproved": true, "isActive": false}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				got := a.create(A, "/api/properties", listing(tc.over...))
				wantFields(t, "POST answer", got, tc.want)
				wantFields(t, "stored listing", findID(a.objects(A, "/api/properties"), idOf(got)), tc.want)
			})
		}
	})
}

func TestRequirementInputConversion(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		B := a.newAgent("bina", "9822222222")
		for _, tc := range []struct {
			name string
			over []any
			want map[string]any
		}{
			{"BudgetAsText", []any{"minPrice", "70,00,000", "maxPrice", "8000000"}, map[string]any{"minPrice": 7000000, "maxPrice": 8000000}},
			{"EmptyBudgetIsNull", []any{"minPrice", "", "maxPrice", nil}, map[string]any{"minPrice": nil, "maxPrice": nil}},
			{"LocalitiesAsCommaSeparatedText", []any{"preferredLocalities", " Gachibowli, , Kondapur ,"}, map[string]any{"preferredLocalities": []string{"Gachibowli", "Kondapur"}}},
			{"LocalitiesAsList", []any{"preferredLocalities", []string{" Gachibowli ", "", "Kondapur"}}, map[string]any{"preferredLocalities": []string{"Gachibowli", "Kondapur"}}},
			{"NoLocalities", []any{"preferredLocalities", ""}, map[string]any{"preferredLocalities": []string{}}},
			{"PhoneWithASpaceGetsPlus91", []any{"clientPhone", "98765 43210"}, map[string]any{"clientPhone": clientPhone}},
			{"PhoneWithPlus91Stays", []any{"clientPhone", "+919876543210"}, map[string]any{"clientPhone": clientPhone}},
			{"PhoneWithHyphenGetsPlus91", []any{"clientPhone", "98765-43210"}, map[string]any{"clientPhone": clientPhone}},
			{"TimelineWithin1Month", []any{"timeline", "within_1_month"}, map[string]any{"timeline": "1month"}},
			{"TimelineWithin3Months", []any{"timeline", "within_3_months"}, map[string]any{"timeline": "3months"}},
			{"TimelineWithin6Months", []any{"timeline", "within_6_months"}, map[string]any{"timeline": "6months"}},
			{"TimelineOfTheForm", []any{"timeline", "3months"}, map[string]any{"timeline": "3months"}},
			{"MissingTimelineIsFlexible", []any{"timeline", nil}, map[string]any{"timeline": "flexible"}},
			{"PropertySpellingForSale", []any{"listingPurpose", "for_sale"}, map[string]any{"listingPurpose": "forSale"}},
			{"PropertySpellingForRent", []any{"listingPurpose", "for_rent"}, map[string]any{"listingPurpose": "forRent"}},
			{"MissingListingPurposeIsForSale", []any{"listingPurpose", nil}, map[string]any{"listingPurpose": "forSale"}},
			{"BedroomsAsTextAndEmpty", []any{"minBedrooms", "2", "maxBedrooms", ""}, map[string]any{"minBedrooms": 2, "maxBedrooms": nil}},
			{"AreaAsText", []any{"minArea", "1000", "maxArea", "1,500"}, map[string]any{"minArea": 1000, "maxArea": 1500}},
			{"AcresAreaAsDecimal", []any{"propertyTypes", []string{"agricultural"}, "minArea", "2.5", "maxArea", "10"}, map[string]any{"minArea": 2.5, "maxArea": 10}},
			{"EmptyEmailIsNull", []any{"clientEmail", ""}, map[string]any{"clientEmail": nil}},
			{"PropertyTypeAsText", []any{"propertyTypes", "Villa"}, map[string]any{"propertyTypes": []string{"villa"}}},
			{"CityAsTextInAnyCase", []any{"preferredState", "TELANGANA", "preferredCities", "hyderabad"},
				map[string]any{"preferredState": "Telangana", "preferredCities": []string{"Hyderabad"}}},
			{"NewRequirementIsActive", []any{}, map[string]any{"isActive": true, "isRealData": true, "clientEmail": clientEmail}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				got := a.create(B, "/api/requirements", wanted(tc.over...))
				wantFields(t, "POST answer", got, tc.want)
				wantFields(t, "stored requirement", findID(a.objects(B, "/api/requirements"), idOf(got)), tc.want)
			})
		}
		t.Run("PatchConvertsAndKeepsUnsentFields", func(t *testing.T) {
			a := a.sub(t)
			r := a.create(B, "/api/requirements", wanted())
			res := a.do("PATCH", fmt.Sprintf("/api/requirements/%d", idOf(r)), map[string]any{
				"maxPrice": "90,00,000", "timeline": "within_6_months", "clientPhone": "91234 56789", "preferredLocalities": "Kondapur, Madhapur",
			}, as(B))
			wantStatus(t, res, 200)
			wantFields(t, "patched requirement", res.json(t), map[string]any{
				"maxPrice": 9000000, "timeline": "6months", "clientPhone": "+919123456789", "preferredLocalities": []string{"Kondapur", "Madhapur"},
				"minPrice": 7000000, "clientName": "Ramesh Kumar", "clientEmail": clientEmail, "minBedrooms": 3, "preferredCities": []string{"Hyderabad"},
			})
		})
	})
}

func TestRequirementValidation(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		B := a.newAgent("bina", "9822222222")
		for _, tc := range []struct {
			name          string
			over          []any
			path, message string
		}{
			{"ClientNameIsRequired", []any{"clientName", ""}, "clientName", "Client name is required"},
			{"ClientNameOfSpacesIsRequired", []any{"clientName", "   "}, "clientName", "Client name is required"},
			{"PhoneOfNineDigits", []any{"clientPhone", "987654321"}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"PhoneOfElevenDigits", []any{"clientPhone", "98765432101"}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"PhoneWithLetters", []any{"clientPhone", "98765abcde"}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"PhoneMissing", []any{"clientPhone", nil}, "clientPhone", "Phone number must be exactly 10 digits"},
			{"InvalidEmail", []any{"clientEmail", "ramesh-at-example"}, "clientEmail", "Enter a valid email address"},
			{"EmailWithAName", []any{"clientEmail", "Ramesh <r@example.com>"}, "clientEmail", "Enter a valid email address"},
			{"PropertyTypeIsRequired", []any{"propertyTypes", []string{}}, "propertyTypes", "Please select a property type"},
			{"PropertyTypeMissing", []any{"propertyTypes", nil}, "propertyTypes", "Please select a property type"},
			{"UnknownPropertyType", []any{"propertyTypes", []string{"castle"}}, "propertyTypes", "Property type must be apartment, villa, plot, commercial or agricultural"},
			{"PreferredStateIsRequired", []any{"preferredState", ""}, "preferredState", "Please select a preferred state"},
			{"UnknownState", []any{"preferredState", "Atlantis"}, "preferredState", "Choose a state from the list"},
			{"PreferredCityIsRequired", []any{"preferredCities", []string{}}, "preferredCities", "Please select a preferred city"},
			{"PreferredCityMissing", []any{"preferredCities", ""}, "preferredCities", "Please select a preferred city"},
			{"CityOfAnotherState", []any{"preferredCities", []string{"Bengaluru"}}, "preferredCities", "Choose a city of Telangana from the list"},
			{"MaxBudgetBelowMinBudget", []any{"minPrice", 8000000, "maxPrice", "70,00,000"}, "maxPrice", "Max budget must be greater than or equal to min budget"},
			{"MaxAreaBelowMinArea", []any{"minArea", "1500", "maxArea", 1000}, "maxArea", "Max area must be greater than or equal to min area"},
			{"UnknownListingPurpose", []any{"listingPurpose", "forSwap"}, "listingPurpose", "Listing purpose must be forSale, forRent or forLease"},
			{"UnknownTimeline", []any{"timeline", "someday"}, "timeline", "Timeline must be immediate, 1month, 3months, 6months or flexible"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				wantFieldError(t, a.do("POST", "/api/requirements", wanted(tc.over...), as(B)), tc.path, tc.message)
			})
		}
		t.Run("EqualBudgetsAndAreasAreFine", func(t *testing.T) {
			a := a.sub(t)
			a.create(B, "/api/requirements", wanted("minPrice", 7500000, "maxPrice", "75,00,000", "minArea", 1200, "maxArea", "1200"))
		})
		t.Run("NothingInvalidWasStored", func(t *testing.T) {
			a := a.sub(t)
			if got := a.objects(B, "/api/requirements"); len(got) != 1 {
				t.Errorf("%d requirements stored, want the 1 valid one", len(got))
			}
		})
		t.Run("PatchIsValidatedAgainstTheStoredFields", func(t *testing.T) {
			a := a.sub(t)
			r := a.objects(B, "/api/requirements")[0]
			path := fmt.Sprintf("/api/requirements/%d", idOf(r))
			wantFieldError(t, a.do("PATCH", path, map[string]any{"maxPrice": "60,00,000"}, as(B)), "maxPrice", "Max budget must be greater than or equal to min budget")
			wantFieldError(t, a.do("PATCH", path, map[string]any{"clientName": ""}, as(B)), "clientName", "Client name is required")
			wantFieldError(t, a.do("PATCH", path, map[string]any{"clientPhone": "12345"}, as(B)), "clientPhone", "Phone number must be exactly 10 digits")
			if after := findID(a.objects(B, "/api/requirements"), idOf(r)); !reflect.DeepEqual(after, r) {
				t.Errorf("a refused PATCH changed the requirement:\nbefore %v\nafter  %v", r, after)
			}
		})
	})
}

func TestPropertyValidation(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		img := pngDataURL(t, 4, 4, false)
		for _, tc := range []struct {
			name          string
			over          []any
			path, message string
		}{
			{"TitleIsRequired", []any{"title", ""}, "title", "Title is required"},
			{"TitleOfSpacesIsRequired", []any{"title", "   "}, "title", "Title is required"},
			{"TitleMissing", []any{"title", nil}, "title", "Title is required"},
			{"TitleOver200Characters", []any{"title", strings.Repeat("घ", 201)}, "title", "title must be at most 200 characters"},
			{"UnknownPropertyType", []any{"propertyType", "castle"}, "propertyType", "Property type must be apartment, villa, plot, commercial or agricultural"},
			{"MissingPropertyType", []any{"propertyType", ""}, "propertyType", "Property type must be apartment, villa, plot, commercial or agricultural"},
			{"UnknownListingPurpose", []any{"listingPurpose", "for_swap"}, "listingPurpose", "Listing purpose must be for_sale, for_rent or for_lease"},
			{"PincodeOfFiveDigits", []any{"pincode", "50003"}, "pincode", "Pincode must be 6 digits"},
			{"PincodeStartingWithZero", []any{"pincode", "050032"}, "pincode", "Pincode must be 6 digits"},
			{"PincodeWithLetters", []any{"pincode", "5000AB"}, "pincode", "Pincode must be 6 digits"},
			{"MoreThanTenImages", []any{"images", slices.Repeat([]string{img}, 11)}, "images", "At most 10 photos per property"},
			{"NegativePrice", []any{"price", -1}, "price", "Price must be between 0 and 1,00,000 crore"},
			{"NegativePriceAsText", []any{"price", "-5,00,000"}, "price", "Price must be between 0 and 1,00,000 crore"},
			{"NegativeBedrooms", []any{"bedrooms", "-2"}, "bedrooms", "bedrooms must be between 0 and 50"},
			{"NegativeAcres", []any{"acres", "-1.5"}, "acres", "acres must be between 0 and 10,00,000"},
			{"StateIsRequired", []any{"state", ""}, "state", "State is required"},
			{"UnknownState", []any{"state", "Atlantis"}, "state", "Choose a state from the list"},
			{"CityIsRequired", []any{"city", ""}, "city", "City is required"},
			{"CityOfAnotherState", []any{"city", "Bengaluru"}, "city", "Choose a city of Telangana from the list"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				wantFieldError(t, a.do("POST", "/api/properties", listing(tc.over...), as(A)), tc.path, tc.message)
			})
		}
		t.Run("NothingInvalidWasStored", func(t *testing.T) {
			a := a.sub(t)
			if got := a.objects(A, "/api/properties"); len(got) != 0 {
				t.Errorf("%d listings stored, want none", len(got))
			}
		})
		t.Run("RefusedPutChangesNothing", func(t *testing.T) {
			a := a.sub(t)
			p := a.create(A, "/api/properties", listing())
			path := fmt.Sprintf("/api/properties/%d", idOf(p))
			wantFieldError(t, a.do("PUT", path, listing("title", ""), as(A)), "title", "Title is required")
			wantFieldError(t, a.do("PUT", path, listing("pincode", "1234567"), as(A)), "pincode", "Pincode must be 6 digits")
			after := findID(a.objects(A, "/api/properties"), idOf(p))
			// Only its matching progress moved on: the create's job has run.
			for _, m := range []map[string]any{p, after} {
				delete(m, "matching")
				delete(m, "matchingQueuedAt")
			}
			if !reflect.DeepEqual(after, p) {
				t.Errorf("a refused PUT changed the listing:\nbefore %v\nafter  %v", p, after)
			}
		})
	})
}

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
					wantError(t, a.do(rt.method, rt.path, tc.body, as(g)), 400, tc.paths...)
				})
			}
			t.Run(rt.name+"/OverTheCapIs413", func(t *testing.T) {
				a := a.sub(t)
				big := big
				if strings.Contains(rt.path, "/api/properties") && rt.method != "DELETE" {
					big = `{"title": "` + strings.Repeat("x", httpapi.MaxListingBodyBytes) + `"}` // listings carry photos
				}
				wantError(t, a.do(rt.method, rt.path, big, as(A)), 413)
				wantError(t, a.do(rt.method, rt.path, io.MultiReader(strings.NewReader(big)), as(A)), 413)
			})
		}
		t.Run("WrongTypesInListsAre400", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("POST", "/api/properties", `{"title": "x", "amenities": {"a": 1}}`, as(A)), 400, "amenities")
			wantError(t, a.do("POST", "/api/properties", `{"title": "x", "images": "data:image/png;base64,AAAA"}`, as(A)), 400, "images")
			wantError(t, a.do("POST", "/api/requirements", `{"propertyTypes": {"a": 1}}`, as(B)), 400, "propertyTypes")
			wantError(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", r), `{"preferredCities": {"a": 1}}`, as(B)), 400, "preferredCities")
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

var mediaURL = regexp.MustCompile(`^/media/[A-Za-z0-9_-]{16,64}$`)

func TestPropertyImage(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		a.create(B, "/api/requirements", wanted())
		p := a.create(A, "/api/properties", listing("images", []string{pngDataURL(t, 8, 6, false)}))
		images, _ := p["images"].([]any)
		if len(images) != 1 || !mediaURL.MatchString(fmt.Sprint(images[0])) {
			t.Fatalf("images = %v, want one /media/{id} URL", p["images"])
		}
		url := images[0].(string)

		t.Run("StoredImageIsServedAsImmutablePNG", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("GET", url, nil)
			wantStatus(t, res, 200)
			if ct := res.header.Get("Content-Type"); ct != "image/png" {
				t.Errorf("Content-Type = %q, want image/png", ct)
			}
			if cc := res.header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
				t.Errorf("Cache-Control = %q, want immutable", cc)
			}
			img, err := png.Decode(bytes.NewReader(res.body))
			if err != nil {
				t.Fatalf("body is not a PNG: %v", err)
			}
			if b := img.Bounds(); b.Dx() != 8 || b.Dy() != 6 {
				t.Errorf("image is %v, want 8x6", b)
			}
			if etag := res.header.Get("ETag"); etag == "" {
				t.Errorf("no ETag")
			} else {
				wantStatus(t, a.do("GET", url, nil, withHeader("If-None-Match", etag)), 304)
			}
		})
		t.Run("UnknownMediaIs404", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("GET", "/media/AAAAAAAAAAAAAAAAAAAAAA", nil), 404)
		})
		t.Run("ListsNeverCarryImageBytes", func(t *testing.T) {
			a := a.sub(t)
			for _, c := range []struct {
				who  agent
				path string
			}{{A, "/api/properties"}, {B, "/api/marketplace/properties"}, {B, "/api/matches"}, {A, "/api/matches"}} {
				res := a.do("GET", c.path, nil, as(c.who))
				wantStatus(t, res, 200)
				if bytes.Contains(res.body, []byte("data:")) {
					t.Errorf("GET %s carries a data URL: %.300s", c.path, res.body)
				}
				if !bytes.Contains(res.body, []byte(url)) {
					t.Errorf("GET %s does not carry the image URL %s: %.300s", c.path, url, res.body)
				}
			}
		})
		t.Run("EditingWithTheMediaURLKeepsIt", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(p)), listing("title", "Edited", "images", []string{url}), as(A))
			wantStatus(t, res, 200)
			wantFields(t, "edited listing", res.json(t), map[string]any{"images": []string{url}, "title": "Edited"})
			wantStatus(t, a.do("GET", url, nil), 200)
		})
		t.Run("EditingWithoutImagesRemovesIt", func(t *testing.T) {
			a := a.sub(t)
			q := a.create(A, "/api/properties", listing("images", []string{pngDataURL(t, 2, 2, false)}))
			res := a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(q)), listing("images", []string{}), as(A))
			wantStatus(t, res, 200)
			wantFields(t, "edited listing", res.json(t), map[string]any{"images": []string{}})
		})
		for _, tc := range []struct {
			name, image, message string
		}{
			{"GIFIsRefused", gifDataURL(t), "Only PNG and JPEG images are accepted"},
			{"SVGIsRefused", "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>`)), "Only PNG and JPEG images are accepted"},
			{"GIFLabelledAsPNGIsRefused", strings.Replace(gifDataURL(t), "image/gif", "image/png", 1), "Only PNG and JPEG images are accepted"},
			{"Over300KBIsRefused", pngDataURL(t, 400, 400, true), "Image size must be less than 300KB"},
			{"NotBase64IsRefused", "data:image/png;base64,!!!!", "Image data is not valid base64"},
			{"NotADataURLIsRefused", "https://example.com/a.png", "Image must be a PNG or JPEG data URL, or a /media/ URL"},
			{"UnknownMediaURLIsRefused", "/media/AAAAAAAAAAAAAAAAAAAAAA", "That image no longer exists; upload it again"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				wantFieldError(t, a.do("POST", "/api/properties", listing("images", []string{tc.image}), as(A)), "images.0", tc.message)
			})
		}
		t.Run("RefusedImagesStoredNothing", func(t *testing.T) {
			a := a.sub(t)
			if got := a.objects(A, "/api/properties"); len(got) != 2 {
				t.Errorf("%d listings, want 2", len(got))
			}
		})
	})
}

// ---- matching -------------------------------------------------------------

func TestMatchingThroughTheAPI(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111") // seller agent
		B := a.newAgent("bina", "9822222222") // buyer agent
		p := a.create(A, "/api/properties", listing())
		r := a.create(B, "/api/requirements", wanted())
		pid, rid := idOf(p), idOf(r)
		var mid, m2 int64
		status := func(t *testing.T, g agent, id int64, body any) response {
			t.Helper()
			return a.sub(t).do("PUT", fmt.Sprintf("/api/matches/%d/status", id), body, as(g))
		}
		edit := func(t *testing.T, price any) {
			t.Helper()
			wantStatus(t, a.sub(t).do("PUT", fmt.Sprintf("/api/properties/%d", pid), listing("price", price), as(A)), 200)
		}
		breakdown := func(price, bedrooms, locality, total int) map[string]any {
			return map[string]any{"propertyType": 30, "city": 25, "price": price, "bedrooms": bedrooms, "locality": locality, "total": total}
		}
		steps := []struct {
			name string
			fn   func(t *testing.T, a *apiTest)
		}{
			{"SellerSeesTheMatchWithScoreAndBreakdown", func(t *testing.T, a *apiTest) {
				m := a.onlyMatch(A, "/api/matches?type=seller")
				mid = idOf(m)
				wantFields(t, "match", m, map[string]any{
					"propertyId": pid, "requirementId": rid, "sellerAgentId": A.id, "buyerAgentId": B.id,
					"matchScore": 90, "scoreBreakdown": breakdown(15, 0, 20, 90), "status": "new", "notes": "",
					"clientNameShared": false, "viewedByBuyer": false, "viewedBySeller": false,
				})
				wantFields(t, "match property", m["property"].(map[string]any), map[string]any{"id": pid, "title": "2BHK in Gachibowli", "price": 7500000})
				wantFields(t, "match requirement", m["requirement"].(map[string]any), map[string]any{"id": rid, "clientName": "Ramesh K."})
				wantFields(t, "match seller agent", m["sellerAgent"].(map[string]any), map[string]any{"id": A.id, "phone": A.phone, "username": "anil"})
				wantFields(t, "match buyer agent", m["buyerAgent"].(map[string]any), map[string]any{"id": B.id, "phone": B.phone, "username": "bina"})
			}},
			{"BuyerSeesTheSameMatch", func(t *testing.T, a *apiTest) {
				if m := a.onlyMatch(B, "/api/matches?type=buyer"); idOf(m) != mid || m["matchScore"] != 90.0 {
					t.Errorf("buyer's match = %v, want id %d score 90", m, mid)
				}
				if got := a.objects(A, "/api/matches?type=buyer"); len(got) != 0 {
					t.Errorf("the seller agent has buyer matches: %v", got)
				}
				if got := a.objects(B, "/api/matches?type=seller"); len(got) != 0 {
					t.Errorf("the buyer agent has seller matches: %v", got)
				}
				for _, g := range []agent{A, B} {
					if got := ids(a.objects(g, "/api/matches")); !slices.Equal(got, []int64{mid}) {
						t.Errorf("GET /api/matches for agent %d = %v, want [%d]", g.id, got, mid)
					}
				}
				wantError(t, a.do("GET", "/api/matches?type=owner", nil, as(B)), 400, "type")
			}},
			{"RequirementMatchesListsItForItsOwner", func(t *testing.T, a *apiTest) {
				m := a.onlyMatch(B, fmt.Sprintf("/api/requirements/%d/matches", rid))
				wantFields(t, "requirement match", m, map[string]any{"id": mid, "matchScore": 90, "status": "new"})
				wantFields(t, "requirement match property", m["property"].(map[string]any), map[string]any{"id": pid})
				wantFields(t, "requirement match seller", m["sellerAgent"].(map[string]any), map[string]any{"id": A.id, "phone": A.phone})
			}},
			{"MatchViewsNeverCarryClientContact", func(t *testing.T, a *apiTest) {
				for _, c := range []struct {
					who  agent
					path string
				}{{A, "/api/matches"}, {A, "/api/matches?type=seller"}, {B, "/api/matches?type=buyer"}, {B, fmt.Sprintf("/api/requirements/%d/matches", rid)}} {
					res := a.do("GET", c.path, nil, as(c.who))
					wantStatus(t, res, 200)
					for _, secret := range []string{`"clientPhone"`, `"clientEmail"`, clientPhone, "9876543210", clientEmail} {
						if bytes.Contains(res.body, []byte(secret)) {
							t.Errorf("GET %s carries %s: %s", c.path, secret, res.body)
						}
					}
					for _, part := range []string{`"property":{`, `"requirement":{`, `"sellerAgent":{`, `"buyerAgent":{`} {
						if !bytes.Contains(res.body, []byte(part)) {
							t.Errorf("GET %s lacks %s: %s", c.path, part, res.body)
						}
					}
				}
				res := status(t, B, mid, map[string]any{"status": "new"})
				wantStatus(t, res, 200)
				if bytes.Contains(res.body, []byte("clientPhone")) || bytes.Contains(res.body, []byte(clientEmail)) {
					t.Errorf("the status answer carries client contact: %s", res.body)
				}
			}},
			{"BuyerMarksViewed", func(t *testing.T, a *apiTest) {
				res := status(t, B, mid, map[string]any{"status": "viewed", "viewedBy": "buyer"})
				wantStatus(t, res, 200)
				wantFields(t, "match", res.json(t), map[string]any{"id": mid, "status": "viewed", "viewedByBuyer": true, "viewedBySeller": false})
				wantFields(t, "seller's view", a.onlyMatch(A, "/api/matches"), map[string]any{"status": "new", "viewedByBuyer": true})
			}},
			{"BuyerCannotMarkViewedBySeller", func(t *testing.T, a *apiTest) {
				wantError(t, status(t, B, mid, map[string]any{"status": "viewed", "viewedBy": "seller"}), 400, "viewedBy")
				wantError(t, status(t, A, mid, map[string]any{"status": "viewed", "viewedBy": "buyer"}), 400, "viewedBy")
				wantError(t, status(t, B, mid, map[string]any{"status": "viewed", "viewedBy": "agent"}), 400, "viewedBy")
				wantFields(t, "match", a.onlyMatch(B, "/api/matches"), map[string]any{"viewedBySeller": false, "viewedByBuyer": true, "status": "viewed"})
			}},
			{"SellerMarksViewedBySeller", func(t *testing.T, a *apiTest) {
				res := status(t, A, mid, map[string]any{"status": "viewed", "viewedBy": "seller"})
				wantStatus(t, res, 200)
				wantFields(t, "match", res.json(t), map[string]any{"viewedBySeller": true, "viewedByBuyer": true})
			}},
			{"UnknownStatusIs400", func(t *testing.T, a *apiTest) {
				wantError(t, status(t, B, mid, map[string]any{"status": "archived"}), 400, "status")
				wantError(t, status(t, B, mid, map[string]any{}), 400, "status")
			}},
			{"Notes501CharactersIs400", func(t *testing.T, a *apiTest) {
				res := a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", mid), map[string]any{"notes": strings.Repeat("n", 501)}, as(B))
				wantFieldError(t, res, "notes", "Notes must be at most 500 characters")
				wantError(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", mid), map[string]any{}, as(B)), 400, "notes")
				wantFields(t, "match", a.onlyMatch(B, "/api/matches"), map[string]any{"notes": ""})
			}},
			{"Notes500CharactersAreSaved", func(t *testing.T, a *apiTest) {
				notes := strings.Repeat("क", 500) // 500 characters, 1500 bytes
				res := a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", mid), map[string]any{"notes": notes}, as(B))
				wantStatus(t, res, 200)
				wantFields(t, "match", res.json(t), map[string]any{"notes": notes})
				wantFields(t, "seller's view", a.onlyMatch(A, "/api/matches"), map[string]any{"notes": ""})
			}},
			{"ASecondRequirementMatchesToo", func(t *testing.T, a *apiTest) {
				r2 := a.create(B, "/api/requirements", wanted("clientName", "Sita Devi", "minBedrooms", 2))
				m := a.onlyMatch(B, fmt.Sprintf("/api/requirements/%d/matches", idOf(r2)))
				m2 = idOf(m)
				wantFields(t, "second match", m, map[string]any{"matchScore": 100, "scoreBreakdown": breakdown(15, 10, 20, 100), "status": "new"})
				if got := a.objects(A, "/api/matches?type=seller"); len(got) != 2 || idOf(got[0]) != m2 {
					t.Errorf("seller's matches = %v, want the 2 matches newest first", ids(got))
				}
			}},
			{"ContactedMatchKeepsItsStatus", func(t *testing.T, a *apiTest) {
				res := status(t, B, mid, map[string]any{"status": "contacted"})
				wantStatus(t, res, 200)
				wantFields(t, "match", res.json(t), map[string]any{"status": "contacted", "viewedByBuyer": true})
			}},
			{"EditInsideTheBandRescoresBothAndKeepsStatusAndNotes", func(t *testing.T, a *apiTest) {
				edit(t, "85,00,000") // above the 80 lakh budget, inside its 10% widening
				list := a.objects(B, "/api/matches?type=buyer")
				if !slices.Equal(ids(list), []int64{m2, mid}) {
					t.Fatalf("buyer's matches = %v, want [%d %d]", ids(list), m2, mid)
				}
				wantFields(t, "new match", list[0], map[string]any{"matchScore": 85, "scoreBreakdown": breakdown(0, 10, 20, 85), "status": "new"})
				wantFields(t, "contacted match", list[1], map[string]any{"matchScore": 75, "scoreBreakdown": breakdown(0, 0, 20, 75),
					"status": "contacted", "notes": strings.Repeat("क", 500)})
			}},
			{"EditOutOfThe10PercentBandRemovesTheNewMatch", func(t *testing.T, a *apiTest) {
				edit(t, 8800001) // the band ends at 88 lakh
				list := a.objects(B, "/api/matches?type=buyer")
				if !slices.Equal(ids(list), []int64{mid}) {
					t.Fatalf("buyer's matches = %v, want only the contacted [%d]", ids(list), mid)
				}
				wantFields(t, "contacted match", list[0], map[string]any{"status": "contacted", "notes": strings.Repeat("क", 500)})
				if got := ids(a.objects(A, "/api/matches?type=seller")); !slices.Equal(got, []int64{mid}) {
					t.Errorf("seller's matches = %v, want [%d]", got, mid)
				}
			}},
			{"EditBackToTheBandEdgeMatchesAgain", func(t *testing.T, a *apiTest) {
				edit(t, 8800000)
				list := a.objects(B, "/api/matches?type=buyer")
				if len(list) != 2 || idOf(list[1]) != mid {
					t.Fatalf("buyer's matches = %v, want a new one and [%d]", ids(list), mid)
				}
				wantFields(t, "rematched", list[0], map[string]any{"matchScore": 85, "status": "new", "notes": "", "propertyId": pid})
			}},
			{"DeactivatingTheListingRemovesOnlyTheNewMatch", func(t *testing.T, a *apiTest) {
				wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", pid), listing("price", 8800000, "isActive", false), as(A)), 200)
				if got := ids(a.objects(B, "/api/matches")); !slices.Equal(got, []int64{mid}) {
					t.Errorf("matches after deactivation = %v, want [%d]", got, mid)
				}
			}},
			{"DeletingTheListingDeletesItsMatches", func(t *testing.T, a *apiTest) {
				wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/properties/%d", pid), nil, as(A)), 200)
				for _, g := range []agent{A, B} {
					if got := a.objects(g, "/api/matches"); len(got) != 0 {
						t.Errorf("matches after delete: %v", ids(got))
					}
				}
				wantError(t, status(t, B, mid, map[string]any{"status": "closed"}), 404)
			}},
		}
		for _, s := range steps {
			if !t.Run(s.name, func(t *testing.T) { s.fn(t, a.sub(t)) }) {
				return // later steps build on this one
			}
		}
	})
}

func TestNoMatchAcrossRules(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		for _, tc := range []struct {
			name string
			p    []any
			r    []any
		}{
			{"SameAgentIsNoMatch", nil, nil},
			{"OtherPurposeIsNoMatch", []any{"listingPurpose", "for_rent"}, nil},
			{"OtherTypeIsNoMatch", []any{"propertyType", "villa"}, nil},
			{"OtherCityIsNoMatch", []any{"city", "Warangal"}, nil},
			{"PriceBelowTheBandIsNoMatch", []any{"price", 6299999}, nil},
			{"InactiveRequirementIsNoMatch", nil, []any{"isActive", false}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				owner := B
				if tc.name == "SameAgentIsNoMatch" {
					owner = A
				}
				r := a.create(owner, "/api/requirements", wanted(tc.r...))
				p := a.create(A, "/api/properties", listing(tc.p...))
				if got := a.objects(owner, fmt.Sprintf("/api/requirements/%d/matches", idOf(r))); len(got) != 0 {
					t.Errorf("matches = %v, want none", got)
				}
				wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/properties/%d", idOf(p)), nil, as(A)), 200)
				wantStatus(t, a.do("DELETE", fmt.Sprintf("/api/requirements/%d", idOf(r)), nil, as(owner)), 200)
			})
		}
		t.Run("RequirementMatchesAreBestFirstNewestAmongEquals", func(t *testing.T) {
			a := a.sub(t)
			r := a.create(B, "/api/requirements", wanted("clientName", "Ordering", "preferredCities", "Warangal", "minBedrooms", 2))
			best := idOf(a.create(A, "/api/properties", listing("city", "Warangal")))                    // 100
			worse := idOf(a.create(A, "/api/properties", listing("city", "Warangal", "price", 8500000))) // 85
			tied := idOf(a.create(A, "/api/properties", listing("city", "Warangal", "title", "Twin")))   // 100, newer
			list := a.objects(B, fmt.Sprintf("/api/requirements/%d/matches", idOf(r)))
			var got []int64
			for _, m := range list {
				got = append(got, int64(m["propertyId"].(float64)))
			}
			if want := []int64{tied, best, worse}; !slices.Equal(got, want) {
				t.Errorf("requirement matches by property = %v, want %v (best first, then the newest property)", got, want)
			}
			if newest := a.objects(B, "/api/matches"); int64(newest[0]["propertyId"].(float64)) != tied || int64(newest[2]["propertyId"].(float64)) != best {
				t.Errorf("GET /api/matches is not newest first: %v", newest)
			}
		})
		t.Run("NotInterestedIsNeverOfferedAgain", func(t *testing.T) {
			a := a.sub(t)
			r := a.create(B, "/api/requirements", wanted("clientName", "Picky", "preferredCities", "Karimnagar"))
			p := a.create(A, "/api/properties", listing("city", "Karimnagar"))
			m := a.onlyMatch(B, fmt.Sprintf("/api/requirements/%d/matches", idOf(r)))
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", idOf(m)), map[string]any{"status": "not_interested"}, as(B)), 200)
			path := fmt.Sprintf("/api/properties/%d", idOf(p))
			for _, body := range []map[string]any{
				listing("city", "Karimnagar", "price", 9900000), listing("city", "Karimnagar", "isActive", false), listing("city", "Karimnagar", "title", "Re-listed"),
			} {
				wantStatus(t, a.do("PUT", path, body, as(A)), 200)
				list := a.objects(B, fmt.Sprintf("/api/requirements/%d/matches", idOf(r)))
				if len(list) != 1 || idOf(list[0]) != idOf(m) || list[0]["status"] != "not_interested" {
					t.Errorf("after an edit the pair is offered as %v, want only the not_interested match %d", list, idOf(m))
				}
			}
		})
		t.Run("EditingTheRequirementRematches", func(t *testing.T) {
			a := a.sub(t)
			pid := idOf(a.create(A, "/api/properties", listing("city", "Nizamabad")))
			r := a.create(B, "/api/requirements", wanted("clientName", "Editor", "preferredCities", "Nizamabad"))
			path := fmt.Sprintf("/api/requirements/%d", idOf(r))
			matches := func() []map[string]any { return a.objects(B, path+"/matches") }
			patch := func(body map[string]any) {
				t.Helper()
				wantStatus(t, a.do("PATCH", path, body, as(B)), 200)
			}
			if got := matches(); len(got) != 1 || got[0]["matchScore"] != 90.0 {
				t.Fatalf("matches = %v, want one scoring 90", got)
			}
			patch(map[string]any{"minBedrooms": "2"})
			if got := matches(); len(got) != 1 || got[0]["matchScore"] != 100.0 {
				t.Errorf("after lowering minBedrooms: %v, want one scoring 100", got)
			}
			patch(map[string]any{"listingPurpose": "forRent"})
			if got := matches(); len(got) != 0 {
				t.Errorf("after changing the purpose: %v, want none", ids(got))
			}
			patch(map[string]any{"listingPurpose": "forSale"})
			got := matches()
			if len(got) != 1 {
				t.Fatalf("after changing back: %v, want one", ids(got))
			}
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", idOf(got[0])), map[string]any{"status": "interested"}, as(B)), 200)
			patch(map[string]any{"maxPrice": 5000000, "minPrice": nil})
			if kept := matches(); len(kept) != 1 || kept[0]["status"] != "interested" || kept[0]["propertyId"] != float64(pid) {
				t.Errorf("an interested match must survive the edit: %v", kept)
			}
			patch(map[string]any{"isActive": false})
			if kept := matches(); len(kept) != 1 || kept[0]["status"] != "interested" {
				t.Errorf("an interested match must survive deactivation: %v", kept)
			}
		})
		t.Run("CityComparisonIgnoresCaseAndSpaces", func(t *testing.T) {
			a := a.sub(t)
			a.create(A, "/api/properties", listing())
			r := a.create(B, "/api/requirements", wanted("preferredCities", " HYDERABAD "))
			if got := a.objects(B, fmt.Sprintf("/api/requirements/%d/matches", idOf(r))); len(got) != 1 {
				t.Errorf("matches = %v, want 1", ids(got))
			}
		})
	})
}

// ---- privacy and marketplace ----------------------------------------------

func TestMarketplace(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		sunrise := idOf(a.create(A, "/api/properties", listing("title", "Sunrise Residency", "locality", "Banjara Hills")))
		vastu := idOf(a.create(A, "/api/properties", listing("title", "100% Vastu Villa", "propertyType", "villa", "locality", "Jubilee Hills")))
		plot := idOf(a.create(B, "/api/properties", listing("title", "Plot_A7 near ORR", "propertyType", "plot", "city", "Warangal", "locality", "Hanamkonda", "bedrooms", nil)))
		elan := idOf(a.create(B, "/api/properties", listing("title", "ÉLAN Heights", "propertyType", "commercial", "bedrooms", nil, "city", "Secunderabad", "locality", "Begumpet")))
		hidden := idOf(a.create(A, "/api/properties", listing("title", "Hidden Sunrise Flat", "isActive", false)))
		ramesh := idOf(a.create(A, "/api/requirements", wanted()))
		meena := idOf(a.create(B, "/api/requirements", wanted("clientName", "Meena Iyer", "clientPhone", "9123456780", "clientEmail", "meena@example.com",
			"propertyTypes", "villa", "preferredCities", "Warangal", "preferredLocalities", "Hanamkonda, Kazipet")))
		inactiveReq := idOf(a.create(B, "/api/requirements", wanted("clientName", "Dormant Client", "isActive", false)))

		t.Run("RequirementsNeverCarryClientContact", func(t *testing.T) {
			a := a.sub(t)
			for _, g := range []agent{A, B} {
				res := a.do("GET", "/api/marketplace/requirements", nil, as(g))
				wantStatus(t, res, 200)
				for _, secret := range []string{`"clientPhone"`, `"clientEmail"`, clientPhone, "9876543210", clientEmail, "9123456780", "meena@example.com"} {
					if bytes.Contains(res.body, []byte(secret)) {
						t.Errorf("the marketplace carries %s: %s", secret, res.body)
					}
				}
			}
		})
		t.Run("RequirementsIncludeOtherAgentsActiveOnes", func(t *testing.T) {
			a := a.sub(t)
			list := a.objects(A, "/api/marketplace/requirements")
			if got := ids(list); !slices.Equal(got, []int64{meena, ramesh}) {
				t.Fatalf("marketplace requirements = %v, want [%d %d] (newest first, inactive %d left out)", got, meena, ramesh, inactiveReq)
			}
			wantFields(t, "other agent's requirement", list[0], map[string]any{"clientName": "Meena I.", "agentId": B.id, "agentPhone": B.phone})
			wantFields(t, "own requirement", list[1], map[string]any{"clientName": "Ramesh Kumar", "agentId": A.id})
		})
		t.Run("PropertiesCarryTheAgentPhone", func(t *testing.T) {
			a := a.sub(t)
			list := a.objects(B, "/api/marketplace/properties")
			if got := ids(list); !slices.Equal(got, []int64{elan, plot, vastu, sunrise}) {
				t.Fatalf("marketplace properties = %v, want [%d %d %d %d] (inactive %d left out)", got, elan, plot, vastu, sunrise, hidden)
			}
			wantFields(t, "A's listing", list[2], map[string]any{"agentPhone": A.phone, "agentName": "Test anil", "agentId": A.id})
			wantFields(t, "B's listing", list[1], map[string]any{"agentPhone": B.phone, "agentName": "Test bina", "agentId": B.id})
		})
		t.Run("DeactivatedListingLeavesTheMarketplace", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", vastu), listing("title", "100% Vastu Villa", "propertyType", "villa", "isActive", false), as(A)), 200)
			if got := ids(a.objects(B, "/api/marketplace/properties")); !slices.Equal(got, []int64{elan, plot, sunrise}) {
				t.Errorf("marketplace after deactivation = %v, want [%d %d %d]", got, elan, plot, sunrise)
			}
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", vastu), listing("title", "100% Vastu Villa", "propertyType", "villa", "locality", "Jubilee Hills"), as(A)), 200)
			wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", ramesh), map[string]any{"isActive": false}, as(A)), 200)
			if got := ids(a.objects(B, "/api/marketplace/requirements")); !slices.Equal(got, []int64{meena}) {
				t.Errorf("marketplace requirements after deactivation = %v, want [%d]", got, meena)
			}
			wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", ramesh), map[string]any{"isActive": true}, as(A)), 200)
		})
		for _, tc := range []struct {
			name, q string
			want    []int64
		}{
			{"TitleIgnoringCase", "sUnRiSe", []int64{sunrise}},
			{"Locality", "banjara", []int64{sunrise}},
			{"City", "WARANGAL", []int64{plot}},
			{"PropertyType", "Villa", []int64{vastu}},
			{"TypeAcrossListings", "apartment", []int64{sunrise}},
			{"SpacesAround", "  jubilee hills ", []int64{vastu}},
			{"PercentIsLiteral", "%", []int64{vastu}},
			{"PercentInsideIsLiteral", "100%", []int64{vastu}},
			{"UnderscoreIsLiteral", "_", []int64{plot}},
			{"UnderscoreIsNotAWildcard", "plot_a", []int64{plot}},
			{"UnderscoreDoesNotMatchOtherCharacters", "Plot_B", []int64{}},
			{"BackslashIsLiteral", `\`, []int64{}},
			{"NoHit", "zzz", []int64{}},
			{"NonASCIIIgnoringCase", "éLAN", []int64{elan}},
			{"EmptyIsEverything", "", []int64{elan, plot, vastu, sunrise}},
		} {
			t.Run("PropertySearch/"+tc.name, func(t *testing.T) {
				a := a.sub(t)
				res := a.do("GET", "/api/marketplace/properties?q="+url.QueryEscape(tc.q), nil, as(B))
				wantStatus(t, res, 200)
				if got := ids(jsonObjects(t, res)); !slices.Equal(got, tc.want) {
					t.Errorf("q=%q found %v, want %v", tc.q, got, tc.want)
				}
			})
		}
		for _, tc := range []struct {
			name, q string
			want    []int64
		}{
			{"OwnClientName", "ramesh", []int64{ramesh}},
			{"OtherAgentsClientNameIsNotSearchable", "meena", []int64{}},
			{"OtherAgentsClientLastNameIsNotSearchable", "iyer", []int64{}},
			{"PreferredCity", "warangal", []int64{meena}},
			{"PreferredLocality", "KAZIPET", []int64{meena}},
			{"PropertyType", "Apartment", []int64{ramesh}},
			{"PercentIsLiteral", "%", []int64{}},
			{"UnderscoreIsLiteral", "_", []int64{}},
			{"ClientPhoneIsNotSearchable", "9123456780", []int64{}},
			{"QuoteIsLiteral", `"`, []int64{}},
			{"BracketIsLiteral", "[", []int64{}},
			{"ListSeparatorIsLiteral", `","`, []int64{}},
		} {
			t.Run("RequirementSearch/"+tc.name, func(t *testing.T) {
				a := a.sub(t)
				res := a.do("GET", "/api/marketplace/requirements?q="+url.QueryEscape(tc.q), nil, as(A))
				wantStatus(t, res, 200)
				if got := ids(jsonObjects(t, res)); !slices.Equal(got, tc.want) {
					t.Errorf("q=%q found %v, want %v", tc.q, got, tc.want)
				}
			})
		}
		t.Run("SignedOutIs401", func(t *testing.T) {
			a := a.sub(t)
			for _, path := range []string{"/api/marketplace/properties", "/api/marketplace/requirements", "/api/dashboard/stats", "/api/properties", "/api/requirements", "/api/matches"} {
				wantError(t, a.do("GET", path, nil), 401)
			}
			wantError(t, a.do("POST", "/api/properties", listing()), 401)
			wantError(t, a.do("POST", "/api/requirements", wanted()), 401)
		})
	})
}

func jsonObjects(t *testing.T, r response) []map[string]any {
	t.Helper()
	var out []map[string]any
	if err := json.Unmarshal(r.body, &out); err != nil || out == nil {
		t.Fatalf("not a JSON array (%v): %s", err, r.body)
	}
	return out
}

// ---- pagination -----------------------------------------------------------

func TestPagination(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		C := a.newAgent("chetan", "9833333333")
		var props, reqs []int64
		for i := range 5 {
			props = append(props, idOf(a.create(A, "/api/properties", listing("title", fmt.Sprintf("Flat %d", i)))))
			reqs = append(reqs, idOf(a.create(B, "/api/requirements", wanted("clientName", fmt.Sprintf("Client %d", i)))))
		}
		newestFirst := func(ids []int64) []int64 {
			out := slices.Clone(ids)
			slices.Reverse(out)
			return out
		}
		allMatches := ids(a.objects(B, "/api/matches?type=buyer&limit=500"))
		if len(allMatches) != 25 {
			t.Fatalf("%d matches, want 5 x 5 = 25", len(allMatches))
		}
		for _, tc := range []struct {
			name  string
			who   agent
			path  string
			want  []int64
			pages []int
		}{
			{"MyProperties", A, "/api/properties?limit=2", newestFirst(props), []int{2, 2, 1}},
			{"MyRequirements", B, "/api/requirements?limit=2", newestFirst(reqs), []int{2, 2, 1}},
			{"MarketplaceProperties", C, "/api/marketplace/properties?limit=2", newestFirst(props), []int{2, 2, 1}},
			{"MarketplaceRequirements", C, "/api/marketplace/requirements?limit=2", newestFirst(reqs), []int{2, 2, 1}},
			{"MarketplaceSearchKeepsTheQuery", C, "/api/marketplace/properties?q=flat&limit=2", newestFirst(props), []int{2, 2, 1}},
			{"BuyerMatchesKeepTheType", B, "/api/matches?type=buyer&limit=10", allMatches, []int{10, 10, 5}},
			{"SellerMatches", A, "/api/matches?limit=10&type=seller", allMatches, []int{10, 10, 5}},
			{"ExactMultipleHasNoEmptyLastPage", A, "/api/properties?limit=5", newestFirst(props), []int{5}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				var got []int64
				var sizes []int
				path := tc.path
				for path != "" {
					res := a.do("GET", path, nil, as(tc.who))
					wantStatus(t, res, 200)
					page := ids(jsonObjects(t, res))
					got = append(got, page...)
					sizes = append(sizes, len(page))
					path = ""
					if link := res.header.Get("Link"); link != "" {
						m := linkNext.FindStringSubmatch(link)
						if m == nil {
							t.Fatalf("Link = %q, want <...>; rel=\"next\"", link)
						}
						path = m[1]
						if !strings.HasPrefix(path, strings.SplitN(tc.path, "?", 2)[0]+"?") {
							t.Errorf("Link %q leaves the list %s", link, tc.path)
						}
						for _, kv := range strings.Split(strings.SplitN(tc.path, "?", 2)[1], "&") {
							if !strings.Contains(path, kv) {
								t.Errorf("Link %q drops %s", link, kv)
							}
						}
					}
					if len(sizes) > 10 {
						t.Fatalf("more than 10 pages: %v", sizes)
					}
				}
				if !slices.Equal(sizes, tc.pages) {
					t.Errorf("page sizes = %v, want %v", sizes, tc.pages)
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("ids over all pages = %v, want %v (newest first, no duplicates)", got, tc.want)
				}
				if !slices.IsSortedFunc(got, func(x, y int64) int { return int(y - x) }) {
					t.Errorf("ids %v are not newest first", got)
				}
			})
		}
		for _, list := range []string{"/api/properties", "/api/requirements", "/api/matches", "/api/marketplace/properties", "/api/marketplace/requirements"} {
			for _, tc := range []struct {
				name, query, path string
			}{
				{"LimitZero", "limit=0", "limit"},
				{"Limit501", "limit=501", "limit"},
				{"LimitNegative", "limit=-1", "limit"},
				{"LimitNotANumber", "limit=abc", "limit"},
				{"CursorGarbage", "cursor=garbage", "cursor"},
				{"CursorOfZero", "cursor=" + base64.RawURLEncoding.EncodeToString([]byte("0")), "cursor"},
				{"CursorNotBase64", "cursor=%25%25", "cursor"},
			} {
				t.Run("BadPageIs400"+list+"/"+tc.name, func(t *testing.T) {
					a := a.sub(t)
					wantError(t, a.do("GET", list+"?"+tc.query, nil, as(A)), 400, tc.path)
				})
			}
			t.Run("EmptyListIsAnArray"+list, func(t *testing.T) {
				a := a.sub(t)
				// C owns nothing, and q (where searched) matches nothing.
				res := a.do("GET", list+"?limit=500&q=nothing-matches-this", nil, as(C))
				wantStatus(t, res, 200)
				if got := strings.TrimSpace(string(res.body)); got != "[]" {
					t.Errorf("body = %s, want []", got)
				}
				if l := res.header.Get("Link"); l != "" {
					t.Errorf("Link on the only page: %q", l)
				}
			})
		}
		t.Run("OwnListsOfAnAgentWithNothingAreEmptyArrays", func(t *testing.T) {
			a := a.sub(t)
			for _, path := range []string{"/api/properties", "/api/requirements", "/api/matches"} {
				res := a.do("GET", path, nil, as(C))
				wantStatus(t, res, 200)
				if got := strings.TrimSpace(string(res.body)); got != "[]" {
					t.Errorf("GET %s = %s, want []", path, got)
				}
			}
			res := a.do("GET", fmt.Sprintf("/api/requirements/%d/matches", reqs[0]), nil, as(B))
			wantStatus(t, res, 200)
			if n := len(res.list(t)); n != 5 {
				t.Errorf("requirement has %d matches, want 5", n)
			}
		})
	})
}

// ---- dashboard --------------------------------------------------------------

func TestDashboardStats(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		C := a.newAgent("chetan", "9833333333")
		types := func(apartment, villa, plot int) map[string]any {
			return map[string]any{"apartment": apartment, "villa": villa, "plot": plot, "commercial": 0, "agricultural": 0}
		}
		stats := func(properties, active, requirements, buyer, seller, newM int, pt map[string]any) map[string]any {
			return map[string]any{"properties": properties, "activeProperties": active, "requirements": requirements,
				"buyerMatches": buyer, "sellerMatches": seller, "totalMatches": buyer + seller, "newMatches": newM, "propertyTypes": pt,
				"unreadMessages": 0, "pendingRequests": 0, "sentRequests": 0, "messagesBadge": 0, "connections": 0, "courses": 0, "enrolledCourses": 0}
		}
		check := func(t *testing.T, g agent, want map[string]any) {
			t.Helper()
			res := a.sub(t).do("GET", "/api/dashboard/stats", nil, as(g))
			wantStatus(t, res, 200)
			got := res.json(t)
			if !reflect.DeepEqual(got, jsonValue(want)) {
				t.Errorf("stats of agent %d = %v, want %v", g.id, got, jsonValue(want))
			}
		}
		t.Run("EmptyAgent", func(t *testing.T) {
			check(t, C, stats(0, 0, 0, 0, 0, 0, types(0, 0, 0)))
		})
		// A lists two apartments (one inactive) and a villa; B wants an
		// apartment and a villa; B lists a plot that A's client wants.
		p1 := idOf(a.create(A, "/api/properties", listing()))
		a.create(A, "/api/properties", listing("title", "Inactive flat", "isActive", false))
		p3 := idOf(a.create(A, "/api/properties", listing("title", "Villa", "propertyType", "villa", "price", 15000000)))
		r1 := idOf(a.create(B, "/api/requirements", wanted()))
		a.create(B, "/api/requirements", wanted("clientName", "Villa client", "propertyTypes", "villa", "minPrice", 10000000, "maxPrice", 20000000))
		a.create(B, "/api/properties", listing("title", "Plot", "propertyType", "plot", "price", 5000000, "bedrooms", nil))
		a.create(A, "/api/requirements", wanted("clientName", "Plot client", "propertyTypes", "plot", "minPrice", 4000000, "maxPrice", 6000000))
		m1 := a.onlyMatch(B, fmt.Sprintf("/api/requirements/%d/matches", r1))
		if m1["propertyId"] != float64(p1) {
			t.Fatalf("r1's match is on property %v, want %d", m1["propertyId"], p1)
		}
		wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", idOf(m1)), map[string]any{"status": "contacted"}, as(B)), 200)

		// newMatches counts each side by its own status: B's contacted is
		// B's, and the match is still new on A's side.
		t.Run("AfterListingsRequirementsAndAStatusChange", func(t *testing.T) {
			check(t, A, stats(3, 2, 1, 1, 2, 3, types(2, 1, 0)))
			check(t, B, stats(1, 1, 2, 2, 1, 2, types(0, 0, 1)))
			check(t, C, stats(0, 0, 0, 0, 0, 0, types(0, 0, 0)))
		})
		t.Run("AfterDeletingTheVilla", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("DELETE", fmt.Sprintf("/api/properties/%d", p3), nil, as(A)), 200)
			check(t, A, stats(2, 1, 1, 1, 1, 2, types(2, 0, 0)))
			check(t, B, stats(1, 1, 2, 1, 1, 1, types(0, 0, 1)))
		})
		t.Run("AfterDeactivatingTheApartment", func(t *testing.T) {
			// The contacted match survives: the buyer's status moved past new.
			wantStatus(t, a.sub(t).do("PUT", fmt.Sprintf("/api/properties/%d", p1), listing("isActive", false), as(A)), 200)
			check(t, A, stats(2, 0, 1, 1, 1, 2, types(2, 0, 0)))
			check(t, B, stats(1, 1, 2, 1, 1, 1, types(0, 0, 1)))
		})
		t.Run("AfterDeletingARequirementWithAMatch", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("DELETE", fmt.Sprintf("/api/requirements/%d", r1), nil, as(B)), 200)
			check(t, A, stats(2, 0, 1, 1, 0, 1, types(2, 0, 0)))
			check(t, B, stats(1, 1, 1, 0, 1, 1, types(0, 0, 1)))
		})
		t.Run("SignedOutIs401", func(t *testing.T) {
			wantError(t, a.sub(t).do("GET", "/api/dashboard/stats", nil), 401)
		})
	})
}

// TestMatchesFilteredByTheCallersStatus: the status filter reads the
// caller's own side of each match.
func TestMatchesFilteredByTheCallersStatus(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("asha", "9811111111")
		B := a.newAgent("bala", "9822222222")
		a.create(A, "/api/properties", listing())
		a.create(A, "/api/properties", listing("title", "Second flat"))
		a.create(B, "/api/requirements", wanted())
		all := jsonObjects(t, a.do("GET", "/api/matches?type=buyer", nil, as(B)))
		if len(all) != 2 {
			t.Fatalf("%d matches, want 2", len(all))
		}
		id := int64(all[0]["id"].(float64))
		wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", id), map[string]any{"status": "interested"}, as(B)), 200)
		for _, tc := range []struct {
			who   agent
			query string
			want  int
		}{
			{B, "status=new", 1}, {B, "status=interested", 1}, {B, "status=closed", 0}, {B, "type=buyer&status=interested", 1},
			{B, "type=seller&status=interested", 0},
			{A, "status=new", 2}, {A, "status=interested", 0}, {A, "type=seller&status=new", 2}, {A, "type=buyer&status=new", 0},
		} {
			if got := jsonObjects(t, a.do("GET", "/api/matches?"+tc.query, nil, as(tc.who))); len(got) != tc.want {
				t.Errorf("agent %d, %s: %d matches, want %d", tc.who.id, tc.query, len(got), tc.want)
			}
		}
		wantError(t, a.do("GET", "/api/matches?status=maybe", nil, as(A)), 400, "status")
	})
}
