// Package payments sells credit packs and plan months through a payment
// gateway (platform/razorpay) and issues a GST tax invoice for each payment
// (docs/product.md#payments-and-invoices). An order is created on the
// gateway; the payment is settled when the server has verified it, by
// Checkout's signature or by a signed webhook, whichever comes first: one
// transaction marks the payment paid, grants the credits (billing.Append) or
// the plan (billing.SetPlan) and issues the invoice, so replays and races
// grant once. A refund webhook takes the credits back with a refund entry.
package payments

import (
	"log/slog"

	"propmatch/internal/feature/billing"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/razorpay"
)

// Supplier is who sells: printed on every invoice (PROPMATCH_SUPPLIER_*).
type Supplier struct {
	Name    string
	Address string
	State   string // a state name as india.CanonicalState knows it
	GSTIN   string
	// SAC is the services accounting code of what is sold.
	SAC string
}

// DefaultSAC is the services accounting code invoices carry unless the
// operator sets another: 998399, other professional, technical and
// business services.
const DefaultSAC = "998399"

// Config is how payments are taken and invoiced.
type Config struct {
	Supplier Supplier
	// PricesExcludeGST adds GST on top of the plan and pack prices; by
	// default prices include it.
	PricesExcludeGST bool
}

// Service is payments' request work.
type Service struct {
	db      *store.DB
	gateway razorpay.Gateway
	billing *billing.Service
	cfg     Config
	log     *slog.Logger
}

// NewService returns a Service selling through gateway (nil when billing
// is off: every route then answers 404, as billing's do).
func NewService(db *store.DB, gateway razorpay.Gateway, b *billing.Service, cfg Config, log *slog.Logger) *Service {
	if cfg.Supplier.SAC == "" {
		cfg.Supplier.SAC = DefaultSAC
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: db, gateway: gateway, billing: b, cfg: cfg, log: log}
}

// on returns NotFound when billing is off or there is no gateway.
func (s *Service) on() error {
	if s.gateway == nil || !s.billing.Enabled() {
		return errOff
	}
	return nil
}

// Enabled reports whether payments are taken: billing is on and there is a
// gateway.
func (s *Service) Enabled() bool { return s.on() == nil }
