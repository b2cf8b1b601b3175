package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// requestDeadline is a request's deadline: PROPMATCH_DB_TIMEOUT's default,
// past which the API answers 503.
const requestDeadline = 5 * time.Second

// drainingQueue starts a queue on db draining a backlog of n jobs, each of
// which, like a listing's matching job, commits chunks-1 transactions of
// its own (in Prepare) and a last one with its end, each writing rows rows
// and then holding its transaction open for hold (as a large market's
// chunk would, working). It returns a function that stops the queue and waits for it.
func drainingQueue(tb testing.TB, db *store.DB, n, chunks, rows int, hold time.Duration) (stop func()) {
	tb.Helper()
	ctx := context.Background()
	for _, ddl := range []string{
		`CREATE TABLE chunk_rows (job BIGINT NOT NULL, n INTEGER NOT NULL, note TEXT NOT NULL)`,
		`CREATE TABLE probe (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`,
		`INSERT INTO probe (id, n) VALUES (1, 0)`,
	} {
		if _, err := db.ExecContext(ctx, ddl); err != nil {
			tb.Fatal(err)
		}
	}
	backlog(tb, db, n)
	chunk := func(ctx context.Context, tx *sql.Tx, j Job) error {
		_, err := tx.ExecContext(ctx, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2)
			INSERT INTO chunk_rows (job, n, note) SELECT $1, i, 'a row a matching chunk might write' FROM n`, j.ID, rows)
		time.Sleep(hold)
		return err
	}
	q := NewQueue(db, Config{Poll: 10 * time.Millisecond, Drain: time.Second})
	q.RegisterPrepared("matching.property", func(ctx context.Context, j Job) (Handler, error) {
		for range chunks - 1 {
			if err := db.WithTx(ctx, func(tx *sql.Tx) error { return chunk(ctx, tx, j) }); err != nil {
				return nil, err
			}
		}
		return func(ctx context.Context, tx *sql.Tx, j Job) (func(context.Context), error) {
			return nil, chunk(ctx, tx, j)
		}, nil
	})
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { q.Run(runCtx); close(done) }()
	// Wait until the drain is under way.
	for start := time.Now(); ; time.Sleep(5 * time.Millisecond) {
		var written int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM chunk_rows`).Scan(&written); err != nil {
			tb.Fatal(err)
		}
		if written > 0 {
			break
		}
		if time.Since(start) > time.Minute {
			tb.Fatal("the queue did not start draining")
		}
	}
	return func() { cancel(); <-done }
}

// requestWrite is one of the kinds of write a request makes: a transaction
// (store.DB.WithTx), or one statement on its own (a session's touch, a
// rate counter).
type requestWrite struct {
	name  string
	write func(ctx context.Context, db *store.DB) error
}

var requestWrites = []requestWrite{
	{"transaction", func(ctx context.Context, db *store.DB) error {
		return db.WithTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE probe SET n = n + 1 WHERE id = 1`)
			return err
		})
	}},
	{"statement", func(ctx context.Context, db *store.DB) error {
		_, err := db.ExecContext(ctx, `UPDATE probe SET n = n + 1 WHERE id = 1`)
		return err
	}},
}

// TestRequestWritesDoNotTimeOutWhileTheQueueDrains runs request writes, 20
// at once, each with a request's deadline, while the queue drains a large
// backlog of chunked jobs: every one of them commits (on SQLite none waits
// behind the queue's chunks, which take the writer only when no request
// waits for it).
func TestRequestWritesDoNotTimeOutWhileTheQueueDrains(t *testing.T) {
	const writers, each = 20, 10
	for _, kind := range requestWrites {
		t.Run(kind.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, db *store.DB) {
				stop := drainingQueue(t, db, 2000, 4, 100, 50*time.Millisecond)
				defer stop()
				var wg sync.WaitGroup
				var mu sync.Mutex
				var failed []string
				for w := range writers {
					wg.Go(func() {
						for i := range each {
							ctx, cancel := context.WithTimeout(context.Background(), requestDeadline)
							start := time.Now()
							err := kind.write(ctx, db)
							cancel()
							if err != nil {
								mu.Lock()
								failed = append(failed, fmt.Sprintf("writer %d, write %d, after %v: %v", w, i, time.Since(start).Round(time.Millisecond), err))
								mu.Unlock()
							}
							time.Sleep(2 * time.Millisecond)
						}
					})
				}
				wg.Wait()
				if len(failed) > 0 {
					t.Errorf("%d of %d request writes failed while the queue drained; the first: %s", len(failed), writers*each, failed[0])
				}
			})
		})
	}
}

// BenchmarkRequestWritesWhileDraining times one request write at a time (a
// 2 ms pause between them) while the queue drains a backlog of chunked
// jobs, and reports the writes' p50, p99 and longest time, and how many
// failed (a request's deadline is 5 s). docs/performance.md cites it.
func BenchmarkRequestWritesWhileDraining(b *testing.B) {
	for _, e := range storetest.Engines() {
		for _, kind := range requestWrites {
			b.Run(string(e)+"/"+kind.name, func(b *testing.B) {
				db := storetest.New(b, e)
				stop := drainingQueue(b, db, 20000, 4, 200, 0)
				var lat []time.Duration
				failed := 0
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), requestDeadline)
					start := time.Now()
					if err := kind.write(ctx, db); err != nil {
						failed++
					}
					lat = append(lat, time.Since(start))
					cancel()
					b.StopTimer()
					time.Sleep(2 * time.Millisecond)
					b.StartTimer()
				}
				b.StopTimer()
				stop()
				slices.Sort(lat)
				ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
				b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
				b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
				b.ReportMetric(ms(lat[len(lat)-1]), "max-ms")
				b.ReportMetric(float64(failed), "failed")
			})
		}
	}
}
