// Package billing keeps PropMatch's pay-per-match promise
// (docs/product.md#billing): the plans with their limits and features, the
// credit packs, each agent's account (balance and plan), the append-only
// credit ledger, match unlocks (one lead per agent and match, for good), the
// plan limits on active listings and requirements, and the admin's changes.
// Payments (orders, verification, invoices) live in feature/payments, which
// calls Append and SetPlan here. With billing off (PROPMATCH_BILLING=off)
// the Service answers NotFound on its routes, Enabled is false, contacts are
// never hidden and no limit applies.
package billing

import (
	"strconv"
	"sync/atomic"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Service is billing's request work.
type Service struct {
	db      *store.DB
	enabled bool
	sides   MatchSides
	seeded  atomic.Bool // the default plans and packs exist (seed.go)
}

// NewService returns a Service on db; enabled is false when the operator
// turned billing off.
func NewService(db *store.DB, enabled bool) *Service { return &Service{db: db, enabled: enabled} }

// Enabled is false when PROPMATCH_BILLING=off.
func (s *Service) Enabled() bool { return s != nil && s.enabled }

// errOff is what every billing route answers when billing is off: the
// routes do not exist.
var errOff = apperr.New(apperr.NotFound, "Billing is not enabled on this installation")

// on returns errOff when billing is off.
func (s *Service) on() error {
	if !s.Enabled() {
		return errOff
	}
	return nil
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
