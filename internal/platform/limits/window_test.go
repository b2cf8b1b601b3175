package limits_test

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/limits"
)

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// TestTakeHoldsUnder100ConcurrentHits: exactly Max of 100 simultaneous hits
// pass, on both engines, and the window starts over when it ends.
func TestTakeHoldsUnder100ConcurrentHits(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := limits.Window{Max: 7, Every: time.Hour}
		var passed atomic.Int32
		var wg sync.WaitGroup
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, _, err := limits.Take(ctx, db, "k", t0, w)
				if err != nil {
					t.Error(err)
				}
				if ok {
					passed.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := passed.Load(); n != 7 {
			t.Fatalf("%d of 100 hits passed, want 7", n)
		}
		ok, wait, _ := limits.Take(ctx, db, "k", t0.Add(59*time.Minute), w)
		if ok || wait != time.Minute {
			t.Fatalf("within the window: ok=%v wait=%v, want refused for 1m", ok, wait)
		}
		if ok, _, _ := limits.Take(ctx, db, "k", t0.Add(time.Hour), w); !ok {
			t.Fatal("a new window is refused")
		}
		if ok, _, _ := limits.Take(ctx, db, "other", t0, w); !ok {
			t.Fatal("another key is refused")
		}
		n, err := limits.SweepCounters(ctx, db, t0.Add(3*time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("swept %d, %v; want 2", n, err)
		}
	})
}

func TestBackoffDelay(t *testing.T) {
	b := limits.Backoff{Free: 5, Base: time.Second, Max: 15 * time.Minute, Forget: 24 * time.Hour}
	for _, tc := range []struct {
		failures int
		want     time.Duration
	}{
		{0, 0}, {4, 0}, {5, time.Second}, {6, 2 * time.Second}, {7, 4 * time.Second},
		{14, 512 * time.Second}, {15, 15 * time.Minute}, {1000, 15 * time.Minute},
	} {
		t.Run(fmt.Sprint(tc.failures), func(t *testing.T) {
			if got := b.Delay(tc.failures); got != tc.want {
				t.Fatalf("Delay(%d) = %v, want %v", tc.failures, got, tc.want)
			}
		})
	}
}

// TestReserveCountsBeforeTheCheck: concurrent reservations on one key each
// get their own count and only the free ones pass; a quiet spell forgets.
func TestReserveCountsBeforeTheCheck(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		b := limits.Backoff{Free: 3, Base: time.Second, Max: time.Minute, Forget: time.Hour}
		reserve := func(now time.Time, gate bool) limits.Attempt {
			var a limits.Attempt
			err := db.WithTx(ctx, func(tx *sql.Tx) error {
				var err error
				a, err = limits.Reserve(ctx, tx, "k", now, b, gate)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		var passed atomic.Int32
		var wg sync.WaitGroup
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if reserve(t0, true).Wait == 0 {
					passed.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := passed.Load(); n != 3 {
			t.Fatalf("%d of 100 reservations passed, want 3", n)
		}
		if a := reserve(t0, false); a.Failures != 4 || a.Wait != 0 {
			t.Fatalf("ungated reservation %+v, want counted as the 4th", a)
		}
		if a := reserve(t0.Add(time.Second), true); a.Wait != time.Second {
			t.Fatalf("after the 4th failure: %+v, want a 1s wait left", a)
		}
		if a := reserve(t0.Add(2*time.Hour), true); a.Failures != 1 || a.Wait != 0 {
			t.Fatalf("after a quiet spell: %+v, want the count started over", a)
		}
	})
}

// TestReserveWithinTheFreeFailuresNeverWaits: two attempts that read the
// clock in one order and reach the row in the other (concurrent sign-ins
// from one office address) both pass while the key is within its free
// failures; only a real delay makes an attempt wait.
func TestReserveWithinTheFreeFailuresNeverWaits(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		b := limits.Backoff{Free: 3, Base: time.Second, Max: time.Minute, Forget: time.Hour}
		reserve := func(now time.Time) limits.Attempt {
			var a limits.Attempt
			if err := db.WithTx(ctx, func(tx *sql.Tx) error {
				var err error
				a, err = limits.Reserve(ctx, tx, "office", now, b, true)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return a
		}
		if a := reserve(t0.Add(time.Millisecond)); a.Wait != 0 {
			t.Fatalf("first attempt waits %v", a.Wait)
		}
		if a := reserve(t0); a.Wait != 0 || a.Failures != 2 {
			t.Fatalf("an attempt that read the clock a moment earlier: %+v, want counted and not kept waiting", a)
		}
	})
}
