package property

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"propmatch/internal/apperr"
	"propmatch/internal/india"
	"propmatch/internal/input"
	"propmatch/internal/matching"
	"propmatch/internal/media"
)

// Input is the body of POST and PUT /api/properties: the Property fields,
// with numbers that may arrive as text. id, agentId and timestamps are not
// read, so a client cannot set them.
type Input struct {
	Title            input.String `json:"title"`
	Description      input.String `json:"description"`
	PropertyType     input.String `json:"propertyType"`
	ListingPurpose   input.String `json:"listingPurpose"`
	Price            input.Float  `json:"price"`
	State            input.String `json:"state"`
	City             input.String `json:"city"`
	Locality         input.String `json:"locality"`
	Pincode          input.String `json:"pincode"`
	Address          input.String `json:"address"`
	Bedrooms         input.Int    `json:"bedrooms"`
	Bathrooms        input.Int    `json:"bathrooms"`
	Sqft             input.Int    `json:"sqft"`
	BuiltUpArea      input.Int    `json:"builtUpArea"`
	PlotArea         input.Int    `json:"plotArea"`
	Floor            input.String `json:"floor"`
	TotalFloors      input.Int    `json:"totalFloors"`
	Facing           input.String `json:"facing"`
	Furnishing       input.String `json:"furnishing"`
	Acres            input.Float  `json:"acres"`
	HasLegalDocs     input.Bool   `json:"hasLegalDocs"`
	ReraApproved     input.Bool   `json:"reraApproved"`
	Balcony          input.String `json:"balcony"`
	Maintenance      input.String `json:"maintenance"`
	Parking          input.String `json:"parking"`
	Garden           input.String `json:"garden"`
	VillaSize        input.Int    `json:"villaSize"`
	Furnished        input.String `json:"furnished"`
	Zone             input.String `json:"zone"`
	Frontage         input.String `json:"frontage"`
	RoadAccess       input.String `json:"roadAccess"`
	CommercialType   input.String `json:"commercialType"`
	TotalCabins      input.Int    `json:"totalCabins"`
	Washrooms        input.Int    `json:"washrooms"`
	CentralAC        input.Bool   `json:"centralAC"`
	PowerBackup      input.String `json:"powerBackup"`
	LeaseTerm        input.String `json:"leaseTerm"`
	SoilType         input.String `json:"soilType"`
	CropHistory      input.String `json:"cropHistory"`
	Fencing          input.String `json:"fencing"`
	IrrigationSystem input.String `json:"irrigationSystem"`
	Amenities        input.List   `json:"amenities"`
	Images           []string     `json:"images"`
	IsActive         input.Bool   `json:"isActive"`
	IsRealData       input.Bool   `json:"isRealData"`
}

// record is a validated Input, ready to store.
type record struct {
	p      Property
	upload *media.Image // a new image to store; its URL replaces p.Images
}

var pincodePattern = regexp.MustCompile(`^[1-9][0-9]{5}$`)

// purposeAliases reads the requirement spellings of a listing purpose too.
var purposeAliases = map[string]string{"forsale": "for_sale", "forrent": "for_rent", "forlease": "for_lease"}

