package duplicates_test

import (
	"slices"
	"testing"

	"propmatch/internal/feature/duplicates"
)

func TestLocalitiesAreNormalisedTheWayAgentsWriteThem(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want duplicates.Relation
	}{
		{"Kondapur", "KONDAPUR.", duplicates.SameLocality},
		{"DLF Phase 1", "DLF Ph-1", duplicates.SameLocality},
		{"DLF Phase I", "dlf phase-1", duplicates.SameLocality},
		{"Sector 45", "Sec-45", duplicates.SameLocality},
		{"Sector45", "sector 45", duplicates.SameLocality},
		{"Jayanagar 4th Block", "Jayanagar IV Block", duplicates.SameLocality},
		{"HSR Layout", "H.S.R. Layout", duplicates.SameLocality},
		{"Indiranagar", "Indira Nagar", duplicates.SameLocality},
		{"Whitefield Main Road", "Whitefield", duplicates.SameLocality},
		{"Koramangala 5th Block", "Koramangala", duplicates.SameLocality},
		{"Kondapur", "Gachibowli", duplicates.NearbyLocality},
		{"Andheri West", "Andheri East", duplicates.NearbyLocality},
		{"DLF Phase 1", "DLF Phase 2", duplicates.NearbyLocality},
		{"Kondapur", "Kukatpally", duplicates.OtherLocality},
		{"Sector 45", "Sector 46", duplicates.OtherLocality},
		{"Banjara Hills", "Jubilee Hills Road 36", duplicates.OtherLocality},
		{"", "Kondapur", duplicates.OtherLocality},
	} {
		if got := duplicates.LocalityRelation(c.a, c.b); got != c.want {
			t.Errorf("LocalityRelation(%q, %q) = %d, want %d (normalised %q, %q)", c.a, c.b, got, c.want,
				duplicates.NormaliseLocality(c.a), duplicates.NormaliseLocality(c.b))
		}
		if got := duplicates.LocalityRelation(c.b, c.a); got != c.want {
			t.Errorf("LocalityRelation(%q, %q) = %d, not symmetric", c.b, c.a, got)
		}
	}
}

func TestEachSignalWeighsAsDocumented(t *testing.T) {
	beds := func(n int) *int { return &n }
	hash := func(h uint64) *uint64 { return &h }
	base := duplicates.Listing{City: "Hyderabad", Locality: "Kondapur", Price: 1.25e7, Area: 1500, Bedrooms: beds(3), Photo: hash(0xF0F0_F0F0_F0F0_F0F0)}
	with := func(f func(*duplicates.Listing)) duplicates.Listing { l := base; f(&l); return l }
	for _, c := range []struct {
		name    string
		other   duplicates.Listing
		want    float64
		reasons []string
	}{
		{"everything agrees", base, 1, []string{"same locality", "price within 5%", "area within 5%", "same bedrooms", "same photo"}},
		{"city in the locality", with(func(l *duplicates.Listing) { l.Locality = "Kondapur, Hyderabad" }), 1, nil},
		{"no photo on one", with(func(l *duplicates.Listing) { l.Photo = nil }), 0.65, []string{"same locality", "price within 5%", "area within 5%", "same bedrooms"}},
		{"a clearly other photo", with(func(l *duplicates.Listing) { l.Photo = hash(0x0F0F_0F0F_0F0F_0F0F) }), 0.55, nil},
		{"photo 14 bits off", with(func(l *duplicates.Listing) { l.Photo = hash(0xF0F0_F0F0_F0F0_F0F0 ^ 0x3FFF) }), 0.80, []string{"same locality", "price within 5%", "area within 5%", "same bedrooms", "similar photo"}},
		{"price 8% off", with(func(l *duplicates.Listing) { l.Price = 1.15e7 }), 0.95, []string{"same locality", "price within 10%", "area within 5%", "same bedrooms", "same photo"}},
		{"price 20% off", with(func(l *duplicates.Listing) { l.Price = 1e7 }), 0.85, nil},
		{"area 8% off", with(func(l *duplicates.Listing) { l.Area = 1380 }), 0.93, nil},
		{"no area on one", with(func(l *duplicates.Listing) { l.Area = 0 }), 0.85, nil},
		{"nearby locality", with(func(l *duplicates.Listing) { l.Locality = "Gachibowli" }), 0.9, nil},
		{"other locality, other photo", with(func(l *duplicates.Listing) { l.Locality = "Miyapur"; l.Photo = hash(0x0F0F_0F0F_0F0F_0F0F) }), 0.3, nil},
		{"other bedrooms", with(func(l *duplicates.Listing) { l.Bedrooms = beds(2) }), 0.7, nil},
		{"no bedrooms on either", duplicates.Listing{Locality: "Kondapur", Price: 1.25e7}, 0.50, nil},
	} {
		a := base
		if c.name == "no bedrooms on either" {
			a = duplicates.Listing{Locality: "Kondapur", Price: 1.25e7}
		}
		got, reasons := duplicates.Score(a, c.other)
		if got != c.want {
			t.Errorf("%s: likelihood %.2f, want %.2f (%v)", c.name, got, c.want, reasons)
		}
		if c.reasons != nil && !slices.Equal(reasons, c.reasons) {
			t.Errorf("%s: reasons %q, want %q", c.name, reasons, c.reasons)
		}
	}
	if duplicates.Likely != 0.6 {
		t.Errorf("Likely = %v; docs/product.md says 0.6", duplicates.Likely)
	}
}
