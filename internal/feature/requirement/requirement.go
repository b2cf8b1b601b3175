// Package requirement holds agents' client requirements: their fields, the
// form's input and its validations, and the writes, each of which queues the
// requirement's matching job in the same transaction (the engine runs it on
// the durable queue after commit).
package requirement

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/network"
)

// Fields are a requirement's stored fields but the client's contact. Other
// agents see them through Public.ForViewer.
type Fields struct {
	ID                  int64     `json:"id"`
	AgentID             int64     `json:"agentId"`
	ClientName          string    `json:"clientName"`
	PropertyTypes       []string  `json:"propertyTypes"`
	ListingPurpose      string    `json:"listingPurpose"` // a listing.Purpose as Camel spells it
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
	// Progress says whether its matching job has run since its last write.
	matchengine.Progress
}

// Public is a requirement as the marketplace and match views carry it: never
// the client's phone or email, and, once ForViewer has run, for other agents
// than its owner never its notes or special requirements and only the
// client's short name unless revealed (docs/product.md#privacy).
type Public struct {
	Fields
	AgentName  string `json:"agentName,omitempty"`
	AgentPhone string `json:"agentPhone,omitempty"`
	// AgentContactHidden is set in marketplace lists when the agent shares
	// contact details with connections only (AgentPhone is then empty).
	AgentContactHidden bool `json:"agentContactHidden,omitempty"`
	// AgentContactReason says why: "locked" (a lead would reveal it,
	// billing on) or "private" (connections only).
	AgentContactReason string `json:"agentContactReason,omitempty"`
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

// ForViewer returns p as agent viewer may see it. Its owner sees it whole.
// Another agent never sees its notes or special requirements, and sees the
// client's ShortName unless nameRevealed (see NameRevealedSQL).
func (p Public) ForViewer(viewer int64, nameRevealed bool) Public {
	if viewer == p.AgentID {
		return p
	}
	p.Notes, p.SpecialRequirements = nil, nil
	if !nameRevealed {
		p.ClientName = ShortName(p.ClientName)
	}
	return p
}

// ShortName is a client's name as other agents see it: the first name and
// the initial of the last ("Rahul Kumar Sharma" becomes "Rahul S."); a
// single name stays as it is, and a last word without a letter is dropped.
func ShortName(name string) string {
	words := strings.Fields(name)
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	last := words[len(words)-1]
	i := strings.IndexFunc(last, unicode.IsLetter)
	if i < 0 {
		return words[0]
	}
	initial, _ := utf8.DecodeRuneInString(last[i:])
	return words[0] + " " + string(unicode.ToUpper(initial)) + "."
}

// NameRevealedSQL is an SQL condition that holds when the agent whose id is
// viewer (a query parameter) may see the full client name of the requirement
// row alias: they own it, they are connected with its owner, or its owner
// shared the name with them on one of its matches. Its subqueries depend on
// the viewer only, so each runs once per statement, not once per row.
func NameRevealedSQL(alias, viewer string) string {
	return "(" + alias + ".agent_id = " + viewer + " OR " + alias + ".agent_id IN (" + network.ConnectedAgentsSQL(viewer) + ")" +
		" OR " + alias + ".id IN (SELECT requirement_id FROM matches WHERE seller_agent_id = " + viewer + " AND client_name_shared = TRUE))"
}

// SearchSQL is the text marketplace search looks in for the requirement row
// alias when the agent whose id is the SQL expression viewer searches: all of
// SearchText on their own requirements, and on other agents' everything but
// the client's name, so nobody finds another agent's client by name.
// SearchText starts with the name and the separator " \x1f " (3 characters),
// so the rest starts length(name) + 4 characters in, on both engines.
func SearchSQL(alias, viewer string) string {
	return "CASE WHEN " + alias + ".agent_id = " + viewer + " THEN " + alias + ".search_text ELSE substr(" +
		alias + ".search_text, length(" + alias + ".client_name) + 4) END"
}
