package security_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/security"
)

// tableBytes is what security_events takes on disk: the whole SQLite file
// (only this table grows here), or the table and its indexes on PostgreSQL.
func tableBytes(tb testing.TB, db *store.DB) int64 {
	tb.Helper()
	var n int64
	if db.Engine == store.Postgres {
		if err := db.QueryRow(`SELECT pg_total_relation_size('security_events')`).Scan(&n); err != nil {
			tb.Fatal(err)
		}
		return n
	}
	var pages, size int64
	db.QueryRow(`PRAGMA page_count`).Scan(&pages)
	db.QueryRow(`PRAGMA page_size`).Scan(&size)
	return pages * size
}

// floodProbes are the paths a scanner walks, one after another.
var floodProbes = []string{"/.env", "/.git/config", "/wp-login.php", "/phpmyadmin/index.php", "/xmlrpc.php", "/.aws/credentials",
	"/cgi-bin/luci", "/actuator/env", "/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php", "/server-status"}

// BenchmarkFloodTableGrowth is one client flooding scanner probes at
// 8,000 requests a second (the rate measured in issue 21) for
// FLOOD_SECONDS simulated seconds (default 180), written through a
// recorder that drops nothing; it reports the rows and bytes the table
// grows by, extrapolated to an hour of flood.
func BenchmarkFloodTableGrowth(b *testing.B) {
	const rate = 8000
	secs := 180
	if v, err := strconv.Atoi(os.Getenv("FLOOD_SECONDS")); err == nil && v > 0 {
		secs = v
	}
	for _, engine := range storetest.Engines() {
		b.Run(string(engine), func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				db := storetest.New(b, engine)
				start := recent()
				r := security.NewRecorder(db, security.RecorderConfig{Buffer: 1 << 20, Batch: 500}, nil)
				before := tableBytes(b, db)
				for i := range rate * secs {
					p := floodProbes[i%len(floodProbes)]
					r.Add(security.Event{Type: security.SuspiciousRequest, IP: "198.51.100.66", URL: p + "?x=" + strconv.Itoa(i),
						Detail: "scanner probe: " + p, At: start.Add(time.Duration(i) * time.Second / rate)})
				}
				if err := r.Close(ctx); err != nil {
					b.Fatal(err)
				}
				var rows int64
				db.QueryRow(`SELECT COUNT(*) FROM security_events`).Scan(&rows)
				grown := tableBytes(b, db) - before
				perHour := 3600 / float64(secs)
				b.ReportMetric(float64(rows)*perHour, "rows/hour")
				b.ReportMetric(float64(grown)*perHour/(1<<20), "MB/hour")
				b.ReportMetric(float64(r.Dropped()), "dropped")
				fmt.Fprintf(os.Stderr, "%s: %d events over %d s: %d rows, %d bytes grown\n", engine, rate*secs, secs, rows, grown)
			}
		})
	}
}
