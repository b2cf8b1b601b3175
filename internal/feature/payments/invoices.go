package payments

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
)

// Invoice is a tax invoice as the agent's list shows it.
type Invoice struct {
	ID          int64     `json:"id"`
	Number      string    `json:"number"`
	IssuedAt    time.Time `json:"issuedAt"`
	Description string    `json:"description"`
	Tax
}

// InvoiceDetail is a whole invoice: what the PDF and the accountant's
// export print.
type InvoiceDetail struct {
	Invoice
	UserID          int64  `json:"userId"`
	SAC             string `json:"sac"`
	BuyerName       string `json:"buyerName"`
	BuyerEmail      string `json:"buyerEmail"`
	BuyerPhone      string `json:"buyerPhone"`
	BuyerState      string `json:"buyerState"`
	BuyerGSTIN      string `json:"buyerGstin"`
	SupplierName    string `json:"supplierName"`
	SupplierAddress string `json:"supplierAddress"`
	SupplierState   string `json:"supplierState"`
	SupplierGSTIN   string `json:"supplierGstin"`
	PaymentRef      string `json:"paymentRef"`
}

const invoiceColumns = `i.id, i.number, i.issued_at, i.description, i.taxable_paise, i.cgst_paise, i.sgst_paise, i.igst_paise, i.total_paise`

const detailColumns = invoiceColumns + `, i.user_id, i.sac, i.buyer_name, i.buyer_email, i.buyer_phone, i.buyer_state, i.buyer_gstin,
	i.supplier_name, i.supplier_address, i.supplier_state, i.supplier_gstin, COALESCE(p.gateway_payment_id, '')`

func (i *Invoice) dest() []any {
	return []any{&i.ID, &i.Number, store.ScanTime(&i.IssuedAt), &i.Description, &i.TaxablePaise, &i.CGSTPaise, &i.SGSTPaise, &i.IGSTPaise, &i.TotalPaise}
}

func (d *InvoiceDetail) dest() []any {
	return append(d.Invoice.dest(), &d.UserID, &d.SAC, &d.BuyerName, &d.BuyerEmail, &d.BuyerPhone, &d.BuyerState, &d.BuyerGSTIN,
		&d.SupplierName, &d.SupplierAddress, &d.SupplierState, &d.SupplierGSTIN, &d.PaymentRef)
}

// issueInvoice issues p's invoice in tx: the next number of the financial
// year (its counter row raised in this transaction, so numbers have no
// gaps: a rolled-back payment takes its number back), the buyer as their
// profile says now, the supplier from the configuration, and the GST split
// by the place of supply. The place of supply is the buyer's state: the
// state of their GSTIN when they gave one, else their profile's; an agent
// with neither is taken to be in the supplier's state.
func (s *Service) issueInvoice(ctx context.Context, tx *sql.Tx, now time.Time, p payment) (int64, error) {
	var name, phone, state string
	var email, gstin sql.NullString
	if err := tx.QueryRowContext(ctx, `SELECT full_name, email, phone, state, gstin FROM users WHERE id = $1`, p.UserID).
		Scan(&name, &email, &phone, &state, &gstin); err != nil {
		return 0, apperr.Wrap(err, "read buyer")
	}
	sup := s.cfg.Supplier
	supplierState, _ := india.CanonicalState(sup.State)
	place := state
	if gstin.Valid {
		if _, st, err := india.NormalizeGSTIN(gstin.String); err == nil {
			place = st
		}
	}
	if place, _ = india.CanonicalState(place); place == "" {
		place = supplierState
	}
	// The order charged the buyer GST-inclusive of this split's total.
	tax := Split(p.AmountPaise, true, place == supplierState)
	fy := FinancialYear(now)
	var seq int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO invoice_counters (fy, last) VALUES ($1, 1)
		ON CONFLICT (fy) DO UPDATE SET last = invoice_counters.last + 1 RETURNING last`, fy).Scan(&seq); err != nil {
		return 0, apperr.Wrap(err, "number invoice")
	}
	if seq > maxInvoiceSeq {
		return 0, apperr.Wrap(errors.New("more invoices this financial year than 16-character numbers allow"), "number invoice")
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO invoices (payment_id, user_id, number, fy, seq, issued_at, description, sac,
		buyer_name, buyer_email, buyer_phone, buyer_state, buyer_gstin, supplier_name, supplier_address, supplier_state,
		supplier_gstin, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) RETURNING id`,
		p.ID, p.UserID, InvoiceNumber(fy, seq), fy, seq, now, p.Description, sup.SAC, name, email.String, phone, place,
		gstin.String, sup.Name, sup.Address, supplierState, sup.GSTIN, tax.TaxablePaise, tax.CGSTPaise, tax.SGSTPaise,
		tax.IGSTPaise, tax.TotalPaise).Scan(&id)
	return id, apperr.Wrap(err, "insert invoice")
}

