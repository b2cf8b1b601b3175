package marketplace_test

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/feature/marketplace"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store/storetest"
)

// BenchmarkProperties reads the first page of the marketplace's listings, a
// hot read of docs/performance.md, on each engine under test.
func BenchmarkProperties(b *testing.B) {
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			ctx := context.Background()
			db := storetest.New(b, e)
			if _, err := demo.Generate(ctx, db, demo.Options{Agents: 40, Properties: 300, Requirements: 300,
				Connections: -1, Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
			svc := marketplace.NewService(db)
			page := paging.Page{Limit: 25}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				list, _, err := svc.Properties(ctx, 1, "", page)
				if err != nil || len(list) != 25 {
					b.Fatal(len(list), err)
				}
			}
		})
	}
}
