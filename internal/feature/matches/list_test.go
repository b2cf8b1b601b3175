package matches_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/demo"
	"propmatch/internal/feature/matches"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// market makes a small demo market and gives its busiest buyer agent
// matches in every status (every third match moves one status along).
func market(t *testing.T, db *store.DB) (*matches.Service, int64) {
	t.Helper()
	ctx := context.Background()
	if _, err := demo.Generate(ctx, db, demo.Options{Agents: 6, Properties: 200, Requirements: 200,
		Connections: -1, Now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	var agent int64
	if err := db.QueryRow(`SELECT buyer_agent_id FROM matches GROUP BY buyer_agent_id ORDER BY count(*) DESC, buyer_agent_id LIMIT 1`).Scan(&agent); err != nil {
		t.Fatal(err)
	}
	for i, st := range matchengine.Statuses {
		if _, err := db.Exec(`UPDATE matches SET buyer_status = $1 WHERE buyer_agent_id = $2 AND id % 18 = $3`, string(st), agent, i*3); err != nil {
			t.Fatal(err)
		}
	}
	return matches.NewService(db, matchengine.New(db, matchengine.Options{})), agent
}

// all walks every page of the list, 7 at a time.
func all(t *testing.T, svc *matches.Service, agent int64, f matches.Filter) []matches.Match {
	t.Helper()
	var list []matches.Match
	page := paging.Page{Limit: 7}
	for range 1000 {
		got, next, err := svc.List(context.Background(), agent, f, page)
		if err != nil {
			t.Fatalf("List(%+v, %+v): %v", f, page, err)
		}
		list = append(list, got...)
		if next == "" {
			return list
		}
		if page, err = paging.Parse("7", next); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the pages never end")
	return nil
}

func ids(list []matches.Match) []int64 {
	out := make([]int64, len(list))
	for i, m := range list {
		out[i] = m.ID
	}
	return out
}

// stageOf is the position of s in the dropdown (new first).
func stageOf(s matchengine.Status) int { return slices.Index(matchengine.Statuses, s) }

// TestListOrdersEveryPageAndKeepsEveryMatch walks each order page by page
// and checks that it holds exactly the newest-first list's matches, in the
// order asked for.
func TestListOrdersEveryPageAndKeepsEveryMatch(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		svc, agent := market(t, db)
		newest := all(t, svc, agent, matches.Filter{Side: matches.Buyer})
		if len(newest) < 15 {
			t.Fatalf("the market gave the agent %d matches; the test needs at least 3 pages", len(newest))
		}
		if !slices.IsSortedFunc(newest, func(a, b matches.Match) int { return int(b.ID - a.ID) }) {
			t.Fatal("the default order is not newest first")
		}
		for _, c := range []struct {
			sort string
			less func(a, b matches.Match) bool // a comes before b
		}{
			{matches.SortNewest, func(a, b matches.Match) bool { return a.ID > b.ID }},
			{matches.SortScore, func(a, b matches.Match) bool {
				return a.MatchScore > b.MatchScore || a.MatchScore == b.MatchScore && a.ID > b.ID
			}},
			{matches.SortStatus, func(a, b matches.Match) bool {
				sa, sb := stageOf(a.Status), stageOf(b.Status)
				return sa < sb || sa == sb && a.ID > b.ID
			}},
		} {
			t.Run(c.sort, func(t *testing.T) {
				for _, side := range []matches.Side{matches.Buyer, ""} {
					got := all(t, svc, agent, matches.Filter{Side: side, Sort: c.sort})
					for i := 1; i < len(got); i++ {
						if !c.less(got[i-1], got[i]) {
							t.Fatalf("side %q: match %d (score %d, %s) comes before %d (score %d, %s)", side, got[i-1].ID,
								got[i-1].MatchScore, got[i-1].Status, got[i].ID, got[i].MatchScore, got[i].Status)
						}
					}
					if side == matches.Buyer && !slices.Equal(slices.Sorted(slices.Values(ids(got))), slices.Sorted(slices.Values(ids(newest)))) {
						t.Fatalf("sorted by %s the list holds other matches than newest first", c.sort)
					}
				}
			})
		}
		scores := map[int]bool{}
		for _, m := range newest {
			scores[m.MatchScore] = true
		}
		if len(scores) < 2 {
			t.Fatal("every match has the same score; the score order proves nothing")
		}
	})
}

// TestListFiltersByRequirementListingAndScore checks each filter against
// the full list filtered here.
func TestListFiltersByRequirementListingAndScore(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		svc, agent := market(t, db)
		full := all(t, svc, agent, matches.Filter{Side: matches.Buyer})
		req, prop, minScore := full[0].RequirementID, full[len(full)-1].PropertyID, 0
		newMin := 0 // the best score of a new match
		for _, m := range full {
			minScore = max(minScore, m.MatchScore)
			if m.Status == matchengine.StatusNew {
				newMin = max(newMin, m.MatchScore)
			}
		}
		for _, c := range []struct {
			name   string
			filter matches.Filter
			keep   func(matches.Match) bool
		}{
			{"Requirement", matches.Filter{RequirementID: req}, func(m matches.Match) bool { return m.RequirementID == req }},
			{"Listing", matches.Filter{PropertyID: prop}, func(m matches.Match) bool { return m.PropertyID == prop }},
			{"MinScore", matches.Filter{MinScore: minScore}, func(m matches.Match) bool { return m.MatchScore >= minScore }},
			{"StatusAndScore", matches.Filter{Status: "new", MinScore: newMin, Sort: matches.SortScore},
				func(m matches.Match) bool { return m.Status == matchengine.StatusNew && m.MatchScore >= newMin }},
		} {
			t.Run(c.name, func(t *testing.T) {
				c.filter.Side = matches.Buyer
				var want []int64
				for _, m := range full {
					if c.keep(m) {
						want = append(want, m.ID)
					}
				}
				got := ids(all(t, svc, agent, c.filter))
				slices.Sort(got)
				slices.Sort(want)
				if len(want) == 0 || len(want) == len(full) || !slices.Equal(got, want) {
					t.Fatalf("filter %+v kept %v; want %v (of %d)", c.filter, got, want, len(full))
				}
			})
		}
	})
}

