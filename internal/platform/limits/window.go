package limits

import (
	"context"
	"time"

	"propmatch/internal/kit/store"
)

// Window is a fixed-window limit: at most Max hits per key in each window of
// length Every, the window starting at the key's first hit. Across a window's
// end a key can take up to twice Max in a short spell, never more.
type Window struct {
	Max   int
	Every time.Duration
}

// Take counts one hit on key at now and reports whether it is within w; when
// it is not, wait says how long until the window ends. The count is one
// INSERT … ON CONFLICT … RETURNING statement, so concurrent hits each get
// their own number on both engines and no more than w.Max pass. Refused hits
// are counted too: the counter says how often the key was tried.
func Take(ctx context.Context, q store.Querier, key string, now time.Time, w Window) (ok bool, wait time.Duration, err error) {
	var hits int
	var expires time.Time
	err = q.QueryRowContext(ctx, `INSERT INTO rate_counters (name, hits, expires_at) VALUES ($1, 1, $2)
		ON CONFLICT (name) DO UPDATE SET
			hits = CASE WHEN rate_counters.expires_at <= $3 THEN 1 ELSE rate_counters.hits + 1 END,
			expires_at = CASE WHEN rate_counters.expires_at <= $3 THEN $2 ELSE rate_counters.expires_at END
		RETURNING hits, expires_at`, key, now.Add(w.Every), now).Scan(&hits, store.ScanTime(&expires))
	if err != nil {
		return false, 0, err
	}
	if hits > w.Max {
		return false, expires.Sub(now), nil
	}
	return true, 0, nil
}

// SweepCounters deletes the counters whose window ended before now.
func SweepCounters(ctx context.Context, q store.Querier, now time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM rate_counters WHERE expires_at <= $1`, now)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
