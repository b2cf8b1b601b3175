package jobs

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// claimPlan returns the plan each engine makes for the claim, one line per
// node: on PostgreSQL the generic plan (the one a prepared statement runs
// with plan_cache_mode=force_generic_plan, as store.Open sets), on SQLite
// EXPLAIN QUERY PLAN's details.
func claimPlan(t *testing.T, db *store.DB) []string {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var rows *sql.Rows
	if db.Engine == store.Postgres {
		if _, err := conn.ExecContext(ctx, `SET plan_cache_mode = force_generic_plan`); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.ExecContext(ctx, `PREPARE claim_plan(text, timestamptz, timestamptz) AS `+claimQuery(db.Engine)); err != nil {
			t.Fatal(err)
		}
		defer conn.ExecContext(ctx, `DEALLOCATE claim_plan`) //nolint:errcheck // the connection is discarded with the test's database
		rows, err = conn.QueryContext(ctx, `EXPLAIN EXECUTE claim_plan('w', now() + interval '1 minute', now())`)
	} else {
		now := db.Time()
		rows, err = conn.QueryContext(ctx, `EXPLAIN QUERY PLAN `+claimQuery(db.Engine), "w", now.Add(time.Minute), now)
	}
	if err != nil {
		t.Fatal(err)
	}
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	return must(store.Collect(rows, func(rows *sql.Rows, line *string) error {
		if len(cols) == 1 { // PostgreSQL: QUERY PLAN
			return rows.Scan(line)
		}
		var id, parent, unused int
		return rows.Scan(&id, &parent, &unused, line) // SQLite: id, parent, notused, detail
	}))(t)
}

func must[T any](v T, err error) func(*testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// TestClaimReadsItsIndexesInOrder proves, on a backlog of 20,000 jobs in
// a never-analyzed table, that the claim reads jobs_due and jobs_leased in
// order and stops at the first job it can take: no sort and no full scan
// of the jobs, on either engine.
func TestClaimReadsItsIndexesInOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		backlog(t, db, 20000)
		plan := claimPlan(t, db)
		text := strings.Join(plan, "\n")
		type rule struct {
			what string
			ok   func(line string) bool
		}
		forbidden := map[store.Engine][]rule{
			store.Postgres: {
				{"a sort", func(l string) bool { return strings.Contains(l, "Sort") }},
				{"a sequential scan", func(l string) bool { return strings.Contains(l, "Seq Scan") }},
				{"a bitmap scan (unordered)", func(l string) bool { return strings.Contains(l, "Bitmap") }},
				{"a hash join over the open jobs", func(l string) bool { return strings.Contains(l, "Hash") }},
			},
			store.SQLite: {
				{"a temporary b-tree (a sort)", func(l string) bool { return strings.Contains(l, "TEMP B-TREE") }},
				{"a full scan", func(l string) bool { return strings.HasPrefix(l, "SCAN ") }},
			},
		}
		for _, r := range forbidden[db.Engine] {
			for _, line := range plan {
				if r.ok(line) {
					t.Errorf("the claim's plan has %s (%q):\n%s", r.what, strings.TrimSpace(line), text)
				}
			}
		}
		for _, index := range []string{"jobs_due", "jobs_leased", "jobs_open_key"} {
			if !strings.Contains(text, index) {
				t.Errorf("the claim's plan does not read %s:\n%s", index, text)
			}
		}
		t.Logf("plan:\n%s", text)
	})
}

// TestClaimOrder: a job whose lease lapsed is taken first, then the job due
// longest; a job not yet due, or one whose key has an earlier job still to
// do, is not taken.
func TestClaimOrder(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, db *store.DB, c *clock)
		want  []string // keys in the order they are claimed, then nothing
	}{
		{"DueLongestFirst", func(t *testing.T, db *store.DB, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "late", Delay: 2 * time.Minute}, New{Kind: "k", Key: "soon", Delay: time.Minute})
			enqueue(t, db, New{Kind: "k", Key: "now"})
			c.advance(3 * time.Minute)
		}, []string{"now", "soon", "late"}},
		{"NotBeforeItIsDue", func(t *testing.T, db *store.DB, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "later", Delay: time.Hour}, New{Kind: "k", Key: "now"})
		}, []string{"now"}},
		{"AfterTheEarlierJobsOfItsKey", func(t *testing.T, db *store.DB, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "a", Delay: time.Minute}, New{Kind: "k", Key: "a"}, New{Kind: "k", Key: "b"})
		}, []string{"b"}},
		{"ALapsedLeaseFirst", func(t *testing.T, db *store.DB, c *clock) {
			enqueue(t, db, New{Kind: "k", Key: "dead"})
			if j, err := NewQueue(db, Config{Lease: time.Minute}).claim(context.Background()); err != nil || j == nil {
				t.Fatalf("claim: %v, %v", j, err)
			}
			enqueue(t, db, New{Kind: "k", Key: "waiting"})
			c.advance(2 * time.Minute)
		}, []string{"dead", "waiting"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, c *clock) {
				tt.setup(t, dbs[0], c)
				q := NewQueue(dbs[0], Config{Lease: time.Hour})
				var got []string
				for {
					j, err := q.claim(context.Background())
					if err != nil {
						t.Fatal(err)
					}
					if j == nil {
						break
					}
					got = append(got, j.Key)
				}
				if strings.Join(got, ",") != strings.Join(tt.want, ",") {
					t.Errorf("claimed %v; want %v", got, tt.want)
				}
			})
		})
	}
}