// validate checks in and returns the record to store. Field errors carry the
// JSON name of each failing field. A new image is decoded only when every
// other field is valid, since decoding is the expensive part.
func (in Input) validate(ctx context.Context) (record, error) {
	var f apperr.Fields
	text := func(path string, v input.String, max int) string {
		if utf8.RuneCountInString(string(v)) > max {
			f.Add(path, fmt.Sprintf("%s must be at most %d characters", path, max))
		}
		return string(v)
	}
	opt := func(path string, v input.String) *string {
		text(path, v, 200)
		return v.Ptr()
	}
	num := func(path string, v input.Int, max int) *int {
		if p := v.Ptr(); p != nil && (*p < 0 || *p > max) {
			f.Add(path, fmt.Sprintf("%s must be between 0 and %d", path, max))
		}
		return v.Ptr()
	}
	p := Property{
		Title:       text("title", in.Title, 200),
		Description: text("description", in.Description, 5000),
		Locality:    text("locality", in.Locality, 200),
		Pincode:     string(in.Pincode),
		Address:     text("address", in.Address, 500),
		Price:       in.Price.Value,
		Bedrooms:    num("bedrooms", in.Bedrooms, 50), Bathrooms: num("bathrooms", in.Bathrooms, 50),
		Sqft: num("sqft", in.Sqft, 100_000_000), BuiltUpArea: num("builtUpArea", in.BuiltUpArea, 100_000_000),
		PlotArea: num("plotArea", in.PlotArea, 100_000_000), TotalFloors: num("totalFloors", in.TotalFloors, 300),
		VillaSize: num("villaSize", in.VillaSize, 100_000_000), TotalCabins: num("totalCabins", in.TotalCabins, 10_000),
		Washrooms: num("washrooms", in.Washrooms, 1_000),
		Floor:     opt("floor", in.Floor), Facing: opt("facing", in.Facing), Furnishing: opt("furnishing", in.Furnishing),
		Balcony: opt("balcony", in.Balcony), Maintenance: opt("maintenance", in.Maintenance), Parking: opt("parking", in.Parking),
		Garden: opt("garden", in.Garden), Furnished: opt("furnished", in.Furnished), Zone: opt("zone", in.Zone),
		Frontage: opt("frontage", in.Frontage), RoadAccess: opt("roadAccess", in.RoadAccess),
		CommercialType: opt("commercialType", in.CommercialType), PowerBackup: opt("powerBackup", in.PowerBackup),
		LeaseTerm: opt("leaseTerm", in.LeaseTerm), SoilType: opt("soilType", in.SoilType),
		CropHistory: opt("cropHistory", in.CropHistory), Fencing: opt("fencing", in.Fencing),
		IrrigationSystem: opt("irrigationSystem", in.IrrigationSystem),
		HasLegalDocs:     in.HasLegalDocs.Or(false), ReraApproved: in.ReraApproved.Or(false), CentralAC: in.CentralAC.Or(false),
		IsActive: in.IsActive.Or(true), IsRealData: in.IsRealData.Or(true),
		Amenities: []string(in.Amenities),
	}
	if p.Title == "" {
		f.Add("title", "Title is required")
	}
	p.PropertyType = strings.ToLower(string(in.PropertyType))
	if !slices.Contains(Types, p.PropertyType) {
		f.Add("propertyType", "Property type must be apartment, villa, plot, commercial or agricultural")
	}
	p.ListingPurpose = strings.ToLower(string(in.ListingPurpose))
	if alias, ok := purposeAliases[p.ListingPurpose]; ok {
		p.ListingPurpose = alias
	}
	if p.ListingPurpose == "" {
		p.ListingPurpose = "for_sale"
	}
	if !slices.Contains(Purposes, p.ListingPurpose) {
		f.Add("listingPurpose", "Listing purpose must be for_sale, for_rent or for_lease")
	}
	if p.Price < 0 || p.Price > 1e12 {
		f.Add("price", "Price must be between 0 and 1,00,000 crore")
	}
	if a := in.Acres.Ptr(); a != nil {
		if *a < 0 || *a > 1_000_000 {
			f.Add("acres", "acres must be between 0 and 10,00,000")
		}
		p.Acres = a
	}
	if p.Pincode != "" && !pincodePattern.MatchString(p.Pincode) {
		f.Add("pincode", "Pincode must be 6 digits")
	}
	p.State, p.City = place(&f, "state", "city", string(in.State), string(in.City))
	if len(p.Amenities) > 40 {
		f.Add("amenities", "At most 40 amenities")
	}
	for i, a := range p.Amenities {
		if utf8.RuneCountInString(a) > 60 {
			f.Add(fmt.Sprintf("amenities.%d", i), "Amenity names are at most 60 characters")
		}
	}
	rec := record{}
	p.Images = []string{}
	switch {
	case len(in.Images) > 1:
		f.Add("images", "Only one image per property")
	case len(in.Images) == 1 && strings.HasPrefix(in.Images[0], "data:"):
		if len(f) > 0 {
			break // decoded once the rest is valid
		}
		img, err := media.Decode(ctx, in.Images[0], "images.0")
		if err != nil {
			return rec, err
		}
		rec.upload = &img
	case len(in.Images) == 1 && in.Images[0] != "":
		if media.IDFromURL(in.Images[0]) == "" {
			f.Add("images.0", "Image must be a PNG or JPEG data URL, or a /media/ URL")
		} else {
			p.Images = []string{in.Images[0]}
		}
	}
	rec.p = p
	return rec, f.Err()
}

