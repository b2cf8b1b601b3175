package security_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/security"
)

// recent is an hour's start two hours ago: events there are within the
// recorder's keep (it prunes older ones when it starts).
func recent() time.Time { return time.Now().UTC().Truncate(time.Hour).Add(-2 * time.Hour) }

// TestRepeatsAreCounted: one source's events of one type in one minute are
// one row with a count, whichever instance (recorder) or path (Record)
// stores them, under 100 concurrent writers; another minute, type or
// source is another row.
func TestRepeatsAreCounted(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		t0 := recent()
		a := security.NewRecorder(db, security.RecorderConfig{Every: time.Hour, Batch: 7}, nil)
		b := security.NewRecorder(db, security.RecorderConfig{Every: time.Hour, Batch: 7}, nil)
		defer a.Close(ctx)
		defer b.Close(ctx)
		probe := func(at time.Time, typ, ip string) security.Event {
			return security.Event{Type: typ, IP: ip, URL: "/.env", Detail: "scanner probe: /.env", At: at}
		}
		var wg sync.WaitGroup
		for g := range 100 {
			wg.Go(func() {
				r := a
				if g%2 == 1 {
					r = b // a second instance on the same database
				}
				for i := range 50 { // 5,000 events in all, spread over 10:00:00–10:00:59
					r.Add(probe(t0.Add(time.Duration(g*50+i)*12*time.Millisecond), security.SuspiciousRequest, "198.51.100.66"))
				}
				if g%25 == 0 {
					r.Flush(ctx) // rows written while others still add to them
				}
			})
		}
		wg.Wait()
		a.Add(probe(t0.Add(time.Minute), security.SuspiciousRequest, "198.51.100.66")) // the next minute
		a.Add(probe(t0, security.CrossSiteRefused, "198.51.100.66"))                   // another type
		b.Add(probe(t0, security.SuspiciousRequest, "198.51.100.67"))                  // another source
		if err := security.Record(ctx, db, t0.Add(30*time.Second), probe(time.Time{}, security.SuspiciousRequest, "198.51.100.66")); err != nil {
			t.Fatal(err)
		}
		a.Flush(ctx)
		b.Flush(ctx)
		if got := rows(t, db); got != 4 {
			t.Errorf("%d rows; want 4 (one per source, type and minute)", got)
		}
		var n int
		var first, last time.Time
		err := db.QueryRow(`SELECT count, created_at, last_at FROM security_events WHERE ip = '198.51.100.66' AND type = 'suspicious_request' AND minute_at = $1`, t0).
			Scan(&n, store.ScanTime(&first), store.ScanTime(&last))
		if err != nil {
			t.Fatal(err)
		}
		if n != 5001 || first.Before(t0) || !first.Before(t0.Add(time.Minute)) || !last.Equal(t0.Add(4999*12*time.Millisecond)) {
			t.Errorf("the flooded minute: count %d, %s–%s; want 5,001 within the minute, the last at :59.988", n, first, last)
		}
		if a.Dropped()+b.Dropped()+a.Capped()+b.Capped() != 0 || a.Written()+b.Written() != 5003 {
			t.Errorf("written %d, dropped %d, capped %d; want 5,003 written", a.Written()+b.Written(), a.Dropped()+b.Dropped(), a.Capped()+b.Capped())
		}
		counts, err := security.CountByType(ctx, db)
		if err != nil || counts[security.SuspiciousRequest] != 5003 || counts[security.CrossSiteRefused] != 1 {
			t.Errorf("CountByType %v (%v); want 5,003 suspicious requests and 1 cross-site refusal", counts, err)
		}
	})
}

