package demo

import (
	"context"
	"database/sql"

	"propmatch/internal/feature/ads"
	"propmatch/internal/kit/store"
)

// demoAdverts are the Recommended Services of the demo: home loans, legal
// and RERA help, photography and interiors, from made-up firms, targeted
// the way such firms would (a city firm at its cities, a state-wide one at
// its state, a national lender at everyone).
var demoAdverts = []ads.New{
	{Title: "Home Loans from 8.35% p.a.", Description: "Doorstep service for your buyers: sanction in 72 hours, up to 90% of the property value.",
		Highlight: "Pre-approved offers for RERA-registered projects", IconName: "CreditCard", ButtonText: "Check Eligibility",
		Badge: "Partner Bank", Offer: "Zero processing fee till 31 March", Color: "blue", DisplayOrder: 1,
		ContactInfo: "1800 266 4455", WebsiteURL: "https://example.com/griha-finance-home-loans"},
	{Title: "RERA Registration & Compliance", Description: "Agent and project registration, quarterly updates and complaint handling, done by advocates.",
		Highlight: "TS-RERA and K-RERA filings", IconName: "Shield", ButtonText: "Book a Consultation",
		Badge: "Legal", Offer: "First consultation free", Color: "emerald", DisplayOrder: 2,
		ContactInfo: "+91 98490 22110", TargetStates: []string{"Telangana", "Karnataka", "Andhra Pradesh"}},
	{Title: "Title Search & Sale Deed Drafting", Description: "Encumbrance certificates, 30-year title search and registration support at the sub-registrar office.",
		Highlight: "Know the title before the token amount", IconName: "FileText", ButtonText: "Get a Quote",
		Offer: "₹4,999 for a title report", Color: "amber", DisplayOrder: 3,
		ContactInfo: "+91 99300 45120", TargetStates: []string{"Maharashtra"}, TargetCities: []string{"Pune", "Mumbai", "Thane"}},
	{Title: "Property Photography & Drone Shoots", Description: "Wide-angle photos, 360° walkthroughs and drone video that sell listings faster.",
		Highlight: "Delivered in 48 hours", IconName: "Camera", ButtonText: "Book a Shoot",
		Badge: "Popular", Offer: "20% off your first shoot", Color: "purple", DisplayOrder: 4,
		ContactInfo: "+91 97400 31822", WebsiteURL: "https://example.com/frameworks-realty-photos",
		TargetCities: []string{"Bengaluru", "Hyderabad", "Chennai"}},
	{Title: "Modular Interiors for Ready Flats", Description: "Kitchens, wardrobes and full-home interiors with a 10-year warranty; a good close for resale buyers.",
		Highlight: "Move in within 45 days", IconName: "Star", ButtonText: "Get Free Design",
		Offer: "Free 3D design", Color: "pink", DisplayOrder: 5,
		ContactInfo: "+91 98110 56734", TargetCities: []string{"Delhi", "Gurugram", "Noida", "Mumbai", "Pune"}},
	{Title: "Vastu & Site Inspection", Description: "Pre-purchase inspection of construction quality, seepage and vastu for your clients.",
		Highlight: "Report with photos in 24 hours", IconName: "Zap", ButtonText: "Schedule Visit",
		Offer: "₹2,500 per visit", Color: "orange", DisplayOrder: 6,
		ContactInfo: "Contact inspect@example.com", TargetStates: []string{"Tamil Nadu", "Kerala"}},
}

// AddAdverts stores the demo's advertisements. It returns how many.
func AddAdverts(ctx context.Context, db *store.DB) (int, error) {
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		now := db.Time()
		for _, a := range demoAdverts {
			if _, err := ads.Insert(ctx, tx, now, a); err != nil {
				return err
			}
		}
		return nil
	})
	return len(demoAdverts), err
}
