package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
)

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
					wantError(t, a.do("GET", list+"?"+tc.query, nil, as(A), invalid()), 400, tc.path)
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
