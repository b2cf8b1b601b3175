package apikeys_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/apikeys"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/security"
)

var ctx = context.Background()

// gate is a plan gate a test switches.
type gate struct{ off atomic.Bool }

func (g *gate) APIAccess(context.Context, int64) (bool, error) { return !g.off.Load(), nil }

type fixture struct {
	db    *store.DB
	users *auth.Service
	keys  *apikeys.Service
	gate  *gate
	rec   *security.Recorder
	now   time.Time
	mu    sync.Mutex
}

func (f *fixture) clock() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now }
func (f *fixture) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

func setup(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	f := &fixture{db: db, gate: &gate{}, now: time.Now().UTC()}
	db.Now = f.clock
	cfg := auth.DefaultConfig()
	cfg.Argon = auth.Argon2Params{Memory: 1024, Time: 1, Threads: 1}
	f.users = auth.New(db, cfg, nil, nil, nil)
	f.rec = security.NewRecorder(db, security.RecorderConfig{}, nil)
	t.Cleanup(func() { _ = f.rec.Close(ctx) })
	f.keys = apikeys.NewService(db, f.users, []byte("a server secret of at least 32 bytes!!"))
	f.keys.UseAPIAccess(f.gate)
	f.keys.UseRecorder(f.rec)
	return f
}

var agents atomic.Int64

func (f *fixture) agent(t *testing.T) int64 {
	t.Helper()
	n := agents.Add(1)
	u, err := f.users.CreateUser(ctx, auth.NewUser{Username: fmt.Sprintf("agent%d", n), Password: "Tr1cky-pass-word",
		FullName: "Agent", Phone: fmt.Sprintf("+9198765%05d", n), Role: auth.RoleAgent, AgentType: "both", State: "Telangana", City: "Hyderabad"})
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func newKey(name string, scopes ...string) apikeys.NewKey {
	return apikeys.NewKey{Name: input.String(name), Scopes: input.List(scopes)}
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if apperr.CodeOf(err) != code {
		t.Fatalf("error = %v, want code %s", err, code)
	}
}

var keyFormat = regexp.MustCompile(`^pm_live_[0-9A-Za-z]{43}$`)

func TestCreateListAuthenticate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		me := f.agent(t)
		c, err := f.keys.Create(ctx, me, newKey("CRM sync", "read", "write"))
		if err != nil {
			t.Fatal(err)
		}
		if !keyFormat.MatchString(c.Secret) || c.Prefix != c.Secret[8:12] || strings.Join(c.Scopes, ",") != "read,write" {
			t.Fatalf("created %+v", c)
		}
		var stored string
		if err := db.QueryRow(`SELECT key_hash FROM api_keys WHERE id = $1`, c.ID).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(stored, c.Secret[8:]) || len(stored) != 64 {
			t.Fatalf("stored %q is not a keyed hash", stored)
		}
		caller, err := f.keys.Authenticate(ctx, c.Secret, "203.0.113.5")
		if err != nil || caller.User.ID != me || !caller.Write || caller.KeyID != c.ID {
			t.Fatalf("authenticate = %+v, %v", caller, err)
		}
		list, err := f.keys.List(ctx, me)
		if err != nil || len(list) != 1 || list[0].LastUsedIP != "203.0.113.5" || list[0].LastUsedAt == nil || list[0].Status != "active" {
			t.Fatalf("list = %+v, %v", list, err)
		}
		// The last use is written at most once a minute.
		first := *list[0].LastUsedAt
		f.advance(30 * time.Second)
		if _, err := f.keys.Authenticate(ctx, c.Secret, "203.0.113.6"); err != nil {
			t.Fatal(err)
		}
		list, _ = f.keys.List(ctx, me)
		if !list[0].LastUsedAt.Equal(first) || list[0].LastUsedIP != "203.0.113.5" {
			t.Fatalf("written again within the minute: %+v", list[0])
		}
		f.advance(31 * time.Second)
		if _, err := f.keys.Authenticate(ctx, c.Secret, "203.0.113.6"); err != nil {
			t.Fatal(err)
		}
		list, _ = f.keys.List(ctx, me)
		if list[0].LastUsedIP != "203.0.113.6" {
			t.Fatalf("not written after a minute: %+v", list[0])
		}
		// A read-only key.
		ro, err := f.keys.Create(ctx, me, newKey("Website", "read"))
		if err != nil {
			t.Fatal(err)
		}
		if caller, err := f.keys.Authenticate(ctx, ro.Secret, "203.0.113.5"); err != nil || caller.Write {
			t.Fatalf("read-only = %+v, %v", caller, err)
		}
		// Unknown and malformed keys.
		for _, k := range []string{"", "pm_live_", "pm_live_x", c.Secret[:len(c.Secret)-1] + "0", strings.Replace(c.Secret, "pm_live_", "pm_test_", 1)} {
			if k == c.Secret {
				continue
			}
			_, err := f.keys.Authenticate(ctx, k, "203.0.113.5")
			wantCode(t, err, apperr.Unauthorized)
		}
	})
}

