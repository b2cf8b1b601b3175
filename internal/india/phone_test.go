package india

import (
	"errors"
	"strings"
	"testing"
)

func TestNormalizeMobile(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string
		wantErr error
	}{
		{"E164IsKept", "+919876543210", "+919876543210", nil},
		{"PlusWithSpaceAndHyphen", "+91 98765-43210", "+919876543210", nil},
		{"BracketedCountryCode", "(+91) 98765 43210", "+919876543210", nil},
		{"DotsAreStripped", "98765.43210", "+919876543210", nil},
		{"SurroundingSpacesAreStripped", "  98765 43210  ", "+919876543210", nil},
		{"BareTenDigitsGetPlus91", "9876543210", "+919876543210", nil},
		{"TrunkZeroIsDropped", "09876543210", "+919876543210", nil},
		{"TwelveDigitsStartingWith91GetPlus", "919876543210", "+919876543210", nil},
		{"NinetyOneWithSpacesGetsPlus", "91 98765 43210", "+919876543210", nil},
		{"MobileStartingWith6", "6000012345", "+916000012345", nil},
		{"MobileStartingWith7", "7000000000", "+917000000000", nil},
		{"UKMobileIsAccepted", "+44 7911 123456", "+447911123456", nil},
		// +1 numbers are FIXED_LINE_OR_MOBILE: the North American plan cannot
		// tell them apart, so they are accepted.
		{"USNumberIsAcceptedAsFixedLineOrMobile", "+1 201-555-0123", "+12015550123", nil},

		{"EmptyIsRequired", "", "", ErrPhoneRequired},
		{"BlankIsRequired", "   ", "", ErrPhoneRequired},
		{"OnlySeparatorsIsRequired", "( - . )", "", ErrPhoneRequired},

		{"LandlineIsRefused", "080 2345 6789", "", ErrPhoneNotMobile},
		{"LandlineWithCountryCodeIsRefused", "+91 80 2345 6789", "", ErrPhoneNotMobile},
		{"LandlineThatLooksLikeTenDigitsIsRefused", "12345 67890", "", ErrPhoneNotMobile},
		{"UKLandlineIsRefused", "+44 20 7946 0958", "", ErrPhoneNotMobile},

		{"GarbageIsRefused", "not a phone", "", ErrPhoneInvalid},
		{"LettersInsideDigitsAreRefused", "98765abcde", "", ErrPhoneInvalid},
		{"VanityLettersAreRefused", "1-800-FLOWERS", "", ErrPhoneInvalid},
		{"TooShortIsRefused", "99999", "", ErrPhoneInvalid},
		{"NineDigitsAreRefused", "987654321", "", ErrPhoneInvalid},
		{"ElevenDigitsWithoutTrunkZeroAreRefused", "98765432101", "", ErrPhoneInvalid},
		{"Plus91WithTooFewDigitsIsRefused", "+9198765432", "", ErrPhoneInvalid},
		{"LonePlusIsRefused", "+", "", ErrPhoneInvalid},
		{"DoublePlusIsRefused", "++919876543210", "", ErrPhoneInvalid},
		{"ExtensionIsRefused", "9876543210 ext 12", "", ErrPhoneInvalid},
		{"SlashIsRefused", "98765/43210", "", ErrPhoneInvalid},
		{"VeryLongInputIsRefused", strings.Repeat("9", 200), "", ErrPhoneInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NormalizeMobile(tt.in)
			if got != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("NormalizeMobile(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestPhoneErrorMessages(t *testing.T) {
	tests := []struct {
		name string
		err  *PhoneError
		want string
	}{
		{"RequiredMessage", ErrPhoneRequired, "Phone number is required"},
		{"InvalidMessage", ErrPhoneInvalid, "Enter a valid phone number with country code, e.g. +91 98765 43210"},
		{"NotMobileMessage", ErrPhoneNotMobile, "Enter a mobile number: landlines cannot receive WhatsApp codes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Message; got != tt.want {
				t.Errorf("message = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestMaskPhone(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"IndianMobileKeepsCountryCodeAndLastTwo", "+919876543210", "+91********10"},
		{"USNumberKeepsCountryCode1", "+12015550123", "+1********23"},
		{"UKNumberKeepsCountryCode44", "+447911123456", "+44********56"},
		{"ThreeDigitCountryCode", "+971501234567", "+971*******67"},
		{"NoPlusKeepsOnlyLastTwo", "9876543210", "********10"},
		{"EmptyIsFullyMasked", "", "****"},
		{"ShortInputIsFullyMasked", "+91", "****"},
		{"FourDigitsAreFullyMasked", "1234", "****"},
		{"GarbageIsFullyMasked", "hello", "****"},
		{"UnknownCountryCodeKeepsOnlyLastTwo", "+99912345", "******45"},
		{"HugeInputDoesNotPanic", "+" + strings.Repeat("9", 1000), strings.Repeat("*", 63) + "99"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MaskPhone(tt.in); got != tt.want {
				t.Errorf("MaskPhone(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	t.Run("NeverRevealsTheMiddleDigits", func(t *testing.T) {
		if got := MaskPhone("+919876543210"); strings.Contains(got, "98765") {
			t.Errorf("MaskPhone leaked digits: %q", got)
		}
	})
}
