package razorpay

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// Fake is a local Razorpay: an http.Handler serving the Orders API
// (POST /v1/orders, GET /v1/orders/{id}), the refunds API
// (POST /v1/payments/{id}/refund) with the same basic auth and entities, and
// a Checkout script (GET /checkout.js) whose Pay button pays the order, calls
// Checkout's handler with values signed as Razorpay signs them, and posts the
// payment.captured and order.paid webhooks, signed with the webhook secret,
// to WebhookURL. Development serves it under /dev/razorpay; tests start it
// with httptest. It keeps everything in memory.
type Fake struct {
	keyID, keySecret, webhookSecret string
	// Base is the path the fake is served under (such as /dev/razorpay),
	// which its Checkout script calls back; "" for the root.
	Base string
	// WebhookURL receives the webhooks; "" sends none.
	WebhookURL string
	HTTPClient *http.Client
	Log        *slog.Logger
	// Now is the clock of the entities' created_at (time.Now when nil).
	Now func() time.Time

	mu       sync.Mutex
	orders   map[string]*Order
	payments map[string]*Payment
	mux      *http.ServeMux
	inFlight sync.WaitGroup
}

// NewFake returns a fake gateway with these credentials.
func NewFake(keyID, keySecret, webhookSecret string) *Fake {
	f := &Fake{keyID: keyID, keySecret: keySecret, webhookSecret: webhookSecret,
		orders: map[string]*Order{}, payments: map[string]*Payment{}, mux: http.NewServeMux()}
	f.mux.HandleFunc("POST /v1/orders", f.authed(f.createOrder))
	f.mux.HandleFunc("GET /v1/orders/{id}", f.authed(f.getOrder))
	f.mux.HandleFunc("POST /v1/payments/{id}/refund", f.authed(f.refund))
	f.mux.HandleFunc("GET /checkout.js", f.checkoutScript)
	f.mux.HandleFunc("POST /checkout/pay", f.checkoutPay)
	return f
}

// ServeHTTP implements http.Handler.
func (f *Fake) ServeHTTP(w http.ResponseWriter, r *http.Request) { f.mux.ServeHTTP(w, r) }

// Checkout is what Checkout hands its handler after a payment.
type Checkout struct {
	PaymentID string `json:"razorpay_payment_id"`
	OrderID   string `json:"razorpay_order_id"`
	Signature string `json:"razorpay_signature"`
}

// Pay pays orderID in full, as a customer completing Checkout, and returns
// what Checkout hands its handler. It sends no webhook (Events and Deliver
// do). Paying a paid order is an error, as on Razorpay.
func (f *Fake) Pay(orderID string) (Checkout, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	o, ok := f.orders[orderID]
	if !ok {
		return Checkout{}, fmt.Errorf("razorpay fake: no order %q", orderID)
	}
	if o.Status == "paid" {
		return Checkout{}, fmt.Errorf("razorpay fake: order %q is already paid", orderID)
	}
	o.Status, o.AmountPaid, o.AmountDue = "paid", o.Amount, 0
	o.Attempts++
	p := &Payment{ID: newID("pay_"), Entity: "payment", Amount: o.Amount, Currency: o.Currency, Status: "captured",
		OrderID: o.ID, Method: "upi", Captured: true, Description: "PropMatch", Email: "agent@example.com",
		Contact: "+919876543210", Notes: o.Notes, CreatedAt: f.now().Unix()}
	f.payments[p.ID] = p
	return Checkout{PaymentID: p.ID, OrderID: o.ID, Signature: SignPayment(f.keySecret, o.ID, p.ID)}, nil
}

// Events returns the bodies of the payment.captured and order.paid
// webhooks of paymentID, as Razorpay sends them.
func (f *Fake) Events(paymentID string) ([][]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.payments[paymentID]
	if !ok {
		return nil, fmt.Errorf("razorpay fake: no payment %q", paymentID)
	}
	pay, order := *p, *f.orders[p.OrderID]
	captured := f.event(PaymentCaptured, []string{"payment"}, Payload{Payment: &PaymentWrap{pay}})
	paid := f.event(OrderPaid, []string{"payment", "order"}, Payload{Payment: &PaymentWrap{pay}, Order: &OrderWrap{order}})
	return [][]byte{captured, paid}, nil
}

// Refund refunds amount paise of paymentID (all that is left when amount
// is 0) and returns the refund and the body of its refund.processed webhook.
func (f *Fake) Refund(paymentID string, amount int64) (Refund, []byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.payments[paymentID]
	if !ok {
		return Refund{}, nil, fmt.Errorf("razorpay fake: no payment %q", paymentID)
	}
	left := p.Amount - p.AmountRefunded
	if amount == 0 {
		amount = left
	}
	if amount <= 0 || amount > left {
		return Refund{}, nil, fmt.Errorf("razorpay fake: refund of %d paise is more than the %d left", amount, left)
	}
	p.AmountRefunded += amount
	status := "partial"
	if p.AmountRefunded == p.Amount {
		status, p.Status = "full", "refunded"
	}
	p.RefundStatus = &status
	rf := Refund{ID: newID("rfnd_"), Entity: "refund", Amount: amount, Currency: p.Currency, PaymentID: p.ID,
		Status: "processed", CreatedAt: f.now().Unix()}
	body := f.event(RefundProcessed, []string{"refund", "payment"}, Payload{Refund: &RefundWrap{rf}, Payment: &PaymentWrap{*p}})
	return rf, body, nil
}

// SignWebhook returns the X-Razorpay-Signature of body.
func (f *Fake) SignWebhook(body []byte) string { return Sign(f.webhookSecret, body) }

// Deliver posts body to WebhookURL, signed, as Razorpay delivers a webhook.
func (f *Fake) Deliver(ctx context.Context, body []byte) error {
	if f.WebhookURL == "" {
		return errors.New("razorpay fake: no webhook URL")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, f.SignWebhook(body))
	req.Header.Set(EventIDHeader, newID(""))
	c := f.HTTPClient
	if c == nil {
		c = &http.Client{Timeout: Timeout}
	}
	res, err := c.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = res.Body.Close() }()
	_, _ = io.Copy(io.Discard, res.Body)
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("razorpay fake: webhook answered HTTP %d", res.StatusCode)
	}
	return nil
}

// deliverLater posts bodies to WebhookURL in the background, in order, as
// Razorpay does after Checkout has returned.
func (f *Fake) deliverLater(bodies ...[]byte) {
	if f.WebhookURL == "" {
		return
	}
	f.inFlight.Add(1)
	go func() {
		defer f.inFlight.Done()
		for _, b := range bodies {
			if err := f.Deliver(context.Background(), b); err != nil && f.Log != nil {
				f.Log.Warn("razorpay fake: deliver webhook", "err", err)
			}
		}
	}()
}

// Wait waits for the webhooks being delivered in the background.
func (f *Fake) Wait() { f.inFlight.Wait() }

func (f *Fake) event(name string, contains []string, p Payload) []byte {
	b, _ := json.Marshal(Event{Entity: "event", AccountID: "acc_PropMatchFake01", Event: name, Contains: contains,
		Payload: p, CreatedAt: f.now().Unix()})
	return b
}

func (f *Fake) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

// newID returns prefix and 14 random base-62 characters, Razorpay's id shape.
func newID(prefix string) string {
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	b := make([]byte, 14)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return prefix + string(b)
}
