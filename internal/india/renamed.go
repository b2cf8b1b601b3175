package india

import "slices"

// renamedCity is a city known by its current name and by former ones.
type renamedCity struct {
	state   string
	current string
	former  []string
}

// renamedCities is the one table of India's renamed cities (and the older
// English spellings still in use): a city is found under any of its names
// and shown under its current one. Where the embedded dataset still spells
// a city the old way (Cochin, Allahabad, Shimoga), the current name
// replaces it. Maharashtra's renames of 2023–24 (Aurangabad, Osmanabad,
// Ahmednagar) are not here: the dataset, the post and most agents still
// use the old names (docs/decisions.md, issue 25).
var renamedCities = []renamedCity{
	{"Andhra Pradesh", "Visakhapatnam", []string{"Vizag", "Vishakhapatnam", "Waltair"}},
	{"Goa", "Panaji", []string{"Panjim"}},
	{"Gujarat", "Vadodara", []string{"Baroda"}},
	{"Haryana", "Gurugram", []string{"Gurgaon"}},
	{"Karnataka", "Belagavi", []string{"Belgaum"}},
	{"Karnataka", "Bengaluru", []string{"Bangalore"}},
	{"Karnataka", "Ballari", []string{"Bellary"}},
	{"Karnataka", "Hubballi", []string{"Hubli"}},
	{"Karnataka", "Kalaburagi", []string{"Gulbarga"}},
	{"Karnataka", "Mangaluru", []string{"Mangalore"}},
	{"Karnataka", "Mysuru", []string{"Mysore"}},
	{"Karnataka", "Shivamogga", []string{"Shimoga"}},
	{"Karnataka", "Tumakuru", []string{"Tumkur"}},
	{"Kerala", "Alappuzha", []string{"Alleppey"}},
	{"Kerala", "Kannur", []string{"Cannanore"}},
	{"Kerala", "Kochi", []string{"Cochin"}},
	{"Kerala", "Kollam", []string{"Quilon"}},
	{"Kerala", "Kozhikode", []string{"Calicut"}},
	{"Kerala", "Thiruvananthapuram", []string{"Trivandrum"}},
	{"Kerala", "Thrissur", []string{"Trichur"}},
	{"Maharashtra", "Mumbai", []string{"Bombay"}},
	{"Maharashtra", "Nashik", []string{"Nasik"}},
	{"Maharashtra", "Pune", []string{"Poona"}},
	{"Odisha", "Bhubaneswar", []string{"Bhubaneshwar"}},
	{"Puducherry", "Puducherry", []string{"Pondicherry", "Pondy"}},
	{"Tamil Nadu", "Chennai", []string{"Madras"}},
	{"Tamil Nadu", "Thoothukudi", []string{"Tuticorin"}},
	{"Tamil Nadu", "Tiruchirappalli", []string{"Trichy", "Trichinopoly"}},
	{"Uttar Pradesh", "Kanpur", []string{"Cawnpore"}},
	{"Uttar Pradesh", "Prayagraj", []string{"Allahabad"}},
	{"Uttar Pradesh", "Varanasi", []string{"Benares", "Banaras"}},
	{"West Bengal", "Kolkata", []string{"Calcutta"}},
}

// renamedStates are the former names of states and union territories,
// found like the current ones.
var renamedStates = map[string]string{
	"orissa":      "Odisha",
	"pondicherry": "Puducherry",
	"uttaranchal": "Uttarakhand",
}

// CurrentCity returns the current name of a city given under any of its
// names, in any case ("cochin" and "Kochi" give "Kochi"), with true; for a
// name the table of renamed cities does not know it returns name with its
// spaces collapsed, and false. It needs no state: a bulk import that has
// only a city's name uses it.
func CurrentCity(name string) (string, bool) {
	r, ok := renamedIndex()[key(name)]
	if !ok {
		return collapse(name), false
	}
	return r.current, true
}

// FindCity returns the name a city of any state is shown under (the
// dataset's spelling, or the current name of a renamed city), matched
// ignoring case and runs of spaces; "", false when no state has it. For a
// list of cities with no state (an advert's targets).
func FindCity(name string) (string, bool) {
	c, ok := geo().anyCity[key(name)]
	return c, ok
}

// CityNames returns every name city is known by: its current name first,
// then its former ones. For a city that was never renamed it is city alone.
func CityNames(city string) []string {
	r, ok := renamedIndex()[key(city)]
	if !ok {
		return []string{collapse(city)}
	}
	return append([]string{r.current}, r.former...)
}

// renamedIndex finds a renamed city under each of its names' keys.
func renamedIndex() map[string]renamedCity { return geo().renamed }

// addRenamed makes each renamed city of the table one of its state's
// cities under its current name (replacing a former name the dataset
// spells) and findable under every name.
func (g *geoIndex) addRenamed() {
	g.renamed = make(map[string]renamedCity)
	for _, r := range renamedCities {
		set, ok := g.city[r.state]
		if !ok {
			panic("india: renamed city " + r.current + " in unknown state " + r.state)
		}
		cities := g.cities[r.state][:0:0]
		listed := false
		for _, c := range g.cities[r.state] {
			k := key(c)
			switch {
			case k == key(r.current):
				listed = true
			case isFormer(r, k):
				continue // shown under the current name
			}
			cities = append(cities, c)
		}
		if !listed {
			cities = append(cities, r.current)
		}
		slices.Sort(cities)
		g.cities[r.state] = cities
		for _, n := range append([]string{r.current}, r.former...) {
			set[key(n)] = r.current
			g.renamed[key(n)] = r
		}
	}
	g.anyCity = make(map[string]string)
	for _, set := range g.city {
		for k, c := range set {
			g.anyCity[k] = c
		}
	}
}

func isFormer(r renamedCity, k string) bool {
	for _, f := range r.former {
		if key(f) == k {
			return true
		}
	}
	return false
}
