package imports

import (
	"fmt"
	"strings"
	"unicode"

	"propmatch/internal/india"
)

// Kinds of import: one file holds listings or requirements.
const (
	Listings     = "listings"
	Requirements = "requirements"
)

// parser reads one cell's text into the value the form would send; false
// when it cannot, with the hint that says how to write it.
type parser struct {
	read func(string) (any, bool)
	what string // "an amount"
	hint string // "write it like 45 L or 45,00,000"
}

func (p parser) message(column, value string) string {
	return fmt.Sprintf("%s: '%s' is not %s; %s", column, value, p.what, p.hint)
}

var (
	textValue = parser{read: func(s string) (any, bool) { return s, true }}
	amount    = parser{read: func(s string) (any, bool) { return ok(india.ParseAmount(s)) }, what: "an amount", hint: india.AmountHint}
	bedrooms  = parser{read: func(s string) (any, bool) { return ok(india.ParseBedrooms(s)) }, what: "a number of bedrooms", hint: india.BedroomsHint}
	count     = parser{read: func(s string) (any, bool) { return ok(india.ParseBedrooms(s)) }, what: "a whole number", hint: "write it like 2"}
	sqft      = parser{read: func(s string) (any, bool) {
		v, good := india.ParseArea(s, india.SquareFeet)
		return float64(int64(v + 0.5)), good
	}, what: "an area", hint: india.AreaHint}
	acres = parser{read: func(s string) (any, bool) {
		v, good := india.ParseArea(s, india.Acres)
		return float64(int64(v/float64(india.Acres)*10_000+0.5)) / 10_000, good
	}, what: "an area", hint: "write it like 2 acres, 10 guntas or 87,120 sq ft"}
	mobile   = parser{read: func(s string) (any, bool) { return ok(india.ParseTenDigits(s)) }, what: "an Indian mobile number", hint: india.MobileHint}
	propType = parser{read: func(s string) (any, bool) { return ok(parseType(s)) }, what: "a property type", hint: "write Apartment, Villa, Plot, Commercial or Agricultural"}
	types    = parser{read: func(s string) (any, bool) {
		var out []string
		for _, part := range splitList(s) {
			t, good := parseType(part)
			if !good {
				return nil, false
			}
			out = append(out, t)
		}
		return out, len(out) > 0
	}, what: "a list of property types", hint: "write them like Apartment, Villa"}
	purpose = parser{read: func(s string) (any, bool) { return ok(parsePurpose(s)) }, what: "a purpose", hint: "write Sale, Rent or Lease"}
	list    = parser{read: func(s string) (any, bool) { return splitList(s), true }}
	yesNo   = parser{read: func(s string) (any, bool) {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "yes", "y", "true", "1", "active":
			return true, true
		case "no", "n", "false", "0", "inactive":
			return false, true
		}
		return nil, false
	}, what: "yes or no", hint: "write Yes or No"}
)

func ok[T any](v T, good bool) (any, bool) { return v, good }

// Field is a column a sheet may map: the form field it fills.
type Field struct {
	// Key is the form's JSON name ("price"), or "ref" for the agent's reference.
	Key   string `json:"key"`
	Label string `json:"label"`
	// Headers are the column titles detected as this field, as header keys.
	headers []string
	parse   parser
}

// RefKey is the field of the agent's own reference ("Your reference").
const RefKey = "ref"

func field(key, label string, p parser, headers ...string) Field {
	keys := []string{headerKey(label)}
	for _, h := range headers {
		keys = append(keys, headerKey(h))
	}
	return Field{Key: key, Label: label, headers: keys, parse: p}
}

var refField = field(RefKey, "Your reference", textValue, "reference", "ref", "ref no", "ref number", "my reference", "your ref", "listing id", "client id", "id")

