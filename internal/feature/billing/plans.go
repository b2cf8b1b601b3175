package billing

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
)

// The plans' ids.
const (
	PlanStarter      = "starter"
	PlanProfessional = "professional"
	PlanEnterprise   = "enterprise"
)

// Limits are a plan's caps on active items.
type Limits struct {
	Listings     int `json:"listings"`
	Requirements int `json:"requirements"`
}

// Features are what a plan includes beyond its limits.
type Features struct {
	APIAccess     bool `json:"apiAccess"`
	CustomReports bool `json:"customReports"`
}

// Plan is a plan as the billing page, the admin and the landing page read
// it: its price and limits (enforced) and its display text.
type Plan struct {
	ID             string   `json:"id"`
	Name           string   `json:"name"`
	PricePaise     int64    `json:"pricePaise"`
	Period         string   `json:"period"`
	PriceText      string   `json:"priceText"`
	PeriodText     string   `json:"periodText"`
	Limits         Limits   `json:"limits"`
	Features       Features `json:"features"`
	LeadPricePaise int64    `json:"leadPricePaise"`
	Description    string   `json:"description"`
	Highlights     []string `json:"highlights"`
	Popular        bool     `json:"popular"`
	Buyable        bool     `json:"buyable"`
	DisplayOrder   int      `json:"displayOrder"`
}

// planPeriod is every plan's billing period.
const planPeriod = "month"

const planColumns = `id, name, price_paise, price_text, period_text, description, highlights, listing_limit,
	requirement_limit, api_access, custom_reports, lead_price_paise, popular, buyable, display_order`

func scanPlan(row interface{ Scan(...any) error }, p *Plan) error {
	var highlights string
	if err := row.Scan(&p.ID, &p.Name, &p.PricePaise, &p.PriceText, &p.PeriodText, &p.Description, &highlights,
		&p.Limits.Listings, &p.Limits.Requirements, &p.Features.APIAccess, &p.Features.CustomReports,
		&p.LeadPricePaise, &p.Popular, &p.Buyable, &p.DisplayOrder); err != nil {
		return err
	}
	p.Period = planPeriod
	p.Highlights = []string{}
	if err := json.Unmarshal([]byte(highlights), &p.Highlights); err != nil {
		return err
	}
	return nil
}

// plans reads every plan in display order with q.
func plans(ctx context.Context, q store.Querier) ([]Plan, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+planColumns+` FROM billing_plans ORDER BY display_order, id`)
	if err != nil {
		return nil, apperr.Wrap(err, "read plans")
	}
	list, err := store.Collect(rows, func(r *sql.Rows, p *Plan) error { return scanPlan(r, p) })
	return list, apperr.Wrap(err, "read plans")
}

// plan reads one plan, NotFound when there is none.
func plan(ctx context.Context, q store.Querier, id string) (Plan, error) {
	var p Plan
	err := scanPlan(q.QueryRowContext(ctx, `SELECT `+planColumns+` FROM billing_plans WHERE id = $1`, id), &p)
	if errors.Is(err, sql.ErrNoRows) {
		return Plan{}, apperr.New(apperr.NotFound, "No such plan")
	}
	return p, apperr.Wrap(err, "read plan")
}

// Plans returns every plan in display order (the landing page's pricing
// reads them too, so it never promises what is not enforced).
func (s *Service) Plans(ctx context.Context) ([]Plan, error) {
	if err := s.ready(ctx); err != nil {
		return nil, err
	}
	return plans(ctx, s.db)
}

// PlanPrice returns the price of one month of plan, NotFound for an unknown
// plan or one that cannot be bought.
func (s *Service) PlanPrice(ctx context.Context, id string) (pricePaise int64, err error) {
	if err := s.on(); err != nil {
		return 0, err
	}
	if err := s.ready(ctx); err != nil {
		return 0, err
	}
	p, err := plan(ctx, s.db, id)
	if err != nil {
		return 0, err
	}
	if !p.Buyable || p.PricePaise <= 0 {
		return 0, apperr.New(apperr.NotFound, "The %s plan cannot be bought", p.Name)
	}
	return p.PricePaise, nil
}

// MaxPlanMonths is the longest a plan is bought or set for at once.
const MaxPlanMonths = 12

