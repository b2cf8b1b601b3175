package httpapi_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestMatchingThroughTheAPI(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111") // seller agent
		B := a.newAgent("bina", "9822222222") // buyer agent
		p := a.create(A, "/api/properties", listing())
		r := a.create(B, "/api/requirements", wanted())
		pid, rid := idOf(p), idOf(r)
		var mid, m2 int64
		status := func(t *testing.T, g agent, id int64, body any, opts ...reqOption) response {
			t.Helper()
			return a.sub(t).do("PUT", fmt.Sprintf("/api/matches/%d/status", id), body, append(opts, as(g))...)
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
				wantError(t, a.do("GET", "/api/matches?type=owner", nil, as(B), invalid()), 400, "type")
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
				wantError(t, status(t, B, mid, map[string]any{"status": "viewed", "viewedBy": "agent"}, invalid()), 400, "viewedBy")
				wantFields(t, "match", a.onlyMatch(B, "/api/matches"), map[string]any{"viewedBySeller": false, "viewedByBuyer": true, "status": "viewed"})
			}},
			{"SellerMarksViewedBySeller", func(t *testing.T, a *apiTest) {
				res := status(t, A, mid, map[string]any{"status": "viewed", "viewedBy": "seller"})
				wantStatus(t, res, 200)
				wantFields(t, "match", res.json(t), map[string]any{"viewedBySeller": true, "viewedByBuyer": true})
			}},
			{"UnknownStatusIs400", func(t *testing.T, a *apiTest) {
				wantError(t, status(t, B, mid, map[string]any{"status": "archived"}, invalid()), 400, "status")
				wantError(t, status(t, B, mid, map[string]any{}, invalid()), 400, "status")
			}},
			{"Notes501CharactersIs400", func(t *testing.T, a *apiTest) {
				res := a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", mid), map[string]any{"notes": strings.Repeat("n", 501)}, as(B), invalid())
				wantFieldError(t, res, "notes", "Notes must be at most 500 characters")
				wantError(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", mid), map[string]any{}, as(B), invalid()), 400, "notes")
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
		wantError(t, a.do("GET", "/api/matches?status=maybe", nil, as(A), invalid()), 400, "status")
	})
}

// TestMatchesSortedAndFilteredByTheServer: sort=score puts the best match
// first over every page, the filters narrow the list, and bad parameters
// are 400s naming each one.
func TestMatchesSortedAndFilteredByTheServer(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("asha", "9811111111")
		B := a.newAgent("bala", "9822222222")
		best := idOf(a.create(A, "/api/properties", listing()))                                   // 90
		low := idOf(a.create(A, "/api/properties", listing("locality", "Kondapur")))              // 70
		mid := idOf(a.create(A, "/api/properties", listing("price", 8500000, "title", "Dearer"))) // 75
		rid := idOf(a.create(B, "/api/requirements", wanted()))
		other := idOf(a.create(B, "/api/requirements", wanted("clientName", "Sita Rao", "preferredLocalities", "Kondapur")))
		walk := func(path string) (props []int64) {
			t.Helper()
			for pages := 0; path != ""; pages++ {
				res := a.do("GET", path, nil, as(B))
				wantStatus(t, res, 200)
				for _, m := range jsonObjects(t, res) {
					if int64(m["requirementId"].(float64)) == rid {
						props = append(props, int64(m["propertyId"].(float64)))
					}
				}
				path = ""
				if link := res.header.Get("Link"); link != "" {
					path = linkNext.FindStringSubmatch(link)[1]
				}
				if pages > 20 {
					t.Fatal("the pages never end")
				}
			}
			return props
		}
		newest := walk(fmt.Sprintf("/api/matches?type=buyer&requirementId=%d", rid))
		if len(newest) != 3 {
			t.Fatalf("requirement %d has listings %v, want 3", rid, newest)
		}
		// mid's match moves on to contacted: sorted by status it comes after the new ones.
		for _, m := range jsonObjects(t, a.do("GET", fmt.Sprintf("/api/matches?type=buyer&propertyId=%d&requirementId=%d", mid, rid), nil, as(B))) {
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", idOf(m)), map[string]any{"status": "contacted"}, as(B)), 200)
		}
		byStatus := append(slices.DeleteFunc(slices.Clone(newest), func(id int64) bool { return id == mid }), mid)
		for _, c := range []struct {
			query string
			want  []int64
		}{
			{"type=buyer&requirementId=%d&sort=newest&limit=1", newest},
			{"type=buyer&requirementId=%d&sort=score&limit=1", []int64{best, mid, low}},
			{"type=buyer&requirementId=%d&sort=score&minScore=75", []int64{best, mid}},
			{"type=buyer&requirementId=%d&sort=status&limit=2", byStatus},
			{"type=buyer&requirementId=%d&propertyId=" + fmt.Sprint(low), []int64{low}},
		} {
			if got := walk("/api/matches?" + fmt.Sprintf(c.query, rid)); !slices.Equal(got, c.want) {
				t.Errorf("%s: listings %v, want %v", c.query, got, c.want)
			}
		}
		if got := jsonObjects(t, a.do("GET", fmt.Sprintf("/api/matches?type=buyer&requirementId=%d", other), nil, as(B))); len(got) == 0 {
			t.Error("the other requirement has no matches; the requirement filter proves nothing")
		} else {
			for _, m := range got {
				if int64(m["requirementId"].(float64)) != other {
					t.Errorf("requirementId=%d kept a match of requirement %v", other, m["requirementId"])
				}
			}
		}
		for _, c := range []struct{ query, path string }{
			{"sort=price", "sort"}, {"minScore=101", "minScore"}, {"minScore=x", "minScore"},
			{"requirementId=-4", "requirementId"}, {"propertyId=abc", "propertyId"},
		} {
			wantError(t, a.do("GET", "/api/matches?"+c.query, nil, as(B), invalid()), 400, c.path)
		}
		// A cursor of one order is refused by another.
		res := a.do("GET", "/api/matches?type=buyer&sort=score&limit=1", nil, as(B))
		next := linkNext.FindStringSubmatch(res.header.Get("Link"))[1]
		wantError(t, a.do("GET", strings.Replace(next, "sort=score", "sort=newest", 1), nil, as(B)), 400, "cursor")
	})
}
