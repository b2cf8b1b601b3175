package security_test

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/security"
)

// countEvents is how many events the table holds (the sum of its rows' counts).
func countEvents(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COALESCE(SUM(count), 0) FROM security_events`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// rows is how many rows the table holds.
func rows(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM security_events`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func event(i int) security.Event {
	return security.Event{Type: security.SuspiciousRequest, IP: fmt.Sprintf("203.0.113.%d", i%250+1), URL: "/.env", Detail: "probe"}
}

// TestRecorder: events are written in batches off the caller's path, a
// Flush or Close writes what is buffered, 100 concurrent writers lose
// nothing, and a full buffer drops (and counts) instead of blocking.
func TestRecorder(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		t.Run("WritesInBatchesWithoutWaitingForTheTimer", func(t *testing.T) {
			r := security.NewRecorder(db, security.RecorderConfig{Batch: 10, Every: time.Hour}, nil)
			defer r.Close(ctx)
			before := countEvents(t, db)
			for i := range 25 {
				r.Add(event(i))
			}
			// A full batch goes out on its own, without the timer (an hour)
			// or a flush.
			deadline := time.Now().Add(5 * time.Second)
			for countEvents(t, db)-before < 10 && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
			}
			if got := countEvents(t, db) - before; got < 10 {
				t.Fatalf("%d events written before the flush; want at least a full batch, 10", got)
			}
			if err := r.Flush(ctx); err != nil {
				t.Fatal(err)
			}
			if got := countEvents(t, db) - before; got != 25 {
				t.Errorf("%d events written after the flush; want 25", got)
			}
		})
		t.Run("CloseWritesWhatIsBuffered", func(t *testing.T) {
			r := security.NewRecorder(db, security.RecorderConfig{Every: time.Hour}, nil)
			before := countEvents(t, db)
			for i := range 7 {
				r.Add(event(i))
			}
			if err := r.Close(ctx); err != nil {
				t.Fatal(err)
			}
			if got := countEvents(t, db) - before; got != 7 {
				t.Errorf("%d events written by Close; want 7", got)
			}
			r.Add(event(0)) // after Close: dropped, not a panic
			if r.Dropped() != 1 {
				t.Errorf("dropped %d after close; want 1", r.Dropped())
			}
			if err := r.Flush(ctx); err != nil {
				t.Errorf("Flush after Close: %v", err)
			}
		})
		t.Run("HundredConcurrentWritersLoseNothing", func(t *testing.T) {
			r := security.NewRecorder(db, security.RecorderConfig{Batch: 50, Buffer: 10000}, nil)
			defer r.Close(ctx)
			before := countEvents(t, db)
			var wg sync.WaitGroup
			for g := range 100 {
				wg.Go(func() {
					for i := range 50 {
						r.Add(event(g*50 + i))
					}
				})
			}
			wg.Wait()
			if err := r.Flush(ctx); err != nil {
				t.Fatal(err)
			}
			if got := countEvents(t, db) - before; got != 5000 || r.Dropped() != 0 || r.Written() != 5000 {
				t.Errorf("%d written (%d counted), %d dropped; want 5000 and none dropped", got, r.Written(), r.Dropped())
			}
		})
		t.Run("FullBufferDropsAndCounts", func(t *testing.T) {
			r := security.NewRecorder(db, security.RecorderConfig{Batch: 5, Buffer: 5, Every: time.Hour}, nil)
			defer r.Close(ctx)
			before := countEvents(t, db)
			// Hold the table so that the recorder's first batch waits.
			held := make(chan struct{})
			release := make(chan struct{})
			go db.WithTx(ctx, func(tx *sql.Tx) error {
				if db.Engine == store.Postgres {
					if _, err := tx.ExecContext(ctx, `LOCK TABLE security_events IN EXCLUSIVE MODE`); err != nil {
						t.Error(err)
					}
				}
				close(held)
				<-release
				return nil
			})
			<-held
			start := time.Now()
			for i := range 30 {
				r.Add(event(i))
			}
			if took := time.Since(start); took > time.Second {
				t.Errorf("30 Adds took %s with the database held; Add must not wait", took)
			}
			close(release)
			if err := r.Flush(ctx); err != nil {
				t.Fatal(err)
			}
			written := countEvents(t, db) - before
			if r.Dropped() < 20 || uint64(written)+r.Dropped() != 30 {
				t.Errorf("%d written, %d dropped; want at most one batch and one buffer (10) written and every other counted", written, r.Dropped())
			}
			if r.Capped() != 0 {
				t.Errorf("%d capped; want none (30 addresses, one row each)", r.Capped())
			}
		})
	})
}

// TestPrune deletes the events and ended blocks older than the cutoff, and
// a second run finds nothing (every instance may run it).
func TestPrune(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Now().UTC()
		for _, at := range []time.Time{now.Add(-100 * 24 * time.Hour), now.Add(-91 * 24 * time.Hour), now.Add(-89 * 24 * time.Hour), now} {
			if err := security.Record(ctx, db, at, event(1)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Exec(`INSERT INTO ip_blocks (cidr, created_at, expires_at) VALUES ('203.0.113.0/24', $1, $2), ('198.51.100.0/24', $1, $3)`,
			now.Add(-200*24*time.Hour), now.Add(-95*24*time.Hour), now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		for i, want := range []int64{2, 0} {
			n, err := security.Prune(ctx, db, now.Add(-security.DefaultKeep))
			if err != nil || n != want {
				t.Errorf("run %d: pruned %d (%v); want %d", i+1, n, err, want)
			}
		}
		var blocks int
		db.QueryRow(`SELECT COUNT(*) FROM ip_blocks`).Scan(&blocks)
		if got := countEvents(t, db); got != 2 || blocks != 1 {
			t.Errorf("%d events and %d blocks left; want 2 and the live block", got, blocks)
		}
	})
}
