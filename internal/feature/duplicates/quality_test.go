package duplicates_test

import (
	"fmt"
	"testing"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// TestTheGeneratedMarketsDuplicatesAreFoundPreciselyEnough lists a
// generated market through the property service and compares the likely
// pairs the checks stored with the known duplicates: precision must be at
// least 95% and recall at least 90% (docs/performance.md#duplicate-listings).
func TestTheGeneratedMarketsDuplicatesAreFoundPreciselyEnough(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newFixture(db)
		m := buildMarket(t, f, 60, 26)
		found := likelyPairs(t, db)
		tp := 0
		for p := range found {
			if m.truth[p] {
				tp++
			}
		}
		if testing.Verbose() {
			for p := range m.truth {
				if !found[p] {
					t.Logf("missed %v: %s", p, describe(t, db, p))
				}
			}
			for p := range found {
				if !m.truth[p] {
					t.Logf("wrong %v: %s", p, describe(t, db, p))
				}
			}
		}
		precision := float64(tp) / float64(max(1, len(found)))
		recall := float64(tp) / float64(max(1, len(m.truth)))
		t.Logf("%d listings, %d duplicate pairs known, %d found likely, %d right: precision %.1f%%, recall %.1f%%",
			len(m.ids), len(m.truth), len(found), tp, 100*precision, 100*recall)
		if len(m.truth) < 40 {
			t.Fatalf("the market has only %d duplicate pairs; the figures would mean little", len(m.truth))
		}
		if precision < 0.95 {
			t.Errorf("precision %.1f%% is under 95%%", 100*precision)
		}
		if recall < 0.90 {
			t.Errorf("recall %.1f%% is under 90%%", 100*recall)
		}
	})
}

// describe shows two listings side by side, for a failure's log.
func describe(t *testing.T, db *store.DB, p [2]int64) string {
	t.Helper()
	var out string
	for _, id := range p {
		var loc, img string
		var price float64
		var sqft, beds *int
		if err := db.QueryRow(`SELECT locality, price, sqft, bedrooms, images FROM properties WHERE id = $1`, id).Scan(&loc, &price, &sqft, &beds, &img); err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("[%q %.0f %v sqft %v beds photo=%v] ", loc, price, deref(sqft), deref(beds), img != "[]")
	}
	return out
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}
