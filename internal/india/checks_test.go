package india

import (
	"slices"
	"testing"

	"propmatch/internal/kit/apperr"
)

// fieldErr is an apperr.FieldError, short to write in tables.
type fieldErr struct{ path, message string }

// errorsOf runs check on a fresh Fields and returns what it added.
func errorsOf(check func(f *apperr.Fields)) []fieldErr {
	var f apperr.Fields
	check(&f)
	var out []fieldErr
	for _, e := range f {
		out = append(out, fieldErr{e.Path, e.Message})
	}
	return out
}

func TestCheckPlace(t *testing.T) {
	for _, tc := range []struct {
		name, state, city   string
		wantState, wantCity string
		want                []fieldErr
	}{
		{"CanonicalSpellings", " tamil  nadu ", "chennai", "Tamil Nadu", "Chennai", nil},
		{"StateIsRequired", "", "Chennai", "", "Chennai", []fieldErr{{"state", "State is required"}}},
		{"BlankStateIsRequired", "   ", "Chennai", "", "Chennai", []fieldErr{{"state", "State is required"}}},
		{"UnknownState", "Atlantis", "Chennai", "", "Chennai", []fieldErr{{"state", StateNotListed}}},
		{"CityIsRequired", "Telangana", "", "Telangana", "", []fieldErr{{"city", "City is required"}}},
		{"BothRequired", "", "  ", "", "", []fieldErr{{"state", "State is required"}, {"city", "City is required"}}},
		{"CityOfAnotherState", "Telangana", "Bengaluru", "Telangana", "Bengaluru",
			[]fieldErr{{"city", "Choose a city of Telangana from the list"}}},
		{"CityOfAnUnknownStateIsNotChecked", "Atlantis", "  Lost   City ", "", "Lost City", []fieldErr{{"state", StateNotListed}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var state, city string
			got := errorsOf(func(f *apperr.Fields) { state, city = CheckPlace(f, "state", "city", tc.state, tc.city) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("errors = %v, want %v", got, tc.want)
			}
			if state != tc.wantState || city != tc.wantCity {
				t.Errorf("CheckPlace = %q, %q; want %q, %q", state, city, tc.wantState, tc.wantCity)
			}
		})
	}
}

func TestCheckStateWordsRequiredAsTheFormDoes(t *testing.T) {
	got := errorsOf(func(f *apperr.Fields) { CheckState(f, "preferredState", "", "Please select a preferred state") })
	if want := []fieldErr{{"preferredState", "Please select a preferred state"}}; !slices.Equal(got, want) {
		t.Errorf("errors = %v, want %v", got, want)
	}
}

func TestCheckCity(t *testing.T) {
	for _, tc := range []struct {
		name, state, city string
		want              string
		ok                bool
		errs              []fieldErr
	}{
		{"DatasetSpelling", "Karnataka", " BENGALURU ", "Bengaluru", true, nil},
		{"NotOneOfTheStatesCities", "Karnataka", "Hyderabad", "Hyderabad", false, []fieldErr{{"city", "Choose a city of Karnataka from the list"}}},
		{"UnknownStateLeavesTheCityUnchecked", "", " Navi   Mumbai ", "Navi Mumbai", true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			var ok bool
			errs := errorsOf(func(f *apperr.Fields) { got, ok = CheckCity(f, "city", tc.state, tc.city) })
			if got != tc.want || ok != tc.ok || !slices.Equal(errs, tc.errs) {
				t.Errorf("CheckCity = %q, %v with %v; want %q, %v with %v", got, ok, errs, tc.want, tc.ok, tc.errs)
			}
		})
	}
}

func TestCheckTenDigits(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		ok             bool
	}{
		{"TenDigitsGetPlus91", "9876543210", "+919876543210", true},
		{"Plus91IsKept", "+919876543210", "+919876543210", true},
		{"SpacesHyphensAndBracketsAreDropped", "(98765) 432-10", "+919876543210", true},
		{"AnyTenDigits", "1234567890", "+911234567890", true},
		{"NineDigits", "987654321", "", false},
		{"ElevenDigits", "98765432101", "", false},
		{"Letters", "98765abcde", "", false},
		{"Empty", "", "", false},
		{"DotsAreSeparatorsAsInRegistration", "98765.43210", "+919876543210", true},
		{"SpacedWithPlus91", "+91 98450 12345", "+919845012345", true},
		{"TrunkZeroAndHyphen", "098450-12345", "+919845012345", true},
		{"NinetyOneWithoutPlus", "919845012345", "+919845012345", true},
		{"DoubleZeroCountryCode", "0091 98450 12345", "+919845012345", true},
		{"NoBreakSpaces", "+91\u00a098450\u00a012345", "+919845012345", true},
		{"Plus91BeforeElevenDigits", "+9198450123456", "", false},
		{"AnotherCountryCode", "+449876543210", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			errs := errorsOf(func(f *apperr.Fields) { got = CheckTenDigits(f, "clientPhone", tc.in) })
			if tc.ok && (got != tc.want || len(errs) != 0) {
				t.Errorf("CheckTenDigits(%q) = %q with %v, want %q", tc.in, got, errs, tc.want)
			}
			if want := []fieldErr{{"clientPhone", TenDigitsMessage}}; !tc.ok && !slices.Equal(errs, want) {
				t.Errorf("CheckTenDigits(%q) errors = %v, want %v", tc.in, errs, want)
			}
		})
	}
}

func TestCheckMobile(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		errs           []fieldErr
	}{
		{"Mobile", "98765 43210", "+919876543210", nil},
		{"Required", "", "", []fieldErr{{"phone", ErrPhoneRequired.Message}}},
		{"Landline", "080 2345 6789", "", []fieldErr{{"phone", ErrPhoneNotMobile.Message}}},
		{"Invalid", "98765abcde", "", []fieldErr{{"phone", ErrPhoneInvalid.Message}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got string
			errs := errorsOf(func(f *apperr.Fields) { got = CheckMobile(f, "phone", tc.in) })
			if got != tc.want || !slices.Equal(errs, tc.errs) {
				t.Errorf("CheckMobile(%q) = %q with %v, want %q with %v", tc.in, got, errs, tc.want, tc.errs)
			}
		})
	}
}
