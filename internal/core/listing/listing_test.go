package listing

import (
	"slices"
	"testing"

	"propmatch/internal/kit/apperr"
)

func TestPurposeIsReadInEitherSpelling(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Purpose
		ok   bool
	}{
		{"for_sale", ForSale, true},
		{"forSale", ForSale, true},
		{"FORSALE", ForSale, true},
		{"For_Rent", ForRent, true},
		{"forRent", ForRent, true},
		{"for_lease", ForLease, true},
		{"forlease", ForLease, true},
		{"", "", false},
		{"for sale", "", false},
		{"forSwap", "", false},
		{"sale", "", false},
	} {
		if got, ok := ParsePurpose(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("ParsePurpose(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestRequirementsSpellPurposesInCamelCase(t *testing.T) {
	for p, want := range map[Purpose]string{ForSale: "forSale", ForRent: "forRent", ForLease: "forLease", "": "", "for_swap": ""} {
		if got := p.Camel(); got != want {
			t.Errorf("%q.Camel() = %q, want %q", p, got, want)
		}
	}
	for _, p := range Purposes {
		if back, ok := ParsePurpose(p.Camel()); !ok || back != p {
			t.Errorf("ParsePurpose(%q) = %q, %v; want %q", p.Camel(), back, ok, p)
		}
	}
}

func TestPropertyTypeIsReadInAnyCase(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want PropertyType
		ok   bool
	}{
		{"apartment", Apartment, true},
		{"Villa", Villa, true},
		{"PLOT", Plot, true},
		{"commercial", Commercial, true},
		{"agricultural", Agricultural, true},
		{"", "", false},
		{"castle", "", false},
	} {
		got, ok := ParsePropertyType(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("ParsePropertyType(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestOnlyApartmentsAndVillasHaveBedrooms(t *testing.T) {
	for _, typ := range PropertyTypes {
		if want := typ == Apartment || typ == Villa; typ.HasBedrooms() != want {
			t.Errorf("%q.HasBedrooms() = %v, want %v", typ, !want, want)
		}
	}
}

func TestMessagesListTheVocabulary(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{TypeMessage, "Property type must be apartment, villa, plot, commercial or agricultural"},
		{PurposeMessage, "Listing purpose must be for_sale, for_rent or for_lease"},
		{CamelPurposeMessage, "Listing purpose must be for sale, for rent or for lease"},
	} {
		if tc.got != tc.want {
			t.Errorf("message = %q, want %q", tc.got, tc.want)
		}
	}
}

func TestPriceIsBetweenZeroAndALakhCrore(t *testing.T) {
	for _, tc := range []struct {
		v  float64
		ok bool
	}{{0, true}, {7_500_000, true}, {1e12, true}, {-1, false}, {1e12 + 1, false}} {
		if got := PriceInRange(tc.v); got != tc.ok {
			t.Errorf("PriceInRange(%v) = %v, want %v", tc.v, got, tc.ok)
		}
	}
}

// fieldErrors runs check on a fresh Fields and returns what it added.
func fieldErrors(check func(f *apperr.Fields)) []apperr.FieldError {
	var f apperr.Fields
	check(&f)
	return f
}

func TestCheckPurposeDefaultsToForSale(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     Purpose
		errs     int
	}{
		{"EmptyIsForSale", "", ForSale, 0},
		{"EitherSpelling", "forRent", ForRent, 0},
		{"UnknownIsRefused", "forSwap", "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got Purpose
			errs := fieldErrors(func(f *apperr.Fields) { got = CheckPurpose(f, "listingPurpose", tc.in, PurposeMessage) })
			if got != tc.want || len(errs) != tc.errs {
				t.Fatalf("CheckPurpose(%q) = %q with %v, want %q with %d errors", tc.in, got, errs, tc.want, tc.errs)
			}
			if tc.errs > 0 && (errs[0].Path != "listingPurpose" || errs[0].Message != PurposeMessage) {
				t.Errorf("error = %+v", errs[0])
			}
		})
	}
}

func TestCheckPropertyTypeRefusesAnEmptyType(t *testing.T) {
	errs := fieldErrors(func(f *apperr.Fields) { CheckPropertyType(f, "propertyType", "") })
	if len(errs) != 1 || errs[0] != (apperr.FieldError{Path: "propertyType", Message: TypeMessage}) {
		t.Errorf("errors = %+v", errs)
	}
}

func TestLengthsAndCountsHaveLimits(t *testing.T) {
	three := 3
	minus, fiftyOne := -1, 51
	for _, tc := range []struct {
		name  string
		check func(f *apperr.Fields)
		want  []apperr.FieldError
	}{
		{"TextAtTheLimit", func(f *apperr.Fields) { CheckLength(f, "title", "घघघ", 3) }, nil},
		{"TextOverTheLimitInCharacters", func(f *apperr.Fields) { CheckLength(f, "title", "घघघघ", 3) },
			[]apperr.FieldError{{Path: "title", Message: "Title must be at most 3 characters"}}},
		{"CountUnset", func(f *apperr.Fields) { CheckCount(f, "bedrooms", nil, MaxBedrooms) }, nil},
		{"CountInRange", func(f *apperr.Fields) { CheckCount(f, "bedrooms", &three, MaxBedrooms) }, nil},
		{"NegativeCount", func(f *apperr.Fields) { CheckCount(f, "bedrooms", &minus, MaxBedrooms) },
			[]apperr.FieldError{{Path: "bedrooms", Message: "Bedrooms must be between 0 and 50"}}},
		{"CountOverTheLimit", func(f *apperr.Fields) { CheckCount(f, "minBedrooms", &fiftyOne, MaxBedrooms) },
			[]apperr.FieldError{{Path: "minBedrooms", Message: "Minimum bedrooms must be between 0 and 50"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fieldErrors(tc.check); !slices.Equal(got, tc.want) {
				t.Errorf("errors = %+v, want %+v", got, tc.want)
			}
		})
	}
}
