package ads_test

import (
	"context"
	"slices"
	"testing"

	"propmatch/internal/feature/ads"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/access"
)

var ctx = context.Background()

func TestAdvertTargetsEveryoneOrItsCitiesOrStates(t *testing.T) {
	for _, tc := range []struct {
		name        string
		cities      []string
		states      []string
		city, state string
		want        bool
	}{
		{"no targets: everyone", nil, nil, "Pune", "Maharashtra", true},
		{"no targets: even an agent with no city", nil, nil, "", "", true},
		{"its city", []string{"Pune", "Mumbai"}, nil, "Mumbai", "Maharashtra", true},
		{"its city in another case and with spaces", []string{" pune "}, nil, "PUNE ", "", true},
		{"another city", []string{"Pune"}, nil, "Nashik", "Maharashtra", false},
		{"its state", nil, []string{"Karnataka"}, "Mysuru", "karnataka", true},
		{"another state", nil, []string{"Karnataka"}, "Pune", "Maharashtra", false},
		{"city or state: the state is enough", []string{"Pune"}, []string{"Goa"}, "Panaji", "Goa", true},
		{"targeted advert, agent without city or state", []string{"Pune"}, []string{"Goa"}, "", "", false},
		{"a blank target matches no blank city", []string{" "}, nil, "", "", false},
		{"a renamed city under its former name", []string{"Kochi"}, nil, "Cochin", "Kerala", true},
		{"a target kept under a former name", []string{"Bangalore"}, nil, "Bengaluru", "Karnataka", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := ads.Advert{TargetCities: tc.cities, TargetStates: tc.states}
			if got := a.Targets(tc.city, tc.state); got != tc.want {
				t.Fatalf("Targets(%q, %q) of cities %q states %q = %v, want %v", tc.city, tc.state, tc.cities, tc.states, got, tc.want)
			}
		})
	}
}

func advert(title string, order float64, cities, states []string, active bool) ads.Input {
	return ads.Input{Title: input.String(title), DisplayOrder: input.Float{Value: order, Set: true},
		TargetCities: cities, TargetStates: states, IsActive: input.Bool{Value: active, Set: true}}
}

func titles(list []ads.Advert) []string {
	out := []string{}
	for _, a := range list {
		out = append(out, a.Title)
	}
	return out
}

func TestForReturnsActiveTargetedAdvertsInDisplayOrderThenOldestFirst(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := ads.NewService(db)
		admin := access.Actor{ID: storetest.AddUser(t, db, "admin", "+919800000001"), Admin: true}
		for _, in := range []ads.Input{
			advert("everyone late", 5, nil, nil, true),
			advert("pune", 1, []string{"Pune"}, nil, true),
			advert("karnataka", 1, nil, []string{"Karnataka"}, true),
			advert("everyone first", 0, nil, nil, true),
			advert("everyone late too", 5, nil, nil, true),
			advert("pune but off", 0, []string{"Pune"}, nil, false),
		} {
			if _, err := s.Create(ctx, admin, in); err != nil {
				t.Fatal(err)
			}
		}
		for _, tc := range []struct {
			city, state string
			want        []string
		}{
			{"Pune", "Maharashtra", []string{"everyone first", "pune", "everyone late", "everyone late too"}},
			{"Bengaluru", "Karnataka", []string{"everyone first", "karnataka", "everyone late", "everyone late too"}},
			{"pune", "karnataka", []string{"everyone first", "pune", "karnataka", "everyone late", "everyone late too"}},
			{"", "", []string{"everyone first", "everyone late", "everyone late too"}},
		} {
			list, err := s.For(ctx, tc.city, tc.state)
			if err != nil || !slices.Equal(titles(list), tc.want) {
				t.Errorf("For(%q, %q) = %q, %v; want %q", tc.city, tc.state, titles(list), err, tc.want)
			}
		}
		all, err := s.All(ctx, admin)
		if err != nil || len(all) != 6 || all[1].Title != "pune but off" || all[1].IsActive {
			t.Fatalf("All = %q, %v; want all six, the inactive one second (display order 0, after the older one)", titles(all), err)
		}
	})
}

func TestOnlyAdminsWriteAdverts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := ads.NewService(db)
		admin := access.Actor{ID: storetest.AddUser(t, db, "admin", "+919800000001"), Admin: true}
		agent := access.Actor{ID: storetest.AddUser(t, db, "agent", "+919800000002")}
		a, err := s.Create(ctx, admin, advert("first", 1, nil, nil, true))
		if err != nil || a.IconName != ads.DefaultIcon || a.ButtonText != ads.DefaultButton {
			t.Fatalf("admin creates: %+v, %v", a, err)
		}
		_, err = s.All(ctx, agent)
		wantCode(t, "an agent lists all", err, apperr.Forbidden)
		_, err = s.Create(ctx, agent, advert("mine", 0, nil, nil, true))
		wantCode(t, "an agent creates", err, apperr.Forbidden)
		_, err = s.Update(ctx, agent, a.ID, advert("changed", 0, nil, nil, true))
		wantCode(t, "an agent updates", err, apperr.Forbidden)
		err = s.Delete(ctx, agent, a.ID)
		wantCode(t, "an agent deletes", err, apperr.Forbidden)
		list, err := s.For(ctx, "", "")
		if err != nil || !slices.Equal(titles(list), []string{"first"}) {
			t.Fatalf("adverts after the agent's writes = %q, %v; want only the admin's, unchanged", titles(list), err)
		}

		_, err = s.Update(ctx, admin, a.ID+100, advert("x", 0, nil, nil, true))
		wantCode(t, "update a missing advert", err, apperr.NotFound)
		_, err = s.Create(ctx, admin, ads.Input{IconName: "Rocket"})
		wantCode(t, "create with a bad icon", err, apperr.Invalid)
		// Only the advert's own image may be kept by URL.
		_, err = s.Update(ctx, admin, a.ID, ads.Input{Title: "first", AdvertisementImage: "/media/someone-elses"})
		wantCode(t, "keep another image by URL", err, apperr.Invalid)
		u, err := s.Update(ctx, admin, a.ID, advert("renamed", 2, []string{"Pune"}, nil, false))
		if err != nil || u.Title != "renamed" || u.DisplayOrder != 2 || u.IsActive || !slices.Equal(u.TargetCities, []string{"Pune"}) {
			t.Fatalf("admin updates: %+v, %v", u, err)
		}
		if err := s.Delete(ctx, admin, a.ID); err != nil {
			t.Fatalf("admin deletes: %v", err)
		}
		wantCode(t, "delete it twice", s.Delete(ctx, admin, a.ID), apperr.NotFound)
		var audits int
		if err := db.QueryRow(`SELECT count(*) FROM audit_log WHERE target_type = 'advertisement' AND actor_id = $1`, admin.ID).Scan(&audits); err != nil {
			t.Fatal(err)
		}
		if audits != 3 {
			t.Fatalf("audit rows of the admin's writes = %d, want 3 (create, update, delete)", audits)
		}
	})
}

func wantCode(t *testing.T, what string, err error, code apperr.Code) {
	t.Helper()
	if apperr.CodeOf(err) != code {
		t.Fatalf("%s: %v (code %q), want %q", what, err, apperr.CodeOf(err), code)
	}
}
