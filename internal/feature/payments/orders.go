package payments

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"

	"propmatch/internal/feature/billing"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/razorpay"
)

// errOff is every payments route's answer when billing is off.
var errOff = apperr.New(apperr.NotFound, "Billing is not enabled on this installation")

// errGateway is what an agent sees when the gateway refused or did not answer.
var errGateway = "Payments are unavailable just now. Please try again in a few minutes."

// OrderInput is the body of POST /api/billing/orders: a pack, or months of
// a plan (1 when months is left out).
type OrderInput struct {
	Pack   *int64  `json:"pack"`
	Plan   *string `json:"plan"`
	Months *int    `json:"months"`
}

// Prefill is what Checkout fills in for the buyer.
type Prefill struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Contact string `json:"contact"`
}

// CheckoutOrder is what the browser opens Checkout with.
type CheckoutOrder struct {
	OrderID     string  `json:"orderId"`
	AmountPaise int64   `json:"amountPaise"`
	Currency    string  `json:"currency"`
	KeyID       string  `json:"keyId"`
	CheckoutURL string  `json:"checkoutUrl"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Prefill     Prefill `json:"prefill"`
}

// purchase is what an order buys, worked out from the input.
type purchase struct {
	kind        string // pack or plan
	packID      *int64
	plan        string
	months      int
	description string
	pricePaise  int64 // before GST when prices exclude it
	creditPaise int64
}

// CreateOrder creates the gateway order for what u buys and records it as
// a payment waiting to be paid.
func (s *Service) CreateOrder(ctx context.Context, u auth.User, in OrderInput) (CheckoutOrder, error) {
	if err := s.on(); err != nil {
		return CheckoutOrder{}, err
	}
	p, err := s.purchaseOf(ctx, in)
	if err != nil {
		return CheckoutOrder{}, err
	}
	amount := Split(p.pricePaise, !s.cfg.PricesExcludeGST, true).TotalPaise
	receipt := "pm-" + strconv.FormatInt(u.ID, 10) + "-" + randomHex(8)
	o, err := s.gateway.CreateOrder(ctx, razorpay.OrderRequest{Amount: amount, Currency: "INR", Receipt: receipt,
		Notes: razorpay.Notes{"agent": strconv.FormatInt(u.ID, 10), "purchase": p.description}})
	if err != nil {
		return CheckoutOrder{}, &apperr.Error{Code: apperr.Unavailable, Message: errGateway, Err: err}
	}
	if err := s.record(ctx, u.ID, o.ID, p, amount); err != nil {
		return CheckoutOrder{}, err
	}
	email := ""
	if u.Email != nil {
		email = *u.Email
	}
	return CheckoutOrder{OrderID: o.ID, AmountPaise: amount, Currency: "INR", KeyID: s.gateway.KeyID(),
		CheckoutURL: s.gateway.CheckoutURL(), Name: "PropMatch", Description: p.description,
		Prefill: Prefill{Name: u.FullName, Email: email, Contact: u.Phone}}, nil
}

// record records the order orderID of p for userID, waiting to be paid.
func (s *Service) record(ctx context.Context, userID int64, orderID string, p purchase, amount int64) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO payments (user_id, order_id, kind, pack_id, plan, months, description,
		amount_paise, credit_paise, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		userID, orderID, p.kind, p.packID, p.plan, p.months, p.description, amount, p.creditPaise, s.db.Time())
	return apperr.Wrap(err, "record order")
}

// RecordPurchase records what in buys for userID as paid outside the
// gateway (the demo market's purchases), with ref as its payment reference,
// and settles it as a verified payment is settled: the grant and the
// invoice, once. No route calls it.
func (s *Service) RecordPurchase(ctx context.Context, userID int64, in OrderInput, ref string) (Settled, error) {
	if err := s.on(); err != nil {
		return Settled{}, err
	}
	p, err := s.purchaseOf(ctx, in)
	if err != nil {
		return Settled{}, err
	}
	orderID := "offline_" + ref
	if err := s.record(ctx, userID, orderID, p, Split(p.pricePaise, !s.cfg.PricesExcludeGST, true).TotalPaise); err != nil {
		return Settled{}, err
	}
	return s.settle(ctx, orderID, ref, "offline", nil)
}

// purchaseOf reads what in buys: exactly one of an active pack or months
// (1 to billing.MaxPlanMonths) of a plan that can be bought.
func (s *Service) purchaseOf(ctx context.Context, in OrderInput) (purchase, error) {
	var f apperr.Fields
	switch {
	case in.Pack != nil && in.Plan != nil:
		f.Add("pack", "Buy either a credit pack or a plan, not both at once")
	case in.Pack == nil && in.Plan == nil:
		f.Add("pack", "Choose a credit pack or a plan to buy")
	case in.Pack != nil && in.Months != nil:
		f.Add("months", "Months are for a plan; a credit pack is bought once")
	}
	if err := f.Err(); err != nil {
		return purchase{}, err
	}
	if in.Pack != nil {
		pk, err := s.billing.Pack(ctx, *in.Pack)
		if err != nil {
			return purchase{}, fieldNotFound(err, "pack")
		}
		return purchase{kind: "pack", packID: &pk.ID, description: fmt.Sprintf("%s: lead credits worth INR %s", pk.Name, india.FormatPaise(pk.AmountPaise)),
			pricePaise: pk.AmountPaise, creditPaise: pk.AmountPaise}, nil
	}
	months := 1
	if in.Months != nil {
		months = *in.Months
	}
	if months < 1 || months > billing.MaxPlanMonths {
		f.Add("months", fmt.Sprintf("months must be a whole number from 1 to %d", billing.MaxPlanMonths))
		return purchase{}, f.Err()
	}
	price, err := s.billing.PlanPrice(ctx, *in.Plan)
	if err != nil {
		return purchase{}, fieldNotFound(err, "plan")
	}
	name := planName(ctx, s.billing, *in.Plan)
	unit := "month"
	if months > 1 {
		unit = "months"
	}
	return purchase{kind: "plan", plan: *in.Plan, months: months, description: fmt.Sprintf("%s plan, %d %s", name, months, unit),
		pricePaise: price * int64(months)}, nil
}

// planName returns the display name of plan id (the id when unknown).
func planName(ctx context.Context, b *billing.Service, id string) string {
	list, err := b.Plans(ctx)
	if err == nil {
		for _, p := range list {
			if p.ID == id {
				return p.Name
			}
		}
	}
	return id
}

// fieldNotFound turns billing's NotFound for a pack or plan into a field
// error at path (the body named something that cannot be bought).
func fieldNotFound(err error, path string) error {
	if apperr.CodeOf(err) != apperr.NotFound {
		return err
	}
	return apperr.Validation(apperr.FieldError{Path: path, Message: apperr.MessageOf(err)})
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
