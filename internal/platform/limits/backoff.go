package limits

import (
	"context"
	"time"

	"propmatch/internal/kit/store"
)

// Backoff is a throttle that slows guessing down instead of locking anyone
// out (NIST SP 800-63B, 5.2.2): the first Free failures cost nothing; each
// further one makes the next attempt wait Base, then twice as long, and so
// on up to Max. A quiet spell of Forget after the last failure starts the
// count over. Forget should be at least Max.
type Backoff struct {
	Free   int
	Base   time.Duration
	Max    time.Duration
	Forget time.Duration
}

// Delay returns how long the next attempt waits after the n-th failure.
func (b Backoff) Delay(n int) time.Duration {
	if n < b.Free {
		return 0
	}
	d := b.Base
	for i := b.Free; i < n && d < b.Max; i++ {
		d *= 2
	}
	return min(d, b.Max)
}

// Attempt is what Reserve found and did.
type Attempt struct {
	// Failures is the key's failure count, this attempt included when it was
	// counted.
	Failures int
	// Known reports whether the key once succeeded (see Clear).
	Known bool
	// Wait is how long the key must still wait; when it is above zero the
	// attempt was refused and not counted.
	Wait time.Duration
}

// Reserve counts one attempt on key as a failure before the caller checks
// it, so that concurrent attempts cannot all pass a check that has not yet
// counted them; a success takes it back (Clear or Refund). It must run in
// a transaction: the key's row stays locked until the transaction ends
// (SQLite's transactions are exclusive here anyway). When gate is true and
// the key is still waiting out a delay, nothing is counted and Wait says how
// long is left; when gate is false the attempt is counted whatever the delay.
func Reserve(ctx context.Context, tx store.Querier, key string, now time.Time, b Backoff, gate bool) (Attempt, error) {
	var a Attempt
	var nextAt, lastFailure time.Time
	// The no-op update locks an existing row; RETURNING reads it afterwards.
	err := tx.QueryRowContext(ctx, `INSERT INTO login_throttles (name, failures, next_at, last_failure_at, updated_at)
		VALUES ($1, 0, $2, $2, $2)
		ON CONFLICT (name) DO UPDATE SET updated_at = excluded.updated_at
		RETURNING failures, next_at, last_failure_at, known`, key, now).
		Scan(&a.Failures, store.ScanTime(&nextAt), store.ScanTime(&lastFailure), &a.Known)
	if err != nil {
		return Attempt{}, err
	}
	// Only a real delay gates: while the key is within its free failures,
	// next_at is just the last attempt's time, and a concurrent attempt
	// that read the clock a moment before that one must not wait for it.
	if gate && a.Failures >= b.Free && now.Before(nextAt) {
		a.Wait = nextAt.Sub(now)
		return a, nil
	}
	if a.Failures > 0 && !now.Before(lastFailure.Add(b.Forget)) {
		a.Failures = 0
	}
	a.Failures++
	_, err = tx.ExecContext(ctx, `UPDATE login_throttles SET failures = $2, next_at = $3, last_failure_at = $4 WHERE name = $1`,
		key, a.Failures, later(nextAt, now.Add(b.Delay(a.Failures))), now)
	return a, err
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Clear ends key's run of failures and lifts its delay. With known it also
// marks the key known: the attempt that succeeded proves the source.
func Clear(ctx context.Context, q store.Querier, key string, now time.Time, known bool) error {
	query := `UPDATE login_throttles SET failures = 0, next_at = $2, updated_at = $2 WHERE name = $1`
	if known {
		query = `UPDATE login_throttles SET failures = 0, next_at = $2, updated_at = $2, known = TRUE WHERE name = $1`
	}
	_, err := q.ExecContext(ctx, query, key, now)
	return err
}

// Refund takes back one failure that Reserve counted on key for an attempt
// that succeeded. The delay is lifted only when the count falls back under
// the free ones: a later delay belongs to other failures.
func Refund(ctx context.Context, q store.Querier, key string, now time.Time, b Backoff) error {
	_, err := q.ExecContext(ctx, `UPDATE login_throttles SET failures = failures - 1,
		next_at = CASE WHEN failures - 1 < $3 THEN $2 ELSE next_at END WHERE name = $1 AND failures > 0`, key, now, b.Free)
	return err
}

// MarkNotified records that key's owner was told about its failures at now,
// unless that happened less than every ago. It reports whether it recorded
// it, so that of concurrent callers exactly one sends the notice.
func MarkNotified(ctx context.Context, q store.Querier, key string, now time.Time, every time.Duration) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE login_throttles SET notified_at = $2
		WHERE name = $1 AND (notified_at IS NULL OR notified_at <= $3)`, key, now, now.Add(-every))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SweepThrottles deletes the throttle rows untouched since forget (their
// failures are forgotten anyway), keeping known rows until keepKnown.
func SweepThrottles(ctx context.Context, q store.Querier, forget, keepKnown time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM login_throttles
		WHERE updated_at <= $2 OR (updated_at <= $1 AND known = FALSE)`, forget, keepKnown)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
