package india

import (
	"slices"
	"testing"
)

func TestStates(t *testing.T) {
	t.Run("ThereAreExactly36StatesAndUnionTerritories", func(t *testing.T) {
		if got := len(States()); got != 36 {
			t.Fatalf("len(States()) = %d, want 36", got)
		}
	})
	t.Run("StatesAreSortedAndUnique", func(t *testing.T) {
		got := States()
		if !slices.IsSorted(got) {
			t.Errorf("States() not sorted: %v", got)
		}
		if len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Errorf("States() has duplicates: %v", got)
		}
	})
	t.Run("CurrentNamesAreUsed", func(t *testing.T) {
		for _, want := range []string{
			"Dadra and Nagar Haveli and Daman and Diu", "Ladakh", "Jammu and Kashmir",
			"Odisha", "Puducherry", "Uttarakhand", "Telangana", "Delhi",
		} {
			if !slices.Contains(States(), want) {
				t.Errorf("States() lacks %q", want)
			}
		}
		for _, old := range []string{"Orissa", "Pondicherry", "Uttaranchal", "Daman and Diu", "Dadra and Nagar Haveli"} {
			if slices.Contains(States(), old) {
				t.Errorf("States() has outdated name %q", old)
			}
		}
	})
	t.Run("EveryStateHasAtLeastOneCity", func(t *testing.T) {
		for _, s := range States() {
			cities, ok := Cities(s)
			if !ok || len(cities) == 0 {
				t.Errorf("Cities(%q) = %d cities, %v", s, len(cities), ok)
			}
			if !slices.IsSorted(cities) || len(slices.Compact(slices.Clone(cities))) != len(cities) {
				t.Errorf("Cities(%q) not sorted and unique", s)
			}
		}
	})
	t.Run("StatesReturnsACopy", func(t *testing.T) {
		States()[0] = "Changed"
		if States()[0] == "Changed" {
			t.Fatal("States() exposes its backing array")
		}
	})
	t.Run("CitiesReturnsACopy", func(t *testing.T) {
		c, _ := Cities("Karnataka")
		c[0] = "Changed"
		if c2, _ := Cities("Karnataka"); c2[0] == "Changed" {
			t.Fatal("Cities() exposes its backing array")
		}
	})
}

func TestMetrosArePresentUnderTheirState(t *testing.T) {
	tests := []struct{ state, city string }{
		{"Karnataka", "Bengaluru"},
		{"Tamil Nadu", "Chennai"},
		{"Telangana", "Hyderabad"},
		{"Maharashtra", "Mumbai"},
		{"Maharashtra", "Navi Mumbai"},
		{"Maharashtra", "Pune"},
		{"Delhi", "Delhi"},
		{"Delhi", "New Delhi"},
		{"West Bengal", "Kolkata"},
		{"Gujarat", "Ahmedabad"},
		{"Haryana", "Gurugram"},
		{"Uttar Pradesh", "Noida"},
	}
	for _, tt := range tests {
		t.Run(tt.city+"In"+tt.state, func(t *testing.T) {
			if !HasCity(tt.state, tt.city) {
				t.Errorf("HasCity(%q, %q) = false, want true", tt.state, tt.city)
			}
		})
	}
	t.Run("OldSpellingsAreFoundUnderTheCurrentName", func(t *testing.T) {
		// Issue 25: Bangalore is Bengaluru (renamed.go), shown as Bengaluru.
		if c, _ := CanonicalCity("Karnataka", "Bangalore"); c != "Bengaluru" {
			t.Errorf("Bangalore is %q, want Bengaluru", c)
		}
		if c, _ := CanonicalCity("Haryana", "Gurgaon"); c != "Gurugram" {
			t.Errorf("Gurgaon is %q, want Gurugram", c)
		}
	})
	t.Run("CityUnderWrongStateIsRefused", func(t *testing.T) {
		if HasCity("Karnataka", "Mumbai") {
			t.Error(`HasCity("Karnataka", "Mumbai") = true`)
		}
	})
}

func TestStateLookup(t *testing.T) {
	tests := []struct {
		name, in, want string
		ok             bool
	}{
		{"ExactNameMatches", "Tamil Nadu", "Tamil Nadu", true},
		{"LowerCaseMatches", "tamil nadu", "Tamil Nadu", true},
		{"UpperCaseMatches", "TELANGANA", "Telangana", true},
		{"SurroundingSpacesAreIgnored", "  Karnataka \t", "Karnataka", true},
		{"RepeatedInnerSpacesAreIgnored", "west   bengal", "West Bengal", true},
		{"LongUnionTerritoryNameMatches", "dadra and nagar haveli and daman and diu", "Dadra and Nagar Haveli and Daman and Diu", true},
		{"UnknownStateIsRefused", "Atlantis", "", false},
		{"EmptyStateIsRefused", "", "", false},
		{"FormerNameIsTheCurrentState", "Orissa", "Odisha", true},
		{"CityIsNotAState", "Mumbai", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := CanonicalState(tt.in)
			if got != tt.want || ok != tt.ok {
				t.Errorf("CanonicalState(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
			}
			cities, ok := Cities(tt.in)
			if ok != tt.ok || (ok && len(cities) == 0) || (!ok && cities != nil) {
				t.Errorf("Cities(%q) = %d cities, %v; want ok=%v", tt.in, len(cities), ok, tt.ok)
			}
		})
	}
}

func TestHasCity(t *testing.T) {
	tests := []struct {
		name, state, city string
		want              bool
	}{
		{"ExactMatch", "Telangana", "Hyderabad", true},
		{"CityIsCaseInsensitive", "Telangana", "hYDERABAD", true},
		{"StateIsCaseInsensitive", "telangana", "Hyderabad", true},
		{"SpacesAreIgnored", "  maharashtra ", "  navi   mumbai ", true},
		{"UnknownCityIsRefused", "Telangana", "Gotham", false},
		{"UnknownStateIsRefused", "Atlantis", "Hyderabad", false},
		{"EmptyCityIsRefused", "Telangana", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HasCity(tt.state, tt.city); got != tt.want {
				t.Errorf("HasCity(%q, %q) = %v, want %v", tt.state, tt.city, got, tt.want)
			}
		})
	}
}

func TestCanonicalCity(t *testing.T) {
	for _, tc := range []struct {
		state, city, want string
		ok                bool
	}{
		{"telangana", "  hyderabad ", "Hyderabad", true},
		{"Karnataka", "BENGALURU", "Bengaluru", true},
		{"Karnataka", "Hyderabad", "", false},
		{"Atlantis", "Hyderabad", "", false},
	} {
		got, ok := CanonicalCity(tc.state, tc.city)
		if got != tc.want || ok != tc.ok {
			t.Errorf("CanonicalCity(%q, %q) = %q, %v; want %q, %v", tc.state, tc.city, got, ok, tc.want, tc.ok)
		}
	}
}
