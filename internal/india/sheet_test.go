package india

import "testing"

func TestParseAmount(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
		ok   bool
	}{
		{"45 L", 4_500_000, true},
		{"45L", 4_500_000, true},
		{"45 lakh", 4_500_000, true},
		{"45 Lakhs", 4_500_000, true},
		{"45 lac", 4_500_000, true},
		{"45 lacs", 4_500_000, true},
		{"1.2 Cr", 12_000_000, true},
		{"1.25 crore", 12_500_000, true},
		{"2 Crores", 20_000_000, true},
		{"1,20,00,000", 12_000_000, true},
		{"₹ 45,00,000", 4_500_000, true},
		{"₹45,00,000", 4_500_000, true},
		{"Rs. 45,00,000", 4_500_000, true},
		{"Rs 45,00,000", 4_500_000, true},
		{"INR 25000", 25_000, true},
		{"25,000/-", 25_000, true},
		{"25k", 25_000, true},
		{"4500000", 4_500_000, true},
		{"4.5E+06", 4_500_000, true},
		{" 45 L ", 4_500_000, true},
		{"45 lacs approx", 0, false},
		{"on request", 0, false},
		{"", 0, false},
		{"-45 L", 0, false},
		{"45 L 20 K", 0, false},
	} {
		got, ok := ParseAmount(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseAmount(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParseBedrooms(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"3", 3, true}, {"3 BHK", 3, true}, {"3BHK", 3, true}, {"3 bhk", 3, true}, {"2 bedrooms", 2, true},
		{"4 Bed", 4, true}, {"3.0", 3, true}, {"three", 0, false}, {"3.5", 0, false}, {"", 0, false},
	} {
		got, ok := ParseBedrooms(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseBedrooms(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParseArea(t *testing.T) {
	for _, c := range []struct {
		in   string
		unit AreaUnit
		want float64
		ok   bool
	}{
		{"1200", SquareFeet, 1200, true},
		{"1,200 sq ft", SquareFeet, 1200, true},
		{"1200 sq. ft.", SquareFeet, 1200, true},
		{"1200 sqft", SquareFeet, 1200, true},
		{"1200 sft", SquareFeet, 1200, true},
		{"1200 square feet", SquareFeet, 1200, true},
		{"200 sq yd", SquareFeet, 1800, true},
		{"200 sq yds", SquareFeet, 1800, true},
		{"200 square yards", SquareFeet, 1800, true},
		{"200 gaj", SquareFeet, 1800, true},
		{"2 acres", SquareFeet, 87_120, true},
		{"1 acre", SquareFeet, 43_560, true},
		{"10 guntas", SquareFeet, 10_890, true},
		{"1 gunta", SquareFeet, 1_089, true},
		{"50 cents", SquareFeet, 21_780, true},
		{"2", Acres, 87_120, true},
		{"big", SquareFeet, 0, false},
		{"1200 sq m", SquareFeet, 0, false},
	} {
		got, ok := ParseArea(c.in, c.unit)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseArea(%q) = %v, %v; want %v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestParseTenDigits(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"9876543210", "9876543210", true},
		{"+91 98765 43210", "9876543210", true},
		{"+91-98765-43210", "9876543210", true},
		{"098765 43210", "9876543210", true},
		{"91 9876543210", "9876543210", true},
		{"(98765) 43210", "9876543210", true},
		{"98765.43210", "9876543210", true},
		{"080 2345 6789", "", false}, // a landline
		{"12345", "", false},
		{"+1 415 555 0100", "", false},
	} {
		got, ok := ParseTenDigits(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("ParseTenDigits(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestCityState(t *testing.T) {
	for _, c := range []struct {
		state, city, wantState, wantCity string
		ok                               bool
	}{
		{"", "Bangalore", "Karnataka", "Bengaluru", true},
		{"", "Bengaluru", "Karnataka", "Bengaluru", true},
		{"", "cochin", "Kerala", "Kochi", true},
		{"", "Kochi", "Kerala", "Kochi", true},
		{"", "Gurgaon", "Haryana", "Gurugram", true},
		{"Haryana", "gurugram", "Haryana", "Gurugram", true},
		{"Kerala", "Bangalore", "Kerala", "", false},
		{"", "Atlantis", "", "", false},
	} {
		st, ct, ok := CityState(c.state, c.city)
		if ok != c.ok || ct != c.wantCity || (ok && st != c.wantState) {
			t.Errorf("CityState(%q, %q) = %q, %q, %v; want %q, %q, %v", c.state, c.city, st, ct, ok, c.wantState, c.wantCity, c.ok)
		}
	}
}