// TestAnAddressIsCapped: an address starts at most PerAddress rows per
// window, also under 100 concurrent writers; its further events are dropped
// and counted (Capped), its started rows keep counting, other addresses
// are untouched, an IPv6 /64 is one address, and the next window starts over.
func TestAnAddressIsCapped(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		t0 := recent()
		r := security.NewRecorder(db, security.RecorderConfig{Every: time.Hour, PerAddress: 5, CapWindow: time.Hour}, nil)
		defer r.Close(ctx)
		var wg sync.WaitGroup
		for g := range 100 {
			wg.Go(func() {
				// Goroutine g floods minute g%50 of the hour from one address.
				for i := range 10 {
					r.Add(security.Event{Type: security.SuspiciousRequest, IP: "198.51.100.66",
						At: t0.Add(time.Duration(g%50)*time.Minute + time.Duration(i)*time.Second)})
				}
			})
		}
		wg.Wait()
		// Another address, and two addresses of one IPv6 /64.
		r.Add(security.Event{Type: security.AuthFailure, IP: "203.0.113.9", At: t0})
		for i := range 10 {
			r.Add(security.Event{Type: security.SuspiciousRequest, IP: fmt.Sprintf("2001:db8:1:2::%x", i+1), At: t0.Add(time.Duration(i) * time.Minute)})
		}
		r.Flush(ctx)
		var flooded, flooding, v6 int
		db.QueryRow(`SELECT COUNT(*), COALESCE(SUM(count), 0) FROM security_events WHERE ip = '198.51.100.66'`).Scan(&flooded, &flooding)
		db.QueryRow(`SELECT COUNT(*) FROM security_events WHERE ip LIKE '2001:db8:1:2::%'`).Scan(&v6)
		if flooded != 5 || flooding != 100 {
			t.Errorf("the flooding address has %d rows holding %d events; want 5 rows, each of its minute's 20 events", flooded, flooding)
		}
		if v6 != 5 {
			t.Errorf("one IPv6 /64 has %d rows; want 5", v6)
		}
		if got := r.Capped(); got != 900+5 {
			t.Errorf("capped %d; want 900 (45 minutes of 20) + 5 (the /64's rest)", got)
		}
		if got := countEvents(t, db); got != 100+1+5 {
			t.Errorf("%d events stored; want 106", got)
		}
		r.Add(security.Event{Type: security.SuspiciousRequest, IP: "198.51.100.66", At: t0.Add(time.Hour)})
		r.Flush(ctx)
		if got := rows(t, db); got != 5+1+5+1 {
			t.Errorf("%d rows after the window ended; want the address's next row written", got)
		}
	})
}

// TestMigrationCollapsesStoredEvents: migration 20 turns the rows stored one
// per event into one per source, type and minute, counts kept, on both
// engines, and the recorder adds to the table afterwards.
func TestMigrationCollapsesStoredEvents(t *testing.T) {
	ctx := context.Background()
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			db, err := store.Open(ctx, storetest.URL(t, e))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err := db.MigrateTo(ctx, 18); err != nil {
				t.Fatal(err)
			}
			t0 := recent()
			for i, ev := range []struct {
				typ, ip, detail string
				at              time.Duration
			}{
				{"suspicious_request", "198.51.100.66", "first", 5 * time.Second},
				{"suspicious_request", "198.51.100.66", "second", 10 * time.Second},
				{"suspicious_request", "198.51.100.66", "third", 59 * time.Second},
				{"suspicious_request", "198.51.100.66", "next minute", 61 * time.Second},
				{"auth_failure", "198.51.100.66", "another type", 5 * time.Second},
				{"suspicious_request", "198.51.100.67", "another source", 5 * time.Second},
			} {
				if _, err := db.Exec(`INSERT INTO security_events (type, ip, url, subject, detail, created_at) VALUES ($1, $2, '/x', '', $3, $4)`,
					ev.typ, ev.ip, ev.detail, t0.Add(ev.at)); err != nil {
					t.Fatalf("row %d: %v", i, err)
				}
			}
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			var n, count int
			var detail string
			db.QueryRow(`SELECT COUNT(*), SUM(count) FROM security_events`).Scan(&n, &count)
			db.QueryRow(`SELECT count, detail FROM security_events WHERE ip = '198.51.100.66' AND type = 'suspicious_request' ORDER BY created_at LIMIT 1`).Scan(&count, &detail)
			if n != 4 || count != 3 || detail != "first" {
				t.Errorf("%d rows, the first minute's holding %d events and detail %q; want 4 rows, 3 events, %q", n, count, detail, "first")
			}
			if err := security.Record(ctx, db, t0.Add(2*time.Minute), security.Event{Type: security.SuspiciousRequest, IP: "198.51.100.66"}); err != nil {
				t.Fatal(err)
			}
			if err := security.Record(ctx, db, t0.Add(2*time.Minute+time.Second), security.Event{Type: security.SuspiciousRequest, IP: "198.51.100.66"}); err != nil {
				t.Fatal(err)
			}
			db.QueryRow(`SELECT COUNT(*), SUM(count) FROM security_events`).Scan(&n, &count)
			if n != 5 || count != 8 {
				t.Errorf("after two more events in a new minute: %d rows, %d events; want 5 and 8", n, count)
			}
		})
	}
}
