package matchengine

import (
	"testing"

	"propmatch/internal/core/listing"
)

func ptr[T any](v T) *T { return &v }

func baseReq() Requirement {
	return Requirement{ID: 1, AgentID: 2, Active: true, Purpose: listing.ForSale, Types: []string{"apartment"},
		Cities: []string{"Bengaluru"}, MinPrice: ptr(5_000_000.0), MaxPrice: ptr(10_000_000.0)}
}

func baseProp() Property {
	return Property{ID: 10, AgentID: 1, Active: true, Purpose: listing.ForSale, Type: "apartment", City: "Bengaluru",
		Locality: "Whitefield", Price: 8_000_000, Bedrooms: ptr(3)}
}

func TestQualifies(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(p *Property, r *Requirement)
		want bool
	}{
		{"Baseline", func(p *Property, r *Requirement) {}, true},
		{"PropertyInactive", func(p *Property, r *Requirement) { p.Active = false }, false},
		{"RequirementInactive", func(p *Property, r *Requirement) { r.Active = false }, false},
		{"NoSelfMatch", func(p *Property, r *Requirement) { p.AgentID = r.AgentID }, false},
		{"PurposeMustAgree", func(p *Property, r *Requirement) { p.Purpose = listing.ForRent }, false},
		{"RentMatchesRent", func(p *Property, r *Requirement) { p.Purpose, r.Purpose = listing.ForRent, listing.ForRent }, true},
		{"LeaseMatchesLease", func(p *Property, r *Requirement) { p.Purpose, r.Purpose = listing.ForLease, listing.ForLease }, true},
		{"TypeMustBeWanted", func(p *Property, r *Requirement) { p.Type = "villa" }, false},
		{"AnyOfSeveralTypes", func(p *Property, r *Requirement) { p.Type = "villa"; r.Types = []string{"apartment", "villa"} }, true},
		{"CityMustBeWanted", func(p *Property, r *Requirement) { p.City = "Mysuru" }, false},
		{"CityIgnoresCase", func(p *Property, r *Requirement) { p.City = "BENGALURU" }, true},
		{"CityIgnoresSpaces", func(p *Property, r *Requirement) { p.City = "Navi  Mumbai "; r.Cities = []string{"navimumbai"} }, true},
		{"PriceAtMaxBudget", func(p *Property, r *Requirement) { p.Price = 10_000_000 }, true},
		{"PriceAtTopOfBand", func(p *Property, r *Requirement) { p.Price = 11_000_000 }, true},
		{"PriceJustAboveBand", func(p *Property, r *Requirement) { p.Price = 11_000_001 }, false},
		{"PriceAtBottomOfBand", func(p *Property, r *Requirement) { p.Price = 4_500_000 }, true},
		{"PriceJustBelowBand", func(p *Property, r *Requirement) { p.Price = 4_499_999 }, false},
		{"NoMaxIsOpen", func(p *Property, r *Requirement) { r.MaxPrice = nil; p.Price = 1e10 }, true},
		{"NoMinIsOpen", func(p *Property, r *Requirement) { r.MinPrice = nil; p.Price = 1 }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, r := baseProp(), baseReq()
			tc.edit(&p, &r)
			if got := Qualifies(p, r); got != tc.want {
				t.Fatalf("Qualifies = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestScore(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(p *Property, r *Requirement)
		want Breakdown
	}{
		{"TypeCityPriceBedrooms", func(p *Property, r *Requirement) {}, Breakdown{30, 25, 15, 10, 0, 80}},
		{"PriceAtBudgetEdgeEarnsPricePoints", func(p *Property, r *Requirement) { p.Price = 10_000_000 }, Breakdown{30, 25, 15, 10, 0, 80}},
		{"PriceInBandButOutsideBudget", func(p *Property, r *Requirement) { p.Price = 10_500_000 }, Breakdown{30, 25, 0, 10, 0, 65}},
		{"BedroomsBelowMinimum", func(p *Property, r *Requirement) { r.MinBedrooms = ptr(4) }, Breakdown{30, 25, 15, 0, 0, 70}},
		{"BedroomsAtMinimum", func(p *Property, r *Requirement) { r.MinBedrooms = ptr(3) }, Breakdown{30, 25, 15, 10, 0, 80}},
		{"BedroomsAboveMaximum", func(p *Property, r *Requirement) { r.MinBedrooms, r.MaxBedrooms = ptr(1), ptr(2) }, Breakdown{30, 25, 15, 0, 0, 70}},
		{"NoMinimumGivesBedroomPoints", func(p *Property, r *Requirement) { r.MinBedrooms = nil }, Breakdown{30, 25, 15, 10, 0, 80}},
		{"PropertyWithoutBedrooms", func(p *Property, r *Requirement) { p.Bedrooms = nil }, Breakdown{30, 25, 15, 0, 0, 70}},
		{"PlotsEarnNoBedroomPoints", func(p *Property, r *Requirement) {
			p.Type, r.Types, p.Bedrooms = "plot", []string{"plot"}, ptr(3)
		}, Breakdown{30, 25, 15, 0, 0, 70}},
		{"VillaEarnsBedroomPoints", func(p *Property, r *Requirement) { p.Type, r.Types = "villa", []string{"villa"} }, Breakdown{30, 25, 15, 10, 0, 80}},
		{"LocalityEquals", func(p *Property, r *Requirement) { r.Localities = []string{"whitefield"} }, Breakdown{30, 25, 15, 10, 20, 100}},
		{"LocalityContains", func(p *Property, r *Requirement) {
			p.Locality = "Whitefield Main Road, Phase 2"
			r.Localities = []string{"Koramangala", "  WHITEFIELD  "}
		}, Breakdown{30, 25, 15, 10, 20, 100}},
		{"LocalityContainedNotContaining", func(p *Property, r *Requirement) {
			p.Locality = "Field"
			r.Localities = []string{"Whitefield"}
		}, Breakdown{30, 25, 15, 10, 0, 80}},
		{"LocalityOtherArea", func(p *Property, r *Requirement) { r.Localities = []string{"Indiranagar"} }, Breakdown{30, 25, 15, 10, 0, 80}},
		{"EmptyLocalityNeverMatches", func(p *Property, r *Requirement) { p.Locality = ""; r.Localities = []string{""} }, Breakdown{30, 25, 15, 10, 0, 80}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, r := baseProp(), baseReq()
			tc.edit(&p, &r)
			if got := Score(p, r); got != tc.want {
				t.Fatalf("Score = %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestScoreOfAPairThatStoppedQualifying(t *testing.T) {
	p, r := baseProp(), baseReq()
	p.City, p.Price = "Chennai", 30_000_000
	if got, want := Score(p, r), (Breakdown{30, 0, 0, 10, 0, 40}); got != want {
		t.Fatalf("Score = %+v, want %+v: only the parts that hold", got, want)
	}
}

func TestRanking(t *testing.T) {
	if !ranksAbove(80, 1, 70, 9) || ranksAbove(70, 9, 80, 1) {
		t.Fatal("a higher score must rank above")
	}
	if !ranksAbove(80, 9, 80, 1) || ranksAbove(80, 1, 80, 9) {
		t.Fatal("on equal scores the newer property must rank above")
	}
}
