package duplicates_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/feature/duplicates"
	"propmatch/internal/feature/property"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// BenchmarkDuplicateCheck times what the check adds to a listing's save at
// 100,000 listings (docs/performance.md#duplicate-listings): the candidate
// query on properties_duplicate_candidates, the cover photos' hashes, the
// scores and the pairs' upkeep, in the save's transaction (rolled back
// here, so each run sees the same market). The saved listing is each
// market listing in turn, checked as if another agent listed it again.
func BenchmarkDuplicateCheck(b *testing.B) {
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			ctx := context.Background()
			db := storetest.New(b, e)
			if _, err := demo.Generate(ctx, db, demo.Options{Agents: 1000, Properties: 100_000, Requirements: 10,
				Connections: -1, Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
			if e == store.Postgres {
				if _, err := db.Exec(`ANALYZE`); err != nil {
					b.Fatal(err)
				}
			}
			rows, err := db.Query(`SELECT ` + property.Columns("p") + ` FROM properties p WHERE p.is_active = TRUE ORDER BY p.id LIMIT 2000`)
			if err != nil {
				b.Fatal(err)
			}
			list, err := store.Collect(rows, func(rows *sql.Rows, p *property.Property) error {
				dest, done := property.Dest(p)
				if err := rows.Scan(dest...); err != nil {
					return err
				}
				done()
				return nil
			})
			if err != nil || len(list) == 0 {
				b.Fatal(len(list), err)
			}
			other := addAgent(b, db, "Benchmark Agent")
			svc := duplicates.NewService(db)
			var found, i int
			b.ResetTimer()
			for b.Loop() {
				p := list[i%len(list)]
				i++
				p.AgentID = other
				tx, err := db.BeginTx(ctx, nil)
				if err != nil {
					b.Fatal(err)
				}
				d, err := svc.CheckTx(ctx, tx, p)
				if err != nil {
					b.Fatal(err)
				}
				found += len(d)
				_ = tx.Rollback()
			}
			b.ReportMetric(float64(found)/float64(i), "duplicates/op")
		})
	}
}
