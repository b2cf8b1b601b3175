package matches_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"propmatch/internal/demo"
	"propmatch/internal/feature/matches"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// listPlan returns the plan each engine makes for the first page of the
// list f keeps for agent, one line per node: on PostgreSQL the generic plan
// (the one a prepared statement runs with, as store.Open sets
// plan_cache_mode), on SQLite EXPLAIN QUERY PLAN's details.
func listPlan(t *testing.T, db *store.DB, agent int64, f matches.Filter) string {
	t.Helper()
	ctx := context.Background()
	q, args, err := matches.ListQuery(agent, f, paging.Page{Limit: 25})
	if err != nil {
		t.Fatal(err)
	}
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
		types := make([]string, len(args))
		values := make([]string, len(args))
		for i, a := range args {
			types[i], values[i] = "bigint", fmt.Sprint(a)
			if s, ok := a.(string); ok {
				types[i], values[i] = "text", "'"+s+"'"
			}
		}
		if _, err := conn.ExecContext(ctx, `PREPARE list_plan(`+strings.Join(types, ", ")+`) AS `+q); err != nil {
			t.Fatal(err)
		}
		defer conn.ExecContext(ctx, `DEALLOCATE list_plan`) //nolint:errcheck // the connection is discarded with the test's database
		rows, err = conn.QueryContext(ctx, `EXPLAIN EXECUTE list_plan(`+strings.Join(values, ", ")+`)`)
	} else {
		rows, err = conn.QueryContext(ctx, `EXPLAIN QUERY PLAN `+q, args...)
	}
	if err != nil {
		t.Fatal(err)
	}
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	lines, err := store.Collect(rows, func(rows *sql.Rows, line *string) error {
		if len(cols) == 1 { // PostgreSQL: QUERY PLAN
			return rows.Scan(line)
		}
		var id, parent, unused int
		return rows.Scan(&id, &parent, &unused, line) // SQLite: id, parent, notused, detail
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// TestEachOrderReadsItsIndexInOrder proves, on 40,000 matches of 60 agents, that the
// first page of each order on one side reads that order's index in order
// and sorts nothing: the list costs the same whatever order is chosen
// (docs/performance.md, "Matches").
func TestEachOrderReadsItsIndexInOrder(t *testing.T) {
	if testing.Short() && os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("slow")
	}
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := demo.Generate(ctx, db, demo.Options{Agents: 60, Properties: 200, Requirements: 200,
			Connections: -1, Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
			t.Fatal(err)
		}
		// Every other pair of agents' listings and requirements becomes a match.
		if _, err := db.ExecContext(ctx, `INSERT INTO matches (property_id, requirement_id, seller_agent_id, buyer_agent_id,
			match_score, buyer_status, seller_status, created_at, updated_at)
			SELECT p.id, r.id, p.agent_id, r.agent_id, 40 + (p.id * 7 + r.id) % 61,
				CASE (p.id + r.id) % 3 WHEN 0 THEN 'viewed' ELSE 'new' END,
				CASE (p.id + r.id) % 4 WHEN 0 THEN 'contacted' WHEN 1 THEN 'not_interested' ELSE 'new' END, p.created_at, p.created_at
			FROM properties p JOIN requirements r ON r.agent_id <> p.agent_id
			WHERE NOT EXISTS (SELECT 1 FROM matches m WHERE m.property_id = p.id AND m.requirement_id = r.id)`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `ANALYZE`); err != nil {
			t.Fatal(err)
		}
		var agent, count int64
		if err := db.QueryRow(`SELECT buyer_agent_id, count(*) FROM matches GROUP BY buyer_agent_id ORDER BY count(*) DESC LIMIT 1`).Scan(&agent, &count); err != nil {
			t.Fatal(err)
		}
		if count < 500 {
			t.Fatalf("the busiest buyer agent has %d matches; the test wants hundreds", count)
		}
		for _, c := range []struct {
			filter matches.Filter
			index  string
		}{
			// Newest first reads matches_buyer, or the primary key backwards
			// where the planner expects that to find the agent's 26 sooner.
			{matches.Filter{Side: matches.Buyer}, ""},
			{matches.Filter{Side: matches.Buyer, Sort: matches.SortScore}, "matches_buyer_score"},
			{matches.Filter{Side: matches.Buyer, Sort: matches.SortStatus}, "matches_buyer_stage"},
			{matches.Filter{Side: matches.Buyer, Sort: matches.SortScore, MinScore: 90}, "matches_buyer_score"},
			{matches.Filter{Side: matches.Seller}, ""},
			{matches.Filter{Side: matches.Seller, Sort: matches.SortScore}, "matches_seller_score"},
			{matches.Filter{Side: matches.Seller, Sort: matches.SortStatus}, "matches_seller_stage"},
		} {
			t.Run(fmt.Sprintf("%s-%s-%d", c.filter.Side, c.filter.Sort, c.filter.MinScore), func(t *testing.T) {
				plan := listPlan(t, db, agent, c.filter)
				if strings.Contains(plan, "Sort") || strings.Contains(plan, "TEMP B-TREE") {
					t.Fatalf("the plan sorts:\n%s", plan)
				}
				if c.index != "" && !strings.Contains(plan, c.index+" ") && !strings.Contains(plan, c.index+")") && !strings.HasSuffix(plan, c.index) {
					t.Fatalf("the plan does not read %s:\n%s", c.index, plan)
				}
			})
		}
	})
}
