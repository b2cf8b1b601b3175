package matches_test

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/demo"
	"propmatch/internal/feature/matches"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store/storetest"
)

// BenchmarkList reads the first page of the busiest buyer agent's matches,
// the hot read of docs/performance.md, on each engine under test, in each
// order the list offers.
func BenchmarkList(b *testing.B) {
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			ctx := context.Background()
			db := storetest.New(b, e)
			if _, err := demo.Generate(ctx, db, demo.Options{Agents: 40, Properties: 300, Requirements: 300,
				Connections: -1, Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
			var agent int64
			if err := db.QueryRow(`SELECT buyer_agent_id FROM matches GROUP BY buyer_agent_id ORDER BY count(*) DESC LIMIT 1`).Scan(&agent); err != nil {
				b.Fatal(err)
			}
			svc := matches.NewService(db, matchengine.New(db, matchengine.Options{}))
			page := paging.Page{Limit: 25}
			for _, sort := range []string{matches.SortNewest, matches.SortScore, matches.SortStatus} {
				b.Run(sort, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						list, _, err := svc.List(ctx, agent, matches.Filter{Side: matches.Buyer, Sort: sort}, page)
						if err != nil || len(list) != 25 {
							b.Fatal(len(list), err)
						}
					}
				})
			}
		})
	}
}
