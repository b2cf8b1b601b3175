package property

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"propmatch/internal/core/listing"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/platform/media"
)

// validate checks in and returns the record to store. Field errors carry the
// JSON name of each failing field, in the order of the form. New photos are
// decoded only when every other field is valid, since decoding is the
// expensive part.
func (in Input) validate(ctx context.Context) (record, error) {
	var f apperr.Fields
	p := in.details(&f)
	checkTitle(&f, p.Title)
	p.PropertyType = listing.CheckPropertyType(&f, "propertyType", string(in.PropertyType))
	p.ListingPurpose = listing.CheckPurpose(&f, "listingPurpose", string(in.ListingPurpose), listing.PurposeMessage)
	checkPrice(&f, p.Price)
	p.Acres = checkAcres(&f, in.Acres)
	checkPincode(&f, p.Pincode)
	p.State, p.City = india.CheckPlace(&f, "state", "city", string(in.State), string(in.City))
	checkAmenities(&f, p.Amenities)
	photos, err := in.images(ctx, &f)
	if err != nil {
		return record{}, err
	}
	p.Images = []string{}
	return record{p: p, photos: photos}, f.Err()
}

// Limits of a listing's free text and counts.
const (
	maxText      = 200         // title, locality and the type-specific details
	maxArea      = 100_000_000 // square feet
	maxBathrooms = 50
	maxFloors    = 300
	maxCabins    = 10_000
	maxWashroom  = 1_000
)

// details copies in's text, counts, flags and amenities into a Property,
// checking each text against its length and each count against its range.
func (in Input) details(f *apperr.Fields) Property {
	text := func(path string, v input.String, most int) string {
		listing.CheckLength(f, path, string(v), most)
		return string(v)
	}
	opt := func(path string, v input.String) *string {
		listing.CheckLength(f, path, string(v), maxText)
		return v.Ptr()
	}
	count := func(path string, v input.Int, most int) *int {
		listing.CheckCount(f, path, v.Ptr(), most)
		return v.Ptr()
	}
	return Property{
		Title:       text("title", in.Title, maxText),
		Description: text("description", in.Description, 5000),
		Locality:    text("locality", in.Locality, maxText),
		Pincode:     string(in.Pincode),
		Address:     text("address", in.Address, 500),
		Price:       in.Price.Value,
		Bedrooms:    count("bedrooms", in.Bedrooms, listing.MaxBedrooms), Bathrooms: count("bathrooms", in.Bathrooms, maxBathrooms),
		Sqft: count("sqft", in.Sqft, maxArea), BuiltUpArea: count("builtUpArea", in.BuiltUpArea, maxArea),
		PlotArea: count("plotArea", in.PlotArea, maxArea), TotalFloors: count("totalFloors", in.TotalFloors, maxFloors),
		VillaSize: count("villaSize", in.VillaSize, maxArea), TotalCabins: count("totalCabins", in.TotalCabins, maxCabins),
		Washrooms: count("washrooms", in.Washrooms, maxWashroom),
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
}

// checkTitle adds "Title is required" when title is empty.
func checkTitle(f *apperr.Fields, title string) {
	if title == "" {
		f.Add("title", "Title is required")
	}
}

// checkPrice adds an error when price is outside 0 to 1,00,000 crore.
func checkPrice(f *apperr.Fields, price float64) {
	if !listing.PriceInRange(price) {
		f.Add("price", "Price must be between 0 and 1,00,000 crore")
	}
}

// maxAcres is the largest land a listing may have, in acres.
const maxAcres = 1_000_000

// checkAcres returns the land size in acres, when given: 0 to 10,00,000.
func checkAcres(f *apperr.Fields, v input.Float) *float64 {
	a := v.Ptr()
	if a != nil && (*a < 0 || *a > maxAcres) {
		f.Add("acres", "Acres must be between 0 and 10,00,000")
	}
	return a
}

var pincodePattern = regexp.MustCompile(`^[1-9][0-9]{5}$`)

// checkPincode adds an error when pincode is given but is not 6 digits
// (the first not 0).
func checkPincode(f *apperr.Fields, pincode string) {
	if pincode != "" && !pincodePattern.MatchString(pincode) {
		f.Add("pincode", "Pincode must be 6 digits")
	}
}

// Limits of a listing's amenities.
const (
	maxAmenities     = 40
	maxAmenityLength = 60
)

// checkAmenities adds an error for more than 40 amenities, and one for each
// amenity over 60 characters.
func checkAmenities(f *apperr.Fields, amenities []string) {
	if len(amenities) > maxAmenities {
		f.Add("amenities", fmt.Sprintf("At most %d amenities", maxAmenities))
	}
	for i, a := range amenities {
		if utf8.RuneCountInString(a) > maxAmenityLength {
			f.Add(fmt.Sprintf("amenities.%d", i), fmt.Sprintf("Amenity names are at most %d characters", maxAmenityLength))
		}
	}
}

// MaxImages is how many photos a listing may have; the first is its cover.
const MaxImages = 10

// photo is one of a listing's photos as sent: a new upload, or the URL of a
// stored image to keep.
type photo struct {
	index  int // in Input.Images, for field errors
	url    string
	upload *media.Image
}

// images checks a listing's photos, in order (the first is the cover):
// at most MaxImages, each a data URL (a new upload) or a /media/ URL (a
// stored image to keep; the service checks it is the agent's own), with no
// URL twice. Empty entries are dropped. Uploads are decoded only when f
// holds no error yet, since decoding is the expensive part; a decode failure
// is returned as the error.
func (in Input) images(ctx context.Context, f *apperr.Fields) ([]photo, error) {
	if len(in.Images) > MaxImages {
		f.Add("images", fmt.Sprintf("At most %d photos per property", MaxImages))
		return nil, nil
	}
	var out []photo
	seen := map[string]bool{}
	for i, v := range in.Images {
		path := fmt.Sprintf("images.%d", i)
		switch {
		case v == "":
		case strings.HasPrefix(v, "data:"):
			out = append(out, photo{index: i, url: v})
		case media.IDFromURL(v) == "":
			f.Add(path, "Image must be a PNG or JPEG data URL, or a /media/ URL")
		case seen[v]:
			f.Add(path, "This photo is already in the list")
		default:
			seen[v] = true
			out = append(out, photo{index: i, url: v})
		}
	}
	if len(*f) > 0 {
		return nil, nil // uploads are decoded once the rest is valid
	}
	for i := range out {
		if !strings.HasPrefix(out[i].url, "data:") {
			continue
		}
		img, err := media.Decode(ctx, out[i].url, fmt.Sprintf("images.%d", out[i].index))
		if err != nil {
			return nil, err
		}
		out[i].upload = &img
	}
	return out, nil
}
