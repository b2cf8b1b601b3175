package billing

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/platform/audit"
)

// Bounds of what an admin may set.
const (
	maxPlanText     = 120
	maxHighlights   = 10
	maxHighlight    = 80
	maxPacks        = 10
	maxLimit        = 100_000
	maxPricePaise   = 1_00_00_000_00 // ₹1 crore
	maxCreditsPaise = 1_00_00_000_00
)

// AdminPlans returns every plan for the admin console.
func (s *Service) AdminPlans(ctx context.Context) ([]Plan, error) {
	if err := s.on(); err != nil {
		return nil, err
	}
	if err := s.ready(ctx); err != nil {
		return nil, err
	}
	return plans(ctx, s.db)
}

// PlanInput is one plan as an admin saves it; ID names which (the three
// plans are fixed, their content is not).
type PlanInput struct {
	ID          input.String `json:"id"`
	Name        input.String `json:"name"`
	PricePaise  input.Int    `json:"pricePaise"`
	PriceText   input.String `json:"priceText"`
	PeriodText  input.String `json:"periodText"`
	Description input.String `json:"description"`
	Highlights  []string     `json:"highlights"`
	Limits      struct {
		Listings     input.Int `json:"listings"`
		Requirements input.Int `json:"requirements"`
	} `json:"limits"`
	Features struct {
		APIAccess     input.Bool `json:"apiAccess"`
		CustomReports input.Bool `json:"customReports"`
	} `json:"features"`
	LeadPricePaise input.Int  `json:"leadPricePaise"`
	Popular        input.Bool `json:"popular"`
	Buyable        input.Bool `json:"buyable"`
}

