// Package listing is the vocabulary listings and client requirements share:
// the property types, the listing purposes with their two spellings, and
// the highest price PropMatch takes. It holds words and rules only, no
// database code, so every package may use it.
package listing

import (
	"slices"
	"strings"

	"propmatch/internal/kit/input"
)

// PropertyType is what kind of property a listing is, or a requirement wants.
type PropertyType string

// The property types.
const (
	Apartment    PropertyType = "apartment"
	Villa        PropertyType = "villa"
	Plot         PropertyType = "plot"
	Commercial   PropertyType = "commercial"
	Agricultural PropertyType = "agricultural"
)

// PropertyTypes are the property types, in the order forms offer them.
var PropertyTypes = []PropertyType{Apartment, Villa, Plot, Commercial, Agricultural}

// ParsePropertyType returns the type s names, in any case ("Villa" is
// Villa). It returns false for anything else, "" included.
func ParsePropertyType(s string) (PropertyType, bool) {
	t := PropertyType(strings.ToLower(s))
	return t, slices.Contains(PropertyTypes, t)
}

// HasBedrooms reports whether a property of type t counts bedrooms: an
// apartment or a villa.
func (t PropertyType) HasBedrooms() bool { return t == Apartment || t == Villa }

// TypeMessage is what a form says of a property type it does not know.
var TypeMessage = "Property type must be " + oneOf(PropertyTypes, func(t PropertyType) string { return string(t) })

// Purpose is why a listing is offered: for sale, rent or lease. Its value
// is the listings' spelling (for_sale); requirements spell it as Camel
// gives (forSale), in the API and in the database.
type Purpose string

// The listing purposes.
const (
	ForSale  Purpose = "for_sale"
	ForRent  Purpose = "for_rent"
	ForLease Purpose = "for_lease"
)

// Purposes are the listing purposes, in the order forms offer them.
var Purposes = []Purpose{ForSale, ForRent, ForLease}

// DefaultPurpose is the purpose of a listing or requirement that names none.
const DefaultPurpose = ForSale

// camel is each purpose in the requirements' spelling: the one place the
// two spellings meet.
var camel = map[Purpose]string{ForSale: "forSale", ForRent: "forRent", ForLease: "forLease"}

// Camel returns p as requirements spell it: forSale, forRent or forLease;
// "" for an unknown purpose.
func (p Purpose) Camel() string { return camel[p] }

// ParsePurpose returns the purpose s names in either spelling and in any
// case: "for_sale", "forSale" and "FORSALE" are all ForSale. It returns
// false for anything else, "" included.
func ParsePurpose(s string) (Purpose, bool) {
	s = strings.ToLower(s)
	for _, p := range Purposes {
		if s == string(p) || s == strings.ToLower(p.Camel()) {
			return p, true
		}
	}
	return "", false
}

// PurposeMessage is what a listing form says of a purpose it does not know.
var PurposeMessage = "Listing purpose must be " + oneOf(Purposes, func(p Purpose) string { return string(p) })

// CamelPurposeMessage is what a requirement form says of a purpose it does not know.
var CamelPurposeMessage = "Listing purpose must be " + oneOf(Purposes, func(p Purpose) string { return strings.ToLower(input.Label(p.Camel())) })

// MaxPrice is the highest price or budget PropMatch takes: ₹1,00,000 crore.
const MaxPrice = 1e12

// PriceInRange reports whether v is a price PropMatch takes: 0 to MaxPrice.
func PriceInRange(v float64) bool { return v >= 0 && v <= MaxPrice }

// oneOf lists words as a sentence does: "a, b or c".
func oneOf[T any](list []T, word func(T) string) string {
	words := make([]string, len(list))
	for i, v := range list {
		words[i] = word(v)
	}
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
