package jobs

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"propmatch/internal/kit/store"
)

// TestOldestPendingCountsFromWhenTheJobIsDue: a job held back by its delay
// or waiting for its next try has not waited until it is due; the figure
// (and /readyz's queue_stuck, which reads it) counts from then.
func TestOldestPendingCountsFromWhenTheJobIsDue(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, db *store.DB, q *Queue, c *clock)
		want  float64
	}{
		{"DueAtOnce", func(t *testing.T, db *store.DB, _ *Queue, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "a"})
			c.advance(5 * time.Minute)
		}, 300},
		{"DeferredNotYetDue", func(t *testing.T, db *store.DB, _ *Queue, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "a", Delay: time.Hour})
			c.advance(20 * time.Minute)
		}, 0},
		{"DeferredThenDue", func(t *testing.T, db *store.DB, _ *Queue, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "a", Delay: 10 * time.Minute})
			c.advance(30 * time.Minute)
		}, 1200},
		{"TheJobDueLongestCounts", func(t *testing.T, db *store.DB, _ *Queue, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "a", Delay: 20 * time.Minute})
			c.advance(time.Minute)
			enqueue(t, db, New{Kind: "k", Key: "b"})
			c.advance(29 * time.Minute)
		}, 29 * 60},
		{"RetryingCountsFromItsNextTry", func(t *testing.T, db *store.DB, q *Queue, c *clock) {
			enqueue(t, db, New{Kind: "fails", Key: "a"})
			c.advance(10 * time.Minute) // waited 10 minutes, then tried and failed
			if err := q.RunPending(context.Background()); err != nil {
				t.Fatal(err)
			}
			c.advance(3 * time.Minute) // its next try was due a minute after the failure
		}, 120},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, c *clock) {
				q := NewQueue(dbs[0], Config{Backoff: time.Minute})
				q.Register("fails", func(context.Context, *sql.Tx, Job) (func(context.Context), error) {
					return nil, errors.New("down")
				})
				tt.setup(t, dbs[0], q, c)
				s, err := ReadStats(context.Background(), dbs[0])
				if err != nil || s.OldestPendingSeconds != tt.want {
					t.Errorf("oldest pending %v s (%v); want %v s", s.OldestPendingSeconds, err, tt.want)
				}
			})
		})
	}
}
