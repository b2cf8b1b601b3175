package httpapi_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// advert is a valid advertisement body, changed by over.
func advert(title string, over ...any) map[string]any {
	return with(map[string]any{"title": title, "description": "Quick approvals for your buyers", "offer": "Zero processing fee",
		"contactInfo": "+91 98450 12345", "color": "bg-blue-600", "iconName": "CreditCard"}, over...)
}

func TestAdvertisementWritesAreForAdmins(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		agentA := a.newAgent("bala", "9800000002")
		ad := a.create(admin, "/api/advertisements", advert("Home loans"))
		path := fmt.Sprintf("/api/advertisements/%d", idOf(ad))
		for _, tc := range []struct {
			name, method, path string
			body               any
		}{
			{"Create", "POST", "/api/advertisements", advert("Mine")},
			{"Update", "PUT", path, advert("Mine")},
			{"Delete", "DELETE", path, nil},
			{"AdminList", "GET", "/api/admin/advertisements", nil},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a := a.sub(t)
				wantError(t, a.do(tc.method, tc.path, tc.body), 401)
				wantError(t, a.do(tc.method, tc.path, tc.body, as(agentA)), 403)
			})
		}
		t.Run("MissingIdIs404", func(t *testing.T) {
			a := a.sub(t)
			wantError(t, a.do("PUT", "/api/advertisements/999999", advert("x"), as(admin)), 404)
			wantError(t, a.do("DELETE", "/api/advertisements/999999", nil, as(admin)), 404)
		})
		t.Run("TheAdvertIsUnchanged", func(t *testing.T) {
			got := a.sub(t).objects(admin, "/api/admin/advertisements")
			if len(got) != 1 || got[0]["title"] != "Home loans" {
				t.Errorf("adverts after refused writes = %v", got)
			}
		})
	})
}

func TestAdvertisementFields(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		t.Run("DefaultsOfAnEmptyAdvert", func(t *testing.T) {
			m := a.sub(t).create(admin, "/api/advertisements", map[string]any{})
			wantFields(t, "advert", m, map[string]any{"title": "", "iconName": "Star", "buttonText": "Learn More", "displayOrder": 0,
				"badge": "", "offer": "", "contactInfo": "", "websiteUrl": "", "isActive": true,
				"targetCities": []string{}, "targetStates": []string{}, "advertisementImage": nil})
		})
		t.Run("CommaSeparatedTargetsAreSplitTrimmedAndEmptiesDropped", func(t *testing.T) {
			m := a.sub(t).create(admin, "/api/advertisements", advert("Legal", "targetCities", " Pune, ,Mumbai ,, pune",
				"targetStates", []string{"Maharashtra, Goa", " "}, "displayOrder", "3", "isActive", false))
			wantFields(t, "advert", m, map[string]any{"targetCities": []string{"Pune", "Mumbai"},
				"targetStates": []string{"Maharashtra", "Goa"}, "displayOrder": 3, "isActive": false})
		})
		t.Run("BareColourNamesAreAccepted", func(t *testing.T) {
			m := a.sub(t).create(admin, "/api/advertisements", advert("Teal", "color", "teal"))
			wantFields(t, "advert", m, map[string]any{"color": "teal"})
		})
		t.Run("GradientIsANamedColour", func(t *testing.T) {
			m := a.sub(t).create(admin, "/api/advertisements", advert("Violet", "gradient", "violet"))
			wantFields(t, "advert", m, map[string]any{"gradient": "violet"})
		})
		for _, tc := range []struct {
			name string
			over []any
			path string
		}{
			{"UnknownIcon", []any{"iconName", "Rocket"}, "iconName"},
			{"UnknownColour", []any{"color", "bg-rose-600"}, "color"},
			{"FreeTextGradient", []any{"gradient", "linear-gradient(red, blue); background:url(https://evil.example)"}, "gradient"},
			{"UnknownGradient", []any{"gradient", "rose"}, "gradient"},
			{"WebsiteNotAURL", []any{"websiteUrl", "homeloans"}, "websiteUrl"},
			{"WebsiteNotHTTP", []any{"websiteUrl", "javascript:alert(1)"}, "websiteUrl"},
			{"FractionalOrder", []any{"displayOrder", 1.5}, "displayOrder"},
			{"NegativeOrder", []any{"displayOrder", -1}, "displayOrder"},
			{"OrderPastMost", []any{"displayOrder", 1_000_001}, "displayOrder"},
			{"LongTitle", []any{"title", strings.Repeat("a", 201)}, "title"},
			{"ImageNeitherDataNorMedia", []any{"advertisementImage", "https://example.com/a.png"}, "advertisementImage"},
			{"ImageOfAnotherURL", []any{"advertisementImage", "/media/someoneelses"}, "advertisementImage"},
			{"GIFLabelledAsPNG", []any{"advertisementImage", strings.Replace(gifDataURL(t), "image/gif", "image/png", 1)}, "advertisementImage"},
			{"ImageTooLarge", []any{"advertisementImage", pngDataURL(t, 400, 400, true)}, "advertisementImage"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				wantError(t, a.sub(t).do("POST", "/api/advertisements", advert("Bad", tc.over...), as(admin), invalid()), 400, tc.path)
			})
		}
		t.Run("WrongTypeIs400", func(t *testing.T) {
			wantError(t, a.sub(t).do("POST", "/api/advertisements", map[string]any{"targetCities": map[string]any{}}, as(admin), invalid()), 400)
		})
	})
}

