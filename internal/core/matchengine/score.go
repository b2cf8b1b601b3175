// Package matchengine scores property–requirement pairs and keeps the stored
// matches in step with every write: a write queues a matching job in its own
// transaction, and the job (see Jobs) settles the matches after commit,
// exactly by the rules of docs/product.md#matching, #scoring and #match-engine.
package matchengine

import (
	"strings"
	"unicode"

	"propmatch/internal/core/listing"
)

// Points per rule.
const (
	PointsType     = 30
	PointsCity     = 25
	PointsPrice    = 15
	PointsBedrooms = 10
	PointsLocality = 20
)

// Property is what matching needs to know about a listing.
type Property struct {
	ID       int64
	AgentID  int64
	Active   bool
	Purpose  listing.Purpose
	Type     string
	City     string
	Locality string
	Price    float64
	Bedrooms *int
}

// Requirement is what matching needs to know about a client requirement.
type Requirement struct {
	ID          int64
	AgentID     int64
	Active      bool
	Purpose     listing.Purpose
	Types       []string
	Cities      []string
	Localities  []string
	MinPrice    *float64
	MaxPrice    *float64
	MinBedrooms *int
	MaxBedrooms *int
}

// Breakdown is a match score and the points each rule gave.
type Breakdown struct {
	PropertyType int `json:"propertyType"`
	City         int `json:"city"`
	Price        int `json:"price"`
	Bedrooms     int `json:"bedrooms"`
	Locality     int `json:"locality"`
	Total        int `json:"total"`
}

// CityKey is the form cities are compared in: lower case, without spaces.
func CityKey(city string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, city)
}

// Band returns the price band a requirement accepts: its budget widened by
// 10% on each side. A nil bound is open.
func Band(minPrice, maxPrice *float64) (low, high *float64) {
	if minPrice != nil {
		v := *minPrice * 9 / 10
		low = &v
	}
	if maxPrice != nil {
		v := *maxPrice * 11 / 10
		high = &v
	}
	return low, high
}

// Qualifies reports whether p and r form a match (rules 1 to 5).
func Qualifies(p Property, r Requirement) bool {
	if !p.Active || !r.Active || p.AgentID == r.AgentID || p.Purpose != r.Purpose {
		return false
	}
	if !containsFold(r.Types, p.Type, strings.EqualFold) {
		return false
	}
	key := CityKey(p.City)
	if !containsFold(r.Cities, key, func(c, k string) bool { return CityKey(c) == k }) {
		return false
	}
	low, high := Band(r.MinPrice, r.MaxPrice)
	return (low == nil || p.Price >= *low) && (high == nil || p.Price <= *high)
}

// Score returns the points p earns against r, each part only while it
// holds. For a qualifying pair the type and city parts always hold; a kept
// match that stopped qualifying shows what still fits.
func Score(p Property, r Requirement) Breakdown {
	var b Breakdown
	if containsFold(r.Types, p.Type, strings.EqualFold) {
		b.PropertyType = PointsType
	}
	key := CityKey(p.City)
	if containsFold(r.Cities, key, func(c, k string) bool { return CityKey(c) == k }) {
		b.City = PointsCity
	}
	if (r.MinPrice == nil || p.Price >= *r.MinPrice) && (r.MaxPrice == nil || p.Price <= *r.MaxPrice) {
		b.Price = PointsPrice
	}
	if listing.PropertyType(p.Type).HasBedrooms() && p.Bedrooms != nil && *p.Bedrooms > 0 &&
		(r.MinBedrooms == nil || *p.Bedrooms >= *r.MinBedrooms) &&
		(r.MaxBedrooms == nil || *p.Bedrooms <= *r.MaxBedrooms) {
		b.Bedrooms = PointsBedrooms
	}
	if localityMatches(p.Locality, r.Localities) {
		b.Locality = PointsLocality
	}
	b.Total = min(100, b.PropertyType+b.City+b.Price+b.Bedrooms+b.Locality)
	return b
}

// localityMatches reports whether locality equals or contains one of wanted,
// ignoring case and runs of spaces.
func localityMatches(locality string, wanted []string) bool {
	have := normalize(locality)
	if have == "" {
		return false
	}
	for _, w := range wanted {
		if w = normalize(w); w != "" && strings.Contains(have, w) {
			return true
		}
	}
	return false
}

func normalize(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

func containsFold(list []string, v string, eq func(a, b string) bool) bool {
	for _, x := range list {
		if eq(x, v) {
			return true
		}
	}
	return false
}

// ranksAbove reports whether a match (score, propertyID) ranks above another:
// higher score first, then the newer (higher id) property.
func ranksAbove(score int, propertyID int64, otherScore int, otherPropertyID int64) bool {
	if score != otherScore {
		return score > otherScore
	}
	return propertyID > otherPropertyID
}
