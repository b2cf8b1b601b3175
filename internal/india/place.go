package india

import (
	"strings"

	"propmatch/internal/kit/apperr"
)

// StateNotListed is what a form says of a state that is not one of States.
const StateNotListed = "Choose a state from the list"

// CityNotListed is what a form says of a city that is not one of state's.
func CityNotListed(state string) string { return "Choose a city of " + state + " from the list" }

// CheckState returns the dataset's spelling of state and whether it is one
// of States. An empty (or blank) state adds required at path, since each
// form words that its own way; an unknown one adds StateNotListed.
func CheckState(f *apperr.Fields, path, state, required string) (string, bool) {
	canon, ok := CanonicalState(state)
	switch {
	case strings.TrimSpace(state) == "":
		f.Add(path, required)
	case !ok:
		f.Add(path, StateNotListed)
	}
	return canon, ok
}

// CheckCity returns city in the dataset's spelling and true when it is one
// of the cities of state (a canonical name from CheckState). Otherwise it
// adds CityNotListed at path and returns city with runs of spaces collapsed,
// and false. When state is "" (unknown, and refused already) the city
// cannot be checked: it comes back with runs of spaces collapsed, and true.
func CheckCity(f *apperr.Fields, path, state, city string) (string, bool) {
	if state == "" {
		return collapse(city), true
	}
	if canon, ok := CanonicalCity(state, city); ok {
		return canon, true
	}
	f.Add(path, CityNotListed(state))
	return collapse(city), false
}

// CheckPlace checks the state and city of a form that takes one of each:
// both are required ("State is required", "City is required"), the state
// must be listed and the city one of its cities. It returns them in the
// dataset's spelling: the state "" when unknown, the city with runs of
// spaces collapsed when it could not be checked.
func CheckPlace(f *apperr.Fields, statePath, cityPath, state, city string) (string, string) {
	state, _ = CheckState(f, statePath, state, "State is required")
	if city = collapse(city); city == "" {
		f.Add(cityPath, "City is required")
		return state, city
	}
	city, _ = CheckCity(f, cityPath, state, city)
	return state, city
}

// collapse trims s and turns its inner runs of white space into one space.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
