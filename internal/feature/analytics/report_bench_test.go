package analytics_test

import (
	"context"
	"os"
	"syscall"
	"testing"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/feature/analytics"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// BenchmarkReport computes the 7-, 30- and 90-day reports of the agent with the most
// matches (both sides), on a small generated market on each engine under
// test, or on the market ANALYTICS_BENCH_DB names (a database URL, e.g. one
// `propmatch demo` filled; it is migrated first) — how docs/performance.md
// measures it at 100k and 1M requirements.
func BenchmarkReport(b *testing.B) {
	ctx := context.Background()
	if url := os.Getenv("ANALYTICS_BENCH_DB"); url != "" {
		db, err := store.Open(ctx, url)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { _ = db.Close() })
		if err := db.Migrate(ctx); err != nil {
			b.Fatal(err)
		}
		benchReport(b, db)
		return
	}
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			db := storetest.New(b, e)
			if _, err := demo.Generate(ctx, db, demo.Options{Agents: 40, Properties: 300, Requirements: 300,
				Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
			benchReport(b, db)
		})
	}
}

func benchReport(b *testing.B, db *store.DB) {
	ctx := context.Background()
	var agent int64
	var n int
	if err := db.QueryRow(`SELECT a, COUNT(*) FROM (SELECT buyer_agent_id AS a FROM matches UNION ALL SELECT seller_agent_id FROM matches) x
		GROUP BY a ORDER BY COUNT(*) DESC LIMIT 1`).Scan(&agent, &n); err != nil {
		b.Fatal(err)
	}
	b.Logf("busiest agent %d has %d matches", agent, n)
	svc := analytics.NewService(db)
	for _, window := range []string{"7d", "30d", "90d"} {
		b.Run(window, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				r, err := svc.Report(ctx, agent, window)
				if err != nil || r.Cards.Matches.Total != n {
					b.Fatal(r.Cards.Matches.Total, n, err)
				}
			}
			// CPU time per report: on a loaded machine wall time mostly
			// measures waiting for a core.
			b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime is the CPU time this process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
