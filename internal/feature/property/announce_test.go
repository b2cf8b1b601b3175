package property_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// announcer records what the engine tells it.
type announcer struct{ told []map[int64]int }

func (a *announcer) MatchesGained(_ context.Context, perAgent map[int64]int) {
	a.told = append(a.told, perAgent)
}

func (a *announcer) take() []map[int64]int {
	told := a.told
	a.told = nil
	return told
}

func agent(t *testing.T, db *store.DB, name string) int64 {
	t.Helper()
	var id int64
	err := db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
		VALUES ($1, 'x', $1, $2, $3, $3) RETURNING id`, name, fmt.Sprintf("+9198765%05d", len(name)), time.Now()).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestWritesAnnounceTheMatchesTheyStoredOnceCommitted holds that the
// matching jobs the services queue, not the HTTP layer, tell the agents who
// gained matches, only once the job's matches committed, and that a write
// only queues its job: nobody is told before the queue runs it.
func TestWritesAnnounceTheMatchesTheyStoredOnceCommitted(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		told := &announcer{}
		engine := matchengine.New(db, matchengine.Options{Announcer: told})
		queue := jobs.NewQueue(db, jobs.Config{})
		queue.Add(engine.Jobs()...)
		props, reqs := property.NewService(db, engine), requirement.NewService(db, engine)
		// drain runs the queued jobs and returns what they told.
		drain := func() []map[int64]int {
			t.Helper()
			if err := queue.RunPending(ctx); err != nil {
				t.Fatal(err)
			}
			return told.take()
		}
		seller, buyer := agent(t, db, "seller"), agent(t, db, "buyer")
		listing := `{"title": "2BHK", "propertyType": "apartment", "price": 7500000, "state": "Telangana", "city": "Hyderabad"}`
		wanted := `{"clientName": "Ramesh", "clientPhone": "9876543210", "propertyTypes": "apartment", "minPrice": 7000000,
			"maxPrice": 8000000, "preferredState": "Telangana", "preferredCities": "Hyderabad"}`

		r, err := reqs.Create(ctx, buyer, decode[requirement.Input](t, wanted))
		if err != nil || len(drain()) != 0 {
			t.Fatalf("requirement without listings: %v, told %v", err, told.told)
		}
		p, err := props.Create(ctx, seller, decode[property.Input](t, listing))
		if err != nil || len(told.take()) != 0 || p.Matching != "pending" || p.MatchingQueuedAt == nil {
			t.Fatalf("new listing before its job ran: %v, told %v, matching %q at %v", err, told.told, p.Matching, p.MatchingQueuedAt)
		}
		if got := drain(); err != nil || len(got) != 1 || got[0][seller] != 1 || got[0][buyer] != 1 || len(got[0]) != 2 {
			t.Fatalf("new listing: %v, told %v; want seller and buyer told of 1", err, got)
		}
		if _, err := props.Update(ctx, seller, p.ID, decode[property.Input](t, `{"title": ""}`)); err == nil || len(drain()) != 0 {
			t.Fatalf("refused edit: %v, told something", err)
		}
		if _, err := reqs.Update(ctx, buyer, r.ID, decode[requirement.Patch](t, `{"preferredCities": "Warangal"}`)); err != nil || len(drain()) != 0 {
			t.Fatalf("edit to another city: %v, told something", err)
		}
		if _, err := reqs.Update(ctx, buyer, r.ID, decode[requirement.Patch](t, `{"preferredCities": "Hyderabad"}`)); err != nil {
			t.Fatal(err)
		}
		if got := drain(); len(got) != 1 || got[0][seller] != 1 || got[0][buyer] != 1 {
			t.Fatalf("edit back to the listing's city: told %v; want seller and buyer told of 1", got)
		}
	})
}