func TestParseFilterNamesEachBadParameter(t *testing.T) {
	for _, c := range []struct {
		query map[string]string
		path  string
	}{
		{map[string]string{"sort": "price"}, "sort"},
		{map[string]string{"minScore": "101"}, "minScore"},
		{map[string]string{"minScore": "-1"}, "minScore"},
		{map[string]string{"minScore": "high"}, "minScore"},
		{map[string]string{"requirementId": "0"}, "requirementId"},
		{map[string]string{"propertyId": "x"}, "propertyId"},
		{map[string]string{"type": "both"}, "type"},
		{map[string]string{"status": "open"}, "status"},
	} {
		_, err := matches.ParseFilter(func(k string) string { return c.query[k] })
		e, ok := err.(*apperr.Error)
		if !ok || e.Code != apperr.Invalid || len(e.Fields) != 1 || e.Fields[0].Path != c.path {
			t.Errorf("ParseFilter(%v) = %v; want one field error at %s", c.query, err, c.path)
		}
	}
	f, err := matches.ParseFilter(func(k string) string {
		return map[string]string{"type": "seller", "sort": "score", "propertyId": "12", "minScore": "70"}[k]
	})
	if err != nil || f != (matches.Filter{Side: matches.Seller, Sort: matches.SortScore, PropertyID: 12, MinScore: 70}) {
		t.Fatalf("ParseFilter = %+v, %v", f, err)
	}
}

func TestListRefusesACursorOfAnotherOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		svc := matches.NewService(db, matchengine.New(db, matchengine.Options{}))
		ctx := context.Background()
		for _, c := range []struct {
			sort string
			page paging.Page
		}{
			{matches.SortScore, paging.Page{Limit: 5, Before: 10}},
			{matches.SortNewest, paging.Page{Limit: 5, Before: 10, BeforeKey: 90, Keyed: true}},
		} {
			if _, _, err := svc.List(ctx, 1, matches.Filter{Sort: c.sort}, c.page); apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("List(sort %s, %+v) = %v; want Invalid", c.sort, c.page, err)
			}
		}
	})
}
