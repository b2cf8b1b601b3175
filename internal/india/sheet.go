package india

import (
	"regexp"
	"strconv"
	"strings"
)

// Values as Indian agents write them in their spreadsheets, for the bulk
// import (docs/product.md#bulk-import): amounts in lakh and crore, "3 BHK",
// areas in square feet, square yards, acres or guntas, and cities under
// their old or new names.

// AmountHint is how an import's error says to write an amount.
const AmountHint = "write it like 45 L or 45,00,000"

// amountPattern is an amount with an optional rupee mark before and an
// optional unit after: "₹ 45,00,000", "Rs. 45 lakh", "1.2 Cr", "45,000/-".
var amountPattern = regexp.MustCompile(`^(?i)(?:₹|rs\.?|inr)?\s*([0-9][0-9,]*(?:\.[0-9]+)?)\s*(l|lac|lacs|lakh|lakhs|cr|crs|crore|crores|k|thousand)?\.?\s*(?:/-)?$`)

var amountUnits = map[string]float64{
	"": 1, "k": 1_000, "thousand": 1_000,
	"l": lakh, "lac": lakh, "lacs": lakh, "lakh": lakh, "lakhs": lakh,
	"cr": crore, "crs": crore, "crore": crore, "crores": crore,
}

// ParseAmount reads an amount in rupees written any of the ways agents
// write them: "45 L", "45 lakh", "45 lacs", "1.2 Cr", "1,20,00,000",
// "₹ 45,00,000", "Rs. 45,00,000", "45000/-", or a spreadsheet's plain
// number ("4500000", "4.5E+06"). It returns false for anything else
// ("45 lacs approx", "on request"), and for a negative amount.
func ParseAmount(s string) (float64, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\u00a0", " "))
	if m := amountPattern.FindStringSubmatch(s); m != nil {
		v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		if err != nil {
			return 0, false
		}
		return roundRupees(v * amountUnits[strings.ToLower(m[2])]), true
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil && v >= 0 && v < 1e15 {
		return roundRupees(v), true
	}
	return 0, false
}

// roundRupees rounds to whole paise, so that 1.2 Cr is 12000000 exactly.
func roundRupees(v float64) float64 {
	p, err := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 2, 64), 64)
	if err != nil {
		return v
	}
	return p
}

// BedroomsHint is how an import's error says to write bedrooms.
const BedroomsHint = "write it like 3 or 3 BHK"

var bhkPattern = regexp.MustCompile(`^(?i)([0-9]{1,3})\s*(?:bhk|bed(?:room)?s?|br|bed rooms?)?$`)

// ParseBedrooms reads a bedroom count: "3", "3 BHK", "3BHK", "3 bedrooms".
func ParseBedrooms(s string) (int, bool) {
	m := bhkPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		// A spreadsheet may hold the number as 3.0.
		if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && v >= 0 && v == float64(int(v)) && v < 1000 {
			return int(v), true
		}
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

// AreaUnit is a unit of area, its size in square feet.
type AreaUnit float64

// Units of area agents write.
const (
	SquareFeet  AreaUnit = 1
	SquareYards AreaUnit = 9
	Acres       AreaUnit = 43_560
	Guntas      AreaUnit = 1_089 // a fortieth of an acre
	Cents       AreaUnit = 435.6 // a hundredth of an acre
)

// AreaHint is how an import's error says to write an area.
const AreaHint = "write it like 1200 sq ft, 200 sq yd, 2 acres or 10 guntas"

var areaPattern = regexp.MustCompile(`^(?i)([0-9][0-9,]*(?:\.[0-9]+)?)\s*(sq\.?\s*ft\.?|sqft|sft|ft2|sq\.?\s*feet|square\s*feet|sq\.?\s*yds?\.?|sqyds?|sq\.?\s*yards?|square\s*yards?|gaj|acres?|ac|guntas?|cents?)?$`)

// ParseArea reads an area and returns it in square feet: "1200", "1,200 sq
// ft", "1200 sft", "200 sq yd", "200 gaj", "2 acres", "10 guntas", "50
// cents". A number with no unit is in unit.
func ParseArea(s string, unit AreaUnit) (float64, bool) {
	m := areaPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
	if err != nil {
		return 0, false
	}
	u := strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(m[2], ".", " ")), ""))
	switch {
	case u == "":
	case strings.HasPrefix(u, "sqy") || strings.HasPrefix(u, "squarey") || u == "gaj":
		unit = SquareYards
	case strings.HasPrefix(u, "ac"):
		unit = Acres
	case strings.HasPrefix(u, "gunta"):
		unit = Guntas
	case strings.HasPrefix(u, "cent"):
		unit = Cents
	default:
		unit = SquareFeet
	}
	return v * float64(unit), true
}

// MobileHint is how an import's error says to write a mobile number.
const MobileHint = "write it like 98765 43210 or +91 98765 43210"

// ParseTenDigits reads an Indian mobile number in any format ("+91 98765
// 43210", "098765-43210", "91 9876543210", "(98765) 43210") and returns its
// ten digits, as a requirement stores its client's phone.
func ParseTenDigits(s string) (string, bool) {
	e164, err := NormalizeMobile(s)
	if err != nil || !strings.HasPrefix(e164, "+91") || len(e164) != 13 {
		return "", false
	}
	return e164[3:], true
}

// CityState returns the state of a city given under any of its names
// ("Bangalore", "bengaluru", "Gurgaon") and the city's current spelling.
// When state is given, the city must be one of its; otherwise the first
// state (in name order) having it is taken. It returns false for a city no
// state has.
func CityState(state, city string) (string, string, bool) {
	g := geo()
	if state != "" {
		canon, ok := CanonicalState(state)
		if !ok {
			return "", "", false
		}
		c, ok := g.city[canon][key(city)]
		return canon, c, ok
	}
	for _, st := range g.names {
		if c, ok := g.city[st][key(city)]; ok {
			return st, c, true
		}
	}
	return "", "", false
}
