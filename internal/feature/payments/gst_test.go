package payments_test

import (
	"testing"
	"time"

	"propmatch/internal/feature/payments"
	"propmatch/internal/india"
)

func TestSplitFollowsTheStatesAndAddsUpExactly(t *testing.T) {
	for _, c := range []struct {
		name                 string
		price                int64
		inclusive, sameState bool
		want                 payments.Tax
	}{
		// ₹2,500 inclusive: 250000 × 100/118 = 211864.4 → 211864; tax 38136 = 19068 + 19068.
		{"PackInStateInclusive", 250000, true, true, payments.Tax{TaxablePaise: 211864, CGSTPaise: 19068, SGSTPaise: 19068, TotalPaise: 250000}},
		{"PackOtherStateInclusive", 250000, true, false, payments.Tax{TaxablePaise: 211864, IGSTPaise: 38136, TotalPaise: 250000}},
		// ₹500 inclusive: 42372.88 → 42373; tax 7627 = 3813 + 3814 (the odd paisa to SGST).
		{"PlanInStateOddPaisa", 50000, true, true, payments.Tax{TaxablePaise: 42373, CGSTPaise: 3813, SGSTPaise: 3814, TotalPaise: 50000}},
		{"PlanOtherState", 50000, true, false, payments.Tax{TaxablePaise: 42373, IGSTPaise: 7627, TotalPaise: 50000}},
		// Exclusive: ₹500 + 18% = ₹590.
		{"ExclusiveInState", 50000, false, true, payments.Tax{TaxablePaise: 50000, CGSTPaise: 4500, SGSTPaise: 4500, TotalPaise: 59000}},
		{"ExclusiveOtherState", 50000, false, false, payments.Tax{TaxablePaise: 50000, IGSTPaise: 9000, TotalPaise: 59000}},
		// 18% of 3 paise is 0.54 → 1 (half up).
		{"ExclusiveRoundsHalfUp", 3, false, false, payments.Tax{TaxablePaise: 3, IGSTPaise: 1, TotalPaise: 4}},
		// 59 × 100/118 = 50 exactly.
		{"InclusiveExact", 59, true, false, payments.Tax{TaxablePaise: 50, IGSTPaise: 9, TotalPaise: 59}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := payments.Split(c.price, c.inclusive, c.sameState)
			if got != c.want {
				t.Fatalf("Split(%d, %v, %v) = %+v, want %+v", c.price, c.inclusive, c.sameState, got, c.want)
			}
		})
	}
	for price := int64(1); price <= 200000; price += 7 {
		for _, same := range []bool{true, false} {
			for _, inc := range []bool{true, false} {
				x := payments.Split(price, inc, same)
				if x.TaxablePaise+x.CGSTPaise+x.SGSTPaise+x.IGSTPaise != x.TotalPaise || (same && x.IGSTPaise != 0) || (!same && x.CGSTPaise+x.SGSTPaise != 0) ||
					x.SGSTPaise-x.CGSTPaise < 0 || x.SGSTPaise-x.CGSTPaise > 1 {
					t.Fatalf("Split(%d, %v, %v) = %+v does not add up", price, inc, same, x)
				}
			}
		}
	}
}

func TestFinancialYearRunsAprilToMarchInIndia(t *testing.T) {
	for _, c := range []struct {
		at   time.Time
		want string
	}{
		{time.Date(2026, 4, 1, 0, 0, 0, 0, india.Zone), "26-27"},
		{time.Date(2027, 3, 31, 23, 59, 0, 0, india.Zone), "26-27"},
		// 31 March 2027 20:00 UTC is already 1 April in India.
		{time.Date(2027, 3, 31, 20, 0, 0, 0, time.UTC), "27-28"},
		{time.Date(2026, 3, 31, 18, 0, 0, 0, time.UTC), "25-26"},
		{time.Date(2099, 6, 1, 0, 0, 0, 0, time.UTC), "99-00"},
	} {
		if got := payments.FinancialYear(c.at); got != c.want {
			t.Errorf("FinancialYear(%v) = %q, want %q", c.at, got, c.want)
		}
	}
	if n := payments.InvoiceNumber("26-27", 123); n != "PM/26-27/000123" || len(payments.InvoiceNumber("26-27", 9_999_999)) > 16 {
		t.Errorf("InvoiceNumber = %q", n)
	}
}
