package httpapi

import (
	"net/http"

	"propmatch/internal/feature/billing"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
)

// billingRoutes are pay-per-match billing (docs/product.md#billing): the
// agent's billing page, ledger and match unlocks, and the admin's plans,
// packs, credits and plan changes (each audited). With billing off
// (PROPMATCH_BILLING=off) none is bound: every one answers 404.
func (s *server) billingRoutes(mux *http.ServeMux) {
	if !s.Billing.Enabled() {
		return
	}
	mux.HandleFunc("GET /api/billing", s.signedIn(s.billingOverview))
	mux.HandleFunc("GET /api/billing/ledger", s.signedIn(s.billingLedger))
	mux.HandleFunc("POST /api/matches/{id}/unlock", s.signedIn(s.unlockMatch))
	mux.HandleFunc("GET /api/admin/billing/plans", s.adminOnly(s.adminBillingPlans))
	mux.HandleFunc("PUT /api/admin/billing/plans", s.adminOnly(s.adminSaveBillingPlans))
	mux.HandleFunc("GET /api/admin/billing/packs", s.adminOnly(s.adminBillingPacks))
	mux.HandleFunc("PUT /api/admin/billing/packs", s.adminOnly(s.adminSaveBillingPacks))
	mux.HandleFunc("POST /api/admin/users/{id}/credits", s.adminOnly(s.adminAdjustCredits))
	mux.HandleFunc("PUT /api/admin/users/{id}/plan", s.adminOnly(s.adminSetPlan))
}

func (s *server) billingOverview(w http.ResponseWriter, r *http.Request, u auth.User) {
	out, err := s.Billing.Overview(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) billingLedger(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]billing.LedgerItem, int64, error) {
		return s.Billing.Ledger(r.Context(), u.ID, p)
	})
}

func (s *server) unlockMatch(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Billing.Unlock(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminBillingPlans(w http.ResponseWriter, r *http.Request, _ auth.User) {
	out, err := s.Billing.AdminPlans(r.Context())
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminSaveBillingPlans(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[[]billing.PlanInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Billing.SavePlans(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminBillingPacks(w http.ResponseWriter, r *http.Request, _ auth.User) {
	out, err := s.Billing.AdminPacks(r.Context())
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminSaveBillingPacks(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[[]billing.PackInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Billing.SavePacks(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminAdjustCredits(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[billing.CreditsInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Billing.AdjustCredits(r.Context(), u.ID, id, in)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) adminSetPlan(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[billing.PlanChange](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Billing.SetAgentPlan(r.Context(), u.ID, id, in)
	s.reply(w, r, http.StatusOK, out, err)
}
