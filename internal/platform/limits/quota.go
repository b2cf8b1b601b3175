// Package limits owns PropMatch's rate and quota limits: daily quotas counted
// in the database, so that a limit holds across instances and under
// concurrent requests (issue 9, F16); the sign-in backoff throttle; and the
// in-memory per-key burst limiters.
package limits

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Daily is a limit on one action per agent per calendar day in India.
type Daily struct {
	Name  string // the counter's name in the database, such as "creations"
	Limit int    // uses per agent per day; zero or less turns the limit off
	What  string // what is counted, for the message: "new listings and requirements"
}

// Release gives back a use that Take reserved, for an action that failed.
// It returns the database error, if any.
type Release func(ctx context.Context) error

// Take reserves one use for userID today, atomically: of any number of
// concurrent calls, at most Limit succeed per day across every instance. It
// returns a Release for when the action then fails, TooManyRequests (with
// RetryAfter set to the next midnight in India) once userID has used Limit
// today, and an internal error when the database fails.
func (d Daily) Take(ctx context.Context, db *store.DB, userID int64) (Release, error) {
	if d.Limit <= 0 {
		return func(context.Context) error { return nil }, nil
	}
	now := db.Time()
	day := Day(now)
	var used int
	err := db.QueryRowContext(ctx, `INSERT INTO daily_quotas (user_id, name, day, used) VALUES ($1, $2, $3, 1)
		ON CONFLICT (user_id, name) DO UPDATE
		SET used = CASE WHEN daily_quotas.day = excluded.day THEN daily_quotas.used + 1 ELSE 1 END, day = excluded.day
		WHERE daily_quotas.day <> excluded.day OR daily_quotas.used < $4
		RETURNING used`, userID, d.Name, day, d.Limit).Scan(&used)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, d.exhausted(now)
	case err != nil:
		return nil, apperr.Wrap(err, "take "+d.Name+" quota")
	}
	return func(ctx context.Context) error {
		_, err := db.ExecContext(ctx, `UPDATE daily_quotas SET used = used - 1
			WHERE user_id = $1 AND name = $2 AND day = $3 AND used > 0`, userID, d.Name, day)
		return err
	}, nil
}

// exhausted is the answer once the day's uses are spent.
func (d Daily) exhausted(now time.Time) error {
	wait := NextDay(now).Sub(now)
	return apperr.Throttled(wait, "You have reached today's limit of %d %s. You can add more after midnight India time, in %s",
		d.Limit, d.What, apperr.Wait(wait))
}

// Day returns the quota day of t: its calendar date in India, as YYYY-MM-DD.
func Day(t time.Time) string { return t.In(india.Zone).Format(time.DateOnly) }

// NextDay returns the first instant of the quota day after t's.
func NextDay(t time.Time) time.Time {
	y, m, d := t.In(india.Zone).Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, india.Zone)
}
