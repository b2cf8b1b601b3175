package india

import (
	"slices"
	"testing"
)

// TestRenamedCitiesAreFoundUnderEveryName: a renamed city is found under
// its former names too, and always shown under its current one.
func TestRenamedCitiesAreFoundUnderEveryName(t *testing.T) {
	for _, tc := range []struct{ state, city, want string }{
		{"Kerala", "Cochin", "Kochi"},
		{"Kerala", "kochi", "Kochi"},
		{"Karnataka", "Bangalore", "Bengaluru"},
		{"Haryana", "gurgaon", "Gurugram"},
		{"Maharashtra", "Bombay", "Mumbai"},
		{"Tamil Nadu", "Madras", "Chennai"},
		{"West Bengal", "Calcutta", "Kolkata"},
		{"Maharashtra", "Poona", "Pune"},
		{"Kerala", "Trivandrum", "Thiruvananthapuram"},
		{"Karnataka", "Mysore", "Mysuru"},
		{"Gujarat", "Baroda", "Vadodara"},
		{"Uttar Pradesh", "Allahabad", "Prayagraj"},
		{"Karnataka", "Shimoga", "Shivamogga"},
		{"Orissa", "Bhubaneshwar", "Bhubaneswar"},
		{"Pondicherry", "Pondicherry", "Puducherry"},
	} {
		got, ok := CanonicalCity(tc.state, tc.city)
		if got != tc.want || !ok {
			t.Errorf("CanonicalCity(%q, %q) = %q, %v; want %q", tc.state, tc.city, got, ok, tc.want)
		}
		if cur, ok := CurrentCity(tc.city); cur != tc.want || !ok {
			t.Errorf("CurrentCity(%q) = %q, %v; want %q", tc.city, cur, ok, tc.want)
		}
	}
	// A former name is not found in another state.
	if _, ok := CanonicalCity("Telangana", "Bangalore"); ok {
		t.Error("Bangalore found in Telangana")
	}
	if cur, ok := CurrentCity("  Hyderabad "); cur != "Hyderabad" || ok {
		t.Errorf("CurrentCity(Hyderabad) = %q, %v; want Hyderabad, false", cur, ok)
	}
}

// TestCitiesListsTheCurrentNameOnly: the lists to pick from show Kochi,
// not Cochin, each city once, sorted.
func TestCitiesListsTheCurrentNameOnly(t *testing.T) {
	for _, tc := range []struct{ state, current, former string }{
		{"Kerala", "Kochi", "Cochin"},
		{"Uttar Pradesh", "Prayagraj", "Allahabad"},
		{"Karnataka", "Shivamogga", "Shimoga"},
		{"Karnataka", "Bengaluru", "Bangalore"},
	} {
		cities, _ := Cities(tc.state)
		if !slices.Contains(cities, tc.current) || slices.Contains(cities, tc.former) {
			t.Errorf("%s's cities: %s listed %v, %s listed %v", tc.state, tc.current, slices.Contains(cities, tc.current), tc.former, slices.Contains(cities, tc.former))
		}
		if !slices.IsSorted(cities) || len(slices.Compact(slices.Clone(cities))) != len(cities) {
			t.Errorf("%s's cities are not sorted and unique: %v", tc.state, cities)
		}
	}
}

func TestCityNames(t *testing.T) {
	if got := CityNames("cochin"); !slices.Equal(got, []string{"Kochi", "Cochin"}) {
		t.Errorf("CityNames(cochin) = %v", got)
	}
	if got := CityNames("Hyderabad"); !slices.Equal(got, []string{"Hyderabad"}) {
		t.Errorf("CityNames(Hyderabad) = %v", got)
	}
}

func TestFindCity(t *testing.T) {
	for _, tc := range []struct{ in, want string }{{"bangalore", "Bengaluru"}, {" navi  mumbai", "Navi Mumbai"}, {"Cochin", "Kochi"}, {"Gotham", ""}} {
		if got, ok := FindCity(tc.in); got != tc.want || ok != (tc.want != "") {
			t.Errorf("FindCity(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}