// place checks a state and city against the dataset and returns their
// canonical spellings.
func place(f *apperr.Fields, statePath, cityPath, state, city string) (string, string) {
	canon, ok := india.CanonicalState(state)
	switch {
	case strings.TrimSpace(state) == "":
		f.Add(statePath, "State is required")
	case !ok:
		f.Add(statePath, "Choose a state from the list")
	}
	city = strings.Join(strings.Fields(city), " ")
	switch {
	case city == "":
		f.Add(cityPath, "City is required")
	case ok:
		if c, known := india.CanonicalCity(canon, city); known {
			city = c
		} else {
			f.Add(cityPath, "Choose a city of "+canon+" from the list")
		}
	}
	return canon, city
}

// writeColumns returns the stored columns of p and their values, for INSERT and UPDATE.
func writeColumns(p Property) ([]string, []any) {
	am, _ := json.Marshal(p.Amenities)
	im, _ := json.Marshal(p.Images)
	pairs := []struct {
		col string
		val any
	}{
		{"title", p.Title}, {"description", p.Description}, {"property_type", p.PropertyType},
		{"listing_purpose", p.ListingPurpose}, {"price", p.Price}, {"state", p.State}, {"city", p.City},
		{"city_key", matching.CityKey(p.City)}, {"locality", p.Locality}, {"pincode", p.Pincode}, {"address", p.Address},
		{"bedrooms", p.Bedrooms}, {"bathrooms", p.Bathrooms}, {"sqft", p.Sqft}, {"built_up_area", p.BuiltUpArea},
		{"plot_area", p.PlotArea}, {"floor", p.Floor}, {"total_floors", p.TotalFloors}, {"facing", p.Facing},
		{"furnishing", p.Furnishing}, {"acres", p.Acres}, {"has_legal_docs", p.HasLegalDocs},
		{"rera_approved", p.ReraApproved}, {"balcony", p.Balcony}, {"maintenance", p.Maintenance},
		{"parking", p.Parking}, {"garden", p.Garden}, {"villa_size", p.VillaSize}, {"furnished", p.Furnished},
		{"zone", p.Zone}, {"frontage", p.Frontage}, {"road_access", p.RoadAccess},
		{"commercial_type", p.CommercialType}, {"total_cabins", p.TotalCabins}, {"washrooms", p.Washrooms},
		{"central_ac", p.CentralAC}, {"power_backup", p.PowerBackup}, {"lease_term", p.LeaseTerm},
		{"soil_type", p.SoilType}, {"crop_history", p.CropHistory}, {"fencing", p.Fencing},
		{"irrigation_system", p.IrrigationSystem}, {"amenities", string(am)}, {"images", string(im)},
		{"is_active", p.IsActive}, {"is_real_data", p.IsRealData},
		{"search_text", SearchText(p)},
	}
	cols := make([]string, len(pairs))
	vals := make([]any, len(pairs))
	for i, pr := range pairs {
		cols[i], vals[i] = pr.col, pr.val
	}
	return cols, vals
}

// SearchText is what marketplace search looks in: title, locality, city and
// type, lower-cased here because SQLite's lower() only knows ASCII.
func SearchText(p Property) string {
	return strings.ToLower(strings.Join([]string{p.Title, p.Locality, p.City, p.PropertyType}, " \x1f "))
}
