package matchengine

import (
	"context"
	"database/sql"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
)

// BenchmarkPropertyJob runs listings' matching jobs on a demo market
// (PROPMATCH_BENCH_DB, e.g. sqlite:/tmp/m100k.db made by `propmatch demo`;
// the run changes it, so use a copy), in one transaction and in chunks
// (-bench 'PropertyJob/chunks_of_100$' picks one),
// while a writer commits a one-row transaction every 2 ms, as a request
// would. It reports the job's time per match made, and the writer's p99 and
// longest time: how long a request's write waits behind a job. Each
// listing is a copy of an existing one, deleted afterwards (untimed).
func BenchmarkPropertyJob(b *testing.B) {
	url := os.Getenv("PROPMATCH_BENCH_DB")
	if url == "" {
		b.Skip("PROPMATCH_BENCH_DB is not set")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	var samples []int64
	rows, err := db.QueryContext(ctx, `SELECT id FROM properties WHERE is_active = TRUE ORDER BY id`)
	if err != nil {
		b.Fatal(err)
	}
	all, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	if err != nil || len(all) == 0 {
		b.Fatal("no listings", err)
	}
	for i := range 64 {
		samples = append(samples, all[(i*7919)%len(all)])
	}
	for _, mode := range []struct {
		name  string
		chunk int // 0: one transaction
	}{{"one transaction", 0}, {"chunks of 50", 50}, {"chunks of 100", 100}, {"chunks of 200", 200}, {"chunks of 500", 500}} {
		b.Run(mode.name, func(b *testing.B) {
			e := New(db, Options{Chunk: mode.chunk})
			w := startWriter(ctx, db)
			var made int64
			var spent time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				id := copyListing(b, db, samples[i%len(samples)])
				var before int64
				_ = db.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM matches`).Scan(&before)
				w.timing.Store(true)
				b.StartTimer()
				t := time.Now()
				runPropertyJob(b, e, db, id, mode.chunk == 0)
				spent += time.Since(t)
				b.StopTimer()
				w.timing.Store(false)
				var n int64
				_ = db.QueryRowContext(ctx, `SELECT COUNT(*) FROM matches WHERE id > $1`, before).Scan(&n)
				made += n
				if err := db.WithTx(ctx, func(tx *sql.Tx) error {
					if err := e.PropertyDeleting(ctx, tx, db.Time(), id); err != nil {
						return err
					}
					_, err := tx.ExecContext(ctx, `DELETE FROM properties WHERE id = $1`, id)
					return err
				}); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
			}
			b.StopTimer()
			lat := w.stop()
			if made > 0 {
				b.ReportMetric(float64(spent.Microseconds())/float64(made), "µs/match")
				b.ReportMetric(float64(made)/float64(b.N), "matches/job")
			}
			if len(lat) > 0 {
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "write-p99-ms")
				b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "write-max-ms")
			}
		})
	}
}

func runPropertyJob(b *testing.B, e *Engine, db *store.DB, id int64, oneTx bool) {
	ctx := context.Background()
	if oneTx {
		if err := db.WithTx(ctx, func(tx *sql.Tx) error {
			_, err := e.PropertyChanged(ctx, tx, db.Time(), id)
			return err
		}); err != nil {
			b.Fatal(err)
		}
		return
	}
	h, err := e.propertyJob(ctx, db, id, func(context.Context, *sql.Tx) (bool, error) { return true, nil })
	if err == nil {
		err = db.WithTx(ctx, func(tx *sql.Tx) error {
			_, err := h(ctx, tx, jobs.Job{})
			return err
		})
	}
	if err != nil {
		b.Fatal(err)
	}
}

// copyListing inserts a copy of listing id, unmatched, and returns its id.
func copyListing(b *testing.B, db *store.DB, id int64) int64 {
	var out int64
	err := db.QueryRowContext(context.Background(), `INSERT INTO properties (agent_id, title, property_type, listing_purpose, price,
		state, city, city_key, locality, bedrooms, is_active, created_at, updated_at)
		SELECT agent_id, title, property_type, listing_purpose, price * 1.01, state, city, city_key, locality, bedrooms, is_active,
		created_at, updated_at FROM properties WHERE id = $1 RETURNING id`, id).Scan(&out)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// probeWriter commits a one-row transaction every 2 ms and keeps the times of
// those made while timing is set.
type probeWriter struct {
	timing atomic.Bool
	done   chan struct{}
	wg     sync.WaitGroup
	mu     sync.Mutex
	lat    []time.Duration
}

func startWriter(ctx context.Context, db *store.DB) *probeWriter {
	w := &probeWriter{done: make(chan struct{})}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-tick.C:
			}
			timing := w.timing.Load()
			t := time.Now()
			_ = db.WithTx(ctx, func(tx *sql.Tx) error {
				_, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = updated_at WHERE id = 1`)
				return err
			})
			if timing {
				w.mu.Lock()
				w.lat = append(w.lat, time.Since(t))
				w.mu.Unlock()
			}
		}
	}()
	return w
}

func (w *probeWriter) stop() []time.Duration {
	close(w.done)
	w.wg.Wait()
	slices.Sort(w.lat)
	return w.lat
}
