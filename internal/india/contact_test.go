package india_test

import (
	"errors"
	"testing"

	"propmatch/internal/india"
)

func TestNormalizeIndianPhone(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"+91 98765 43210", "+919876543210", nil},
		{"98765-43210", "+919876543210", nil},
		{"040 2345 6789", "+914023456789", nil},  // a Hyderabad landline
		{"1800 425 1234", "+9118004251234", nil}, // toll-free
		{"", "", india.ErrPhoneRequired},
		{"12345", "", india.ErrPhoneInvalid},
		{"+91 98765 4321x", "", india.ErrPhoneInvalid},
		{"+1 650 253 0000", "", india.ErrPhoneNotIndian},
	}
	for _, tt := range tests {
		got, err := india.NormalizeIndianPhone(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("NormalizeIndianPhone(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}
