package admin_test

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/auth"
	"propmatch/internal/services"
)

// BenchmarkAdminConsole reads what the admin console asks for: the
// overview's figures (counted by the database), a user search and the
// first pages of listings and matches, on a demo market of 300 agents,
// 3,000 listings and 1,000 requirements, on each engine under test.
func BenchmarkAdminConsole(b *testing.B) {
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			ctx := context.Background()
			db := storetest.New(b, e)
			if _, err := demo.Generate(ctx, db, demo.Options{Agents: 300, Properties: 3000, Requirements: 1000, Connections: -1,
				Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
			set := services.New(db, services.Options{Auth: auth.DefaultConfig()})
			page := paging.Page{Limit: paging.DefaultSize}
			for _, c := range []struct {
				name string
				run  func() (int, error)
			}{
				{"Stats", func() (int, error) {
					st, err := set.Admin.Stats(ctx)
					return st.TotalProperties, err
				}},
				{"UserSearch", func() (int, error) {
					list, _, err := set.Auth.SearchUsers(ctx, "a", page)
					return len(list), err
				}},
				{"Properties", func() (int, error) {
					list, _, err := set.Admin.Properties(ctx, "", page)
					return len(list), err
				}},
				{"Matches", func() (int, error) {
					list, _, err := set.Admin.Matches(ctx, "new", page)
					return len(list), err
				}},
			} {
				b.Run(c.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if n, err := c.run(); err != nil || n == 0 {
							b.Fatal(n, err)
						}
					}
				})
			}
		})
	}
}