func TestCreateChecksItsInput(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		me := f.agent(t)
		for _, tc := range []struct {
			in   apikeys.NewKey
			path string
		}{
			{newKey("", "read"), "name"},
			{newKey(strings.Repeat("n", 61), "read"), "name"},
			{newKey("tab\there", "read"), "name"},
			{newKey("x"), "scopes"},
			{newKey("x", "admin"), "scopes"},
			{apikeys.NewKey{Name: "x", Scopes: input.List{"read"}, ExpiresAt: "tomorrow"}, "expiresAt"},
			{apikeys.NewKey{Name: "x", Scopes: input.List{"read"}, ExpiresAt: "2001-01-01"}, "expiresAt"},
			{apikeys.NewKey{Name: "x", Scopes: input.List{"read"}, ExpiresAt: "2999-01-01"}, "expiresAt"},
		} {
			_, err := f.keys.Create(ctx, me, tc.in)
			var e *apperr.Error
			if !asError(err, &e) || e.Code != apperr.Invalid || len(e.Fields) == 0 || e.Fields[0].Path != tc.path {
				t.Errorf("%+v: error = %v, want a field error at %s", tc.in, err, tc.path)
			}
		}
		// A date means the end of that day in India.
		c, err := f.keys.Create(ctx, me, apikeys.NewKey{Name: "x", Scopes: input.List{"write"}, ExpiresAt: input.String(f.now.AddDate(0, 0, 2).Format(time.DateOnly))})
		if err != nil || c.ExpiresAt == nil || strings.Join(c.Scopes, ",") != "read,write" {
			t.Fatalf("created %+v, %v", c, err)
		}
	})
}

func asError(err error, e **apperr.Error) bool {
	x, ok := err.(*apperr.Error)
	*e = x
	return ok
}

func TestAtMostTenActiveKeysUnderConcurrentCreates(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		me := f.agent(t)
		var ok, conflict atomic.Int64
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Go(func() {
				_, err := f.keys.Create(ctx, me, newKey(fmt.Sprintf("key %d", i), "read"))
				switch apperr.CodeOf(err) {
				case "":
					ok.Add(1)
				case apperr.Conflict:
					conflict.Add(1)
				default:
					t.Errorf("create: %v", err)
				}
			})
		}
		wg.Wait()
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM api_keys WHERE user_id = $1`, me).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if ok.Load() != apikeys.MaxActive || n != apikeys.MaxActive || conflict.Load() != 100-apikeys.MaxActive {
			t.Fatalf("created %d (stored %d), refused %d; want %d", ok.Load(), n, conflict.Load(), apikeys.MaxActive)
		}
		// Revoking one makes room for one.
		list, _ := f.keys.List(ctx, me)
		if err := f.keys.Revoke(ctx, me, list[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.keys.Create(ctx, me, newKey("again", "read")); err != nil {
			t.Fatal(err)
		}
		_, err := f.keys.Create(ctx, me, newKey("one more", "read"))
		wantCode(t, err, apperr.Conflict)
	})
}

func TestRevokedAndExpiredKeysStopAtOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		me, other := f.agent(t), f.agent(t)
		c, err := f.keys.Create(ctx, me, newKey("k", "read"))
		if err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.keys.Revoke(ctx, other, c.ID), apperr.NotFound)
		if _, err := f.keys.Authenticate(ctx, c.Secret, "203.0.113.5"); err != nil {
			t.Fatalf("another agent's revoke stopped the key: %v", err)
		}
		if err := f.keys.Revoke(ctx, me, c.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.keys.Revoke(ctx, me, c.ID); err != nil {
			t.Fatalf("revoking twice: %v", err)
		}
		_, err = f.keys.Authenticate(ctx, c.Secret, "203.0.113.5")
		wantCode(t, err, apperr.Unauthorized)
		// Its use after revocation is a security event.
		if err := f.rec.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		wantEvent(t, db, fmt.Sprintf("api_key:%d", c.ID), "revoked API key")

		exp := f.now.Add(time.Hour)
		e, err := f.keys.Create(ctx, me, apikeys.NewKey{Name: "e", Scopes: input.List{"read"}, ExpiresAt: input.String(exp.Format(time.RFC3339))})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.keys.Authenticate(ctx, e.Secret, "203.0.113.5"); err != nil {
			t.Fatal(err)
		}
		f.advance(time.Hour)
		_, err = f.keys.Authenticate(ctx, e.Secret, "203.0.113.5")
		wantCode(t, err, apperr.Unauthorized)
		list, _ := f.keys.List(ctx, me)
		if list[0].Status != apikeys.StatusExpired || list[1].Status != apikeys.StatusRevoked {
			t.Fatalf("statuses %s, %s", list[0].Status, list[1].Status)
		}
	})
}

func wantEvent(t *testing.T, db *store.DB, subject, detail string) {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM security_events WHERE type = $1 AND subject = $2 AND detail LIKE $3`,
		security.SuspiciousRequest, subject, "%"+detail+"%").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("no security event for %s with %q", subject, detail)
	}
}

