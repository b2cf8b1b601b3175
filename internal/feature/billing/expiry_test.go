package billing_test

import (
	"database/sql"
	"testing"
	"time"

	"propmatch/internal/feature/billing"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// TestTheWelcomeGrantExpiresOnceAfterAMonth: what is left of the grant
// (less the leads spent, never more than the balance, bought credits kept)
// is taken by the queued job at the month's end, once.
func TestTheWelcomeGrantExpiresOnceAfterAMonth(t *testing.T) {
	for _, tc := range []struct {
		name      string
		leads     int   // spent from the grant
		bought    int64 // purchased after the grant
		wantTaken int64
	}{
		{"untouched", 0, 0, billing.NewAgentGrantPaise},
		{"ten leads spent", 10, 0, billing.NewAgentGrantPaise - 10*5000},
		{"bought credits stay", 3, 250000, billing.NewAgentGrantPaise - 3*5000},
		{"all spent", 500, 100000, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, db *store.DB) {
				start := time.Now().UTC()
				clock := start
				db.Now = func() time.Time { return clock }
				svc := billing.NewService(db, true)
				q := jobs.NewQueue(db, jobs.Config{})
				q.Add(svc.Jobs()...)
				agent := newUser(t, db, "agent")
				if _, err := svc.Overview(ctx, agent); err != nil { // opens the account with the grant
					t.Fatal(err)
				}
				for i := range tc.leads {
					m := int64(i + 1)
					if _, err := appendTx(db, billing.Entry{UserID: agent, Kind: billing.KindLead, AmountPaise: -5000, MatchID: &m}); err != nil {
						t.Fatal(err)
					}
				}
				if tc.bought > 0 {
					if _, err := appendTx(db, billing.Entry{UserID: agent, Kind: billing.KindPurchase, AmountPaise: tc.bought}); err != nil {
						t.Fatal(err)
					}
				}
				before, _ := billing.Balance(ctx, db, agent)
				// Not yet due: the job waits.
				if err := q.RunPending(ctx); err != nil {
					t.Fatal(err)
				}
				if got, _ := billing.Balance(ctx, db, agent); got != before {
					t.Fatalf("balance %d before the month is over, want %d", got, before)
				}
				clock = start.AddDate(0, 1, 0).Add(time.Second)
				if err := q.RunPending(ctx); err != nil {
					t.Fatal(err)
				}
				after, _ := billing.Balance(ctx, db, agent)
				if before-after != tc.wantTaken {
					t.Fatalf("expiry took %d, want %d", before-after, tc.wantTaken)
				}
				// A second run (another instance, a retry) takes nothing more.
				if err := db.WithTx(ctx, func(tx *sql.Tx) error {
					n, err := billing.ExpireGrant(ctx, tx, clock, agent)
					if n != 0 {
						t.Errorf("second expiry took %d", n)
					}
					return err
				}); err != nil {
					t.Fatal(err)
				}
				var expiries int
				if err := db.QueryRow(`SELECT count(*) FROM billing_ledger WHERE kind = 'expiry'`).Scan(&expiries); err != nil {
					t.Fatal(err)
				}
				if want := map[bool]int{true: 1, false: 0}[tc.wantTaken > 0]; expiries != want {
					t.Fatalf("%d expiry entries, want %d", expiries, want)
				}
			})
		})
	}
}
