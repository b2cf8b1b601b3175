package billing

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
)

// ExpiryJob is the job that expires what is left of an agent's welcome
// grant when its month is over. It is queued with the grant, delayed to the
// expiry, and the queue runs it once across instances; the conditional
// clear of grant_expires_at makes a second run a no-op anyway.
const ExpiryJob = "billing_grant_expiry"

type expiryPayload struct {
	UserID int64 `json:"userId"`
}

// queueExpiry queues userID's grant expiry at at, in tx.
func queueExpiry(ctx context.Context, tx *sql.Tx, now, at time.Time, userID int64) error {
	_, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: ExpiryJob, Key: "billing:" + itoa(userID),
		Payload: expiryPayload{UserID: userID}, Delay: at.Sub(now), Supersede: true})
	return apperr.Wrap(err, "queue grant expiry")
}

// Jobs lists billing's background jobs.
func (s *Service) Jobs() []jobs.Kind {
	return []jobs.Kind{{Name: ExpiryJob, Run: s.runExpiry}}
}

func (s *Service) runExpiry(ctx context.Context, tx *sql.Tx, j jobs.Job) (func(context.Context), error) {
	var p expiryPayload
	if err := j.Decode(&p); err != nil {
		return nil, err
	}
	_, err := ExpireGrant(ctx, tx, s.db.Time(), p.UserID)
	return nil, err
}

// ExpireGrant expires what is left of userID's welcome grant when its time
// has come, in tx, and returns the amount taken (0 when nothing was due or
// left). What is left is the grant less the leads and debiting adjustments
// since it (credits are spent from the grant first), and never more than
// the balance: bought credits do not expire.
func ExpireGrant(ctx context.Context, tx *sql.Tx, now time.Time, userID int64) (int64, error) {
	err := tx.QueryRowContext(ctx, `UPDATE billing_accounts SET grant_expires_at = NULL, updated_at = $1
		WHERE user_id = $2 AND grant_expires_at IS NOT NULL AND grant_expires_at <= $1 RETURNING balance_paise`, now, userID).Scan(new(int64))
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil // not due, or already expired
	}
	if err != nil {
		return 0, apperr.Wrap(err, "expire grant")
	}
	var grantID, grant int64
	err = tx.QueryRowContext(ctx, `SELECT id, amount_paise FROM billing_ledger WHERE user_id = $1 AND kind = 'grant'
		ORDER BY id DESC LIMIT 1`, userID).Scan(&grantID, &grant)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, apperr.Wrap(err, "read grant")
	}
	var spent, balance int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(-SUM(amount_paise), 0) FROM billing_ledger
		WHERE user_id = $1 AND id > $2 AND amount_paise < 0 AND kind IN ('lead', 'adjustment')`, userID, grantID).Scan(&spent); err != nil {
		return 0, apperr.Wrap(err, "spent since grant")
	}
	if balance, err = Balance(ctx, tx, userID); err != nil {
		return 0, apperr.Wrap(err, "balance")
	}
	left := min(max(grant-spent, 0), balance)
	if left == 0 {
		return 0, nil
	}
	if _, err := appendEntry(ctx, tx, now, Entry{UserID: userID, Kind: KindExpiry, AmountPaise: -left,
		Note: "Welcome credits expired after their first month"}); err != nil {
		return 0, err
	}
	return left, nil
}
