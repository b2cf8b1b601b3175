package payments

import (
	"context"
	"encoding/csv"
	"io"
	"strings"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/csvsafe"
)

// csvHeader is the accountant's export's first row.
var csvHeader = []string{"Invoice number", "Date", "Buyer", "Buyer GSTIN", "Place of supply", "Description", "SAC",
	"Taxable value", "CGST 9%", "SGST 9%", "IGST 18%", "Total", "Supplier GSTIN", "Payment reference"}

// WriteCSV writes every invoice of financial year fy ("" for all), in
// number order, as CSV for the accountant: dates in India's time, amounts
// in rupees with two decimals. A cell that a spreadsheet would read as a
// formula (starting =, +, -, @, tab or carriage return) is prefixed with
// an apostrophe.
func (s *Service) WriteCSV(ctx context.Context, w io.Writer, fy string) error {
	if err := s.on(); err != nil {
		return err
	}
	fy, err := CheckFinancialYear(fy)
	if err != nil {
		return err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+detailColumns+` FROM invoices i JOIN payments p ON p.id = i.payment_id
		WHERE $1 = '' OR i.fy = $1 ORDER BY i.fy, i.seq`, fy)
	if err != nil {
		return apperr.Wrap(err, "export invoices")
	}
	defer func() { _ = rows.Close() }()
	out := csv.NewWriter(w)
	if err := out.Write(csvHeader); err != nil {
		return err
	}
	for rows.Next() {
		var d InvoiceDetail
		if err := rows.Scan(d.dest()...); err != nil {
			return apperr.Wrap(err, "export invoices")
		}
		if err := out.Write(csvRow(d)); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return apperr.Wrap(err, "export invoices")
	}
	out.Flush()
	return out.Error()
}

func csvRow(d InvoiceDetail) []string {
	row := []string{d.Number, d.IssuedAt.In(india.Zone).Format("2006-01-02"), d.BuyerName, d.BuyerGSTIN, d.BuyerState,
		d.Description, d.SAC, rupees(d.TaxablePaise), rupees(d.CGSTPaise), rupees(d.SGSTPaise), rupees(d.IGSTPaise),
		rupees(d.TotalPaise), d.SupplierGSTIN, d.PaymentRef}
	return csvsafe.Row(row)
}

// rupees writes paise as rupees with two decimals and no grouping, as
// spreadsheets read numbers: 211864 gives "2118.64".
func rupees(paise int64) string {
	return strings.ReplaceAll(india.FormatPaise(paise), ",", "")
}
