package billing

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"propmatch/internal/kit/apperr"
)

// The default plans (the spec's, as the landing page sold them) and packs:
// billing adds them the first time it needs them rather than in the
// migration, because a restore loads only into an empty database. The
// admin console edits them from then on.
var defaultPlans = []Plan{
	{ID: PlanStarter, Name: "Starter", PriceText: "₹0", PeriodText: "first month",
		Description: "Everything you need to start matching with other agents.",
		Highlights: []string{"₹25,000 free credits (500 leads)", "10 active property listings", "10 active client requirements",
			"Basic matching", "Agent networking", "Email support", "Free training"},
		Limits: Limits{Listings: 10, Requirements: 10}, LeadPricePaise: 5000},
	{ID: PlanProfessional, Name: "Professional", PricePaise: 50000, PriceText: "₹500", PeriodText: "per month",
		Description: "For busy agents who want more matches and more insight.",
		Highlights: []string{"50 active property listings", "50 active client requirements", "Advanced AI matching",
			"Priority support", "Analytics dashboard", "Custom reports", "API access", "Free training"},
		Limits: Limits{Listings: 50, Requirements: 50}, Features: Features{APIAccess: true, CustomReports: true},
		LeadPricePaise: 5000, Popular: true, Buyable: true},
	{ID: PlanEnterprise, Name: "Enterprise", PriceText: "Custom", PeriodText: "",
		Description: "For agencies and developers with large teams.",
		Highlights: []string{"Limits set for your team", "Dedicated account manager", "Custom integrations",
			"Advanced analytics", "API access", "24/7 phone support", "Premium training and certification"},
		Limits: Limits{Listings: 500, Requirements: 500}, Features: Features{APIAccess: true, CustomReports: true},
		LeadPricePaise: 5000},
}

var defaultPacks = []Pack{
	{Name: "Starter pack", AmountPaise: 2_50_000},
	{Name: "Growth pack", AmountPaise: 10_00_000},
	{Name: "Pro pack", AmountPaise: 25_00_000},
}

// seedTx adds the default plans, and with them the default packs, in tx
// when the plans are not there yet. Only the transaction whose INSERT adds
// Starter adds the packs, so concurrent first uses seed once.
func seedTx(ctx context.Context, tx *sql.Tx, now time.Time) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM billing_plans WHERE id = $1`, PlanStarter).Scan(&one)
	if err == nil {
		return nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return apperr.Wrap(err, "read plans")
	}
	seeded := false
	for i, p := range defaultPlans {
		h, _ := json.Marshal(p.Highlights)
		var id string
		err := tx.QueryRowContext(ctx, `INSERT INTO billing_plans (id, name, price_paise, price_text, period_text, description,
			highlights, listing_limit, requirement_limit, api_access, custom_reports, lead_price_paise, popular, buyable,
			display_order, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
			ON CONFLICT (id) DO NOTHING RETURNING id`,
			p.ID, p.Name, p.PricePaise, p.PriceText, p.PeriodText, p.Description, string(h), p.Limits.Listings,
			p.Limits.Requirements, p.Features.APIAccess, p.Features.CustomReports, p.LeadPricePaise, p.Popular, p.Buyable,
			i+1, now).Scan(&id)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return apperr.Wrap(err, "seed plan")
		case id == PlanStarter:
			seeded = true
		}
	}
	if !seeded {
		return nil
	}
	for i, p := range defaultPacks {
		if _, err := tx.ExecContext(ctx, `INSERT INTO billing_packs (name, amount_paise, active, display_order, created_at, updated_at)
			VALUES ($1, $2, TRUE, $3, $4, $4)`, p.Name, p.AmountPaise, i+1, now); err != nil {
			return apperr.Wrap(err, "seed pack")
		}
	}
	return nil
}

// ready makes sure the plans and packs exist before a read of them; after
// the first success it costs nothing.
func (s *Service) ready(ctx context.Context) error {
	if s.seeded.Load() {
		return nil
	}
	if err := s.db.WithTx(ctx, func(tx *sql.Tx) error { return seedTx(ctx, tx, s.db.Time()) }); err != nil {
		return err
	}
	s.seeded.Store(true)
	return nil
}

// Seed adds the default plans and packs when there are none yet (the demo
// and the server's start call it; every billing path also does on first use).
func (s *Service) Seed(ctx context.Context) error { return s.ready(ctx) }
