package analytics

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// TestRecentListsAreInTheOrderOfTheirDates: the recent listings and
// requirements are listed by the date they show, newest first, not by id
// (a listing restored or backdated sits where its date says).
func TestRecentListsAreInTheOrderOfTheirDates(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		agent := storetest.AddUser(t, db, "ravi", "+919800000001")
		base := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
		for i, day := range []int{3, 1, 4, 2} { // ids 1..4, dates out of id order
			at := base.AddDate(0, 0, day)
			if _, err := db.Exec(`INSERT INTO properties (agent_id, title, property_type, listing_purpose, created_at, updated_at)
				VALUES ($1, $2, 'apartment', 'for_rent', $3, $3)`, agent, string(rune('A'+i)), at); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(`INSERT INTO requirements (agent_id, client_name, client_phone, created_at, updated_at)
				VALUES ($1, $2, '+919800000009', $3, $3)`, agent, string(rune('A'+i)), at); err != nil {
				t.Fatal(err)
			}
		}
		var r Report
		if err := NewService(db).recent(ctx, agent, period{}, &r); err != nil {
			t.Fatal(err)
		}
		var props, reqs string
		for i, p := range r.Recent.Properties {
			props += p.Title
			if i > 0 && p.CreatedAt.After(r.Recent.Properties[i-1].CreatedAt) {
				t.Errorf("property %q is newer than the one above it", p.Title)
			}
		}
		for _, q := range r.Recent.Requirements {
			reqs += q.ClientName
		}
		if props != "CADB" || reqs != "CADB" {
			t.Errorf("recent properties %q, requirements %q; want CADB (newest date first)", props, reqs)
		}
	})
}
