package payments

import (
	"context"
	"strings"

	"github.com/signintech/gopdf"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/pdfdoc"
	"propmatch/internal/platform/access"
)

// InvoicePDF returns invoice id as a PDF for actor (their own, or any for
// an admin; NotFound otherwise), with its number for the file name.
func (s *Service) InvoicePDF(ctx context.Context, actor access.Actor, id int64) ([]byte, string, error) {
	d, err := s.Invoice(ctx, actor, id)
	if err != nil {
		return nil, "", err
	}
	out, err := renderInvoice(d, !s.cfg.PricesExcludeGST)
	return out, d.Number, err
}

// The invoice page: A4 portrait, in points.
const (
	invW, invMargin = 595.0, 48.0
	invRight        = invW - invMargin
)

// renderInvoice draws d as a one-page tax invoice with the same PDF
// library and Go fonts as the course certificates. A character the fonts
// lack (a name in Devanagari, say) is drawn as '?'.
func renderInvoice(d InvoiceDetail, inclusive bool) ([]byte, error) {
	pdf, err := pdfdoc.New(gopdf.PageSizeA4, gopdf.PdfInfo{Title: "Tax invoice " + d.Number, Author: d.SupplierName,
		CreationDate: d.IssuedAt}, pdfdoc.Regular, pdfdoc.Bold)
	if err != nil {
		return nil, apperr.Wrap(err, "invoice font")
	}
	pdf.AddPage()
	p := &page{pdf: pdf, y: invMargin}
	p.text("bold", 20, invMargin, "Tax Invoice")
	p.right("regular", 10, invRight, p.y-14, "Invoice number "+d.Number)
	p.right("regular", 10, invRight, p.y, "Date "+d.IssuedAt.In(india.Zone).Format("2 January 2006"))
	p.gap(24)

	top := p.y
	p.text("bold", 11, invMargin, d.SupplierName)
	for _, line := range splitAddress(d.SupplierAddress) {
		p.text("regular", 10, invMargin, line)
	}
	p.text("regular", 10, invMargin, "State: "+withCode(d.SupplierState))
	p.text("regular", 10, invMargin, "GSTIN: "+d.SupplierGSTIN)
	left := p.y
	p.y = top
	const buyerX = 320.0
	p.text("bold", 10, buyerX, "Billed to")
	p.text("bold", 11, buyerX, d.BuyerName)
	if d.BuyerGSTIN != "" {
		p.text("regular", 10, buyerX, "GSTIN: "+d.BuyerGSTIN)
	}
	for _, v := range []string{d.BuyerEmail, d.BuyerPhone} {
		if v != "" {
			p.text("regular", 10, buyerX, v)
		}
	}
	p.text("regular", 10, buyerX, "Place of supply: "+withCode(d.BuyerState))
	p.y = max(p.y, left) + 20

	// The lines: description and SAC, then the taxable value, the taxes and the total.
	p.rule()
	p.text("bold", 10, invMargin, "Description")
	p.right("bold", 10, 400, p.y-14, "SAC")
	p.right("bold", 10, invRight, p.y-14, "Amount (INR)")
	p.rule()
	p.text("regular", 10, invMargin, d.Description)
	p.right("regular", 10, 400, p.y-14, d.SAC)
	p.right("regular", 10, invRight, p.y-14, india.FormatPaise(d.TaxablePaise))
	p.gap(6)
	p.rule()
	lines := [][2]string{{"Taxable value", india.FormatPaise(d.TaxablePaise)}}
	if d.IGSTPaise > 0 || d.CGSTPaise+d.SGSTPaise == 0 {
		lines = append(lines, [2]string{"IGST 18%", india.FormatPaise(d.IGSTPaise)})
	} else {
		lines = append(lines, [2]string{"CGST 9%", india.FormatPaise(d.CGSTPaise)}, [2]string{"SGST 9%", india.FormatPaise(d.SGSTPaise)})
	}
	for _, l := range lines {
		p.right("regular", 10, 400, p.y, l[0])
		p.right("regular", 10, invRight, p.y, l[1])
		p.gap(14)
	}
	p.gap(4)
	p.right("bold", 12, 400, p.y, "Total")
	p.right("bold", 12, invRight, p.y, "INR "+india.FormatPaise(d.TotalPaise))
	p.gap(30)
	if inclusive {
		p.text("regular", 9, invMargin, "The price includes GST.")
	}
	if d.PaymentRef != "" {
		p.text("regular", 9, invMargin, "Paid online through Razorpay, payment reference "+d.PaymentRef+".")
	}
	p.text("regular", 9, invMargin, "This is a computer-generated invoice and needs no signature.")
	if p.err != nil {
		return nil, apperr.Wrap(p.err, "draw invoice")
	}
	out, err := pdf.GetBytesPdfReturnErr()
	return out, apperr.Wrap(err, "write invoice")
}

// withCode is a state with its GST code: "Karnataka (29)".
func withCode(state string) string {
	if c := india.GSTStateCode(state); c != "" {
		return state + " (" + c + ")"
	}
	return state
}

// splitAddress breaks an address into its lines: at line breaks, else
// every two commas.
func splitAddress(a string) []string {
	if strings.Contains(a, "\n") {
		return strings.Split(a, "\n")
	}
	parts := strings.Split(a, ",")
	var out []string
	for i := 0; i < len(parts); i += 2 {
		out = append(out, strings.TrimSpace(strings.Join(parts[i:min(i+2, len(parts))], ",")))
	}
	return out
}

// page sets lines down a page, keeping the first error.
type page struct {
	pdf *gopdf.GoPdf
	y   float64
	err error
}

func (p *page) gap(h float64) { p.y += h }

// text sets s at x on the current line and moves down a line.
func (p *page) text(font string, size, x float64, s string) {
	if p.err != nil {
		return
	}
	if p.err = p.pdf.SetFont(font, "", size); p.err != nil {
		return
	}
	p.pdf.SetTextColor(15, 23, 42)
	p.pdf.SetXY(x, p.y)
	p.err = p.pdf.Cell(nil, s)
	p.y += size + 4
}

// right sets s ending at x on the line at y, leaving the position alone.
func (p *page) right(font string, size, x, y float64, s string) {
	if p.err != nil {
		return
	}
	if p.err = p.pdf.SetFont(font, "", size); p.err != nil {
		return
	}
	w, err := p.pdf.MeasureTextWidth(s)
	if p.err = err; err != nil {
		return
	}
	p.pdf.SetTextColor(15, 23, 42)
	p.pdf.SetXY(x-w, y)
	p.err = p.pdf.Cell(nil, s)
}

// rule draws a line across the page under the current line.
func (p *page) rule() {
	p.pdf.SetStrokeColor(203, 213, 225)
	p.pdf.SetLineWidth(0.75)
	p.pdf.Line(invMargin, p.y, invRight, p.y)
	p.y += 8
}
