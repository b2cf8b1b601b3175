package property

import (
	"encoding/json"
	"strings"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/india"
	"propmatch/internal/kit/input"
)

// Input is the body of POST and PUT /api/properties: the Property fields,
// with numbers that may arrive as text. id, agentId and timestamps are not
// read, so a client cannot set them.
type Input struct {
	Title            input.String `json:"title"`
	Description      input.String `json:"description" input:"multiline"`
	PropertyType     input.String `json:"propertyType"`
	ListingPurpose   input.String `json:"listingPurpose"`
	Price            input.Float  `json:"price"`
	State            input.String `json:"state"`
	City             input.String `json:"city"`
	Locality         input.String `json:"locality"`
	Pincode          input.String `json:"pincode"`
	Address          input.String `json:"address" input:"multiline"`
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
	photos []photo // the photos in order, new and kept; storePhotos sets p.Images from them
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
		{"city_key", matchengine.CityKey(p.City)}, {"locality", p.Locality}, {"pincode", p.Pincode}, {"address", p.Address},
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

// SearchText is what marketplace search looks in: title, locality, city
// (under each of its names: Kochi is found as Cochin too) and type,
// lower-cased here because SQLite's lower() only knows ASCII.
func SearchText(p Property) string {
	parts := append([]string{p.Title, p.Locality}, india.CityNames(p.City)...)
	return strings.ToLower(strings.Join(append(parts, string(p.PropertyType)), " \x1f "))
}
