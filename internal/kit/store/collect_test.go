package store_test

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"testing"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// Every way PropMatch runs SQL is a Querier.
var (
	_ store.Querier = (*sql.DB)(nil)
	_ store.Querier = (*sql.Tx)(nil)
	_ store.Querier = (*store.DB)(nil)
)

func TestCollectReadsEveryRowInOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		type pair struct {
			n    int
			name string
		}
		scanPair := func(rows *sql.Rows, p *pair) error { return rows.Scan(&p.n, &p.name) }
		const three = `SELECT 1, 'one' UNION ALL SELECT 2, 'two' UNION ALL SELECT 3, 'three'`
		for _, c := range []struct {
			name  string
			query string
			want  []pair
		}{
			{"ManyRows", `SELECT * FROM (` + three + `) x ORDER BY 1`, []pair{{1, "one"}, {2, "two"}, {3, "three"}}},
			{"NoRowsIsAnEmptyListNotNil", `SELECT * FROM (` + three + `) x WHERE 1 = 0`, []pair{}},
		} {
			t.Run(c.name, func(t *testing.T) {
				rows, err := db.QueryContext(ctx, c.query)
				if err != nil {
					t.Fatal(err)
				}
				got, err := store.Collect(rows, scanPair)
				if err != nil || got == nil || !slices.Equal(got, c.want) {
					t.Fatalf("Collect = %v (nil: %t), %v; want %v", got, got == nil, err, c.want)
				}
			})
		}
		t.Run("AScanErrorStopsAndClosesTheRows", func(t *testing.T) {
			boom := errors.New("boom")
			rows, err := db.QueryContext(ctx, three)
			if err != nil {
				t.Fatal(err)
			}
			calls := 0
			got, err := store.Collect(rows, func(rows *sql.Rows, p *pair) error {
				calls++
				return boom
			})
			if !errors.Is(err, boom) || got != nil || calls != 1 {
				t.Fatalf("Collect = %v, %v after %d scans; want nil, boom after 1", got, err, calls)
			}
			if rows.Next() {
				t.Fatal("rows are still open")
			}
		})
		t.Run("ABadColumnIsAnError", func(t *testing.T) {
			rows, err := db.QueryContext(ctx, `SELECT 'not a number', 'x'`)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := store.Collect(rows, scanPair); err == nil {
				t.Fatal("Collect read text into an int")
			}
		})
	})
}
