package training_test

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/feature/training"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store/storetest"
)

// BenchmarkCourses reads what the training page asks for first: a page of
// courses (all 23 demo courses, with their counts and the caller's
// progress), a search, and the caller's enrolments, for an agent of the
// demo programme, on each engine under test.
func BenchmarkCourses(b *testing.B) {
	for _, e := range storetest.Engines() {
		b.Run(string(e), func(b *testing.B) {
			ctx := context.Background()
			db := storetest.New(b, e)
			if _, err := demo.Generate(ctx, db, demo.Options{Agents: 60, Connections: -1, Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
				b.Fatal(err)
			}
			if _, err := demo.SeedTraining(ctx, db, 1, nil); err != nil {
				b.Fatal(err)
			}
			var agent int64
			if err := db.QueryRow(`SELECT user_id FROM enrollments GROUP BY user_id ORDER BY COUNT(*) DESC, user_id LIMIT 1`).Scan(&agent); err != nil {
				b.Fatal(err)
			}
			svc := training.NewService(db)
			for _, c := range []struct {
				name string
				run  func() (int, error)
				want int
			}{
				{"List", func() (int, error) {
					list, _, err := svc.List(ctx, agent, training.Filter{}, paging.DefaultSize, "")
					return len(list), err
				}, 23},
				{"Search", func() (int, error) {
					list, _, err := svc.List(ctx, agent, training.Filter{Query: "rera"}, paging.DefaultSize, "")
					return len(list), err
				}, 1},
				{"Enrollments", func() (int, error) {
					list, _, err := svc.Enrollments(ctx, agent, paging.Page{Limit: paging.DefaultSize})
					return len(list), err
				}, 3},
			} {
				b.Run(c.name, func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						if n, err := c.run(); err != nil || n != c.want {
							b.Fatal(n, err)
						}
					}
				})
			}
		})
	}
}
