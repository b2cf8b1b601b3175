package httpapi

import (
	"bytes"
	"net/http"
	"strings"

	"propmatch/internal/feature/billing"
	"propmatch/internal/feature/payments"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/razorpay"
)

// paymentRoutes are buying credit packs and plans through the gateway, its
// webhook, and the GST invoices (docs/product.md#payments-and-invoices).
// The webhook has no session: its signature is its authentication, and a
// server-to-server POST carries no Origin for the cross-origin check.
func (s *server) paymentRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/billing/orders", s.sessionOnly(s.createOrder))
	mux.HandleFunc("POST /api/billing/verify", s.sessionOnly(s.verifyPayment))
	mux.HandleFunc("POST /api/billing/webhooks/razorpay", s.razorpayWebhook)
	mux.HandleFunc("GET /api/billing/invoices", s.signedIn(s.listInvoices))
	mux.HandleFunc("GET /api/billing/invoices/{id}/pdf", s.signedIn(s.invoicePDF))
	mux.HandleFunc("GET /api/admin/billing/invoices", s.adminOnly(s.adminInvoices))
	s.devRazorpayRoutes(mux)
}

func (s *server) createOrder(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[payments.OrderInput](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Payments.CreateOrder(r.Context(), u, in)
	s.reply(w, r, http.StatusCreated, out, err)
}

// verified is the answer to a verified payment: the agent's credits after it.
type verified struct {
	payments.Settled
	Credits billing.Credits `json:"credits"`
}

func (s *server) verifyPayment(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[payments.Checkout](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	settled, err := s.Payments.Verify(r.Context(), u, in)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// The credits as GET /api/billing shows them, after the payment.
	ov, err := s.Billing.Overview(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, verified{Settled: settled, Credits: ov.Credits}, err)
}

func (s *server) razorpayWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err == nil {
		err = s.Payments.Webhook(r.Context(), body, r.Header.Get(razorpay.SignatureHeader))
	}
	s.reply(w, r, http.StatusOK, struct{}{}, err)
}

func (s *server) listInvoices(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]payments.Invoice, int64, error) {
		return s.Payments.Invoices(r.Context(), u.ID, p)
	})
}

func (s *server) invoicePDF(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	pdf, number, err := s.Payments.InvoicePDF(r.Context(), actorOf(u), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="propmatch-invoice-`+strings.ReplaceAll(number, "/", "-")+`.pdf"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(pdf) // the client is gone
}

// adminInvoices lists every invoice for the admin console, or with
// ?format=csv exports them (one financial year with ?fy=26-27) for the
// accountant.
func (s *server) adminInvoices(w http.ResponseWriter, r *http.Request, _ auth.User) {
	q := r.URL.Query()
	switch q.Get("format") {
	case "", "json":
	case "csv":
		var buf bytes.Buffer
		if err := s.Payments.WriteCSV(r.Context(), &buf, q.Get("fy")); err != nil {
			s.fail(w, r, err)
			return
		}
		name := "propmatch-invoices"
		if fy := q.Get("fy"); fy != "" {
			name += "-" + fy
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="`+name+`.csv"`)
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(buf.Bytes()) // the client is gone
		return
	default:
		s.fail(w, r, apperr.Validation(apperr.FieldError{Path: "format", Message: "format must be json or csv"}))
		return
	}
	page(s, w, r, func(p paging.Page) ([]payments.InvoiceDetail, int64, error) {
		return s.Payments.AllInvoices(r.Context(), p)
	})
}

// devRazorpayRoutes serve the local fake gateway (Deps.RazorpayFake) under
// /dev/razorpay/ in development mode, to this machine only, as the
// development outbox is.
func (s *server) devRazorpayRoutes(mux *http.ServeMux) {
	if !s.Dev || s.RazorpayFake == nil {
		return
	}
	fake := http.StripPrefix(DevRazorpayPath, s.RazorpayFake)
	mux.HandleFunc(DevRazorpayPath+"/", func(w http.ResponseWriter, r *http.Request) {
		if !s.fromThisMachine(r) {
			s.fail(w, r, errNotThisMachine)
			return
		}
		fake.ServeHTTP(w, r)
	})
}

// DevRazorpayPath is where development mode serves the fake gateway.
const DevRazorpayPath = "/dev/razorpay"
