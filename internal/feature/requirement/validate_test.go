package requirement

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
)

// fieldErr is an apperr.FieldError, short to write in tables.
type fieldErr struct{ path, message string }

func errorsOf(err error) []fieldErr {
	var out []fieldErr
	var e *apperr.Error
	if errors.As(err, &e) {
		for _, f := range e.Fields {
			out = append(out, fieldErr{f.Path, f.Message})
		}
	}
	return out
}

func collect(check func(f *apperr.Fields)) []fieldErr {
	var f apperr.Fields
	check(&f)
	return errorsOf(f.Err())
}

// wanted is a requirement that passes every check, with over applied.
func wanted(t *testing.T, over ...any) Input {
	t.Helper()
	body := map[string]any{"clientName": "Ramesh Kumar", "clientPhone": "98765 43210", "clientEmail": "ramesh@example.com",
		"propertyTypes": []string{"apartment"}, "listingPurpose": "forSale", "minPrice": 7000000, "maxPrice": "80,00,000",
		"preferredState": "Telangana", "preferredCities": []string{"Hyderabad"}, "preferredLocalities": "Gachibowli, Kondapur",
		"minBedrooms": 2, "maxBedrooms": 3, "timeline": "3months"}
	for i := 0; i < len(over); i += 2 {
		body[over[i].(string)] = over[i+1]
	}
	b, _ := json.Marshal(body)
	var in Input
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	return in
}

func f64(v float64) *float64 { return &v }
func num(v int) *int         { return &v }

// TestErrorsComeInTheOrderOfTheForm holds the order the fields were
// checked in before the checks were named: a client shows the first
// error's message.
func TestErrorsComeInTheOrderOfTheForm(t *testing.T) {
	in := wanted(t, "clientName", "", "clientPhone", "123", "clientEmail", "nope", "propertyTypes", []string{"castle"},
		"listingPurpose", "swap", "timeline", "someday", "minPrice", -1, "maxArea", 10, "minArea", 20, "maxPrice", 100,
		"minBedrooms", 51, "preferredState", "Atlantis", "preferredCities", []string{}, "notes", strings.Repeat("x", 2001))
	_, err := in.validate()
	var paths []string
	for _, e := range errorsOf(err) {
		paths = append(paths, e.path)
	}
	want := []string{"clientName", "clientPhone", "clientEmail", "propertyTypes", "listingPurpose", "timeline", "minPrice",
		"maxArea", "minBedrooms", "maxBedrooms", "preferredState", "preferredCities", "notes"}
	if !slices.Equal(paths, want) {
		t.Errorf("paths = %v\nwant    %v", paths, want)
	}
}

func TestClientNameIsRequiredAndShort(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []fieldErr
	}{
		{"Given", "Ramesh Kumar", nil},
		{"HundredCharacters", strings.Repeat("घ", 100), nil},
		{"Required", "", []fieldErr{{"clientName", "Client name is required"}}},
		{"OverHundredCharacters", strings.Repeat("घ", 101), []fieldErr{{"clientName", "Client name must be at most 100 characters"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := collect(func(f *apperr.Fields) { checkClientName(f, tc.in) }); !slices.Equal(got, tc.want) {
				t.Errorf("errors = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestEmailIsOptionalButABareAddress(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"Empty", "", true},
		{"Address", "r@example.com", true},
		{"NoAt", "ramesh-at-example", false},
		{"WithAName", "Ramesh <r@example.com>", false},
		{"Over254Bytes", strings.Repeat("a", 250) + "@x.in", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got *string
			errs := collect(func(f *apperr.Fields) { got = checkEmail(f, tc.in) })
			if tc.ok != (errs == nil) || (got != nil) != (tc.ok && tc.in != "") {
				t.Errorf("checkEmail(%q) = %v with %v", tc.in, got, errs)
			}
		})
	}
}

func TestTypesAreKnownAndListedOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   input.List
		want []string
		errs []fieldErr
	}{
		{"AnyCaseOnce", input.List{"Villa", "villa", "PLOT"}, []string{"villa", "plot"}, nil},
		{"Required", input.List{}, []string{}, []fieldErr{{"propertyTypes", "Please select a property type"}}},
		{"Unknown", input.List{"castle", "villa"}, []string{"villa"},
			[]fieldErr{{"propertyTypes", "Property type must be apartment, villa, plot, commercial or agricultural"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			errs := collect(func(f *apperr.Fields) { got = checkTypes(f, tc.in) })
			if !slices.Equal(got, tc.want) || !slices.Equal(errs, tc.errs) {
				t.Errorf("checkTypes = %v with %v, want %v with %v", got, errs, tc.want, tc.errs)
			}
		})
	}
}

func TestTimelineHasTwoReadings(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "flexible"}, {"immediate", "immediate"}, {"3MONTHS", "3months"}, {"within_6_months", "6months"}, {"someday", ""},
	} {
		var got string
		errs := collect(func(f *apperr.Fields) { got = checkTimeline(f, tc.in) })
		if got != tc.want || (tc.want == "") != (errs != nil) {
			t.Errorf("checkTimeline(%q) = %q with %v, want %q", tc.in, got, errs, tc.want)
		}
	}
}

