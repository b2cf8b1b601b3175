package billing

import (
	"context"
	"database/sql"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
)

// Overview is GET /api/billing: the agent's plan, credits and usage, and
// what is on sale.
type Overview struct {
	Enabled bool        `json:"enabled"`
	Plan    CurrentPlan `json:"plan"`
	Credits Credits     `json:"credits"`
	Usage   Usage       `json:"usage"`
	Packs   []Pack      `json:"packs"`
	Plans   []Plan      `json:"plans"`
}

// CurrentPlan is the plan an agent is on now.
type CurrentPlan struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Limits   Limits     `json:"limits"`
	Features Features   `json:"features"`
	EndsAt   *time.Time `json:"endsAt"`
	// RenewsAt is always null: plans are bought a month (or more) at a
	// time and do not renew by themselves.
	RenewsAt *time.Time `json:"renewsAt"`
}

// Credits is an agent's balance.
type Credits struct {
	BalancePaise   int64 `json:"balancePaise"`
	Leads          int64 `json:"leads"`
	LeadPricePaise int64 `json:"leadPricePaise"`
	// ExpiresAt is when what is left of the welcome grant expires.
	ExpiresAt *time.Time `json:"expiresAt"`
}

// Usage is an agent's active items and this month's leads.
type Usage struct {
	Listings            int   `json:"listings"`
	Requirements        int   `json:"requirements"`
	LeadsThisMonth      int   `json:"leadsThisMonth"`
	SpentThisMonthPaise int64 `json:"spentThisMonthPaise"`
}

// Overview returns agentID's billing page, opening their account (with the
// welcome grant) the first time.
func (s *Service) Overview(ctx context.Context, agentID int64) (Overview, error) {
	if err := s.on(); err != nil {
		return Overview{}, err
	}
	now := s.db.Time()
	if err := s.open(ctx, now, agentID); err != nil {
		return Overview{}, err
	}
	out := Overview{Enabled: true}
	p, a, err := currentPlan(ctx, s.db, now, agentID)
	if err != nil {
		return Overview{}, err
	}
	out.Plan = CurrentPlan{ID: p.ID, Name: p.Name, Limits: p.Limits, Features: p.Features}
	if p.ID == a.PlanID {
		out.Plan.EndsAt = a.PlanEndsAt
	}
	out.Credits = Credits{BalancePaise: a.BalancePaise, Leads: a.BalancePaise / p.LeadPricePaise,
		LeadPricePaise: p.LeadPricePaise, ExpiresAt: a.GrantExpiresAt}
	if out.Usage.Listings, err = activeCount(ctx, s.db, Listings, agentID); err != nil {
		return Overview{}, err
	}
	if out.Usage.Requirements, err = activeCount(ctx, s.db, Requirements, agentID); err != nil {
		return Overview{}, err
	}
	month := MonthStart(now)
	if err := s.db.QueryRowContext(ctx, `SELECT count(*), COALESCE(-SUM(amount_paise), 0) FROM billing_ledger
		WHERE user_id = $1 AND kind = 'lead' AND created_at >= $2`, agentID, month).
		Scan(&out.Usage.LeadsThisMonth, &out.Usage.SpentThisMonthPaise); err != nil {
		return Overview{}, apperr.Wrap(err, "usage")
	}
	if out.Packs, err = packs(ctx, s.db, false); err != nil {
		return Overview{}, err
	}
	if out.Plans, err = plans(ctx, s.db); err != nil {
		return Overview{}, err
	}
	return out, nil
}

// MonthStart is the start of now's calendar month in India.
func MonthStart(now time.Time) time.Time {
	t := now.In(india.Zone)
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, india.Zone).UTC()
}

// open opens agentID's account when it has none.
func (s *Service) open(ctx context.Context, now time.Time, agentID int64) error {
	if err := s.ready(ctx); err != nil {
		return err
	}
	if ok, err := hasAccount(ctx, s.db, agentID); err != nil || ok {
		return err
	}
	return s.db.WithTx(ctx, func(tx *sql.Tx) error { return s.ensure(ctx, tx, now, agentID) })
}

func hasAccount(ctx context.Context, q store.Querier, userID int64) (bool, error) {
	_, ok, err := readAccount(ctx, q, userID)
	return ok, err
}

// LedgerItem is a ledger entry as the agent reads it.
type LedgerItem struct {
	ID                int64     `json:"id"`
	Kind              EntryKind `json:"kind"`
	AmountPaise       int64     `json:"amountPaise"`
	BalanceAfterPaise int64     `json:"balanceAfterPaise"`
	MatchID           *int64    `json:"matchId"`
	PaymentID         *int64    `json:"paymentId"`
	Note              string    `json:"note"`
	CreatedAt         time.Time `json:"createdAt"`
}

// Ledger returns a page of userID's ledger, newest first.
func (s *Service) Ledger(ctx context.Context, userID int64, page paging.Page) ([]LedgerItem, int64, error) {
	if err := s.on(); err != nil {
		return nil, 0, err
	}
	return ledger(ctx, s.db, userID, page)
}

func ledger(ctx context.Context, q store.Querier, userID int64, page paging.Page) ([]LedgerItem, int64, error) {
	query, args := page.Apply(`SELECT id, kind, amount_paise, balance_after_paise, match_id, payment_id, note, created_at
		FROM billing_ledger WHERE user_id = $1`, "id", []any{userID})
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "ledger")
	}
	list, err := store.Collect(rows, func(r *sql.Rows, e *LedgerItem) error {
		return r.Scan(&e.ID, &e.Kind, &e.AmountPaise, &e.BalanceAfterPaise, &e.MatchID, &e.PaymentID, &e.Note, &e.CreatedAt)
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "ledger")
	}
	list, next := paging.Trim(list, page, func(e LedgerItem) int64 { return e.ID })
	return list, next, nil
}
