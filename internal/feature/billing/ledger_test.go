package billing_test

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
	"time"

	"propmatch/internal/feature/billing"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

var ctx = context.Background()

// newUser inserts a user with role and returns its id.
func newUser(t *testing.T, db *store.DB, role string) int64 {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	var id int64
	err := db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, role, created_at, updated_at)
		VALUES ($1, 'x', $2, $3, $4, $5, $5) RETURNING id`, fmt.Sprintf("u%d", n), fmt.Sprintf("Agent %d", n),
		fmt.Sprintf("+9198765%05d", n), role, db.Time()).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func appendTx(db *store.DB, e billing.Entry) (int64, error) {
	var after int64
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		after, err = billing.Append(ctx, tx, db.Time(), e)
		return err
	})
	return after, err
}

func kinds(t *testing.T, db *store.DB, user int64) []string {
	t.Helper()
	rows, err := db.Query(`SELECT kind FROM billing_ledger WHERE user_id = $1 ORDER BY id`, user)
	if err != nil {
		t.Fatal(err)
	}
	out, err := store.Collect(rows, func(r *sql.Rows, s *string) error { return r.Scan(s) })
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAppendOpensTheAccountWithTheGrantAndKeepsTheBalance(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		agent, admin := newUser(t, db, "agent"), newUser(t, db, "admin")
		match := int64(7)
		for _, tc := range []struct {
			name string
			e    billing.Entry
			want int64
			code apperr.Code
		}{
			{"first debit opens the account with ₹25,000", billing.Entry{UserID: agent, Kind: billing.KindLead, AmountPaise: -5000, MatchID: &match}, 2495000, ""},
			{"a purchase adds", billing.Entry{UserID: agent, Kind: billing.KindPurchase, AmountPaise: 250000}, 2745000, ""},
			{"a debit past zero is refused", billing.Entry{UserID: agent, Kind: billing.KindAdjustment, AmountPaise: -2745001}, 0, apperr.NoCredits},
			{"a debit to exactly zero is allowed", billing.Entry{UserID: agent, Kind: billing.KindAdjustment, AmountPaise: -2745000}, 0, ""},
			{"at zero a lead is refused", billing.Entry{UserID: agent, Kind: billing.KindLead, AmountPaise: -5000}, 0, apperr.NoCredits},
			{"an admin gets no grant", billing.Entry{UserID: admin, Kind: billing.KindLead, AmountPaise: -1}, 0, apperr.NoCredits},
			{"a positive lead is invalid", billing.Entry{UserID: agent, Kind: billing.KindLead, AmountPaise: 5000}, 0, apperr.Invalid},
			{"a negative grant is invalid", billing.Entry{UserID: agent, Kind: billing.KindGrant, AmountPaise: -1}, 0, apperr.Invalid},
			{"zero is invalid", billing.Entry{UserID: agent, Kind: billing.KindRefund}, 0, apperr.Invalid},
			{"an unknown kind is invalid", billing.Entry{UserID: agent, Kind: "gift", AmountPaise: 1}, 0, apperr.Invalid},
			{"an unknown user is not found", billing.Entry{UserID: 99999, Kind: billing.KindGrant, AmountPaise: 1}, 0, apperr.NotFound},
		} {
			t.Run(tc.name, func(t *testing.T) {
				got, err := appendTx(db, tc.e)
				if apperr.CodeOf(err) != tc.code {
					t.Fatalf("Append = %d, %v; want code %q", got, err, tc.code)
				}
				if err == nil && got != tc.want {
					t.Fatalf("balance after = %d, want %d", got, tc.want)
				}
			})
		}
		if got, want := fmt.Sprint(kinds(t, db, agent)), "[grant lead purchase adjustment]"; got != want {
			t.Errorf("ledger kinds = %s, want %s", got, want)
		}
		var sum, last int64
		if err := db.QueryRow(`SELECT COALESCE(SUM(amount_paise), 0) FROM billing_ledger WHERE user_id = $1`, agent).Scan(&sum); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(`SELECT balance_paise FROM billing_accounts WHERE user_id = $1`, agent).Scan(&last); err != nil {
			t.Fatal(err)
		}
		if sum != last || last != 0 {
			t.Errorf("ledger sum %d, balance %d: want both 0", sum, last)
		}
		if apperr.CodeOf(billing.ErrNoCredits) != apperr.NoCredits {
			t.Error("ErrNoCredits has the wrong code")
		}
	})
}

func TestConcurrentDebitsNeverTakeTheBalanceBelowZero(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		agent := newUser(t, db, "agent")
		// 500 leads of grant: take it down to 10 leads first.
		if _, err := appendTx(db, billing.Entry{UserID: agent, Kind: billing.KindAdjustment, AmountPaise: -(billing.NewAgentGrantPaise - 10*5000)}); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, refused := 0, 0
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := int64(i + 1)
				_, err := appendTx(db, billing.Entry{UserID: agent, Kind: billing.KindLead, AmountPaise: -5000, MatchID: &m})
				mu.Lock()
				defer mu.Unlock()
				switch apperr.CodeOf(err) {
				case "":
					ok++
				case apperr.NoCredits:
					refused++
				default:
					t.Errorf("Append: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 10 || refused != 40 {
			t.Fatalf("charged %d, refused %d; want 10 and 40", ok, refused)
		}
		var bal, neg int64
		if err := db.QueryRow(`SELECT balance_paise FROM billing_accounts WHERE user_id = $1`, agent).Scan(&bal); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow(`SELECT COUNT(*) FROM billing_ledger WHERE balance_after_paise < 0`).Scan(&neg); err != nil {
			t.Fatal(err)
		}
		if bal != 0 || neg != 0 {
			t.Fatalf("balance %d, negative entries %d; want 0 and 0", bal, neg)
		}
	})
}

func TestConcurrentFirstTouchesGrantOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		agent := newUser(t, db, "agent")
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := appendTx(db, billing.Entry{UserID: agent, Kind: billing.KindPurchase, AmountPaise: 100}); err != nil {
					t.Errorf("Append: %v", err)
				}
			}()
		}
		wg.Wait()
		var grants int
		if err := db.QueryRow(`SELECT COUNT(*) FROM billing_ledger WHERE user_id = $1 AND kind = 'grant'`, agent).Scan(&grants); err != nil {
			t.Fatal(err)
		}
		if grants != 1 {
			t.Fatalf("%d grants, want 1", grants)
		}
	})
}

func TestSetPlanExtendsTheSamePlanAndStartsAnotherNow(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		agent := newUser(t, db, "agent")
		now := time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC)
		set := func(plan string, months int, at time.Time) error {
			return db.WithTx(ctx, func(tx *sql.Tx) error { return billing.SetPlan(ctx, tx, at, agent, plan, months, nil) })
		}
		end := func() (string, *time.Time) {
			var p string
			var e *time.Time
			if err := db.QueryRow(`SELECT plan_id, plan_ends_at FROM billing_accounts WHERE user_id = $1`, agent).Scan(&p, &e); err != nil {
				t.Fatal(err)
			}
			return p, e
		}
		for _, tc := range []struct {
			name    string
			plan    string
			months  int
			at      time.Time
			wantEnd time.Time // zero: no end
			code    apperr.Code
		}{
			{"a month of Professional", "professional", 1, now, now.AddDate(0, 1, 0), ""},
			{"a renewal before the end extends from the end", "professional", 2, now.AddDate(0, 0, 10), now.AddDate(0, 3, 0), ""},
			{"a renewal after the end starts now", "professional", 1, now.AddDate(0, 4, 0), now.AddDate(0, 5, 0), ""},
			{"another plan starts now", "enterprise", 6, now.AddDate(0, 4, 1), now.AddDate(0, 10, 1), ""},
			{"starter has no end", "starter", 0, now.AddDate(0, 4, 2), time.Time{}, ""},
			{"an unknown plan", "platinum", 1, now, time.Time{}, apperr.NotFound},
			{"zero months of a paid plan", "professional", 0, now, time.Time{}, apperr.Invalid},
		} {
			t.Run(tc.name, func(t *testing.T) {
				err := set(tc.plan, tc.months, tc.at)
				if apperr.CodeOf(err) != tc.code {
					t.Fatalf("SetPlan: %v, want code %q", err, tc.code)
				}
				if tc.code != "" {
					return
				}
				p, e := end()
				switch {
				case p != tc.plan:
					t.Errorf("plan = %s, want %s", p, tc.plan)
				case tc.wantEnd.IsZero() && e != nil:
					t.Errorf("ends at %v, want no end", e)
				case !tc.wantEnd.IsZero() && (e == nil || !e.Equal(tc.wantEnd)):
					t.Errorf("ends at %v, want %v", e, tc.wantEnd)
				}
			})
		}
	})
}

func TestLookupsForOrders(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		s := billing.NewService(db, true)
		agent := newUser(t, db, "agent")
		p, err := s.Pack(ctx, 1)
		if err != nil || p.AmountPaise != 250000 || p.Leads != 50 || !p.Active {
			t.Errorf("Pack(1) = %+v, %v; want ₹2,500 for 50 leads", p, err)
		}
		if _, err := s.Pack(ctx, 999); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("Pack(999): %v, want not found", err)
		}
		if price, err := s.PlanPrice(ctx, "professional"); err != nil || price != 50000 {
			t.Errorf("PlanPrice(professional) = %d, %v; want 50000", price, err)
		}
		for _, id := range []string{"starter", "enterprise", "gold"} {
			if _, err := s.PlanPrice(ctx, id); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("PlanPrice(%s): %v, want not found", id, err)
			}
		}
		if ok, err := s.APIAccess(ctx, agent); ok || err != nil {
			t.Errorf("APIAccess on Starter = %v, %v; want false", ok, err)
		}
		if err := db.WithTx(ctx, func(tx *sql.Tx) error {
			return billing.SetPlan(ctx, tx, db.Time(), agent, "professional", 1, nil)
		}); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.APIAccess(ctx, agent); !ok || err != nil {
			t.Errorf("APIAccess on Professional = %v, %v; want true", ok, err)
		}
		db.Now = func() time.Time { return time.Now().UTC().AddDate(0, 1, 1) }
		if ok, err := s.APIAccess(ctx, agent); ok || err != nil {
			t.Errorf("APIAccess after Professional ended = %v, %v; want false", ok, err)
		}
		off := billing.NewService(db, false)
		if ok, err := off.APIAccess(ctx, agent); !ok || err != nil || off.Enabled() {
			t.Errorf("billing off: APIAccess = %v, %v, Enabled %v; want true, false", ok, err, off.Enabled())
		}
		if _, err := off.Pack(ctx, 1); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("billing off: Pack: %v, want not found", err)
		}
	})
}
