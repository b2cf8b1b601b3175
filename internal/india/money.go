package india

import (
	"math"
	"strconv"
)

const (
	crore = 10_000_000
	lakh  = 100_000
)

// FormatINR returns amount in rupees as the product displays it
// (docs/product.md#money):
//
//   - 10,000,000 or more: the value in crore with 2 decimals then " Cr",
//     e.g. "₹1.50 Cr";
//   - 100,000 or more: the value in lakh with 2 decimals then " L",
//     e.g. "₹12.50 L";
//   - smaller: whole rupees (rounded half away from zero) with Indian digit
//     grouping, e.g. "₹75,000".
//
// The thresholds apply to the amount itself, before rounding, so 9,999,999
// gives "₹100.00 L", not "₹1.00 Cr". It never fails: zero, negative, NaN and
// infinite amounts give "₹0".
func FormatINR(amount float64) string {
	switch {
	case math.IsNaN(amount) || math.IsInf(amount, 0) || amount <= 0:
		return "₹0"
	case amount >= crore:
		return "₹" + strconv.FormatFloat(amount/crore, 'f', 2, 64) + " Cr"
	case amount >= lakh:
		return "₹" + strconv.FormatFloat(amount/lakh, 'f', 2, 64) + " L"
	default:
		return "₹" + groupIndian(strconv.FormatInt(int64(math.Round(amount)), 10))
	}
}

// groupIndian inserts commas into a string of digits the Indian way: the last
// three digits, then groups of two ("1234567" gives "12,34,567").
func groupIndian(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	head, tail := digits[:len(digits)-3], digits[len(digits)-3:]
	out := make([]byte, 0, len(digits)+len(digits)/2)
	for i := 0; i < len(head); i++ {
		if i > 0 && (len(head)-i)%2 == 0 {
			out = append(out, ',')
		}
		out = append(out, head[i])
	}
	return string(out) + "," + tail
}

// FormatPaise returns paise as rupees with two decimals and Indian digit
// grouping, without a symbol: 211864 gives "2,118.64", -5000 "-50.00". It
// is exact (no floating point), for invoices and accounts.
func FormatPaise(paise int64) string {
	sign := ""
	if paise < 0 {
		sign, paise = "-", -paise
	}
	return sign + groupIndian(strconv.FormatInt(paise/100, 10)) + "." + strconv.FormatInt(100+paise%100, 10)[1:]
}
