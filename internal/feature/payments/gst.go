package payments

import (
	"fmt"
	"time"

	"propmatch/internal/india"
)

// GSTRate is the GST on PropMatch's services, in percent: 18, as CGST 9% +
// SGST 9% within the supplier's state or IGST 18% across states.
const GSTRate = 18

// Tax is an invoice's amounts in paise: Taxable plus the taxes is Total.
type Tax struct {
	TaxablePaise int64 `json:"taxablePaise"`
	CGSTPaise    int64 `json:"cgstPaise"`
	SGSTPaise    int64 `json:"sgstPaise"`
	IGSTPaise    int64 `json:"igstPaise"`
	TotalPaise   int64 `json:"totalPaise"`
}

// Split works out the GST of a price of paise. With inclusive (the
// default) the price is what the buyer pays, GST included: the taxable
// value is price × 100/118 rounded to the nearest paisa (half up) and the
// tax is the rest, so the lines always add up to the price. Otherwise the
// price is the taxable value and the tax, 18% of it rounded the same way,
// is added. Within one state the tax is halved into CGST and SGST, CGST
// getting the odd paisa's lower half (CGST = tax/2 rounded down, SGST the
// rest); across states it is all IGST.
func Split(price int64, inclusive, sameState bool) Tax {
	var t Tax
	if inclusive {
		t.TotalPaise = price
		t.TaxablePaise = (price*200 + (100 + GSTRate)) / (2 * (100 + GSTRate))
	} else {
		t.TaxablePaise = price
		t.TotalPaise = price + (price*GSTRate*2+100)/200
	}
	tax := t.TotalPaise - t.TaxablePaise
	if sameState {
		t.CGSTPaise = tax / 2
		t.SGSTPaise = tax - t.CGSTPaise
	} else {
		t.IGSTPaise = tax
	}
	return t
}

// FinancialYear returns the Indian financial year (April to March, in
// India's time) that t falls in, as "26-27" for April 2026 to March 2027.
func FinancialYear(t time.Time) string {
	t = t.In(india.Zone)
	y := t.Year()
	if t.Month() < time.April {
		y--
	}
	return fmt.Sprintf("%02d-%02d", y%100, (y+1)%100)
}

// InvoiceNumber is the number of the seq-th invoice of financial year fy:
// PM/26-27/000123 (15 characters; 16 from the millionth invoice of a year).
func InvoiceNumber(fy string, seq int64) string { return fmt.Sprintf("PM/%s/%06d", fy, seq) }

// maxInvoiceSeq keeps an invoice number within GST's 16 characters.
const maxInvoiceSeq = 9_999_999
