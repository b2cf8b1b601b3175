package payments_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"propmatch/internal/feature/billing"
	"propmatch/internal/feature/payments"
	"propmatch/internal/kit/pdftext"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/razorpay"
)

var ctx = context.Background()

const (
	keyID, keySecret, webhookSecret = "rzp_test_pm", "test-key-secret", "test-webhook-secret"
	// supplierGSTIN is a made-up Karnataka GSTIN with a valid check character.
	supplierGSTIN = "29AAKCP0000Q1Z8"
)

// env is a payments service on a fresh database, selling through the
// fake gateway over HTTP.
type env struct {
	t    *testing.T
	db   *store.DB
	fake *razorpay.Fake
	svc  *payments.Service
}

func newEnv(t *testing.T, db *store.DB, cfg payments.Config) *env {
	t.Helper()
	fake := razorpay.NewFake(keyID, keySecret, webhookSecret)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	gw, err := razorpay.New(razorpay.Config{KeyID: keyID, KeySecret: keySecret, WebhookSecret: webhookSecret, APIURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Supplier.Name == "" {
		cfg.Supplier = payments.Supplier{Name: "PropMatch Technologies Pvt Ltd", Address: "12 MG Road, Bengaluru 560001",
			State: "Karnataka", GSTIN: supplierGSTIN}
	}
	return &env{t: t, db: db, fake: fake, svc: payments.NewService(db, gw, billing.NewService(db, true), cfg, nil)}
}

// agent inserts an agent in state (and with gstin, when not "") and returns them.
func (e *env) agent(state, gstin string) auth.User {
	e.t.Helper()
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	u := auth.User{FullName: fmt.Sprintf("Agent %d", n), Phone: fmt.Sprintf("+9198765%05d", n), State: state}
	var g any
	if gstin != "" {
		g = gstin
	}
	err := e.db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, state, gstin, created_at, updated_at)
		VALUES ($1, 'x', $2, $3, $4, $5, $6, $6) RETURNING id`, fmt.Sprintf("u%d", n), u.FullName, u.Phone, state, g, e.db.Time()).Scan(&u.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// order creates an order of in for u.
func (e *env) order(u auth.User, in payments.OrderInput) payments.CheckoutOrder {
	e.t.Helper()
	o, err := e.svc.CreateOrder(ctx, u, in)
	if err != nil {
		e.t.Fatal(err)
	}
	return o
}

// pay pays order on the fake gateway and returns Checkout's values and
// the two webhook bodies.
func (e *env) pay(orderID string) (payments.Checkout, [][]byte) {
	e.t.Helper()
	c, err := e.fake.Pay(orderID)
	if err != nil {
		e.t.Fatal(err)
	}
	bodies, err := e.fake.Events(c.PaymentID)
	if err != nil {
		e.t.Fatal(err)
	}
	return payments.Checkout{OrderID: c.OrderID, PaymentID: c.PaymentID, Signature: c.Signature}, bodies
}

func (e *env) balance(u auth.User) int64 {
	e.t.Helper()
	b, err := billing.Balance(ctx, e.db, u.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

// count returns the rows of table matching where (with args).
func (e *env) count(table, where string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRow(`SELECT COUNT(*) FROM `+table+` WHERE `+where, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func pack(id int64) payments.OrderInput { return payments.OrderInput{Pack: &id} }

func plan(id string, months int) payments.OrderInput {
	return payments.OrderInput{Plan: &id, Months: &months}
}

// pdfText parses b as a one-page PDF and returns its text.
func pdfText(t *testing.T, b []byte) string { return pdftext.OnePage(t, b) }
