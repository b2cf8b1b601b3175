package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// EntryKind is what a ledger entry records.
type EntryKind string

// The ledger's kinds. Grant and purchase add credits; lead and expiry take
// them; refund and adjustment may go either way.
const (
	KindGrant      EntryKind = "grant"
	KindPurchase   EntryKind = "purchase"
	KindLead       EntryKind = "lead"
	KindRefund     EntryKind = "refund"
	KindAdjustment EntryKind = "adjustment"
	KindExpiry     EntryKind = "expiry"
)

// Entry is one change to an agent's credits. AmountPaise is signed: + a
// credit, - a debit.
type Entry struct {
	UserID      int64
	Kind        EntryKind
	AmountPaise int64
	MatchID     *int64
	PaymentID   *int64
	Note        string
}

// ErrNoCredits is Append's answer to a debit the balance does not cover.
var ErrNoCredits = apperr.New(apperr.NoCredits, "You have no credits left. Buy a credit pack to unlock this contact.")

// NewAgentGrantPaise is the Starter grant every new agent gets: ₹25,000,
// which is 500 leads at ₹50.
const NewAgentGrantPaise = 25_00_000

// grantValidity is how long the new agent's grant lasts.
const grantValidity = 1 // month

// maxNoteLength bounds an entry's note.
const maxNoteLength = 200

// check returns an Invalid error when e is not a well-formed entry.
func (e Entry) check() error {
	switch {
	case e.UserID <= 0:
		return apperr.New(apperr.Invalid, "A ledger entry needs an agent")
	case e.AmountPaise == 0:
		return apperr.New(apperr.Invalid, "A ledger entry needs a non-zero amount")
	case len(e.Note) > maxNoteLength:
		return apperr.New(apperr.Invalid, "A ledger note is at most %d characters", maxNoteLength)
	}
	switch e.Kind {
	case KindGrant, KindPurchase:
		if e.AmountPaise < 0 {
			return apperr.New(apperr.Invalid, "A %s adds credits: its amount must be positive", e.Kind)
		}
	case KindLead, KindExpiry:
		if e.AmountPaise > 0 {
			return apperr.New(apperr.Invalid, "A %s takes credits: its amount must be negative", e.Kind)
		}
	case KindRefund, KindAdjustment:
	default:
		return apperr.New(apperr.Invalid, "Unknown ledger entry kind %q", e.Kind)
	}
	return nil
}

// Append adds e in tx; the balance never goes below zero: a debit that
// would make it negative returns ErrNoCredits (an apperr with code
// "no_credits", status 402). Returns the balance after. Append-only:
// entries never change. The agent's account is opened first when it has
// none (with the new agent's grant, see ensureAccount).
//
// The balance moves in one conditional UPDATE (balance + amount >= 0): on
// PostgreSQL concurrent debits queue on the account's row and each sees the
// balance the one before it left; on SQLite writes are serial.
func Append(ctx context.Context, tx *sql.Tx, now time.Time, e Entry) (balanceAfter int64, err error) {
	if err := e.check(); err != nil {
		return 0, err
	}
	now = now.UTC().Truncate(time.Microsecond)
	if err := ensureAccount(ctx, tx, now, e.UserID); err != nil {
		return 0, err
	}
	return appendEntry(ctx, tx, now, e)
}

// appendEntry moves the balance and writes the entry; the account exists.
func appendEntry(ctx context.Context, tx *sql.Tx, now time.Time, e Entry) (int64, error) {
	var after int64
	err := tx.QueryRowContext(ctx, `UPDATE billing_accounts SET balance_paise = balance_paise + $1, updated_at = $2
		WHERE user_id = $3 AND balance_paise + $1 >= 0 RETURNING balance_paise`, e.AmountPaise, now, e.UserID).Scan(&after)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNoCredits
	}
	if err != nil {
		return 0, apperr.Wrap(err, "move balance")
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO billing_ledger (user_id, kind, amount_paise, balance_after_paise, match_id,
		payment_id, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		e.UserID, string(e.Kind), e.AmountPaise, after, e.MatchID, e.PaymentID, e.Note, now)
	if err != nil {
		return 0, apperr.Wrap(err, "insert ledger entry")
	}
	return after, nil
}

// ensureAccount opens userID's billing account when it has none: on
// Starter, and for an agent (not an admin) with the new agent's grant,
// valid a month. Only the transaction whose INSERT made the row grants, so
// an account is granted once however many requests open it together.
func ensureAccount(ctx context.Context, tx *sql.Tx, now time.Time, userID int64) error {
	if ok, err := hasAccount(ctx, tx, userID); err != nil || ok {
		return err
	}
	if err := seedTx(ctx, tx, now); err != nil {
		return err
	}
	var role string
	err := tx.QueryRowContext(ctx, `INSERT INTO billing_accounts (user_id, created_at, updated_at)
		SELECT id, $2, $2 FROM users WHERE id = $1
		ON CONFLICT (user_id) DO NOTHING RETURNING user_id`, userID, now).Scan(&userID)
	if err == nil {
		err = tx.QueryRowContext(ctx, `SELECT role FROM users WHERE id = $1`, userID).Scan(&role)
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return accountExists(ctx, tx, userID)
	case err != nil:
		return apperr.Wrap(err, "open billing account")
	case role != "agent":
		return nil
	}
	if _, err := appendEntry(ctx, tx, now, Entry{UserID: userID, Kind: KindGrant, AmountPaise: NewAgentGrantPaise,
		Note: "Welcome credits: 500 leads, valid for your first month"}); err != nil {
		return err
	}
	expires := now.AddDate(0, grantValidity, 0)
	if _, err = tx.ExecContext(ctx, `UPDATE billing_accounts SET grant_expires_at = $1 WHERE user_id = $2`, expires, userID); err != nil {
		return apperr.Wrap(err, "set grant expiry")
	}
	return queueExpiry(ctx, tx, now, expires, userID)
}

// accountExists returns NotFound when userID has no account, which after
// ensureAccount's INSERT means there is no such user.
func accountExists(ctx context.Context, q store.Querier, userID int64) error {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM billing_accounts WHERE user_id = $1`, userID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(apperr.NotFound, "No such agent")
	}
	return apperr.Wrap(err, "read billing account")
}

// Balance returns userID's balance in paise (0 for an agent billing has not
// met yet), read with q (a transaction's, to decide a debit in it).
func Balance(ctx context.Context, q store.Querier, userID int64) (int64, error) {
	var b int64
	err := q.QueryRowContext(ctx, `SELECT balance_paise FROM billing_accounts WHERE user_id = $1`, userID).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read balance: %w", err)
	}
	return b, nil
}
