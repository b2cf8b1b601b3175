package security_test

import (
	"context"
	"fmt"
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
		l.Refresh()
		for ip, want := range map[string]bool{"203.0.113.5": true, "::ffff:203.0.113.9": true, "203.0.114.5": false,
			"2001:db8:1::7": true, "2001:db9::1": false, "not-an-ip": false, "": false} {
			if got := l.Blocked(ctx, ip); got != want {
				t.Errorf("Blocked(%q) = %v; want %v", ip, got, want)
			}
		}
		now = now.Add(61 * time.Second)
		if !l.Blocked(ctx, "2001:db8::1") || l.Blocked(ctx, "203.0.113.5") {
			t.Error("after a minute: want the hour's block kept and the minute's gone")
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
	if !l.Blocked(ctx, "10.42.1.1") {
		b.Fatal("10.42.1.1 is not blocked")
	}
	for b.Loop() {
		l.Blocked(ctx, "198.51.100.7")
	}
}
