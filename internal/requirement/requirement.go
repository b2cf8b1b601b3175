// Package requirement holds agents' client requirements: their fields, the
// form's input and its validations, and the writes, each of which runs the
// match engine in the same transaction.
package requirement

import (
	"time"

	"propmatch/internal/store"
)

// Fields are what anyone may see of a requirement.
type Fields struct {
	ID                  int64     `json:"id"`
	AgentID             int64     `json:"agentId"`
	ClientName          string    `json:"clientName"`
	PropertyTypes       []string  `json:"propertyTypes"`
	ListingPurpose      string    `json:"listingPurpose"`
	MinPrice            *float64  `json:"minPrice"`
	MaxPrice            *float64  `json:"maxPrice"`
	PreferredState      string    `json:"preferredState"`
	PreferredCities     []string  `json:"preferredCities"`
	PreferredLocalities []string  `json:"preferredLocalities"`
	MinBedrooms         *int      `json:"minBedrooms"`
	MaxBedrooms         *int      `json:"maxBedrooms"`
	MinArea             *float64  `json:"minArea"`
	MaxArea             *float64  `json:"maxArea"`
	Timeline            string    `json:"timeline"`
	SpecialRequirements *string   `json:"specialRequirements"`
	Notes               *string   `json:"notes"`
	IsActive            bool      `json:"isActive"`
	IsRealData          bool      `json:"isRealData"`
	CreatedAt           time.Time `json:"createdAt"`
	UpdatedAt           time.Time `json:"updatedAt"`
}

// Requirement is a requirement as its own agent sees it, with the client's contact.
type Requirement struct {
	Fields
	ClientPhone string  `json:"clientPhone"`
	ClientEmail *string `json:"clientEmail"`
}

// Public is a requirement as other agents see it: never the client's phone
// or email (product rules, Privacy).
type Public struct {
	Fields
	AgentName  string `json:"agentName,omitempty"`
	AgentPhone string `json:"agentPhone,omitempty"`
}

const publicFields = `id, agent_id, client_name, property_types, listing_purpose, min_price, max_price, preferred_state,
	preferred_cities, preferred_localities, min_bedrooms, max_bedrooms, min_area, max_area, timeline,
	special_requirements, notes, is_active, is_real_data, created_at, updated_at`

// PublicColumns returns the public requirement columns qualified with alias, for joins.
func PublicColumns(alias string) string {
	return store.Qualify(alias, publicFields)
}

// PublicDest returns scan destinations for PublicColumns into f, and a
// function to call after the scan to decode the list columns.
func PublicDest(f *Fields) ([]any, func()) {
	var types, cities, localities string
	dest := []any{&f.ID, &f.AgentID, &f.ClientName, &types, &f.ListingPurpose, &f.MinPrice, &f.MaxPrice,
		&f.PreferredState, &cities, &localities, &f.MinBedrooms, &f.MaxBedrooms, &f.MinArea, &f.MaxArea,
		&f.Timeline, &f.SpecialRequirements, &f.Notes, &f.IsActive, &f.IsRealData, store.ScanTime(&f.CreatedAt), store.ScanTime(&f.UpdatedAt)}
	return dest, func() {
		f.PropertyTypes, f.PreferredCities, f.PreferredLocalities = store.StringList(types), store.StringList(cities), store.StringList(localities)
	}
}

// Timelines are the stored timeline values.
var Timelines = []string{"immediate", "1month", "3months", "6months", "flexible"}
