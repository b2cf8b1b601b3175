package limits_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/limits"
)

var phones atomic.Int32

// newUser inserts an agent and returns its id.
func newUser(t *testing.T, db *store.DB, name string) int64 {
	t.Helper()
	return storetest.AddUser(t, db, name, fmt.Sprintf("+91980000%04d", phones.Add(1)))
}

// fixClock sets db's clock to at and returns a func that moves it on.
func fixClock(db *store.DB, at time.Time) func(time.Duration) {
	var mu sync.Mutex
	db.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return at }
	return func(d time.Duration) { mu.Lock(); defer mu.Unlock(); at = at.Add(d) }
}

func wantThrottled(t *testing.T, err error) *apperr.Error {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.TooManyRequests {
		t.Fatalf("err = %v, want TooManyRequests", err)
	}
	return e
}

func TestDailyQuota(t *testing.T) {
	ctx := context.Background()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		// 20:00 in India: four hours to midnight.
		advance := fixClock(db, time.Date(2025, 5, 10, 14, 30, 0, 0, time.UTC))
		q := limits.Daily{Name: "creations", Limit: 5, What: "new listings and requirements"}
		anil, bina := newUser(t, db, "anil"), newUser(t, db, "bina")

		t.Run("AtMostTheLimitOf100ConcurrentTakesSucceed", func(t *testing.T) {
			var ok, throttled atomic.Int32
			var wg sync.WaitGroup
			for range 100 {
				wg.Go(func() {
					_, err := q.Take(ctx, db, anil)
					switch apperr.CodeOf(err) {
					case "":
						ok.Add(1)
					case apperr.TooManyRequests:
						throttled.Add(1)
					default:
						t.Errorf("take: %v", err)
					}
				})
			}
			wg.Wait()
			if ok.Load() != 5 || throttled.Load() != 95 {
				t.Errorf("%d succeeded and %d were throttled, want 5 and 95", ok.Load(), throttled.Load())
			}
		})
		t.Run("ExhaustedSaysWhenToComeBack", func(t *testing.T) {
			_, err := q.Take(ctx, db, anil)
			e := wantThrottled(t, err)
			if e.RetryAfter != 4*time.Hour {
				t.Errorf("RetryAfter = %v, want 4h (midnight in India)", e.RetryAfter)
			}
			want := "You have reached today's limit of 5 new listings and requirements. You can add more after midnight India time, in 4 hours"
			if e.Message != want {
				t.Errorf("message = %q, want %q", e.Message, want)
			}
		})
		t.Run("EachAgentHasTheirOwnCount", func(t *testing.T) {
			if _, err := q.Take(ctx, db, bina); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("ReleaseGivesAUseBack", func(t *testing.T) {
			chetan := newUser(t, db, "chetan")
			var last limits.Release
			for range 5 {
				last = mustTake(t, q, db, chetan)
			}
			_, err := q.Take(ctx, db, chetan)
			wantThrottled(t, err)
			if err := last(ctx); err != nil {
				t.Fatal(err)
			}
			mustTake(t, q, db, chetan)
			var used int
			db.QueryRow(`SELECT used FROM daily_quotas WHERE user_id = $1`, bina).Scan(&used)
			if used != 1 {
				t.Errorf("bina used = %d, want 1 (another agent's release must not touch it)", used)
			}
		})
		t.Run("ANewDayInIndiaStartsAgain", func(t *testing.T) {
			advance(4*time.Hour - time.Second) // 23:59:59 in India
			_, err := q.Take(ctx, db, anil)
			if e := wantThrottled(t, err); e.RetryAfter != time.Second {
				t.Errorf("RetryAfter = %v, want 1s", e.RetryAfter)
			}
			advance(time.Second)
			release := mustTake(t, q, db, anil)
			if err := release(ctx); err != nil {
				t.Fatal(err)
			}
			for range 5 {
				mustTake(t, q, db, anil)
			}
			_, err = q.Take(ctx, db, anil)
			wantThrottled(t, err)
		})
		t.Run("ZeroLimitIsOff", func(t *testing.T) {
			off := limits.Daily{Name: "creations"}
			for range 10 {
				mustTake(t, off, db, anil)
			}
		})
	})
}

func mustTake(t *testing.T, q limits.Daily, db *store.DB, userID int64) limits.Release {
	t.Helper()
	release, err := q.Take(context.Background(), db, userID)
	if err != nil {
		t.Fatalf("take: %v", err)
	}
	return release
}

func TestDay(t *testing.T) {
	cases := []struct {
		at   time.Time
		want string
	}{
		{time.Date(2025, 5, 10, 18, 29, 59, 0, time.UTC), "2025-05-10"},
		{time.Date(2025, 5, 10, 18, 30, 0, 0, time.UTC), "2025-05-11"},
	}
	for _, c := range cases {
		if got := limits.Day(c.at); got != c.want {
			t.Errorf("Day(%v) = %s, want %s", c.at, got, c.want)
		}
	}
}