// SetPlan puts userID on plan (a plan id such as "professional") for months
// from max(now, current end), in tx: a renewal of the plan the agent is on
// extends it, a change starts now. Starter has no end (months is ignored).
// Each change is recorded in billing_plan_changes with its payment.
func SetPlan(ctx context.Context, tx *sql.Tx, now time.Time, userID int64, planID string, months int, paymentID *int64) error {
	now = now.UTC().Truncate(time.Microsecond)
	if err := ensureAccount(ctx, tx, now, userID); err != nil {
		return err
	}
	if _, err := plan(ctx, tx, planID); err != nil {
		return err
	}
	if planID != PlanStarter && (months < 1 || months > 10*MaxPlanMonths) {
		return apperr.New(apperr.Invalid, "A plan is set for 1 to %d months", 10*MaxPlanMonths)
	}
	var current string
	var endsAt *time.Time
	if err := tx.QueryRowContext(ctx, `SELECT plan_id, plan_ends_at FROM billing_accounts WHERE user_id = $1`, userID).
		Scan(&current, &endsAt); err != nil {
		return apperr.Wrap(err, "read plan")
	}
	var newEnd *time.Time
	if planID != PlanStarter {
		from := now
		if current == planID && endsAt != nil && endsAt.After(now) {
			from = *endsAt
		}
		end := from.AddDate(0, months, 0)
		newEnd = &end
	} else {
		months = 0
	}
	if _, err := tx.ExecContext(ctx, `UPDATE billing_accounts SET plan_id = $1, plan_ends_at = $2, updated_at = $3
		WHERE user_id = $4`, planID, newEnd, now, userID); err != nil {
		return apperr.Wrap(err, "set plan")
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO billing_plan_changes (user_id, plan_id, months, ends_at, payment_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, userID, planID, months, newEnd, paymentID, now)
	return apperr.Wrap(err, "record plan change")
}

// account is an agent's billing state as the rules read it.
type account struct {
	PlanID         string
	PlanEndsAt     *time.Time
	BalancePaise   int64
	Listings       *int
	Requirements   *int
	GrantExpiresAt *time.Time
}

// readAccount reads userID's account; ok is false when billing has not met
// the agent yet.
func readAccount(ctx context.Context, q store.Querier, userID int64) (a account, ok bool, err error) {
	err = q.QueryRowContext(ctx, `SELECT plan_id, plan_ends_at, balance_paise, listing_limit, requirement_limit,
		grant_expires_at FROM billing_accounts WHERE user_id = $1`, userID).
		Scan(&a.PlanID, &a.PlanEndsAt, &a.BalancePaise, &a.Listings, &a.Requirements, &a.GrantExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return account{PlanID: PlanStarter}, false, nil
	}
	if err != nil {
		return account{}, false, apperr.Wrap(err, "read billing account")
	}
	return a, true, nil
}

// effectivePlan is the plan a's holder is on at now: an ended plan falls
// back to Starter (nothing stored is touched; only new items are limited).
func (a account) effectivePlan(now time.Time) string {
	if a.PlanEndsAt != nil && !a.PlanEndsAt.After(now) {
		return PlanStarter
	}
	return a.PlanID
}

// currentPlan returns the plan userID is on now, with the agent's custom
// limits (an admin's, for Enterprise) in place of the plan's.
func currentPlan(ctx context.Context, q store.Querier, now time.Time, userID int64) (Plan, account, error) {
	a, _, err := readAccount(ctx, q, userID)
	if err != nil {
		return Plan{}, a, err
	}
	p, err := plan(ctx, q, a.effectivePlan(now))
	if err != nil {
		return Plan{}, a, err
	}
	if p.ID == a.PlanID {
		if a.Listings != nil {
			p.Limits.Listings = *a.Listings
		}
		if a.Requirements != nil {
			p.Limits.Requirements = *a.Requirements
		}
	}
	return p, a, nil
}

// APIAccess tells whether userID's current plan includes API access (true
// when billing is off). Issue 23 gates on it.
func (s *Service) APIAccess(ctx context.Context, userID int64) (bool, error) {
	if !s.Enabled() {
		return true, nil
	}
	if err := s.ready(ctx); err != nil {
		return false, err
	}
	p, _, err := currentPlan(ctx, s.db, s.db.Time(), userID)
	if err != nil {
		return false, err
	}
	return p.Features.APIAccess, nil
}

var _ limits.APIAccess = (*Service)(nil)
