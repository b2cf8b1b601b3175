package jobs

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// backlog queues n due jobs of distinct keys in one statement, on a jobs
// table that is never analyzed: on PostgreSQL autovacuum is off for it
// first, so the planner has no statistics (as after a load, before
// autovacuum came round).
func backlog(tb testing.TB, db *store.DB, n int) {
	tb.Helper()
	ctx := context.Background()
	if db.Engine == store.Postgres {
		if _, err := db.ExecContext(ctx, `ALTER TABLE jobs SET (autovacuum_enabled = false)`); err != nil {
			tb.Fatal(err)
		}
	}
	now := db.Time()
	_, err := db.ExecContext(ctx, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
		INSERT INTO jobs (kind, key, max_attempts, run_at, created_at, updated_at)
		SELECT 'matching.property', 'property:' || i, 8, $2, $2, $2 FROM n`, n, now.Add(-time.Second))
	if err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkClaimBacklog claims and finishes jobs one after another from a
// backlog of 20,000 on a never-analyzed table, as a worker does, and
// reports jobs/minute. docs/decisions.md ("Matching in the background")
// cites the figures.
func BenchmarkClaimBacklog(b *testing.B) {
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			db := storetest.New(b, e)
			backlog(b, db, 20000)
			q := NewQueue(db, Config{})
			ctx := context.Background()
			claimed := 0
			for b.Loop() {
				j, err := q.claim(ctx)
				if err == nil && j == nil { // the backlog is used up: queue another
					b.StopTimer()
					if _, err := db.ExecContext(ctx, `DELETE FROM jobs`); err != nil {
						b.Fatal(err)
					}
					backlog(b, db, 20000)
					b.StartTimer()
					j, err = q.claim(ctx)
				}
				if err != nil || j == nil {
					b.Fatalf("claim %d: %v, %v", claimed, j, err)
				}
				if err := q.markDone(ctx, db, j); err != nil {
					b.Fatal(err)
				}
				claimed++
			}
			b.ReportMetric(float64(claimed)/b.Elapsed().Minutes(), "jobs/min")
		})
	}
}