// fieldsOf lists each kind's fields in the order the template shows them.
var fieldsOf = map[string][]Field{
	Listings: {
		refField,
		field("title", "Title", textValue, "property title", "listing title", "name", "property name", "project"),
		field("propertyType", "Type", propType, "property type", "category"),
		field("listingPurpose", "Purpose", purpose, "listing purpose", "sale or rent", "sale/rent", "for", "transaction"),
		field("price", "Price", amount, "expected price", "rent", "monthly rent", "asking price", "amount", "cost", "rate", "price (rs)", "price (₹)"),
		field("state", "State", textValue),
		field("city", "City", textValue, "town"),
		field("locality", "Locality", textValue, "location", "area name", "sector", "neighbourhood", "neighborhood"),
		field("pincode", "Pincode", textValue, "pin", "pin code", "postal code"),
		field("address", "Address", textValue),
		field("bedrooms", "BHK", bedrooms, "bedrooms", "beds", "bedroom", "configuration", "config"),
		field("bathrooms", "Bathrooms", count, "baths", "bathroom", "toilets"),
		field("sqft", "Area (sq ft)", sqft, "area", "sq ft", "sqft", "carpet area", "super area", "super built up area", "size", "area sq ft", "area (sqft)"),
		field("builtUpArea", "Built-up area", sqft, "built up area", "builtup area", "built-up area (sq ft)"),
		field("plotArea", "Plot area", sqft, "plot size", "land area", "plot area (sq ft)", "site area"),
		field("acres", "Acres", acres, "acreage", "land (acres)", "extent"),
		field("floor", "Floor", textValue, "floor no"),
		field("totalFloors", "Total floors", count, "floors"),
		field("facing", "Facing", textValue, "direction"),
		field("furnishing", "Furnishing", textValue, "furnished status", "furnishing status"),
		field("description", "Description", textValue, "details", "remarks", "notes", "comments"),
		field("isActive", "Active", yesNo, "is active", "status"),
	},
	Requirements: {
		refField,
		field("clientName", "Client name", textValue, "client", "name", "buyer", "buyer name", "customer", "customer name", "tenant", "tenant name"),
		field("clientPhone", "Mobile", mobile, "phone", "mobile number", "phone number", "contact", "contact number", "client mobile", "client phone", "whatsapp"),
		field("clientEmail", "Email", textValue, "e-mail", "client email", "email id"),
		field("propertyTypes", "Type", types, "types", "property type", "property types", "category"),
		field("listingPurpose", "Purpose", purpose, "listing purpose", "buy or rent", "sale or rent", "for", "transaction"),
		field("minPrice", "Min budget", amount, "minimum budget", "budget from", "min price", "budget min"),
		field("maxPrice", "Max budget", amount, "budget", "maximum budget", "budget to", "max price", "budget max", "price"),
		field("preferredState", "State", textValue, "preferred state"),
		field("preferredCities", "City", list, "cities", "preferred city", "preferred cities"),
		field("preferredLocalities", "Localities", list, "locality", "location", "locations", "preferred localities", "preferred locality", "area name"),
		field("minBedrooms", "BHK", bedrooms, "min bhk", "bedrooms", "min bedrooms", "beds"),
		field("maxBedrooms", "Max BHK", bedrooms, "max bedrooms"),
		field("minArea", "Min area (sq ft)", sqft, "min area", "area", "sq ft", "sqft", "area (sq ft)"),
		field("maxArea", "Max area (sq ft)", sqft, "max area"),
		field("timeline", "Timeline", textValue, "when", "urgency"),
		field("notes", "Notes", textValue, "remarks", "comments", "details"),
		field("specialRequirements", "Special requirements", textValue, "requirements", "special"),
	},
}

// Fields returns kind's fields, in the template's order.
func Fields(kind string) []Field { return fieldsOf[kind] }

func fieldByKey(kind, key string) (Field, bool) {
	for _, f := range fieldsOf[kind] {
		if f.Key == key {
			return f, true
		}
	}
	return Field{}, false
}

// headerKey folds a column title for detection: lower case, letters and
// digits only ("Area (Sq. Ft.)" and "area sq ft" are both "areasqft").
func headerKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '₹' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Detect maps each column title of header to a field of kind: the agent's
// remembered choice for that title first, then the common titles. A field
// is given to one column only; columns with no field are left out ("").
func Detect(kind string, header []string, remembered map[string]string) []string {
	out := make([]string, len(header))
	taken := map[string]bool{}
	assign := func(i int, key string) {
		if key != "" && !taken[key] {
			out[i] = key
			taken[key] = true
		}
	}
	for i, h := range header {
		if key, ok := remembered[headerKey(h)]; ok {
			if _, known := fieldByKey(kind, key); known || key == "" {
				if key == "" {
					out[i] = "-"
				}
				assign(i, key)
			}
		}
	}
	for i, h := range header {
		if out[i] != "" {
			continue
		}
		hk := headerKey(h)
		for _, f := range fieldsOf[kind] {
			for _, alias := range f.headers {
				if alias == hk {
					assign(i, f.Key)
				}
			}
			if out[i] != "" {
				break
			}
		}
	}
	for i := range out {
		if out[i] == "-" {
			out[i] = ""
		}
	}
	return out
}

var typeWords = map[string]string{
	"apartment": "apartment", "apartments": "apartment", "flat": "apartment", "flats": "apartment", "apt": "apartment",
	"builderfloor": "apartment", "penthouse": "apartment", "studio": "apartment", "condo": "apartment",
	"villa": "villa", "villas": "villa", "house": "villa", "independenthouse": "villa", "bungalow": "villa",
	"rowhouse": "villa", "duplex": "villa", "individualhouse": "villa",
	"plot": "plot", "plots": "plot", "land": "plot", "site": "plot", "residentialplot": "plot", "openplot": "plot",
	"commercial": "commercial", "office": "commercial", "shop": "commercial", "showroom": "commercial",
	"warehouse": "commercial", "godown": "commercial", "officespace": "commercial", "retail": "commercial",
	"agricultural": "agricultural", "agriculture": "agricultural", "agri": "agricultural", "farm": "agricultural",
	"farmland": "agricultural", "agriculturalland": "agricultural", "farmhouse": "agricultural",
}

func parseType(s string) (string, bool) {
	t, ok := typeWords[headerKey(s)]
	return t, ok
}

var purposeWords = map[string]string{
	"sale": "for_sale", "forsale": "for_sale", "sell": "for_sale", "buy": "for_sale", "resale": "for_sale", "purchase": "for_sale",
	"rent": "for_rent", "forrent": "for_rent", "rental": "for_rent", "tolet": "for_rent",
	"lease": "for_lease", "forlease": "for_lease",
}

func parsePurpose(s string) (string, bool) {
	p, ok := purposeWords[headerKey(s)]
	return p, ok
}

// splitList splits a cell of several values: "Kondapur, Gachibowli; Madhapur".
func splitList(s string) []string {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '/' || r == '|' })
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