func TestAdvertisementImageIsStoredAsMedia(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		m := a.create(admin, "/api/advertisements", advert("Photography", "advertisementImage", pngDataURL(t, 8, 6, false)))
		img, _ := m["advertisementImage"].(string)
		if !strings.HasPrefix(img, "/media/") {
			t.Fatalf("advertisementImage = %v; want a /media/ URL", m["advertisementImage"])
		}
		res := a.do("GET", img, nil, as(admin), undocumented())
		if res.status != 200 || !strings.HasPrefix(res.header.Get("Content-Type"), "image/png") {
			t.Errorf("GET %s: %d %s", img, res.status, res.header.Get("Content-Type"))
		}
		path := fmt.Sprintf("/api/advertisements/%d", idOf(m))
		t.Run("KeptByItsURL", func(t *testing.T) {
			res := a.sub(t).do("PUT", path, advert("Photography", "advertisementImage", img), as(admin))
			wantStatus(t, res, 200)
			wantFields(t, "advert", res.json(t), map[string]any{"advertisementImage": img})
		})
		t.Run("AnotherAdvertCannotTakeIt", func(t *testing.T) {
			wantError(t, a.sub(t).do("POST", "/api/advertisements", advert("Thief", "advertisementImage", img), as(admin)), 400, "advertisementImage")
		})
		t.Run("RemovedWhenEmpty", func(t *testing.T) {
			res := a.sub(t).do("PUT", path, advert("Photography"), as(admin))
			wantStatus(t, res, 200)
			wantFields(t, "advert", res.json(t), map[string]any{"advertisementImage": nil})
		})
	})
}

// TestAdvertisementTargetingAfterEdit: what agents see follows the admin's
// edits (the harness's agents are in Hyderabad, Telangana).
func TestAdvertisementTargetingAfterEdit(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		agentA := a.newAgent("bala", "9800000002")
		m := a.create(admin, "/api/advertisements", advert("Interiors", "targetCities", "Pune"))
		path := fmt.Sprintf("/api/advertisements/%d", idOf(m))
		titles := func(t *testing.T, query string) []string {
			var out []string
			for _, m := range a.sub(t).objects(agentA, "/api/advertisements"+query) {
				out = append(out, fmt.Sprint(m["title"]))
			}
			return out
		}
		steps := []struct {
			name       string
			body       map[string]any
			own, other []string // the agent's own city; Pune, Maharashtra
		}{
			{"TargetedAtPune", nil, nil, []string{"Interiors"}},
			{"RetargetedAtHyderabad", advert("Interiors", "targetCities", "Hyderabad"), []string{"Interiors"}, nil},
			{"TargetedAtTheState", advert("Interiors", "targetStates", "Telangana"), []string{"Interiors"}, nil},
			{"EveryoneWhenEmpty", advert("Interiors", "targetCities", "", "targetStates", []string{}), []string{"Interiors"}, []string{"Interiors"}},
			{"HiddenWhenInactive", advert("Interiors", "isActive", false), nil, nil},
		}
		for _, st := range steps {
			t.Run(st.name, func(t *testing.T) {
				if st.body != nil {
					wantStatus(t, a.sub(t).do("PUT", path, st.body, as(admin)), 200)
				}
				if got := titles(t, ""); !slices.Equal(got, st.own) {
					t.Errorf("Hyderabad agent sees %v; want %v", got, st.own)
				}
				if got := titles(t, "?city=Pune&state=Maharashtra"); !slices.Equal(got, st.other) {
					t.Errorf("Pune sees %v; want %v", got, st.other)
				}
			})
		}
		t.Run("TheAdminListHasInactiveOnes", func(t *testing.T) {
			got := a.sub(t).objects(admin, "/api/admin/advertisements")
			if len(got) != 1 || got[0]["isActive"] != false {
				t.Errorf("admin list = %v", got)
			}
		})
		t.Run("DeletedIsGone", func(t *testing.T) {
			a := a.sub(t)
			wantStatus(t, a.do("DELETE", path, nil, as(admin)), 204)
			if got := a.objects(admin, "/api/admin/advertisements"); len(got) != 0 {
				t.Errorf("admin list after delete = %v", got)
			}
		})
	})
}

// TestAdvertisementWritesUnderConcurrency: 100 concurrent writes (creates
// with an image, edits and deletes of one advert) answer only success or
// 404, never a 5xx, and leave exactly one audit row per success and one
// stored image per created advert.
func TestAdvertisementWritesUnderConcurrency(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("asha", "9800000001")
		target := a.create(admin, "/api/advertisements", advert("Target"))
		path := fmt.Sprintf("/api/advertisements/%d", idOf(target))
		img := pngDataURL(t, 8, 6, false)
		before := a.lastAudit().count
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for i := range 100 {
			wg.Go(func() {
				var res response
				switch i % 3 {
				case 0:
					res = a.do("POST", "/api/advertisements", advert(fmt.Sprintf("Ad %d", i), "advertisementImage", img), as(admin))
				case 1:
					res = a.do("PUT", path, advert(fmt.Sprintf("Target %d", i), "targetCities", "Pune"), as(admin))
				default:
					res = a.do("DELETE", path, nil, as(admin))
				}
				mu.Lock()
				statuses[res.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		ok := 0
		for s, n := range statuses {
			switch s {
			case 200, 201, 204:
				ok += n
			case 404:
			default:
				t.Errorf("answers %v; want only 200, 201, 204 and 404", statuses)
			}
		}
		if statuses[201] != 34 || statuses[204] != 1 {
			t.Errorf("answers %v; want 34 creates and exactly one delete", statuses)
		}
		if got := a.lastAudit().count - before; got != ok {
			t.Errorf("%d audit rows for %d successful writes", got, ok)
		}
		var images int
		if err := a.db.QueryRow(`SELECT COUNT(DISTINCT image_id) FROM advertisements WHERE image_id IS NOT NULL`).Scan(&images); err != nil {
			t.Fatal(err)
		}
		if images != 34 {
			t.Errorf("%d distinct advert images, want 34", images)
		}
	})
}
