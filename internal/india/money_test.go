package india

import (
	"math"
	"testing"
)

func TestFormatINR(t *testing.T) {
	tests := []struct {
		name string
		in   float64
		want string
	}{
		{"ZeroIsZero", 0, "₹0"},
		{"NegativeIsZero", -5000, "₹0"},
		{"NaNIsZero", math.NaN(), "₹0"},
		{"InfinityIsZero", math.Inf(1), "₹0"},
		{"NegativeInfinityIsZero", math.Inf(-1), "₹0"},
		{"SmallAmountHasNoGrouping", 999, "₹999"},
		{"ThousandsAreGrouped", 1000, "₹1,000"},
		{"SeventyFiveThousand", 75000, "₹75,000"},
		{"PaiseAreRoundedToRupees", 1234.5, "₹1,235"},
		{"JustBelowLakhStaysInRupees", 99_999, "₹99,999"},
		{"OneLakhIsShownInLakh", 100_000, "₹1.00 L"},
		{"TwelveAndAHalfLakh", 1_250_000, "₹12.50 L"},
		{"JustBelowCroreStaysInLakhEvenWhenRounded", 9_999_999, "₹100.00 L"},
		{"OneCroreIsShownInCrore", 10_000_000, "₹1.00 Cr"},
		{"OneAndAHalfCrore", 15_000_000, "₹1.50 Cr"},
		{"HundredsOfCroreAreNotGrouped", 2_500_000_000, "₹250.00 Cr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatINR(tt.in); got != tt.want {
				t.Errorf("FormatINR(%v) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestGroupIndian(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1", "1"}, {"999", "999"}, {"1000", "1,000"}, {"99999", "99,999"},
		{"100000", "1,00,000"}, {"1234567", "12,34,567"}, {"123456789", "12,34,56,789"},
	}
	for _, tt := range tests {
		t.Run("Groups"+tt.in, func(t *testing.T) {
			if got := groupIndian(tt.in); got != tt.want {
				t.Errorf("groupIndian(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestFormatPaiseIsExactWithIndianGrouping(t *testing.T) {
	for _, c := range []struct {
		paise int64
		want  string
	}{{0, "0.00"}, {5, "0.05"}, {5000, "50.00"}, {211864, "2,118.64"}, {250000, "2,500.00"}, {1234567890, "1,23,45,678.90"}, {-5000, "-50.00"}} {
		if got := FormatPaise(c.paise); got != c.want {
			t.Errorf("FormatPaise(%d) = %q, want %q", c.paise, got, c.want)
		}
	}
}
