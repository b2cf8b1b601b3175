package payments

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"propmatch/internal/feature/billing"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/razorpay"
)

// errBadSignature answers a webhook whose signature is not the gateway's.
var errBadSignature = apperr.New(apperr.Invalid, "The webhook signature is not valid")

// Webhook acts on a gateway webhook: body is the raw request body and
// signature its X-Razorpay-Signature. A bad signature is Invalid and
// changes nothing. payment.captured and order.paid settle the payment (once,
// however often and in whatever order they and the Checkout callback
// arrive); refund.processed takes the refund's share of the credits back.
// Other events, and payments of orders PropMatch did not create (another
// system on the same account), are acknowledged and ignored.
func (s *Service) Webhook(ctx context.Context, body []byte, signature string) error {
	if err := s.on(); err != nil {
		return err
	}
	if !s.gateway.VerifyWebhook(body, signature) {
		return errBadSignature
	}
	ev, err := razorpay.ParseEvent(body)
	if err != nil {
		return apperr.New(apperr.Invalid, "The webhook body is not a Razorpay event")
	}
	switch ev.Event {
	case razorpay.PaymentCaptured, razorpay.OrderPaid:
		if ev.Payload.Payment == nil {
			return apperr.New(apperr.Invalid, "The %s event carries no payment", ev.Event)
		}
		p := ev.Payload.Payment.Entity
		if p.OrderID == "" {
			return nil // not a payment of an order: nothing of PropMatch's
		}
		_, err := s.settle(ctx, p.OrderID, p.ID, "webhook", &p.Amount)
		if apperr.CodeOf(err) == apperr.NotFound {
			s.log.WarnContext(ctx, "razorpay webhook for an order PropMatch does not know", "event", ev.Event, "order", p.OrderID)
			return nil
		}
		return err
	case razorpay.RefundProcessed:
		if ev.Payload.Refund == nil {
			return apperr.New(apperr.Invalid, "The %s event carries no refund", ev.Event)
		}
		return s.refund(ctx, ev.Payload.Refund.Entity)
	}
	return nil
}

// refund records r once (by its id) and reverses its share of what the
// payment bought. For a pack that is the refund's share of the credits
// (all that is left of them on a full refund), as a "refund" ledger entry,
// never more than the balance: credits already spent on leads stay spent
// and the entry's note says so. A full refund of a plan payment puts the
// agent back on Starter at once; a partial one leaves the plan.
func (s *Service) refund(ctx context.Context, r razorpay.Refund) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		var p payment
		err := tx.QueryRowContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE gateway_payment_id = $1 AND status = 'paid'`,
			r.PaymentID).Scan(p.dest()...)
		if errors.Is(err, sql.ErrNoRows) {
			s.log.WarnContext(ctx, "razorpay refund of a payment PropMatch does not know", "payment", r.PaymentID)
			return nil
		}
		if err != nil {
			return apperr.Wrap(err, "read refunded payment")
		}
		var refundRow int64
		err = tx.QueryRowContext(ctx, `INSERT INTO payment_refunds (payment_id, refund_id, amount_paise, reversed_paise, created_at)
			VALUES ($1, $2, $3, 0, $4) ON CONFLICT (refund_id) DO NOTHING RETURNING id`, p.ID, r.ID, r.Amount, now).Scan(&refundRow)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // this refund was recorded before: a replay
		}
		if err != nil {
			return apperr.Wrap(err, "record refund")
		}
		// Checked after a replay is recognised: a replay's amount no longer fits.
		if r.Amount <= 0 || p.RefundedPaise+r.Amount > p.AmountPaise {
			return apperr.New(apperr.Invalid, "The refund's amount does not fit its payment")
		}
		refunded := p.RefundedPaise + r.Amount
		if _, err := tx.ExecContext(ctx, `UPDATE payments SET refunded_paise = $1 WHERE id = $2`, refunded, p.ID); err != nil {
			return apperr.Wrap(err, "record refund")
		}
		if p.Kind == "plan" {
			if refunded < p.AmountPaise {
				return nil
			}
			return billing.SetPlan(ctx, tx, now, p.UserID, billing.PlanStarter, 0, &p.ID)
		}
		reversed, err := s.reverseCredits(ctx, tx, p, r, refunded)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE payment_refunds SET reversed_paise = $1 WHERE id = $2`, reversed, refundRow)
		return apperr.Wrap(err, "record refund")
	})
}

// reverseCredits takes back the refund's share of p's credits, capped at
// the balance, and returns what it took.
func (s *Service) reverseCredits(ctx context.Context, tx *sql.Tx, p payment, r razorpay.Refund, refunded int64) (int64, error) {
	var before int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(reversed_paise), 0) FROM payment_refunds WHERE payment_id = $1`, p.ID).
		Scan(&before); err != nil {
		return 0, apperr.Wrap(err, "read reversed credits")
	}
	// The credits refunds should have taken back so far, this one included.
	due := p.CreditPaise * refunded / p.AmountPaise
	share := due - before
	balance, err := billing.Balance(ctx, tx, p.UserID)
	if err != nil {
		return 0, apperr.Wrap(err, "read balance")
	}
	take := min(share, balance)
	if take <= 0 {
		return 0, nil
	}
	note := fmt.Sprintf("Refund %s of INR %s", r.ID, india.FormatPaise(r.Amount))
	if take < share {
		note += fmt.Sprintf("; INR %s of its credits were already spent", india.FormatPaise(share-take))
	}
	id := p.ID
	_, err = billing.Append(ctx, tx, s.db.Time(), billing.Entry{UserID: p.UserID, Kind: billing.KindRefund, AmountPaise: -take, PaymentID: &id, Note: note})
	return take, err
}
