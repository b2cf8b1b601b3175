package requirement

import (
	"encoding/json"
	"strings"

	"propmatch/internal/india"
	"propmatch/internal/kit/input"
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
	SpecialRequirements input.String `json:"specialRequirements" input:"multiline"`
	Notes               input.String `json:"notes" input:"multiline"`
	IsActive            input.Bool   `json:"isActive"`
	IsRealData          input.Bool   `json:"isRealData"`
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

// SearchText is what marketplace search looks in: client name, cities
// (each under all its names: Kochi is found as Cochin too), localities and
// types, lower-cased here because SQLite's lower() only knows ASCII.
func SearchText(f Fields) string {
	parts := []string{f.ClientName}
	for _, c := range f.PreferredCities {
		parts = append(parts, india.CityNames(c)...)
	}
	parts = append(append(parts, f.PreferredLocalities...), f.PropertyTypes...)
	return strings.ToLower(strings.Join(parts, " \x1f "))
}
