package razorpay

import "encoding/json"

// The webhook events PropMatch acts on.
const (
	PaymentCaptured = "payment.captured"
	OrderPaid       = "order.paid"
	RefundProcessed = "refund.processed"
)

// Event is a webhook's body: {"entity": "event", "event": "payment.captured",
// "contains": ["payment"], "payload": {"payment": {"entity": {...}}}, ...}.
type Event struct {
	Entity    string   `json:"entity"`
	AccountID string   `json:"account_id"`
	Event     string   `json:"event"`
	Contains  []string `json:"contains"`
	Payload   Payload  `json:"payload"`
	CreatedAt int64    `json:"created_at"`
}

// Payload holds the entities an event contains; those it lacks are nil.
type Payload struct {
	Payment *PaymentWrap `json:"payment,omitempty"`
	Order   *OrderWrap   `json:"order,omitempty"`
	Refund  *RefundWrap  `json:"refund,omitempty"`
}

// PaymentWrap is a payload's {"entity": {...}} wrapper of a payment.
type PaymentWrap struct {
	Entity Payment `json:"entity"`
}

// OrderWrap is a payload's {"entity": {...}} wrapper of an order.
type OrderWrap struct {
	Entity Order `json:"entity"`
}

// RefundWrap is a payload's {"entity": {...}} wrapper of a refund.
type RefundWrap struct {
	Entity Refund `json:"entity"`
}

// Payment is Razorpay's payment entity (the fields PropMatch reads, and
// those the fake writes).
type Payment struct {
	ID             string  `json:"id"`
	Entity         string  `json:"entity"`
	Amount         int64   `json:"amount"`
	Currency       string  `json:"currency"`
	Status         string  `json:"status"`
	OrderID        string  `json:"order_id"`
	Method         string  `json:"method"`
	AmountRefunded int64   `json:"amount_refunded"`
	RefundStatus   *string `json:"refund_status"`
	Captured       bool    `json:"captured"`
	Description    string  `json:"description"`
	Email          string  `json:"email"`
	Contact        string  `json:"contact"`
	Notes          Notes   `json:"notes"`
	CreatedAt      int64   `json:"created_at"`
}

// Refund is Razorpay's refund entity.
type Refund struct {
	ID        string `json:"id"`
	Entity    string `json:"entity"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	PaymentID string `json:"payment_id"`
	Notes     Notes  `json:"notes"`
	Status    string `json:"status"`
	CreatedAt int64  `json:"created_at"`
}

// ParseEvent reads a webhook body (after its signature is checked).
func ParseEvent(body []byte) (Event, error) {
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return Event{}, err
	}
	if e.Entity != "event" || e.Event == "" {
		return Event{}, ErrNotEvent
	}
	return e, nil
}
