package security_test

import (
	"context"
	"fmt"
	"net/netip"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/security"
)

func TestParseRange(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"203.0.113.7", "203.0.113.7/32"},
		{" 203.0.113.7 ", "203.0.113.7/32"},
		{"203.0.113.77/24", "203.0.113.0/24"},
		{"::ffff:203.0.113.7", "203.0.113.7/32"},
		{"::ffff:203.0.113.0/120", "203.0.113.0/24"},
		{"2001:db8::1", "2001:db8::1/128"},
		{"2001:DB8::abcd/48", "2001:db8::/48"},
		{"fe80::1%eth0", "fe80::1/128"},
		{"", ""},
		{"banana", ""},
		{"203.0.113.0/33", ""},
		{"203.0.113", ""},
		{"203.0.113.7/", ""},
	} {
		p, err := security.ParseRange(c.in)
		got := ""
		if err == nil {
			got = p.String()
		}
		if got != c.want {
			t.Errorf("ParseRange(%q) = %q (%v); want %q", c.in, got, err, c.want)
		}
	}
}

// TestBlockList: the cached list covers addresses and ranges, forgets an
// expired block once its copy is old, sees a lift at once after Refresh, and
// ignores what is not an address.
func TestBlockList(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		if _, err := db.Exec(`INSERT INTO users (username, password_hash, full_name, phone, agent_type, state, city, role, created_at, updated_at)
			VALUES ('asha', 'x', 'Asha', '+919800000001', 'both', 'Kerala', 'Kochi', 'admin', $1, $1)`, now); err != nil {
			t.Fatal(err)
		}
		var admin int64
		db.QueryRow(`SELECT id FROM users WHERE username = 'asha'`).Scan(&admin)
		l := security.NewBlockList(db, 5*time.Second, nil)
		if l.Blocked(ctx, "203.0.113.5") {
			t.Fatal("blocked with an empty list")
		}
		r, err := security.AddBlock(ctx, db, admin, "198.51.100.9", security.BlockInput{Range: "203.0.113.0/24", Minutes: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := security.AddBlock(ctx, db, admin, "198.51.100.9", security.BlockInput{Range: "2001:db8::/32", Minutes: 60}); err != nil {
			t.Fatal(err)
		}
		if l.Blocked(ctx, "203.0.113.5") {
			t.Error("a fresh copy of the list was read again before its time")
		}
		l.Refresh(ctx)
		for ip, want := range map[string]bool{"203.0.113.5": true, "::ffff:203.0.113.9": true, "203.0.114.5": false,
			"2001:db8:1::7": true, "2001:db9::1": false, "not-an-ip": false, "": false} {
			if got := l.Blocked(ctx, ip); got != want {
				t.Errorf("Blocked(%q) = %v; want %v", ip, got, want)
			}
		}
		now = now.Add(61 * time.Second)
		// The stale copy starts a background read; the expired block goes
		// once it ends.
		eventually(t, "the minute's block gone after a minute", func() bool { return !l.Blocked(ctx, "203.0.113.5") })
		if !l.Blocked(ctx, "2001:db8::1") {
			t.Error("after a minute: want the hour's block kept")
		}
		if _, err := security.LiftBlock(ctx, db, admin, r.ID); err == nil {
			t.Error("lifting an expired block succeeded; want a conflict")
		}
	})
}

// BenchmarkBlocked measures the check every request makes: a cached list of
// 100 ranges, an address outside them all.
func BenchmarkBlocked(b *testing.B) {
	db := storetest.New(b, store.SQLite)
	ctx := context.Background()
	for i := range 100 {
		if _, err := db.Exec(`INSERT INTO ip_blocks (cidr, created_at, expires_at) VALUES ($1, $2, $3)`,
			fmt.Sprintf("10.%d.0.0/16", i), time.Now(), time.Now().Add(time.Hour)); err != nil {
			b.Fatal(err)
		}
	}
	l := security.NewBlockList(db, time.Hour, nil)
	l.Refresh(ctx)
	if !l.Blocked(ctx, "10.42.1.1") {
		b.Fatal("10.42.1.1 is not blocked")
	}
	for b.Loop() {
		l.Blocked(ctx, "198.51.100.7")
	}
}

// eventually polls cond until it holds, failing after 10 s. It waits for a
// background read to land, never to time one.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("never: %s", what)
}

// TestBlockedNeverWaitsForTheSource: with the source hung (a fake that
// blocks until released), Blocked answers from the last good copy without
// waiting, each time; once the source answers, the new copy is used.
func TestBlockedNeverWaitsForTheSource(t *testing.T) {
	ctx := context.Background()
	var clock atomic.Int64
	now := func() time.Time { return time.Unix(0, clock.Load()) }
	clock.Store(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC).UnixNano())
	release := make(chan struct{})
	var calls atomic.Int32
	first := []netip.Prefix{netip.MustParsePrefix("203.0.113.0/24")}
	second := []netip.Prefix{netip.MustParsePrefix("198.51.100.0/24")}
	source := func(context.Context) ([]netip.Prefix, error) {
		if calls.Add(1) == 1 {
			return first, nil
		}
		<-release // hung: ignores its deadline, like a stuck driver
		return second, nil
	}
	l := security.NewBlockListFrom(source, 5*time.Second, now, nil)
	eventually(t, "the first read lands", func() bool { return l.Blocked(ctx, "203.0.113.9") })

	clock.Add(int64(time.Minute)) // the copy is stale: the next check reads again, and hangs
	for i, c := range []struct {
		ip   string
		want bool
	}{{"203.0.113.9", true}, {"198.51.100.9", false}, {"203.0.113.9", true}} {
		got := make(chan bool, 1)
		go func() { got <- l.Blocked(ctx, c.ip) }()
		select {
		case b := <-got:
			if b != c.want {
				t.Errorf("while the source hangs, Blocked(%s) = %v; want %v (the last good copy)", c.ip, b, c.want)
			}
		case <-time.After(10 * time.Second): // a guard against a hang, not a timing check
			t.Fatal("Blocked waited for the hung source")
		}
		if i == 0 {
			eventually(t, "a second read starts", func() bool { return calls.Load() == 2 })
		}
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("%d reads while one hangs; want 2 (one at a time)", n)
	}
	close(release)
	eventually(t, "the new copy is used once the source answers", func() bool { return l.Blocked(ctx, "198.51.100.9") })
}
