package httpapi_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"
	"time"

	"propmatch/internal/feature/ads"
)

// TestAdvertisementTargeting: agents registered by the harness are in
// Hyderabad, Telangana.
func TestAdvertisementTargeting(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		add := func(n ads.New) {
			t.Helper()
			err := a.db.WithTx(context.Background(), func(tx *sql.Tx) error {
				_, err := ads.Insert(context.Background(), tx, time.Now().UTC(), n)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		add(ads.New{Title: "Everyone", DisplayOrder: 3})
		add(ads.New{Title: "Hyderabad", DisplayOrder: 1, TargetCities: []string{"Hyderabad", "Warangal"}})
		add(ads.New{Title: "Telangana", DisplayOrder: 2, TargetStates: []string{"telangana"}})
		add(ads.New{Title: "Mumbai", DisplayOrder: 0, TargetCities: []string{"Mumbai"}, TargetStates: []string{"Maharashtra"}})
		add(ads.New{Title: "Inactive", DisplayOrder: 0, Inactive: true})
		add(ads.New{Title: "Bengaluru", DisplayOrder: 4, TargetCities: []string{"Bengaluru"}})
		titles := func(t *testing.T, path string) []string {
			var out []string
			for _, m := range a.sub(t).objects(A, path) {
				out = append(out, fmt.Sprint(m["title"]))
			}
			return out
		}
		for _, tc := range []struct {
			name, query string
			want        []string
		}{
			{"TheAgentsOwnCityAndStateByDefault", "", []string{"Hyderabad", "Telangana", "Everyone"}},
			{"CityMatch", "?city=Bengaluru&state=Karnataka", []string{"Everyone", "Bengaluru"}},
			{"StateMatch", "?city=Nashik&state=Maharashtra", []string{"Mumbai", "Everyone"}},
			{"CityWithTheAgentsState", "?city=Mumbai", []string{"Mumbai", "Telangana", "Everyone"}},
			{"OnlyEveryoneElsewhere", "?city=Kochi&state=Kerala", []string{"Everyone"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if got := titles(t, "/api/advertisements"+tc.query); !slices.Equal(got, tc.want) {
					t.Errorf("adverts = %v, want %v (in display order; inactive and other places excluded)", got, tc.want)
				}
			})
		}
		t.Run("Fields", func(t *testing.T) {
			m := a.sub(t).objects(A, "/api/advertisements?city=Kochi&state=Kerala")[0]
			wantFields(t, "advert", m, map[string]any{"title": "Everyone", "iconName": "Star", "buttonText": "Contact Now", "badge": "Featured",
				"displayOrder": 3, "isActive": true, "targetCities": []string{}, "targetStates": []string{}, "advertisementImage": nil})
		})
		t.Run("SignedOutIs401", func(t *testing.T) {
			wantError(t, a.sub(t).do("GET", "/api/advertisements", nil), 401)
		})
	})
}
