package billing

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
)

// The items a plan limits.
const (
	Listings     = limits.Listings
	Requirements = limits.Requirements
)

// activeCount counts agentID's active items (listings or requirements):
// the one count both the limit and the billing page use. The tables are
// the property and requirement features'; billing only reads them.
func activeCount(ctx context.Context, q store.Querier, item limits.Item, agentID int64) (int, error) {
	table := "properties"
	if item == Requirements {
		table = "requirements"
	}
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM `+table+` WHERE agent_id = $1 AND is_active = TRUE`, agentID).Scan(&n)
	return n, apperr.Wrap(err, "count active "+string(item))
}

// CheckActiveTx is the plan limit (limits.Plan): run by the property and
// requirement services in the transaction that has just added or
// re-activated one of agentID's items, it returns a plan_limit error (402)
// when the agent's active items are now over their plan's limit, so the
// transaction rolls back. It takes the agent's account row first (FOR
// UPDATE on PostgreSQL; SQLite's writes are serial), so concurrent adds by
// one agent are counted one after another, each seeing the others'
// committed rows. Billing off: no limit.
func (s *Service) CheckActiveTx(ctx context.Context, tx *sql.Tx, agentID int64, item limits.Item) error {
	if !s.Enabled() {
		return nil
	}
	now := s.db.Time()
	if err := s.ensure(ctx, tx, now, agentID); err != nil {
		return err
	}
	lock := ``
	if s.db.Engine == store.Postgres {
		lock = ` FOR UPDATE`
	}
	var one int
	if err := tx.QueryRowContext(ctx, `SELECT 1 FROM billing_accounts WHERE user_id = $1`+lock, agentID).Scan(&one); err != nil {
		return apperr.Wrap(err, "lock billing account")
	}
	n, err := activeCount(ctx, tx, item, agentID)
	if err != nil {
		return err
	}
	p, _, err := currentPlan(ctx, tx, now, agentID)
	if err != nil {
		return err
	}
	limit := p.Limits.Listings
	if item == Requirements {
		limit = p.Limits.Requirements
	}
	if n <= limit {
		return nil
	}
	return planLimitError(ctx, tx, p, item, limit)
}

// planLimitError says which limit was reached and what lifts it: "Your
// Starter plan allows 10 active listings. Upgrade to Professional for 50,
// or mark a listing inactive."
func planLimitError(ctx context.Context, q store.Querier, p Plan, item limits.Item, limit int) error {
	noun, one := "listings", "a listing"
	if item == Requirements {
		noun, one = "requirements", "a requirement"
	}
	msg := fmt.Sprintf("Your %s plan allows %d active %s.", p.Name, limit, noun)
	if p.ID == PlanStarter {
		if pro, err := plan(ctx, q, PlanProfessional); err == nil {
			more := pro.Limits.Listings
			if item == Requirements {
				more = pro.Limits.Requirements
			}
			if more > limit {
				return apperr.New(apperr.PlanLimit, "%s Upgrade to %s for %d, or mark %s inactive.", msg, pro.Name, more, one)
			}
		}
	}
	return apperr.New(apperr.PlanLimit, "%s Mark %s inactive to add another.", msg, one)
}

// ensure opens agentID's account in tx (with the welcome grant and its
// expiry job for a new agent).
func (s *Service) ensure(ctx context.Context, tx *sql.Tx, now time.Time, agentID int64) error {
	return ensureAccount(ctx, tx, now, agentID)
}
