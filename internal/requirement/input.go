package requirement

import (
	"encoding/json"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"propmatch/internal/apperr"
	"propmatch/internal/india"
	"propmatch/internal/input"
	"propmatch/internal/matching"
)

// Input is the body of POST and PATCH /api/requirements. id, agentId and
// timestamps are not read, so a client cannot set them.
type Input struct {
	ClientName          input.String `json:"clientName"`
	ClientPhone         input.String `json:"clientPhone"`
	ClientEmail         input.String `json:"clientEmail"`
	PropertyTypes       input.List   `json:"propertyTypes"`
	ListingPurpose      input.String `json:"listingPurpose"`
	MinPrice            input.Float  `json:"minPrice"`
	MaxPrice            input.Float  `json:"maxPrice"`
	PreferredState      input.String `json:"preferredState"`
	PreferredCities     input.List   `json:"preferredCities"`
	PreferredLocalities input.List   `json:"preferredLocalities"`
	MinBedrooms         input.Int    `json:"minBedrooms"`
	MaxBedrooms         input.Int    `json:"maxBedrooms"`
	MinArea             input.Float  `json:"minArea"`
	MaxArea             input.Float  `json:"maxArea"`
	Timeline            input.String `json:"timeline"`
	SpecialRequirements input.String `json:"specialRequirements"`
	Notes               input.String `json:"notes"`
	IsActive            input.Bool   `json:"isActive"`
	IsRealData          input.Bool   `json:"isRealData"`
}

var purposes = map[string]string{
	"forsale": "forSale", "forrent": "forRent", "forlease": "forLease",
	"for_sale": "forSale", "for_rent": "forRent", "for_lease": "forLease",
}

var timelines = map[string]string{
	"immediate": "immediate", "1month": "1month", "3months": "3months", "6months": "6months", "flexible": "flexible",
	"within_1_month": "1month", "within_3_months": "3months", "within_6_months": "6months",
}

