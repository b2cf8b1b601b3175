package requirement

import (
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"propmatch/internal/core/listing"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
)

// validate checks in by the rules of docs/product.md#requirements and
// returns the requirement to store. Field errors carry the JSON name of each
// failing field, in the order of the form.
func (in Input) validate() (Requirement, error) {
	var f apperr.Fields
	r := Requirement{Fields: in.fields()}
	checkClientName(&f, r.ClientName)
	r.ClientPhone = india.CheckTenDigits(&f, "clientPhone", string(in.ClientPhone))
	r.ClientEmail = checkEmail(&f, string(in.ClientEmail))
	r.PropertyTypes = checkTypes(&f, in.PropertyTypes)
	r.ListingPurpose = listing.CheckPurpose(&f, "listingPurpose", string(in.ListingPurpose), listing.CamelPurposeMessage).Camel()
	r.Timeline = checkTimeline(&f, string(in.Timeline))
	checkBudgetAndArea(&f, r.Fields)
	checkBedrooms(&f, r.Fields)
	r.PreferredState, r.PreferredCities = checkPlaces(&f, string(in.PreferredState), in.PreferredCities)
	checkListSizes(&f, r.Fields)
	listing.CheckLength(&f, "specialRequirements", deref(r.SpecialRequirements), maxNotes)
	listing.CheckLength(&f, "notes", deref(r.Notes), maxNotes)
	return r, f.Err()
}

// fields copies the fields of in that are stored as they came; validate
// checks them after.
func (in Input) fields() Fields {
	return Fields{
		ClientName:          string(in.ClientName),
		MinPrice:            in.MinPrice.Ptr(),
		MaxPrice:            in.MaxPrice.Ptr(),
		MinBedrooms:         in.MinBedrooms.Ptr(),
		MaxBedrooms:         in.MaxBedrooms.Ptr(),
		MinArea:             in.MinArea.Ptr(),
		MaxArea:             in.MaxArea.Ptr(),
		PreferredLocalities: []string(in.PreferredLocalities),
		SpecialRequirements: in.SpecialRequirements.Ptr(),
		Notes:               in.Notes.Ptr(),
		IsActive:            in.IsActive.Or(true),
		IsRealData:          in.IsRealData.Or(true),
	}
}

// Limits of a requirement's text and lists.
const (
	maxClientName = 100
	maxNotes      = 2000 // special requirements and notes
	maxCities     = 20
	maxLocalities = 30
)

// checkClientName adds an error when name is empty or over 100 characters.
func checkClientName(f *apperr.Fields, name string) {
	switch {
	case name == "":
		f.Add("clientName", "Client name is required")
	case utf8.RuneCountInString(name) > maxClientName:
		f.Add("clientName", "Client name must be at most 100 characters")
	}
}

// checkEmail returns the client's email, nil when none is given. A given
// one must be a bare address of at most 254 bytes, else it adds an error.
func checkEmail(f *apperr.Fields, email string) *string {
	if email == "" {
		return nil
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 254 {
		f.Add("clientEmail", "Enter a valid email address")
		return nil
	}
	return &email
}

// checkTypes returns the property types of list without repeats. Each
// unknown type adds an error, and so does an empty list.
func checkTypes(f *apperr.Fields, list input.List) []string {
	types := []string{}
	for _, s := range list {
		t, ok := listing.ParsePropertyType(s)
		switch {
		case !ok:
			f.Add("propertyTypes", listing.TypeMessage)
		case !slices.Contains(types, string(t)):
			types = append(types, string(t))
		}
	}
	if len(list) == 0 {
		f.Add("propertyTypes", "Please select a property type")
	}
	return types
}

// timelines maps each timeline spelling a form may send to its stored value
// (see Timelines).
var timelines = map[string]string{
	"immediate": "immediate", "1month": "1month", "3months": "3months", "6months": "6months", "flexible": "flexible",
	"within_1_month": "1month", "within_3_months": "3months", "within_6_months": "6months",
}

// checkTimeline returns the stored timeline s names, in any case;
// "flexible" when s is empty. Anything else adds an error and returns "".
func checkTimeline(f *apperr.Fields, s string) string {
	if s == "" {
		return "flexible"
	}
	t, ok := timelines[strings.ToLower(s)]
	if !ok {
		f.Add("timeline", "Timeline must be immediate, 1month, 3months, 6months or flexible")
	}
	return t
}

// checkBudgetAndArea checks the budget and area ranges: each bound an
// amount from 0 to listing.MaxPrice, and each maximum at least its minimum.
func checkBudgetAndArea(f *apperr.Fields, r Fields) {
	for _, b := range []struct {
		path string
		v    *float64
	}{{"minPrice", r.MinPrice}, {"maxPrice", r.MaxPrice}, {"minArea", r.MinArea}, {"maxArea", r.MaxArea}} {
		if b.v != nil && !listing.PriceInRange(*b.v) {
			f.Add(b.path, b.path+" must be a positive amount")
		}
	}
	checkOrder(f, "maxPrice", r.MinPrice, r.MaxPrice, "Max budget must be greater than or equal to min budget")
	checkOrder(f, "maxArea", r.MinArea, r.MaxArea, "Max area must be greater than or equal to min area")
}

// checkBedrooms checks the bedrooms range: each bound from 0 to
// listing.MaxBedrooms, and the maximum at least the minimum.
func checkBedrooms(f *apperr.Fields, r Fields) {
	listing.CheckCount(f, "minBedrooms", r.MinBedrooms, listing.MaxBedrooms)
	listing.CheckCount(f, "maxBedrooms", r.MaxBedrooms, listing.MaxBedrooms)
	checkOrder(f, "maxBedrooms", r.MinBedrooms, r.MaxBedrooms, "Max bedrooms must be greater than or equal to min bedrooms")
}

// checkOrder adds message at maxPath when both bounds of a range are set and
// the maximum is below the minimum.
func checkOrder[T int | float64](f *apperr.Fields, maxPath string, least, most *T, message string) {
	if least != nil && most != nil && *most < *least {
		f.Add(maxPath, message)
	}
}

// checkPlaces returns the preferred state and cities in the dataset's
// spelling, each city once (compared by matchengine.CityKey). The state is
// required and must be listed; at least one city is required, and each must
// be one of the state's.
func checkPlaces(f *apperr.Fields, state string, cities input.List) (string, []string) {
	state, _ = india.CheckState(f, "preferredState", state, "Please select a preferred state")
	out := []string{}
	for _, c := range cities {
		c, ok := india.CheckCity(f, "preferredCities", state, c)
		if ok && !slices.ContainsFunc(out, func(x string) bool { return matchengine.CityKey(x) == matchengine.CityKey(c) }) {
			out = append(out, c)
		}
	}
	if len(cities) == 0 {
		f.Add("preferredCities", "Please select a preferred city")
	}
	return state, out
}

// checkListSizes adds an error for more than 20 cities or 30 localities.
func checkListSizes(f *apperr.Fields, r Fields) {
	if len(r.PreferredCities) > maxCities || len(r.PreferredLocalities) > maxLocalities {
		f.Add("preferredLocalities", "Too many cities or localities")
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
