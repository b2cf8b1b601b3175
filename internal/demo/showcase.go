package demo

import (
	"math/rand/v2"

	vocab "propmatch/internal/core/listing"
)

func cityNamed(name string) *city {
	t := cities()
	for i := range t.cities {
		if t.cities[i].Name == name {
			return &t.cities[i]
		}
	}
	panic("demo: no city " + name)
}

// showcaseListings are the seller's Bengaluru apartments (and a villa) and
// two Mumbai flats of the buyer, so that each login sees both sides.
func showcaseListings(r *rand.Rand, s *Showcase) []listing {
	blr, mum := cityNamed("Bengaluru"), cityNamed("Mumbai")
	specs := []struct {
		owner             int64
		c                 *city
		typ, purpose, loc string
		beds              int
		price             float64
	}{
		{s.Seller, blr, "apartment", "for_sale", "Whitefield", 3, 14_500_000},
		{s.Seller, blr, "apartment", "for_sale", "HSR Layout", 2, 11_200_000},
		{s.Seller, blr, "apartment", "for_sale", "Koramangala", 3, 22_000_000},
		{s.Seller, blr, "apartment", "for_rent", "Indiranagar", 2, 55_000},
		{s.Seller, blr, "villa", "for_sale", "Sarjapur Road", 4, 38_000_000},
		{s.Seller, blr, "apartment", "for_sale", "Electronic City", 2, 6_800_000},
		{s.Buyer, mum, "apartment", "for_sale", "Powai", 2, 29_000_000},
		{s.Buyer, mum, "apartment", "for_rent", "Andheri West", 1, 45_000},
	}
	out := make([]listing, len(specs))
	for i, sp := range specs {
		l := listing{AgentID: sp.owner, City: sp.c, Type: sp.typ, Purpose: sp.purpose, Locality: sp.loc, Bedrooms: ip(sp.beds),
			Price: sp.price, Active: true}
		fillListing(r, &l)
		out[i] = l
	}
	return out
}

// showcaseNeeds are the buyer's requirements that the seller's listings fit
// (and one Mumbai requirement the market fills), and one of the seller's
// that fits the buyer's Andheri flat.
func showcaseNeeds(s *Showcase) []need {
	blr, mum := cityNamed("Bengaluru"), cityNamed("Mumbai")
	return []need{
		{AgentID: s.Buyer, ClientName: "Ankit Mehta", ClientPhone: "+919820011122", ClientEmail: sp("ankit.mehta@gmail.com"),
			Type: "apartment", Purpose: vocab.ForSale, City: blr, MinPrice: fp(10_000_000), MaxPrice: fp(16_000_000),
			Localities: []string{"Whitefield", "HSR Layout"}, MinBedrooms: ip(2), MaxBeds: ip(3), Timeline: "3months",
			Special: sp("Near IT park"), Notes: sp("Client is relocating for work"), Active: true},
		{AgentID: s.Buyer, ClientName: "Sneha Kulkarni", ClientPhone: "+919820033344", Type: "apartment", Purpose: vocab.ForRent,
			City: blr, MinPrice: fp(40_000), MaxPrice: fp(60_000), Localities: []string{"Indiranagar", "Koramangala"},
			MinBedrooms: ip(2), Timeline: "immediate", Special: sp("Pet friendly"), Active: true},
		{AgentID: s.Buyer, ClientName: "Farhan Qureshi", ClientPhone: "+919820055566", ClientEmail: sp("farhan.q@outlook.com"),
			Type: "apartment", Purpose: vocab.ForSale, City: mum, MinPrice: fp(25_000_000), MaxPrice: fp(40_000_000),
			Localities: []string{"Andheri West", "Powai", "Bandra West"}, MinBedrooms: ip(2), MaxBeds: ip(3), Timeline: "6months",
			Active: true},
		{AgentID: s.Seller, ClientName: "Kavya Iyer", ClientPhone: "+919845077788", ClientEmail: sp("kavya.iyer@yahoo.co.in"),
			Type: "apartment", Purpose: vocab.ForRent, City: mum, MinPrice: fp(35_000), MaxPrice: fp(50_000),
			Localities: []string{"Andheri West"}, MinBedrooms: ip(1), MaxBeds: ip(2), Timeline: "1month", Active: true},
	}
}