// SavePlans replaces the three plans' content with list (each plan once),
// audited. Prices, limits and the lead price take effect at once; nothing
// stored is touched.
func (s *Service) SavePlans(ctx context.Context, actor int64, list []PlanInput) ([]Plan, error) {
	if err := s.on(); err != nil {
		return nil, err
	}
	if err := s.ready(ctx); err != nil {
		return nil, err
	}
	var f apperr.Fields
	seen := map[string]bool{}
	popular := 0
	out := make([]Plan, 0, len(list))
	for i, in := range list {
		at := func(field string) string { return fmt.Sprintf("plans.%d.%s", i, field) }
		p := Plan{ID: string(in.ID), Name: string(in.Name), PricePaise: in.PricePaise.Value, PriceText: string(in.PriceText),
			PeriodText: string(in.PeriodText), Description: string(in.Description), Highlights: nonNil(in.Highlights),
			Limits:         Limits{Listings: int(in.Limits.Listings.Value), Requirements: int(in.Limits.Requirements.Value)},
			Features:       Features{APIAccess: in.Features.APIAccess.Value, CustomReports: in.Features.CustomReports.Value},
			LeadPricePaise: in.LeadPricePaise.Value, Popular: in.Popular.Value, Buyable: in.Buyable.Value, DisplayOrder: i + 1}
		switch {
		case p.ID != PlanStarter && p.ID != PlanProfessional && p.ID != PlanEnterprise:
			f.Add(at("id"), "id must be starter, professional or enterprise")
		case seen[p.ID]:
			f.Add(at("id"), "each plan appears once")
		}
		seen[p.ID] = true
		text(&f, at("name"), p.Name, true)
		text(&f, at("priceText"), p.PriceText, true)
		text(&f, at("periodText"), p.PeriodText, false)
		if utf8.RuneCountInString(p.Description) > 2*maxPlanText || !input.IsLine(p.Description) {
			f.Add(at("description"), fmt.Sprintf("description is one line of at most %d characters", 2*maxPlanText))
		}
		if len(p.Highlights) > maxHighlights {
			f.Add(at("highlights"), fmt.Sprintf("at most %d highlights", maxHighlights))
		}
		for j, h := range p.Highlights {
			p.Highlights[j] = strings.TrimSpace(h)
			text(&f, fmt.Sprintf("plans.%d.highlights.%d", i, j), p.Highlights[j], true)
		}
		if !in.PricePaise.Set || p.PricePaise < 0 || p.PricePaise > maxPricePaise {
			f.Add(at("pricePaise"), "pricePaise is a whole number of paise from 0 to ₹1 crore")
		}
		if p.Buyable && p.PricePaise <= 0 {
			f.Add(at("buyable"), "a plan that can be bought needs a price")
		}
		if p.Buyable && p.ID == PlanStarter {
			f.Add(at("buyable"), "Starter is every agent's plan: it is not bought")
		}
		if !in.Limits.Listings.Set || p.Limits.Listings < 0 || p.Limits.Listings > maxLimit {
			f.Add(at("limits.listings"), fmt.Sprintf("limits.listings is a whole number from 0 to %d", maxLimit))
		}
		if !in.Limits.Requirements.Set || p.Limits.Requirements < 0 || p.Limits.Requirements > maxLimit {
			f.Add(at("limits.requirements"), fmt.Sprintf("limits.requirements is a whole number from 0 to %d", maxLimit))
		}
		if !in.LeadPricePaise.Set || p.LeadPricePaise <= 0 || p.LeadPricePaise > maxPricePaise {
			f.Add(at("leadPricePaise"), "leadPricePaise is a whole number of paise above 0")
		}
		if p.Popular {
			popular++
			if popular > 1 {
				f.Add(at("popular"), "only one plan is marked popular")
			}
		}
		p.Period = planPeriod
		out = append(out, p)
	}
	if len(list) != 3 || len(seen) != 3 {
		f.Add("plans", "send the three plans: starter, professional and enterprise")
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		before, err := plans(ctx, tx)
		if err != nil {
			return err
		}
		now := s.db.Time()
		for _, p := range out {
			h, _ := json.Marshal(p.Highlights)
			if _, err := tx.ExecContext(ctx, `UPDATE billing_plans SET name = $1, price_paise = $2, price_text = $3, period_text = $4,
				description = $5, highlights = $6, listing_limit = $7, requirement_limit = $8, api_access = $9, custom_reports = $10,
				lead_price_paise = $11, popular = $12, buyable = $13, display_order = $14, updated_at = $15 WHERE id = $16`,
				p.Name, p.PricePaise, p.PriceText, p.PeriodText, p.Description, string(h), p.Limits.Listings, p.Limits.Requirements,
				p.Features.APIAccess, p.Features.CustomReports, p.LeadPricePaise, p.Popular, p.Buyable, p.DisplayOrder, now, p.ID); err != nil {
				return apperr.Wrap(err, "save plan")
			}
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: actor, Action: "billing.plans", TargetType: "billing_plans", Before: before, After: out})
	})
	if err != nil {
		return nil, err
	}
	return plans(ctx, s.db)
}

// text adds a field error unless v is one line of at most maxPlanText
// characters (and not blank when required).
func text(f *apperr.Fields, path, v string, required bool) {
	switch {
	case required && strings.TrimSpace(v) == "":
		f.Add(path, path[strings.LastIndex(path, ".")+1:]+" is required")
	case utf8.RuneCountInString(v) > maxPlanText || !input.IsLine(v):
		f.Add(path, fmt.Sprintf("%s is one line of at most %d characters", path[strings.LastIndex(path, ".")+1:], maxPlanText))
	}
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return append([]string{}, l...)
}

// AdminPacks returns every pack, the inactive ones too.
func (s *Service) AdminPacks(ctx context.Context) ([]Pack, error) {
	if err := s.on(); err != nil {
		return nil, err
	}
	if err := s.ready(ctx); err != nil {
		return nil, err
	}
	return packs(ctx, s.db, true)
}

// PackInput is one pack as an admin saves it: with the id of an existing
// pack to change it, without one to add a pack.
type PackInput struct {
	ID          input.Int    `json:"id"`
	Name        input.String `json:"name"`
	AmountPaise input.Int    `json:"amountPaise"`
	Active      input.Bool   `json:"active"`
}