func TestBudgetAreaAndBedroomRanges(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Fields
		want []fieldErr
	}{
		{"Open", Fields{}, nil},
		{"EqualBoundsAreFine", Fields{MinPrice: f64(75e5), MaxPrice: f64(75e5), MinArea: f64(1200), MaxArea: f64(1200),
			MinBedrooms: num(2), MaxBedrooms: num(2)}, nil},
		{"OnlyAMaximum", Fields{MaxPrice: f64(1), MaxArea: f64(1), MaxBedrooms: num(0)}, nil},
		{"MaxBudgetBelowMin", Fields{MinPrice: f64(8e6), MaxPrice: f64(7e6)},
			[]fieldErr{{"maxPrice", "Max budget must be greater than or equal to min budget"}}},
		{"MaxAreaBelowMin", Fields{MinArea: f64(2.5), MaxArea: f64(2)},
			[]fieldErr{{"maxArea", "Max area must be greater than or equal to min area"}}},
		{"MaxBedroomsBelowMin", Fields{MinBedrooms: num(3), MaxBedrooms: num(2)},
			[]fieldErr{{"maxBedrooms", "Max bedrooms must be greater than or equal to min bedrooms"}}},
		{"AmountsAreBetweenZeroAndALakhCrore", Fields{MinPrice: f64(-1), MaxPrice: f64(1e12 + 1), MinArea: f64(-1), MaxArea: f64(1e12)},
			[]fieldErr{{"minPrice", "minPrice must be a positive amount"}, {"maxPrice", "maxPrice must be a positive amount"},
				{"minArea", "minArea must be a positive amount"}}},
		{"BedroomsAreBetweenZeroAndFifty", Fields{MinBedrooms: num(-1), MaxBedrooms: num(51)},
			[]fieldErr{{"minBedrooms", "Minimum bedrooms must be between 0 and 50"}, {"maxBedrooms", "Maximum bedrooms must be between 0 and 50"}}},
		{"RangesBeforeOrder", Fields{MinArea: f64(-1), MinPrice: f64(2), MaxPrice: f64(1)},
			[]fieldErr{{"minArea", "minArea must be a positive amount"}, {"maxPrice", "Max budget must be greater than or equal to min budget"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := collect(func(f *apperr.Fields) { checkBudgetAndArea(f, tc.r); checkBedrooms(f, tc.r) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("errors = %v\nwant     %v", got, tc.want)
			}
		})
	}
}

func TestPlacesAreTheStatesCitiesOnce(t *testing.T) {
	for _, tc := range []struct {
		name, state string
		cities      input.List
		wantState   string
		wantCities  []string
		errs        []fieldErr
	}{
		{"CanonicalOnce", "TELANGANA", input.List{"hyderabad", "Hyderabad ", "Warangal"}, "Telangana", []string{"Hyderabad", "Warangal"}, nil},
		{"StateRequired", "", input.List{"Hyderabad"}, "", []string{"Hyderabad"},
			[]fieldErr{{"preferredState", "Please select a preferred state"}}},
		{"UnknownStateLeavesCitiesUnchecked", "Atlantis", input.List{"Lost  City", "lost city"}, "", []string{"Lost City"},
			[]fieldErr{{"preferredState", "Choose a state from the list"}}},
		{"CityRequired", "Telangana", input.List{}, "Telangana", []string{}, []fieldErr{{"preferredCities", "Please select a preferred city"}}},
		{"CityOfAnotherState", "Telangana", input.List{"Bengaluru", "Hyderabad"}, "Telangana", []string{"Hyderabad"},
			[]fieldErr{{"preferredCities", "Choose a city of Telangana from the list"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var state string
			var cities []string
			errs := collect(func(f *apperr.Fields) { state, cities = checkPlaces(f, tc.state, tc.cities) })
			if state != tc.wantState || !slices.Equal(cities, tc.wantCities) || !slices.Equal(errs, tc.errs) {
				t.Errorf("checkPlaces = %q %v with %v, want %q %v with %v", state, cities, errs, tc.wantState, tc.wantCities, tc.errs)
			}
		})
	}
}

func TestAtMost20CitiesAnd30Localities(t *testing.T) {
	list := func(n int) []string { return make([]string, n) }
	for _, tc := range []struct {
		name string
		r    Fields
		ok   bool
	}{
		{"AtTheLimits", Fields{PreferredCities: list(20), PreferredLocalities: list(30)}, true},
		{"TooManyCities", Fields{PreferredCities: list(21)}, false},
		{"TooManyLocalities", Fields{PreferredLocalities: list(31)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := collect(func(f *apperr.Fields) { checkListSizes(f, tc.r) })
			if want := []fieldErr{{"preferredLocalities", "Too many cities or localities"}}; tc.ok != (got == nil) || (!tc.ok && !slices.Equal(got, want)) {
				t.Errorf("errors = %v", got)
			}
		})
	}
}

func TestPurposeIsStoredInTheRequirementSpelling(t *testing.T) {
	for in, want := range map[string]string{"": "forSale", "for_rent": "forRent", "FORLEASE": "forLease"} {
		r, err := wanted(t, "listingPurpose", in).validate()
		if err != nil || r.ListingPurpose != want {
			t.Errorf("listingPurpose %q stored as %q (%v), want %q", in, r.ListingPurpose, err, want)
		}
	}
}
