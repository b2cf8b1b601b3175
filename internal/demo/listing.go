package demo

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Amenity choices per property type (docs/product.md#listing-form).
var amenities = map[string][]string{
	"apartment":    {"Parking", "Elevator", "Security", "Power Backup", "Swimming Pool", "Gym", "Club House", "CCTV", "Intercom", "Water Supply", "Children's Play Area"},
	"villa":        {"Parking", "Security", "Power Backup", "Garden", "Swimming Pool", "CCTV", "Water Supply", "Bore Well"},
	"plot":         {"Road Access", "Water Supply", "Electricity Connection", "Boundary Wall", "Security"},
	"agricultural": {"Water Source", "Electricity Connection", "Road Access", "Storage Facility", "Boundary Fencing"},
	"commercial":   {"Parking", "Elevator", "Security", "Power Backup", "Central AC", "Generator", "Reception Area", "Fire Safety", "CCTV", "High Speed Internet", "Conference Room"},
}

// listing is a property being generated: its columns, typed.
type listing struct {
	ID, AgentID                int64
	Title, Description         string
	Type, Purpose              string
	Price                      float64
	City                       *city
	Locality, Pincode, Address string

	Bedrooms, Bathrooms, Sqft, BuiltUpArea, PlotArea, TotalFloors, VillaSize, TotalCabins, Washrooms *int
	Floor, Facing, Furnishing, Balcony, Maintenance, Parking, Garden, Furnished, Zone, Frontage      *string
	RoadAccess, CommercialType, PowerBackup, LeaseTerm, SoilType, CropHistory, Fencing, Irrigation   *string
	Acres                                                                                            *float64
	HasLegalDocs, ReraApproved, CentralAC, Active                                                    bool
	Amenities                                                                                        []string
}

func ip(n int) *int                      { return &n }
func sp(s string) *string                { return &s }
func fp(f float64) *float64              { return &f }
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// weighted returns an index drawn with the given relative weights.
func weighted(r *rand.Rand, w ...float64) int {
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	u := r.Float64() * sum
	for i, x := range w {
		if u < x {
			return i
		}
		u -= x
	}
	return len(w) - 1
}

// lognormal returns exp(N(0, sigma)), a multiplicative noise around 1,
// with the normal draw clipped at 2.5 standard deviations (no freak values).
func lognormal(r *rand.Rand, sigma float64) float64 {
	return math.Exp(math.Max(-2.5, math.Min(2.5, r.NormFloat64())) * sigma)
}

// chooseType draws a property type and purpose for a city: apartments
// dominate, farmland lies outside the metros, and plots and farmland are
// sold or leased, not rented.
func chooseType(r *rand.Rand, c *city) (typ, purpose string) {
	agri := 2.0
	if c.Tier > 1 {
		agri = 12
	}
	typ = []string{"apartment", "villa", "plot", "commercial", "agricultural"}[weighted(r, 52, 11, 14, 14, agri)]
	var w []float64
	switch typ {
	case "apartment":
		w = []float64{66, 33, 1}
	case "villa":
		w = []float64{76, 23, 1}
	case "plot":
		w = []float64{90, 0, 10}
	case "agricultural":
		w = []float64{85, 0, 15}
	default:
		w = []float64{45, 35, 20}
	}
	return typ, []string{"for_sale", "for_rent", "for_lease"}[weighted(r, w...)]
}

// localityFactor is a locality's price premium, fixed per locality.
func localityFactor(c *city, locality string) float64 {
	for i, l := range c.Localities {
		if l == locality {
			return 0.8 + 0.55*math.Mod(float64(i+1)*0.618034, 1)
		}
	}
	return 1
}

// fillListing draws the type-specific fields, the price, the title and the
// text of l, whose City, Type, Purpose and (optionally) Locality, Bedrooms
// and Price are set.
func fillListing(r *rand.Rand, l *listing) {
	what := shapeListing(r, l)
	c := l.City
	l.HasLegalDocs = r.Float64() < 0.85
	l.ReraApproved = (l.Type == "apartment" || l.Type == "villa" || l.Type == "commercial") && r.Float64() < 0.6
	l.Amenities = someOf(r, amenities[l.Type])
	switch l.Purpose {
	case "for_rent":
		l.Title = what + " for Rent in " + l.Locality
	case "for_lease":
		l.Title = what + " for Lease in " + l.Locality
	default:
		l.Title = what + " in " + l.Locality
	}
	if l.Type == "agricultural" && c.Tier < 3 {
		l.Title = strings.Replace(l.Title, " in "+l.Locality, " near "+c.Name, 1)
	}
	l.Pincode = strconv.Itoa(c.Pin + r.IntN(40))
	l.Address = address(r, l)
	l.Description = description(r, l)
}

// shapeListing draws the type-specific fields and the price of l, and
// returns what it is ("3 BHK Apartment", "Office Space", ...).
func shapeListing(r *rand.Rand, l *listing) string {
	c := l.City
	if l.Locality == "" {
		l.Locality = pick(r, c.Localities)
	}
	rate := c.Rate * localityFactor(c, l.Locality)
	var sale float64
	var what string // "3 BHK Apartment", "Office Space", ...
	switch l.Type {
	case "apartment":
		if l.Bedrooms == nil {
			l.Bedrooms = ip(1 + weighted(r, 15, 35, 33, 13, 4))
		}
		bhk := *l.Bedrooms
		sqft := roundTo(float64([]int{0, 600, 1050, 1500, 2200, 3200}[min(bhk, 5)])*lognormal(r, 0.12), 10)
		l.Sqft, l.BuiltUpArea = ip(int(sqft)), ip(int(sqft))
		l.Bathrooms = ip(min(4, max(1, bhk-1+weighted(r, 2, 5, 3))))
		total := 4 + r.IntN(12)
		if c.Tier == 1 {
			total = 8 + r.IntN(33)
		}
		l.TotalFloors = ip(total)
		if f := r.IntN(total + 1); f == 0 {
			l.Floor = sp("Ground")
		} else {
			l.Floor = sp(strconv.Itoa(f))
		}
		l.Balcony = sp(yesNo(r, 0.8))
		l.Maintenance = sp(strconv.Itoa(int(roundTo(sqft*float64(2+r.IntN(4)), 100))))
		l.Furnishing = sp(pick(r, []string{"unfurnished", "semi", "semi", "fully"}))
		l.Facing = sp(pick(r, facings))
		sale = sqft * rate * lognormal(r, 0.2)
		what = fmt.Sprintf("%d BHK Apartment", bhk)
	case "villa":
		if l.Bedrooms == nil {
			l.Bedrooms = ip(2 + weighted(r, 10, 35, 35, 15, 5))
		}
		bhk := *l.Bedrooms
		size := roundTo(float64(1400+700*(bhk-2))*lognormal(r, 0.15), 50)
		l.VillaSize, l.Sqft = ip(int(size)), ip(int(size))
		l.PlotArea = ip(int(roundTo(size*(1.1+0.7*r.Float64()), 50)))
		l.Bathrooms = ip(min(5, max(2, bhk-1+weighted(r, 2, 5, 3))))
		l.TotalFloors = ip(1 + weighted(r, 15, 50, 30, 5))
		l.Parking = sp(pick(r, []string{"1", "2", "2", "3+", "none"}))
		l.Furnished = sp(pick(r, []string{"unfurnished", "semi", "semi", "fully"}))
		l.Garden = sp(yesNo(r, 0.7))
		l.Facing = sp(pick(r, facings))
		sale = size * rate * 1.25 * lognormal(r, 0.22)
		what = fmt.Sprintf("%d BHK Villa", bhk)
	case "plot":
		area := roundTo(pick(r, []float64{600, 1200, 1200, 1500, 2400, 2400, 4000, 10890})*lognormal(r, 0.1), 50)
		l.PlotArea = ip(int(area))
		zone := []string{"residential", "commercial", "industrial", "agricultural"}[weighted(r, 70, 15, 8, 7)]
		l.Zone = sp(zone)
		l.Frontage = sp(strconv.Itoa(20 + 5*r.IntN(13)))
		l.RoadAccess = sp(pick(r, []string{"main_road", "side_road", "internal_road", "internal_road"}))
		l.Facing = sp(pick(r, facings))
		sale = area * rate * 0.55 * lognormal(r, 0.3)
		what = fmt.Sprintf("%s sq ft %s Plot", groupThousands(int64(area)), strings.ToUpper(zone[:1])+zone[1:])
	case "agricultural":
		acres := math.Max(0.5, math.Min(200, math.Round(4*lognormal(r, 0.9)*2)/2))
		l.Acres = &acres
		l.SoilType = sp(pick(r, []string{"black", "red", "alluvial", "laterite", "clay", "sandy"}))
		l.CropHistory = sp(pick(r, crops))
		l.RoadAccess = sp(pick(r, []string{"main_road", "side_road", "internal_road", "none"}))
		l.Fencing = sp(pick(r, []string{"complete", "partial", "none"}))
		l.Irrigation = sp(pick(r, []string{"drip", "sprinkler", "canal", "borewell", "borewell", "none"}))
		perAcre := []float64{0, 9_000_000, 2_500_000, 1_000_000}[c.Tier]
		sale = acres * perAcre * lognormal(r, 0.4)
		what = strconv.FormatFloat(acres, 'f', -1, 64) + " Acres Agricultural Land"
		if acres == 1 {
			what = "1 Acre Agricultural Land"
		}
	default: // commercial
		kind := []string{"office", "retail", "warehouse", "showroom", "restaurant", "medical"}[weighted(r, 35, 30, 10, 10, 8, 7)]
		l.CommercialType = sp(kind)
		median := map[string]float64{"office": 1500, "retail": 400, "warehouse": 8000, "showroom": 2500, "restaurant": 1500, "medical": 1200}[kind]
		area := roundTo(median*lognormal(r, 0.45), 10)
		area = math.Max(area, 120)
		l.BuiltUpArea, l.Sqft = ip(int(area)), ip(int(area))
		if kind == "office" || kind == "medical" {
			l.TotalCabins = ip(max(1, int(area/180)))
		} else {
			l.TotalCabins = ip(max(0, int(area/900)))
		}
		l.Washrooms = ip(max(1, int(area/800)))
		if f := r.IntN(8); f == 0 {
			l.Floor = sp("Ground")
		} else {
			l.Floor = sp(strconv.Itoa(f))
		}
		l.PowerBackup = sp(pick(r, []string{"full", "full", "partial", "none"}))
		l.LeaseTerm = sp(pick(r, []string{"monthly", "yearly", "yearly", "flexible"}))
		l.CentralAC = (kind == "office" || kind == "showroom" || kind == "medical") && r.Float64() < 0.7
		l.Furnishing = sp(pick(r, []string{"unfurnished", "semi", "fully"}))
		factor := map[string]float64{"office": 1.2, "retail": 1.7, "warehouse": 0.35, "showroom": 1.4, "restaurant": 1.3, "medical": 1.2}[kind]
		sale = area * rate * factor * lognormal(r, 0.25)
		what = map[string]string{"office": "Office Space", "retail": "Retail Shop", "warehouse": "Warehouse", "showroom": "Showroom",
			"restaurant": "Restaurant Space", "medical": "Clinic Space"}[kind]
	}
	if l.Price == 0 {
		l.Price = priceFor(l.Type, l.Purpose, c.Tier, sale)
	}
	return what
}

// priceFor turns a sale value into the listed price: the sale price itself,
// or a monthly rent or lease from a yield, rounded as agents quote them.
func priceFor(typ, purpose string, tier int, sale float64) float64 {
	if purpose == "for_sale" {
		switch {
		case sale >= 10_000_000:
			return math.Max(roundTo(sale, 100_000), 100_000)
		case sale >= 1_000_000:
			return roundTo(sale, 10_000)
		default:
			return math.Max(roundTo(sale, 1_000), 200_000)
		}
	}
	yield := map[string]float64{"apartment": 0.032, "villa": 0.028, "commercial": 0.075, "plot": 0.02, "agricultural": 0.015}[typ]
	if tier > 1 && (typ == "apartment" || typ == "villa") {
		yield += 0.006
	}
	rent := sale * yield / 12
	floor := 8000.0
	if typ == "plot" || typ == "agricultural" {
		floor = 3000
	}
	if rent < 100_000 {
		return math.Max(roundTo(rent, 500), floor)
	}
	return roundTo(rent, 5_000)
}

func roundTo(x, step float64) float64 { return math.Round(x/step) * step }

func yesNo(r *rand.Rand, p float64) string {
	if r.Float64() < p {
		return "yes"
	}
	return "no"
}

// someOf returns a random non-empty subset of list, in list order.
func someOf(r *rand.Rand, list []string) []string {
	out := []string{}
	p := 0.3 + 0.5*r.Float64()
	for _, a := range list {
		if r.Float64() < p {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		out = append(out, list[0])
	}
	return out
}

func address(r *rand.Rand, l *listing) string {
	c := l.City
	project := pick(r, projectFirst) + " " + pick(r, projectSecond)
	switch l.Type {
	case "apartment":
		return fmt.Sprintf("Flat %d%02d, %s, %s, %s", 1+r.IntN(max(1, derefInt(l.TotalFloors))), 1+r.IntN(8), project, l.Locality, c.Name)
	case "villa":
		return fmt.Sprintf("Villa %d, %s, %s, %s", 1+r.IntN(180), project, l.Locality, c.Name)
	case "plot":
		return fmt.Sprintf("Plot No. %d, Survey No. %d/%d, %s, %s", 1+r.IntN(400), 10+r.IntN(390), 1+r.IntN(9), l.Locality, c.Name)
	case "agricultural":
		return fmt.Sprintf("Survey No. %d/%d, %s Road, %s District", 10+r.IntN(900), 1+r.IntN(12), c.Name, c.Name)
	default:
		return fmt.Sprintf("Unit %d, %s Business Centre, %s, %s", 1+r.IntN(900), pick(r, projectFirst), l.Locality, c.Name)
	}
}

func derefInt(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func description(r *rand.Rand, l *listing) string {
	var b strings.Builder
	switch l.Type {
	case "apartment":
		fmt.Fprintf(&b, "Well-ventilated %d BHK of %s sq ft on the %s floor, %s facing, %s.", *l.Bedrooms, groupThousands(int64(*l.Sqft)),
			ordinal(*l.Floor), *l.Facing, furnishText(*l.Furnishing))
	case "villa":
		fmt.Fprintf(&b, "Independent %d BHK villa, %s sq ft built on a %s sq ft plot, %s.", *l.Bedrooms, groupThousands(int64(*l.VillaSize)),
			groupThousands(int64(*l.PlotArea)), furnishText(*l.Furnished))
	case "plot":
		fmt.Fprintf(&b, "Clear-title %s plot with %s ft frontage on a %s.", *l.Zone, *l.Frontage, strings.ReplaceAll(*l.RoadAccess, "_", " "))
	case "agricultural":
		fmt.Fprintf(&b, "%s acres of %s soil, last cropped with %s; %s irrigation.", strconv.FormatFloat(*l.Acres, 'f', -1, 64),
			*l.SoilType, strings.ToLower(*l.CropHistory), *l.Irrigation)
	default:
		fmt.Fprintf(&b, "%s sq ft %s space with %s power backup.", groupThousands(int64(*l.BuiltUpArea)), *l.CommercialType, *l.PowerBackup)
	}
	b.WriteString(pick(r, []string{
		" Close to schools, hospitals and the main market.",
		" Good connectivity to the highway and public transport.",
		" Peaceful neighbourhood with all daily needs nearby.",
		" Ideal for end use or investment.",
		" Owner is motivated; negotiable for serious buyers.",
		"",
	}))
	return b.String()
}

// ordinal writes a floor number as "3rd"; "Ground" becomes "ground".
func ordinal(floor string) string {
	n, err := strconv.Atoi(floor)
	if err != nil {
		return strings.ToLower(floor)
	}
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

func furnishText(f string) string {
	switch f {
	case "fully":
		return "fully furnished"
	case "semi":
		return "semi-furnished"
	}
	return "unfurnished"
}

// groupThousands writes n with Western thousands separators.
func groupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

func jsonList(xs []string) string {
	b, _ := json.Marshal(xs)
	return string(b)
}

// nullInt and friends turn optional fields into query arguments.
func nullInt(p *int) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}

func nullStr(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

func nullFloat(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