// validate checks in with the spec's messages and returns the requirement to store.
func (in Input) validate() (Requirement, error) {
	var f apperr.Fields
	r := Requirement{Fields: Fields{
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
	}}
	switch {
	case r.ClientName == "":
		f.Add("clientName", "Client name is required")
	case utf8.RuneCountInString(r.ClientName) > 100:
		f.Add("clientName", "Client name must be at most 100 characters")
	}
	digits := strings.Map(func(c rune) rune {
		if c == ' ' || c == '-' || c == '(' || c == ')' {
			return -1
		}
		return c
	}, string(in.ClientPhone))
	digits = strings.TrimPrefix(digits, "+91")
	if len(digits) != 10 || strings.Trim(digits, "0123456789") != "" {
		f.Add("clientPhone", "Phone number must be exactly 10 digits")
	}
	r.ClientPhone = "+91" + digits
	if e := string(in.ClientEmail); e != "" {
		if a, err := mail.ParseAddress(e); err != nil || a.Address != e || len(e) > 254 {
			f.Add("clientEmail", "Enter a valid email address")
		} else {
			r.ClientEmail = &e
		}
	}
	r.PropertyTypes = []string{}
	for _, t := range in.PropertyTypes {
		t = strings.ToLower(t)
		if !slices.Contains([]string{"apartment", "villa", "plot", "commercial", "agricultural"}, t) {
			f.Add("propertyTypes", "Property type must be apartment, villa, plot, commercial or agricultural")
		} else if !slices.Contains(r.PropertyTypes, t) {
			r.PropertyTypes = append(r.PropertyTypes, t)
		}
	}
	if len(in.PropertyTypes) == 0 {
		f.Add("propertyTypes", "Please select a property type")
	}
	purpose := string(in.ListingPurpose)
	if purpose == "" {
		purpose = "forSale"
	}
	if r.ListingPurpose = purposes[strings.ToLower(purpose)]; r.ListingPurpose == "" {
		f.Add("listingPurpose", "Listing purpose must be forSale, forRent or forLease")
	}
	timeline := strings.ToLower(string(in.Timeline))
	if timeline == "" {
		timeline = "flexible"
	}
	if r.Timeline = timelines[timeline]; r.Timeline == "" {
		f.Add("timeline", "Timeline must be immediate, 1month, 3months, 6months or flexible")
	}
	for _, n := range []struct {
		path string
		v    *float64
	}{{"minPrice", r.MinPrice}, {"maxPrice", r.MaxPrice}, {"minArea", r.MinArea}, {"maxArea", r.MaxArea}} {
		if n.v != nil && (*n.v < 0 || *n.v > 1e12) {
			f.Add(n.path, n.path+" must be a positive amount")
		}
	}
	if r.MinPrice != nil && r.MaxPrice != nil && *r.MaxPrice < *r.MinPrice {
		f.Add("maxPrice", "Max budget must be greater than or equal to min budget")
	}
	if r.MinArea != nil && r.MaxArea != nil && *r.MaxArea < *r.MinArea {
		f.Add("maxArea", "Max area must be greater than or equal to min area")
	}
	for _, n := range []struct {
		path string
		v    *int
	}{{"minBedrooms", r.MinBedrooms}, {"maxBedrooms", r.MaxBedrooms}} {
		if n.v != nil && (*n.v < 0 || *n.v > 50) {
			f.Add(n.path, n.path+" must be between 0 and 50")
		}
	}
	if r.MinBedrooms != nil && r.MaxBedrooms != nil && *r.MaxBedrooms < *r.MinBedrooms {
		f.Add("maxBedrooms", "Max bedrooms must be greater than or equal to min bedrooms")
	}
	state, ok := india.CanonicalState(string(in.PreferredState))
	switch {
	case in.PreferredState == "":
		f.Add("preferredState", "Please select a preferred state")
	case !ok:
		f.Add("preferredState", "Choose a state from the list")
	}
	r.PreferredState = state
	r.PreferredCities = []string{}
	for _, c := range in.PreferredCities {
		c = strings.Join(strings.Fields(c), " ")
		if ok {
			canon, known := india.CanonicalCity(state, c)
			if !known {
				f.Add("preferredCities", "Choose a city of "+state+" from the list")
				continue
			}
			c = canon
		}
		if !slices.ContainsFunc(r.PreferredCities, func(x string) bool { return matching.CityKey(x) == matching.CityKey(c) }) {
			r.PreferredCities = append(r.PreferredCities, c)
		}
	}
	if len(in.PreferredCities) == 0 {
		f.Add("preferredCities", "Please select a preferred city")
	}
	if len(r.PreferredCities) > 20 || len(r.PreferredLocalities) > 30 {
		f.Add("preferredLocalities", "Too many cities or localities")
	}
	for _, t := range []struct {
		path string
		v    *string
	}{{"specialRequirements", r.SpecialRequirements}, {"notes", r.Notes}} {
		if t.v != nil && utf8.RuneCountInString(*t.v) > 2000 {
			f.Add(t.path, fmt.Sprintf("%s must be at most 2000 characters", t.path))
		}
	}
	return r, f.Err()
}

// writeColumns returns the stored columns of r and their values.
func writeColumns(r Requirement) ([]string, []any) {
	types, _ := json.Marshal(r.PropertyTypes)
	cities, _ := json.Marshal(r.PreferredCities)
	locs, _ := json.Marshal(r.PreferredLocalities)
	return []string{"client_name", "client_phone", "client_email", "property_types", "listing_purpose", "min_price",
			"max_price", "preferred_state", "preferred_cities", "preferred_localities", "min_bedrooms", "max_bedrooms",
			"min_area", "max_area", "timeline", "special_requirements", "notes", "is_active", "is_real_data", "search_text"},
		[]any{r.ClientName, r.ClientPhone, r.ClientEmail, string(types), r.ListingPurpose, r.MinPrice, r.MaxPrice,
			r.PreferredState, string(cities), string(locs), r.MinBedrooms, r.MaxBedrooms, r.MinArea, r.MaxArea,
			r.Timeline, r.SpecialRequirements, r.Notes, r.IsActive, r.IsRealData, SearchText(r.Fields)}
}

// SearchText is what marketplace search looks in: client name, cities,
// localities and types, lower-cased here because SQLite's lower() only knows ASCII.
func SearchText(f Fields) string {
	parts := append(append(append([]string{f.ClientName}, f.PreferredCities...), f.PreferredLocalities...), f.PropertyTypes...)
	return strings.ToLower(strings.Join(parts, " \x1f "))
}