func TestThePlanGatesCreationAndUse(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		me := f.agent(t)
		c, err := f.keys.Create(ctx, me, newKey("k", "read"))
		if err != nil {
			t.Fatal(err)
		}
		f.gate.off.Store(true)
		_, err = f.keys.Create(ctx, me, newKey("k2", "read"))
		wantCode(t, err, apperr.PlanLimit)
		_, err = f.keys.Authenticate(ctx, c.Secret, "203.0.113.5")
		wantCode(t, err, apperr.PlanLimit)
		f.gate.off.Store(false)
		if _, err := f.keys.Authenticate(ctx, c.Secret, "203.0.113.5"); err != nil {
			t.Fatalf("the key did not come back with the plan: %v", err)
		}
	})
}

func TestManyAddressesAndAdminRevoke(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		me := f.agent(t)
		admin, err := f.users.CreateUser(ctx, auth.NewUser{Username: fmt.Sprintf("admin%d", agents.Add(1)), Password: "Tr1cky-pass-word",
			FullName: "Admin", Phone: fmt.Sprintf("+9198766%05d", agents.Load()), Role: auth.RoleAdmin, AgentType: "both", State: "Telangana", City: "Hyderabad"})
		if err != nil {
			t.Fatal(err)
		}
		c, err := f.keys.Create(ctx, me, newKey("k", "read"))
		if err != nil {
			t.Fatal(err)
		}
		for i := range apikeys.MaxAddressesPerDay + 1 {
			if _, err := f.keys.Authenticate(ctx, c.Secret, fmt.Sprintf("198.51.100.%d", i+1)); err != nil {
				t.Fatal(err)
			}
			if err := f.rec.Flush(ctx); err != nil {
				t.Fatal(err)
			}
			var n int
			_ = db.QueryRow(`SELECT COUNT(*) FROM security_events WHERE subject = $1`, fmt.Sprintf("api_key:%d", c.ID)).Scan(&n)
			if want := i + 1 - apikeys.MaxAddressesPerDay; (n > 0) != (want > 0) {
				t.Fatalf("after %d addresses: %d events", i+1, n)
			}
		}
		wantEvent(t, db, fmt.Sprintf("api_key:%d", c.ID), "addresses today")

		list, err := f.keys.AdminList(ctx, me)
		if err != nil || len(list) != 1 {
			t.Fatalf("admin list = %+v, %v", list, err)
		}
		_, err = f.keys.AdminList(ctx, 1<<40)
		wantCode(t, err, apperr.NotFound)
		if err := f.keys.AdminRevoke(ctx, admin.ID, c.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.keys.AdminRevoke(ctx, admin.ID, c.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.keys.AdminRevoke(ctx, admin.ID, 1<<40), apperr.NotFound)
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'api_key.revoke' AND target_id = $1 AND actor_id = $2`, c.ID, admin.ID).Scan(&n); err != nil || n != 1 {
			t.Fatalf("audit rows = %d, %v; want 1", n, err)
		}
		_, err = f.keys.Authenticate(ctx, c.Secret, "198.51.100.1")
		wantCode(t, err, apperr.Unauthorized)
	})
}