// Invoices returns one page of userID's invoices, newest first.
func (s *Service) Invoices(ctx context.Context, userID int64, pg paging.Page) ([]Invoice, int64, error) {
	if err := s.on(); err != nil {
		return nil, 0, err
	}
	q, args := pg.Apply(`SELECT `+invoiceColumns+` FROM invoices i WHERE i.user_id = $1`, "i.id", []any{userID})
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list invoices")
	}
	list, err := store.Collect(rows, func(r *sql.Rows, i *Invoice) error { return r.Scan(i.dest()...) })
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list invoices")
	}
	list, next := paging.Trim(list, pg, func(i Invoice) int64 { return i.ID })
	return list, next, nil
}

// Invoice returns invoice id for actor: their own, or any for an admin;
// NotFound for anyone else's.
func (s *Service) Invoice(ctx context.Context, actor access.Actor, id int64) (InvoiceDetail, error) {
	if err := s.on(); err != nil {
		return InvoiceDetail{}, err
	}
	var d InvoiceDetail
	err := s.db.QueryRowContext(ctx, `SELECT `+detailColumns+` FROM invoices i JOIN payments p ON p.id = i.payment_id
		WHERE i.id = $1`, id).Scan(d.dest()...)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !actor.Admin && d.UserID != actor.ID) {
		return InvoiceDetail{}, apperr.New(apperr.NotFound, "Invoice not found")
	}
	return d, apperr.Wrap(err, "read invoice")
}

// AllInvoices returns one page of every invoice, newest first, for the admin console.
func (s *Service) AllInvoices(ctx context.Context, pg paging.Page) ([]InvoiceDetail, int64, error) {
	if err := s.on(); err != nil {
		return nil, 0, err
	}
	q, args := pg.Apply(`SELECT `+detailColumns+` FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE 1 = 1`, "i.id", nil)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list invoices")
	}
	list, err := store.Collect(rows, func(r *sql.Rows, d *InvoiceDetail) error { return r.Scan(d.dest()...) })
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list invoices")
	}
	list, next := paging.Trim(list, pg, func(d InvoiceDetail) int64 { return d.ID })
	return list, next, nil
}

// CheckFinancialYear returns fy ("26-27") when it is a financial year's
// name, for the export's filter; "" stays "" (every year).
func CheckFinancialYear(fy string) (string, error) {
	fy = strings.TrimSpace(fy)
	if fy == "" {
		return "", nil
	}
	from, err1 := strconv.Atoi(fy[:min(2, len(fy))])
	to, err2 := strconv.Atoi(fy[min(3, len(fy)):])
	if len(fy) != 5 || fy[2] != '-' || !digits(fy[:2]) || !digits(fy[3:]) || err1 != nil || err2 != nil || to != (from+1)%100 {
		return "", apperr.Validation(apperr.FieldError{Path: "fy", Message: "fy must be a financial year such as 26-27"})
	}
	return fy, nil
}

func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