// SavePacks makes list the packs on offer, in its order, audited: a pack
// with an id is changed, one without is added, and a stored pack missing
// from list is made inactive (never deleted: payments name their pack).
func (s *Service) SavePacks(ctx context.Context, actor int64, list []PackInput) ([]Pack, error) {
	if err := s.on(); err != nil {
		return nil, err
	}
	if err := s.ready(ctx); err != nil {
		return nil, err
	}
	var f apperr.Fields
	if len(list) > maxPacks {
		f.Add("packs", fmt.Sprintf("at most %d packs", maxPacks))
	}
	for i, p := range list {
		at := func(field string) string { return fmt.Sprintf("packs.%d.%s", i, field) }
		text(&f, at("name"), string(p.Name), true)
		if !p.AmountPaise.Set || p.AmountPaise.Value <= 0 || p.AmountPaise.Value > maxCreditsPaise {
			f.Add(at("amountPaise"), "amountPaise is a whole number of paise above 0, at most ₹1 crore")
		}
		if p.ID.Set && p.ID.Value <= 0 {
			f.Add(at("id"), "id must be a pack's id")
		}
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		before, err := packs(ctx, tx, true)
		if err != nil {
			return err
		}
		known := map[int64]bool{}
		for _, p := range before {
			known[p.ID] = true
		}
		now := s.db.Time()
		kept := map[int64]bool{}
		for i, p := range list {
			active := p.Active.Or(true)
			if p.ID.Set {
				if !known[p.ID.Value] || kept[p.ID.Value] {
					return apperr.Validation(apperr.FieldError{Path: fmt.Sprintf("packs.%d.id", i), Message: "No such pack, or named twice"})
				}
				kept[p.ID.Value] = true
				if _, err := tx.ExecContext(ctx, `UPDATE billing_packs SET name = $1, amount_paise = $2, active = $3, display_order = $4,
					updated_at = $5 WHERE id = $6`, string(p.Name), p.AmountPaise.Value, active, i+1, now, p.ID.Value); err != nil {
					return apperr.Wrap(err, "save pack")
				}
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO billing_packs (name, amount_paise, active, display_order, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $5)`, string(p.Name), p.AmountPaise.Value, active, i+1, now); err != nil {
				return apperr.Wrap(err, "add pack")
			}
		}
		for id := range known {
			if !kept[id] {
				if _, err := tx.ExecContext(ctx, `UPDATE billing_packs SET active = FALSE, display_order = $1, updated_at = $2 WHERE id = $3`,
					len(list)+1, now, id); err != nil {
					return apperr.Wrap(err, "retire pack")
				}
			}
		}
		after, err := packs(ctx, tx, true)
		if err != nil {
			return err
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: actor, Action: "billing.packs", TargetType: "billing_packs", Before: before, After: after})
	})
	if err != nil {
		return nil, err
	}
	return packs(ctx, s.db, true)
}

// CreditsInput is an admin's adjustment of an agent's credits.
type CreditsInput struct {
	AmountPaise input.Int    `json:"amountPaise"`
	Reason      input.String `json:"reason"`
}

// BalanceOut is an agent's balance after a change.
type BalanceOut struct {
	BalancePaise int64 `json:"balancePaise"`
	Leads        int64 `json:"leads"`
}

// AdjustCredits adds (or, negative, takes) credits of agent userID with a
// reason, as an adjustment entry, audited. Taking more than the balance is
// refused (400): the balance never goes below zero.
func (s *Service) AdjustCredits(ctx context.Context, actor, userID int64, in CreditsInput) (BalanceOut, error) {
	if err := s.on(); err != nil {
		return BalanceOut{}, err
	}
	var f apperr.Fields
	if !in.AmountPaise.Set || in.AmountPaise.Value == 0 || in.AmountPaise.Value > maxCreditsPaise || in.AmountPaise.Value < -maxCreditsPaise {
		f.Add("amountPaise", "amountPaise is a whole number of paise, not zero, within ₹1 crore either way")
	}
	text(&f, "reason", string(in.Reason), true)
	if err := f.Err(); err != nil {
		return BalanceOut{}, err
	}
	var out BalanceOut
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := agentOnly(ctx, tx, userID); err != nil {
			return err
		}
		now := s.db.Time()
		before, err := Balance(ctx, tx, userID)
		if err != nil {
			return apperr.Wrap(err, "balance")
		}
		_, err = Append(ctx, tx, now, Entry{UserID: userID, Kind: KindAdjustment, AmountPaise: in.AmountPaise.Value, Note: string(in.Reason)})
		if apperr.CodeOf(err) == apperr.NoCredits {
			return apperr.Validation(apperr.FieldError{Path: "amountPaise", Message: "That takes more than the agent's balance"})
		}
		if err != nil {
			return err
		}
		if out.BalancePaise, out.Leads, err = balanceAndLeads(ctx, tx, now, userID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: actor, Action: "billing.credits", TargetType: "user", TargetID: userID,
			Before: map[string]any{"balancePaise": before},
			After:  map[string]any{"balancePaise": out.BalancePaise, "amountPaise": in.AmountPaise.Value, "reason": string(in.Reason)}})
	})
	return out, err
}

// agentOnly returns NotFound unless userID is an agent.
func agentOnly(ctx context.Context, tx *sql.Tx, userID int64) error {
	var role string
	err := tx.QueryRowContext(ctx, `SELECT role FROM users WHERE id = $1`, userID).Scan(&role)
	if errors.Is(err, sql.ErrNoRows) || err == nil && role != "agent" {
		return apperr.New(apperr.NotFound, "Agent not found")
	}
	return apperr.Wrap(err, "read user")
}

// PlanChange is an admin's change of an agent's plan; Limits, for
// Enterprise, are the agent's own (absent: the plan's).
type PlanChange struct {
	Plan   input.String `json:"plan"`
	Months input.Int    `json:"months"`
	Limits *struct {
		Listings     input.Int `json:"listings"`
		Requirements input.Int `json:"requirements"`
	} `json:"limits"`
}

// SetAgentPlan puts agent userID on a plan for some months (Starter: no
// end), with custom limits for Enterprise, audited; it returns the agent's
// plan as GET /api/billing shows it.
func (s *Service) SetAgentPlan(ctx context.Context, actor, userID int64, in PlanChange) (CurrentPlan, error) {
	if err := s.on(); err != nil {
		return CurrentPlan{}, err
	}
	id := string(in.Plan)
	var f apperr.Fields
	if id != PlanStarter && id != PlanProfessional && id != PlanEnterprise {
		f.Add("plan", "plan must be starter, professional or enterprise")
	}
	months := int(in.Months.Value)
	if id != PlanStarter && (!in.Months.Set || months < 1 || months > 10*MaxPlanMonths) {
		f.Add("months", fmt.Sprintf("months is a whole number from 1 to %d", 10*MaxPlanMonths))
	}
	var listings, requirements *int
	if in.Limits != nil {
		if id != PlanEnterprise {
			f.Add("limits", "custom limits are for Enterprise")
		}
		listings, requirements = in.Limits.Listings.Ptr(), in.Limits.Requirements.Ptr()
		for path, v := range map[string]*int{"limits.listings": listings, "limits.requirements": requirements} {
			if v != nil && (*v < 0 || *v > maxLimit) {
				f.Add(path, fmt.Sprintf("%s is a whole number from 0 to %d", path, maxLimit))
			}
		}
	}
	if err := f.Err(); err != nil {
		return CurrentPlan{}, err
	}
	var out CurrentPlan
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := agentOnly(ctx, tx, userID); err != nil {
			return err
		}
		now := s.db.Time()
		if err := ensureAccount(ctx, tx, now, userID); err != nil {
			return err
		}
		before, _, err := readAccount(ctx, tx, userID)
		if err != nil {
			return err
		}
		if err := SetPlan(ctx, tx, now, userID, id, months, nil); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE billing_accounts SET listing_limit = $1, requirement_limit = $2 WHERE user_id = $3`,
			listings, requirements, userID); err != nil {
			return apperr.Wrap(err, "set limits")
		}
		p, a, err := currentPlan(ctx, tx, now, userID)
		if err != nil {
			return err
		}
		out = CurrentPlan{ID: p.ID, Name: p.Name, Limits: p.Limits, Features: p.Features, EndsAt: a.PlanEndsAt}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: actor, Action: "billing.plan", TargetType: "user", TargetID: userID,
			Before: map[string]any{"plan": before.PlanID, "endsAt": before.PlanEndsAt},
			After:  map[string]any{"plan": out.ID, "endsAt": out.EndsAt, "limits": out.Limits}})
	})
	return out, err
}
