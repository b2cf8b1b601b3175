package payments

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/feature/billing"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/auth"
)

// Checkout is the body of POST /api/billing/verify: what Checkout handed
// the browser after a payment.
type Checkout struct {
	OrderID   string `json:"razorpay_order_id"`
	PaymentID string `json:"razorpay_payment_id"`
	Signature string `json:"razorpay_signature"`
}

// Settled is a paid payment: its id and its invoice.
type Settled struct {
	Status    string `json:"status"`
	PaymentID int64  `json:"-"`
	InvoiceID int64  `json:"invoiceId"`
}

// errUnverified answers a Checkout callback whose signature is not the
// gateway's.
var errUnverified = apperr.New(apperr.Invalid, "This payment could not be verified. If money left your account, it is credited as soon as Razorpay confirms it.")

// Verify settles u's payment from Checkout's callback: the signature must
// be the gateway's signature of the order and payment (Invalid otherwise,
// changing nothing), and the order u's (NotFound otherwise). A payment
// already settled, by an earlier call or a webhook, answers as settled.
func (s *Service) Verify(ctx context.Context, u auth.User, in Checkout) (Settled, error) {
	if err := s.on(); err != nil {
		return Settled{}, err
	}
	if in.OrderID == "" || in.PaymentID == "" || !s.gateway.VerifyPayment(in.OrderID, in.PaymentID, in.Signature) {
		return Settled{}, errUnverified
	}
	var owner int64
	err := s.db.QueryRowContext(ctx, `SELECT user_id FROM payments WHERE order_id = $1`, in.OrderID).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && owner != u.ID) {
		return Settled{}, apperr.New(apperr.NotFound, "No such order")
	}
	if err != nil {
		return Settled{}, apperr.Wrap(err, "read order")
	}
	return s.settle(ctx, in.OrderID, in.PaymentID, "checkout", nil)
}

// settle marks the payment of orderID paid by gatewayPaymentID and, in the
// same transaction, grants what it bought and issues its invoice. Only the
// transaction whose UPDATE moved the payment from created to paid does so:
// on PostgreSQL a racing one waits on the row and then finds it paid; on
// SQLite writes are serial. amount, when known (a webhook's), must be the
// order's. A payment already paid answers Settled with its invoice.
func (s *Service) settle(ctx context.Context, orderID, gatewayPaymentID, via string, amount *int64) (Settled, error) {
	var out Settled
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		var p payment
		err := tx.QueryRowContext(ctx, `UPDATE payments SET status = 'paid', gateway_payment_id = $1, paid_via = $2, paid_at = $3
			WHERE order_id = $4 AND status = 'created' RETURNING `+paymentColumns, gatewayPaymentID, via, now, orderID).Scan(p.dest()...)
		if errors.Is(err, sql.ErrNoRows) {
			return alreadySettled(ctx, tx, orderID, &out)
		}
		if err != nil {
			return apperr.Wrap(err, "mark payment paid")
		}
		if amount != nil && *amount != p.AmountPaise {
			return apperr.New(apperr.Invalid, "The payment's amount is not its order's")
		}
		if err := grant(ctx, tx, now, p); err != nil {
			return err
		}
		id, err := s.issueInvoice(ctx, tx, now, p)
		out = Settled{Status: "paid", PaymentID: p.ID, InvoiceID: id}
		return err
	})
	return out, err
}

// alreadySettled fills out with the payment of orderID when it is paid, or
// answers NotFound when there is no such order.
func alreadySettled(ctx context.Context, tx *sql.Tx, orderID string, out *Settled) error {
	var invoice sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT p.id, i.id FROM payments p LEFT JOIN invoices i ON i.payment_id = p.id
		WHERE p.order_id = $1 AND p.status = 'paid'`, orderID).Scan(&out.PaymentID, &invoice)
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.New(apperr.NotFound, "No such order")
	}
	out.Status, out.InvoiceID = "paid", invoice.Int64
	return apperr.Wrap(err, "read payment")
}

// grant gives p's buyer what p bought: its credits, or its plan months.
func grant(ctx context.Context, tx *sql.Tx, now time.Time, p payment) error {
	id := p.ID
	if p.Kind == "plan" {
		return billing.SetPlan(ctx, tx, now, p.UserID, p.Plan, p.Months, &id)
	}
	_, err := billing.Append(ctx, tx, now, billing.Entry{UserID: p.UserID, Kind: billing.KindPurchase,
		AmountPaise: p.CreditPaise, PaymentID: &id, Note: p.Description})
	return err
}

// payment is a payments row.
type payment struct {
	ID            int64
	UserID        int64
	OrderID       string
	Kind          string
	Plan          string
	Months        int
	Description   string
	AmountPaise   int64
	CreditPaise   int64
	RefundedPaise int64
}

const paymentColumns = `id, user_id, order_id, kind, plan, months, description, amount_paise, credit_paise, refunded_paise`

func (p *payment) dest() []any {
	return []any{&p.ID, &p.UserID, &p.OrderID, &p.Kind, &p.Plan, &p.Months, &p.Description, &p.AmountPaise, &p.CreditPaise, &p.RefundedPaise}
}
