package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"propmatch/internal/feature/billing"
	"propmatch/internal/feature/matches"
	"propmatch/internal/kit/store"
)

// BillingResult counts what SeedBilling added.
type BillingResult struct {
	Accounts, Unlocks int
}

// SeedBilling gives the demo agents plans and ledgers (docs/product.md#billing):
// the showcase seller on Professional with a few unlocked matches, the
// showcase buyer on Starter with the welcome grant, some leads and an
// admin's goodwill credit, and the generated agent with the most listings
// on Enterprise with custom limits. Everything goes through billing's own
// calls (Unlock, SetPlan, Append), so the ledgers are what real use makes.
// It adds nothing when an account exists already.
func SeedBilling(ctx context.Context, db *store.DB, showcase Showcase) (BillingResult, error) {
	var res BillingResult
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM billing_accounts`).Scan(&n); err != nil || n > 0 {
		return res, err
	}
	svc := billing.NewService(db, true)
	svc.UseMatches(matches.Sides)
	if err := svc.Seed(ctx); err != nil {
		return res, err
	}
	var enterprise int64
	err := db.QueryRowContext(ctx, `SELECT p.agent_id FROM properties p JOIN users u ON u.id = p.agent_id
		WHERE u.role = 'agent' AND p.agent_id NOT IN ($1, $2) GROUP BY p.agent_id ORDER BY COUNT(*) DESC, p.agent_id LIMIT 1`,
		showcase.Seller, showcase.Buyer).Scan(&enterprise)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return res, fmt.Errorf("demo enterprise agent: %w", err)
	}
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		now := db.Time()
		if err := billing.SetPlan(ctx, tx, now, showcase.Seller, billing.PlanProfessional, 1, nil); err != nil {
			return err
		}
		if _, err := billing.Append(ctx, tx, now, billing.Entry{UserID: showcase.Buyer, Kind: billing.KindAdjustment,
			AmountPaise: 50_000, Note: "Goodwill: a lead whose agent did not answer"}); err != nil {
			return err
		}
		res.Accounts = 2
		if enterprise == 0 {
			return nil
		}
		if err := billing.SetPlan(ctx, tx, now, enterprise, billing.PlanEnterprise, 12, nil); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE billing_accounts SET listing_limit = 250, requirement_limit = 250 WHERE user_id = $1`, enterprise)
		res.Accounts++
		return err
	})
	if err != nil {
		return res, fmt.Errorf("demo plans: %w", err)
	}
	for agent, count := range map[int64]int{showcase.Seller: 2, showcase.Buyer: 4} {
		// Matches with agents other than the two showcase agents, who are
		// connected (their contact is free).
		rows, err := db.QueryContext(ctx, `SELECT id FROM matches WHERE (seller_agent_id = $1 AND buyer_agent_id NOT IN ($3, $4))
			OR (buyer_agent_id = $1 AND seller_agent_id NOT IN ($3, $4)) ORDER BY id LIMIT $2`, agent, count, showcase.Seller, showcase.Buyer)
		if err != nil {
			return res, err
		}
		ids, err := store.Collect(rows, func(r *sql.Rows, id *int64) error { return r.Scan(id) })
		if err != nil {
			return res, err
		}
		for _, id := range ids {
			if _, err := svc.Unlock(ctx, agent, id); err != nil {
				return res, fmt.Errorf("demo unlock of match %d: %w", id, err)
			}
			res.Unlocks++
		}
	}
	return res, nil
}
