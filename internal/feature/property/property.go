// Package property holds agents' listings: their fields, the lenient input
// the listing form sends, and the writes, each of which queues the listing's
// matching job in the same transaction (the engine runs it on the durable
// queue after commit).
package property

import (
	"time"

	"propmatch/internal/core/listing"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/store"
)

// Property is a listing as the API shows it.
type Property struct {
	ID               int64                `json:"id"`
	AgentID          int64                `json:"agentId"`
	Title            string               `json:"title"`
	Description      string               `json:"description"`
	PropertyType     listing.PropertyType `json:"propertyType"`
	ListingPurpose   listing.Purpose      `json:"listingPurpose"`
	Price            float64              `json:"price"`
	State            string               `json:"state"`
	City             string               `json:"city"`
	Locality         string               `json:"locality"`
	Pincode          string               `json:"pincode"`
	Address          string               `json:"address"`
	Bedrooms         *int                 `json:"bedrooms"`
	Bathrooms        *int                 `json:"bathrooms"`
	Sqft             *int                 `json:"sqft"`
	BuiltUpArea      *int                 `json:"builtUpArea"`
	PlotArea         *int                 `json:"plotArea"`
	Floor            *string              `json:"floor"`
	TotalFloors      *int                 `json:"totalFloors"`
	Facing           *string              `json:"facing"`
	Furnishing       *string              `json:"furnishing"`
	Acres            *float64             `json:"acres"`
	HasLegalDocs     bool                 `json:"hasLegalDocs"`
	ReraApproved     bool                 `json:"reraApproved"`
	Balcony          *string              `json:"balcony"`
	Maintenance      *string              `json:"maintenance"`
	Parking          *string              `json:"parking"`
	Garden           *string              `json:"garden"`
	VillaSize        *int                 `json:"villaSize"`
	Furnished        *string              `json:"furnished"`
	Zone             *string              `json:"zone"`
	Frontage         *string              `json:"frontage"`
	RoadAccess       *string              `json:"roadAccess"`
	CommercialType   *string              `json:"commercialType"`
	TotalCabins      *int                 `json:"totalCabins"`
	Washrooms        *int                 `json:"washrooms"`
	CentralAC        bool                 `json:"centralAC"`
	PowerBackup      *string              `json:"powerBackup"`
	LeaseTerm        *string              `json:"leaseTerm"`
	SoilType         *string              `json:"soilType"`
	CropHistory      *string              `json:"cropHistory"`
	Fencing          *string              `json:"fencing"`
	IrrigationSystem *string              `json:"irrigationSystem"`
	Amenities        []string             `json:"amenities"`
	Images           []string             `json:"images"`
	IsActive         bool                 `json:"isActive"`
	IsRealData       bool                 `json:"isRealData"`
	CreatedAt        time.Time            `json:"createdAt"`
	UpdatedAt        time.Time            `json:"updatedAt"`
	// Progress is set on the owner's own listings: whether its matching
	// job has run since its last write.
	matchengine.Progress
	// PossibleDuplicates is set on the answer of a create or an update:
	// other agents' active listings that look like the same property
	// (docs/product.md#duplicate-listings). The listing is saved either way.
	PossibleDuplicates *[]PossibleDuplicate `json:"possibleDuplicates,omitempty"`
}

// Marketplace is a listing with its agent's name and phone, as every agent
// sees it; the phone is empty and AgentContactHidden set when the agent
// shares contact details with connections only.
type Marketplace struct {
	Property
	AgentName          string `json:"agentName"`
	AgentPhone         string `json:"agentPhone"`
	AgentContactHidden bool   `json:"agentContactHidden"`
	// AgentContactReason says why the phone is hidden: "locked" (a lead
	// would reveal it, billing on) or "private" (connections only).
	AgentContactReason string `json:"agentContactReason,omitempty"`
	// AlsoListedBy are the other agents listing what looks like the same
	// property, grouped into this card (docs/product.md#duplicate-listings).
	AlsoListedBy []AlsoListed `json:"alsoListedBy,omitempty"`
}

// fields lists the stored columns in the order dest scans them.
const fields = `id, agent_id, title, description, property_type, listing_purpose, price, state, city, locality, pincode, address,
	bedrooms, bathrooms, sqft, built_up_area, plot_area, floor, total_floors, facing, furnishing, acres, has_legal_docs,
	rera_approved, balcony, maintenance, parking, garden, villa_size, furnished, zone, frontage, road_access,
	commercial_type, total_cabins, washrooms, central_ac, power_backup, lease_term, soil_type, crop_history, fencing,
	irrigation_system, amenities, images, is_active, is_real_data, created_at, updated_at`

// Columns returns the property columns qualified with alias, for joins.
func Columns(alias string) string {
	return store.Qualify(alias, fields)
}

// Dest returns scan destinations for Columns into p, and a function to call
// after the scan to decode the list columns.
func Dest(p *Property) ([]any, func()) {
	var amenities, images string
	dest := []any{&p.ID, &p.AgentID, &p.Title, &p.Description, &p.PropertyType, &p.ListingPurpose, &p.Price, &p.State,
		&p.City, &p.Locality, &p.Pincode, &p.Address, &p.Bedrooms, &p.Bathrooms, &p.Sqft, &p.BuiltUpArea, &p.PlotArea,
		&p.Floor, &p.TotalFloors, &p.Facing, &p.Furnishing, &p.Acres, &p.HasLegalDocs, &p.ReraApproved, &p.Balcony,
		&p.Maintenance, &p.Parking, &p.Garden, &p.VillaSize, &p.Furnished, &p.Zone, &p.Frontage, &p.RoadAccess,
		&p.CommercialType, &p.TotalCabins, &p.Washrooms, &p.CentralAC, &p.PowerBackup, &p.LeaseTerm, &p.SoilType,
		&p.CropHistory, &p.Fencing, &p.IrrigationSystem, &amenities, &images, &p.IsActive, &p.IsRealData,
		store.ScanTime(&p.CreatedAt), store.ScanTime(&p.UpdatedAt)}
	return dest, func() {
		p.Amenities, p.Images = store.StringList(amenities), store.StringList(images)
	}
}
