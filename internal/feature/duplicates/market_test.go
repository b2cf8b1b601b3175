package duplicates_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/duplicates"
	"propmatch/internal/feature/property"
	"propmatch/internal/kit/store"
)

// fixture is a property service with the duplicate check, as services.New
// wires it.
type fixture struct {
	db    *store.DB
	props *property.Service
	dups  *duplicates.Service
}

func newFixture(db *store.DB) fixture {
	props := property.NewService(db, matchengine.New(db, matchengine.Options{}))
	d := duplicates.NewService(db)
	props.UseDuplicates(d)
	return fixture{db: db, props: props, dups: d}
}

var agentSeq int

func addAgent(t testing.TB, db *store.DB, name string) int64 {
	t.Helper()
	agentSeq++
	var id int64
	err := db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
		VALUES ($1, 'x', $2, $3, $4, $4) RETURNING id`, fmt.Sprintf("agent%d", agentSeq), name, fmt.Sprintf("+91987%07d", agentSeq), time.Now()).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// listingIn is a listing as the form sends it.
type listingIn struct {
	Title, State, City, Locality, Type, Purpose string
	Price                                       float64
	Bedrooms, Sqft                              int
	Photo                                       string // a data URL or /media/ URL, or ""
	Inactive                                    bool
}

func (l listingIn) input(t testing.TB) property.Input {
	t.Helper()
	m := map[string]any{"title": l.Title, "propertyType": l.Type, "listingPurpose": l.Purpose, "price": l.Price,
		"state": l.State, "city": l.City, "locality": l.Locality, "sqft": l.Sqft, "isActive": !l.Inactive, "images": []string{}}
	if l.Type == "" {
		m["propertyType"] = "apartment"
	}
	if l.Purpose == "" {
		m["listingPurpose"] = "for_sale"
	}
	if l.Bedrooms > 0 {
		m["bedrooms"] = l.Bedrooms
	}
	if l.Photo != "" {
		m["images"] = []string{l.Photo}
	}
	b, _ := json.Marshal(m)
	var in property.Input
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	return in
}

func (f fixture) create(t testing.TB, agent int64, l listingIn) property.Property {
	t.Helper()
	p, err := f.props.Create(context.Background(), agent, l.input(t))
	if err != nil {
		t.Fatalf("create %+v: %v", l.Title, err)
	}
	return p
}

// place is a city with localities, each with the ways agents spell it.
type place struct {
	state, city string
	localities  [][]string
}

var places = []place{
	{"Telangana", "Hyderabad", [][]string{
		{"Kondapur", "kondapur", "Kondapur, Hyderabad", "KONDAPUR"},
		{"Gachibowli", "Gachi bowli", "Gachibowli."},
		{"Kukatpally", "Kukatpally Main Road", "kukatpally"},
		{"Banjara Hills", "Banjara Hills Road No 12", "banjara hills"},
		{"Miyapur", "Miyapur X Roads", "miyapur"},
		{"Manikonda", "manikonda", "Manikonda Jagir"},
	}},
	{"Karnataka", "Bengaluru", [][]string{
		{"Whitefield", "White field", "Whitefield Main Road"},
		{"HSR Layout", "H.S.R. Layout", "HSR Layout Sector 2"},
		{"Indiranagar", "Indira Nagar", "indiranagar"},
		{"Jayanagar 4th Block", "Jayanagar 4 Block", "Jayanagar IV Block"},
		{"Hebbal", "hebbal", "Hebbal Kempapura"},
		{"Yelahanka", "Yelahanka New Town", "yelahanka"},
	}},
	{"Maharashtra", "Pune", [][]string{
		{"Hinjewadi Phase 1", "Hinjewadi Ph-1", "Hinjewadi Phase I"},
		{"Kharadi", "kharadi", "Kharadi, Pune"},
		{"Baner", "Baner Road", "baner"},
		{"Kothrud", "kothrud", "Kothrud Depot"},
		{"Hadapsar", "Hadapsar Gaon", "hadapsar"},
		{"Aundh", "aundh", "Aundh Road"},
	}},
}

var titleWords = []string{"Spacious %d BHK in %s", "%d BHK flat, %s", "Well-kept %d BHK apartment near %s", "%d bedroom home at %s", "Sunny %d BHK, %s, ready to move"}

// market is a generated market with known duplicates: each flat listed by
// one to four agents (prices nudged 1-4%, areas up to 3%, titles reworded,
// localities spelt another way, photos re-encoded, resized and cropped a
// little, a tenth without a photo), near misses (another flat in the same
// building; the same price and size in another locality), and unrelated
// listings. truth holds the pairs that are duplicates.
type market struct {
	truth map[[2]int64]bool
	ids   []int64
}

func buildMarket(t testing.TB, f fixture, flats int, seed int64) market {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	agents := make([]int64, 8)
	for i := range agents {
		agents[i] = addAgent(t, f.db, fmt.Sprintf("Agent %c", 'A'+i))
	}
	m := market{truth: map[[2]int64]bool{}}
	variants := []variant{{quality: 60}, {quality: 92}, {side: 560}, {crop: 0.02}, {crop: 0.03, quality: 70}, {side: 480, crop: 0.02}}
	photoSeed := int64(1000)
	for n := range flats {
		pl := places[r.Intn(len(places))]
		li := r.Intn(len(pl.localities))
		loc := pl.localities[li]
		beds := 1 + r.Intn(4)
		price := float64(40+r.Intn(260)) * 1e5
		sqft := 500 + beds*300 + r.Intn(400)
		photoSeed++
		img := scene(photoSeed)
		copies := 1 + r.Intn(4)
		order := r.Perm(len(agents))
		var listed []int64
		for c := range copies {
			l := listingIn{Title: fmt.Sprintf(titleWords[r.Intn(len(titleWords))], beds, loc[0]), State: pl.state, City: pl.city,
				Locality: loc[r.Intn(len(loc))], Price: price, Bedrooms: beds, Sqft: sqft}
			if c > 0 {
				l.Price = price * (1 + float64(r.Intn(4)+1)/100*float64(1-2*r.Intn(2)))
				l.Sqft = sqft + sqft*r.Intn(4)/100*(1-2*r.Intn(2))
			}
			if r.Intn(10) > 0 {
				v := variant{}
				if c > 0 {
					v = variants[r.Intn(len(variants))]
				}
				l.Photo = photo(t, img, v)
			}
			p := f.create(t, agents[order[c]], l)
			for _, o := range listed {
				m.truth[[2]int64{min(o, p.ID), max(o, p.ID)}] = true
			}
			listed = append(listed, p.ID)
			m.ids = append(m.ids, p.ID)
		}
		// Near misses, every other flat: another flat in the same
		// building (other size, its own photo), or the same price and
		// size in another locality of the city.
		if n%2 == 0 {
			photoSeed++
			other := listingIn{Title: fmt.Sprintf("%d BHK in %s", beds, loc[0]), State: pl.state, City: pl.city, Locality: loc[0],
				Price: price * 1.03, Bedrooms: beds, Sqft: sqft * 13 / 10, Photo: photo(t, scene(photoSeed), variant{})}
			if r.Intn(2) == 0 {
				other.Bedrooms, other.Sqft = beds+1, sqft+350
			}
			p := f.create(t, agents[order[len(order)-1]], other)
			m.ids = append(m.ids, p.ID)
		} else {
			photoSeed++
			far := pl.localities[(li+1+r.Intn(len(pl.localities)-1))%len(pl.localities)]
			p := f.create(t, agents[order[len(order)-1]], listingIn{Title: fmt.Sprintf("%d BHK, %s", beds, far[0]), State: pl.state, City: pl.city,
				Locality: far[0], Price: price, Bedrooms: beds, Sqft: sqft, Photo: photo(t, scene(photoSeed), variant{})})
			m.ids = append(m.ids, p.ID)
		}
	}
	return m
}

// likelyPairs reads the pairs the checks stored as likely.
func likelyPairs(t testing.TB, db *store.DB) map[[2]int64]bool {
	t.Helper()
	rows, err := db.Query(`SELECT property_a, property_b FROM duplicate_pairs WHERE status = 'likely'`)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	out := map[[2]int64]bool{}
	for rows.Next() {
		var a, b int64
		if err := rows.Scan(&a, &b); err != nil {
			t.Fatal(err)
		}
		out[[2]int64{a, b}] = true
	}
	return out
}
