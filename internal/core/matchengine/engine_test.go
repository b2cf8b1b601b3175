package matchengine

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"propmatch/internal/core/listing"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// world is a database with agents, and helpers that write listings and
// requirements the way the feature services do: write, then run the engine
// in the same transaction.
type world struct {
	t   *testing.T
	ctx context.Context
	db  *store.DB
	e   *Engine
	now time.Time
	n   int
	// gained is what the last write's PropertyChanged or RequirementChanged returned.
	gained Gained
	// chunked runs a listing's matching as its job does, in chunks of
	// e.opt.Chunk requirements after the listing's write has committed.
	chunked bool
}

func newWorld(t *testing.T, db *store.DB, limit int) *world {
	w := &world{t: t, ctx: context.Background(), db: db, e: New(db, Options{Limit: limit}), now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	db.QueryRow(`SELECT COUNT(*) FROM users`).Scan(&w.n)
	return w
}

func (w *world) tx(fn func(tx *sql.Tx) error) {
	w.t.Helper()
	if err := w.db.WithTx(w.ctx, fn); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) agent() int64 {
	w.t.Helper()
	w.n++
	var id int64
	err := w.db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
		VALUES ($1, 'x', $1, $2, $3, $3) RETURNING id`, fmt.Sprintf("agent%d", w.n), fmt.Sprintf("+9198765%05d", w.n), w.now).Scan(&id)
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

func (w *world) addProperty(p Property) int64 {
	w.t.Helper()
	w.tx(func(tx *sql.Tx) error {
		err := tx.QueryRow(`INSERT INTO properties (agent_id, title, property_type, listing_purpose, price, city, city_key, locality,
			bedrooms, is_active, created_at, updated_at) VALUES ($1, 'Flat', $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
			p.AgentID, p.Type, string(p.Purpose), p.Price, p.City, CityKey(p.City), p.Locality, p.Bedrooms, p.Active, w.now).Scan(&p.ID)
		if err != nil || w.chunked {
			return err
		}
		w.gained, err = w.e.PropertyChanged(w.ctx, tx, w.now, p.ID)
		return err
	})
	w.propertyJob(p.ID)
	return p.ID
}

// propertyJob runs the listing's matching job, in chunks, when w is chunked.
func (w *world) propertyJob(id int64) {
	w.t.Helper()
	if !w.chunked {
		return
	}
	h, err := w.e.propertyJob(w.ctx, w.db, id, func(context.Context, *sql.Tx) (bool, error) { return true, nil })
	if err != nil {
		w.t.Fatal(err)
	}
	w.tx(func(tx *sql.Tx) error {
		_, err := h(w.ctx, tx, jobs.Job{})
		return err
	})
}

func (w *world) editProperty(id int64, edit func(p *Property)) {
	w.t.Helper()
	w.tx(func(tx *sql.Tx) error {
		p, err := loadProperty(w.ctx, tx, id)
		if err != nil {
			return err
		}
		edit(&p)
		if _, err := tx.Exec(`UPDATE properties SET price = $1, is_active = $2, locality = $3, city = $4, city_key = $5 WHERE id = $6`,
			p.Price, p.Active, p.Locality, p.City, CityKey(p.City), id); err != nil || w.chunked {
			return err
		}
		w.gained, err = w.e.PropertyChanged(w.ctx, tx, w.now, id)
		return err
	})
	w.propertyJob(id)
}

func (w *world) deleteProperty(id int64) {
	w.t.Helper()
	w.tx(func(tx *sql.Tx) error {
		if err := w.e.PropertyDeleting(w.ctx, tx, w.now, id); err != nil {
			return err
		}
		_, err := tx.Exec(`DELETE FROM properties WHERE id = $1`, id)
		return err
	})
}

func (w *world) addRequirement(r Requirement) int64 {
	w.t.Helper()
	types, _ := json.Marshal(r.Types)
	cities, _ := json.Marshal(r.Cities)
	locs, _ := json.Marshal(r.Localities)
	if r.Localities == nil {
		locs = []byte("[]")
	}
	w.tx(func(tx *sql.Tx) error {
		err := tx.QueryRow(`INSERT INTO requirements (agent_id, client_name, client_phone, property_types, listing_purpose, min_price, max_price,
			preferred_cities, preferred_localities, min_bedrooms, max_bedrooms, is_active, created_at, updated_at)
			VALUES ($1, 'Client', '+919999999999', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
			r.AgentID, string(types), r.Purpose.Camel(), r.MinPrice, r.MaxPrice, string(cities), string(locs), r.MinBedrooms, r.MaxBedrooms, r.Active, w.now).Scan(&r.ID)
		if err != nil {
			return err
		}
		w.gained, err = w.e.RequirementChanged(w.ctx, tx, w.now, r.ID)
		return err
	})
	return r.ID
}

func (w *world) editRequirement(id int64, set string, args ...any) {
	w.t.Helper()
	w.tx(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`UPDATE requirements SET `+set+` WHERE id = `+fmt.Sprint(id), args...); err != nil {
			return err
		}
		var err error
		w.gained, err = w.e.RequirementChanged(w.ctx, tx, w.now, id)
		return err
	})
}

// setStatus sets the buyer side's status, as package match does.
func (w *world) setStatus(propID, reqID int64, status Status) {
	w.t.Helper()
	w.setSide("buyer", propID, reqID, status)
}

// setSide sets one side's status and notes, and refills as package match
// does (it always refills; a refill that changes nothing is harmless).
func (w *world) setSide(side string, propID, reqID int64, status Status) {
	w.t.Helper()
	w.tx(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`UPDATE matches SET `+side+`_status = $1, `+side+`_notes = 'called the client'
			WHERE property_id = $2 AND requirement_id = $3`, string(status), propID, reqID); err != nil {
			return err
		}
		return w.e.StatusChanged(w.ctx, tx, w.now, reqID)
	})
}

type stored struct {
	score     int
	status    Status // the buyer side's
	seller    Status // the seller side's
	notes     string // the buyer side's
	breakdown Breakdown
}

// open reports whether the match holds one of its requirement's slots.
func (s stored) open() bool { return Open(s.status, s.seller) }

// matches returns the stored matches of a requirement by property id.
func (w *world) matches(reqID int64) map[int64]stored {
	w.t.Helper()
	rows, err := w.db.Query(`SELECT property_id, match_score, buyer_status, seller_status, buyer_notes, breakdown FROM matches WHERE requirement_id = $1`, reqID)
	if err != nil {
		w.t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]stored{}
	for rows.Next() {
		var pid int64
		var s stored
		var bj string
		rows.Scan(&pid, &s.score, &s.status, &s.seller, &s.notes, &bj)
		json.Unmarshal([]byte(bj), &s.breakdown)
		out[pid] = s
	}
	return out
}

func sale(agent int64, price float64) Property {
	return Property{AgentID: agent, Active: true, Purpose: listing.ForSale, Type: "apartment", City: "Bengaluru", Locality: "Whitefield", Price: price, Bedrooms: ptr(3)}
}

func wants(agent int64) Requirement {
	return Requirement{AgentID: agent, Active: true, Purpose: listing.ForSale, Types: []string{"apartment"}, Cities: []string{"bengaluru"},
		MinPrice: ptr(5_000_000.0), MaxPrice: ptr(10_000_000.0)}
}

func TestEngine(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		t.Run("PropertyMatchesExistingRequirementWithBreakdown", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			p := w.addProperty(sale(seller, 8_000_000))
			got := w.matches(r)[p]
			want := Breakdown{30, 25, 15, 10, 0, 80}
			if got.score != 80 || got.status != "new" || got.breakdown != want {
				t.Fatalf("got %+v, want score 80 new with %+v", got, want)
			}
		})
		t.Run("WritesReturnTheMatchesTheyStored", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer1, buyer2, buyer3 := w.agent(), w.agent(), w.agent(), w.agent()
			w.addRequirement(wants(buyer1))
			wantGained(t, "requirement without listings", w.gained, Gained{})
			w.addRequirement(wants(buyer2))
			p := w.addProperty(sale(seller, 8_000_000))
			wantGained(t, "listing for two requirements", w.gained, Gained{seller: 2, buyer1: 1, buyer2: 1})
			w.addRequirement(wants(buyer3))
			wantGained(t, "requirement for one listing", w.gained, Gained{seller: 1, buyer3: 1})
			w.editProperty(p, func(p *Property) { p.Price = 9_000_000 })
			wantGained(t, "edit that only rescores", w.gained, Gained{})
			w.editRequirement(w.addRequirement(wants(buyer1)), `max_price = 20000000`)
			wantGained(t, "edit that keeps its match", w.gained, Gained{})
		})
		t.Run("RefillsOfAListingEditAreReturned", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 1)
			seller1, seller2, buyer := w.agent(), w.agent(), w.agent()
			w.addRequirement(wants(buyer))
			w.addProperty(sale(seller1, 8_000_000))
			p2 := w.addProperty(sale(seller2, 8_000_000)) // newer: pushes the first out of the one slot
			wantGained(t, "newer listing", w.gained, Gained{seller2: 1, buyer: 1})
			w.editProperty(p2, func(p *Property) { p.Price = 20_000_000 })
			wantGained(t, "listing edited out of the band", w.gained, Gained{seller1: 1, buyer: 1})
		})
		t.Run("RequirementMatchesExistingProperties", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			p1 := w.addProperty(sale(seller, 8_000_000))
			p2 := w.addProperty(sale(seller, 10_800_000)) // in the band, outside the budget
			w.addProperty(sale(seller, 20_000_000))       // outside the band
			r := w.addRequirement(wants(buyer))
			got := w.matches(r)
			if len(got) != 2 || got[p1].score != 80 || got[p2].score != 65 {
				t.Fatalf("got %+v", got)
			}
		})
		t.Run("NoSelfMatch", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			a := w.agent()
			w.addProperty(sale(a, 8_000_000))
			if got := w.matches(w.addRequirement(wants(a))); len(got) != 0 {
				t.Fatalf("an agent matched their own listing: %+v", got)
			}
		})
		t.Run("EditOutOfBandRemovesNewMatch", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			p := w.addProperty(sale(seller, 8_000_000))
			w.editProperty(p, func(p *Property) { p.Price = 11_000_001 })
			if got := w.matches(r); len(got) != 0 {
				t.Fatalf("got %+v, want the new match removed", got)
			}
		})
		t.Run("EditRescoresAndKeepsStatusAndNotes", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			p := w.addProperty(sale(seller, 8_000_000))
			w.setStatus(p, r, "interested")
			w.editProperty(p, func(p *Property) { p.Price = 10_500_000 })
			got := w.matches(r)[p]
			if got.score != 65 || got.status != "interested" || got.notes != "called the client" || got.breakdown.Price != 0 {
				t.Fatalf("got %+v", got)
			}
		})
		t.Run("MatchPastNewIsKeptWhenItNoLongerQualifies", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			p := w.addProperty(sale(seller, 8_000_000))
			w.setStatus(p, r, "contacted")
			w.editProperty(p, func(p *Property) { p.City = "Chennai" })
			if got := w.matches(r)[p]; got.status != "contacted" {
				t.Fatalf("got %+v, want the contacted match kept", got)
			}
		})
		t.Run("NotInterestedIsNeverOfferedAgain", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			p := w.addProperty(sale(seller, 8_000_000))
			w.setStatus(p, r, "not_interested")
			w.editProperty(p, func(p *Property) { p.Price = 30_000_000 })
			w.editProperty(p, func(p *Property) { p.Price = 7_000_000 })
			w.editRequirement(r, `min_price = 1000000`)
			got := w.matches(r)
			if len(got) != 1 || got[p].status != "not_interested" {
				t.Fatalf("got %+v, want only the not_interested match", got)
			}
		})
		t.Run("SellerSideKeepsTheMatchButDoesNotExcludeThePair", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			p := w.addProperty(sale(seller, 8_000_000))
			w.setSide("seller", p, r, StatusNotInterested)
			w.editProperty(p, func(p *Property) { p.Price = 30_000_000 }) // out of the band
			if got := w.matches(r)[p]; got.status != StatusNew || got.seller != StatusNotInterested {
				t.Fatalf("got %+v, want the match kept, new for the buyer", got)
			}
			w.editProperty(p, func(p *Property) { p.Price = 7_000_000 })
			w.editRequirement(r, `min_price = 1000000`)
			if got := w.matches(r); len(got) != 1 || got[p].status != StatusNew || got[p].open() {
				t.Fatalf("got %+v, want the one match, new for the buyer, outside the slots", got)
			}
		})
		t.Run("LocalityAddsPoints", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			req := wants(buyer)
			req.Localities = []string{"whitefield"}
			r := w.addRequirement(req)
			p := w.addProperty(sale(seller, 8_000_000))
			if got := w.matches(r)[p]; got.score != 100 || got.breakdown.Locality != 20 {
				t.Fatalf("got %+v", got)
			}
		})
		t.Run("DeletingEitherSideDeletesItsMatches", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 100)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			p := w.addProperty(sale(seller, 8_000_000))
			w.setStatus(p, r, "closed")
			w.deleteProperty(p)
			if got := w.matches(r); len(got) != 0 {
				t.Fatalf("got %+v after deleting the property", got)
			}
			p2 := w.addProperty(sale(seller, 8_000_000))
			if _, err := db.Exec(`DELETE FROM requirements WHERE id = $1`, r); err != nil {
				t.Fatal(err)
			}
			var n int
			db.QueryRow(`SELECT COUNT(*) FROM matches WHERE property_id = $1`, p2).Scan(&n)
			if n != 0 {
				t.Fatalf("%d matches left after deleting the requirement", n)
			}
		})
	})
}

func TestEngineKeepsTheBestN(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db, 3)
		seller, buyer := w.agent(), w.agent()
		r := w.addRequirement(wants(buyer))
		low1 := w.addProperty(sale(seller, 10_500_000)) // 65
		low2 := w.addProperty(sale(seller, 10_600_000)) // 65
		hi1 := w.addProperty(sale(seller, 8_000_000))   // 80
		t.Run("CappedAtTheLimit", func(t *testing.T) {
			hi2 := w.addProperty(sale(seller, 9_000_000)) // 80: pushes out the oldest 65
			got := w.matches(r)
			if len(got) != 3 {
				t.Fatalf("%d matches, want 3", len(got))
			}
			if _, ok := got[low1]; ok {
				t.Fatal("the lowest, oldest match was not pushed out")
			}
			for _, id := range []int64{low2, hi1, hi2} {
				if _, ok := got[id]; !ok {
					t.Fatalf("property %d missing from %+v", id, got)
				}
			}
		})
		t.Run("NewcomerBelowTheFloorIsNotStored", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 2)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			w.addProperty(sale(seller, 8_000_000)) // 80
			w.addProperty(sale(seller, 9_000_000)) // 80
			low := w.addProperty(sale(seller, 10_500_000))
			if _, ok := w.matches(r)[low]; ok || len(w.matches(r)) != 2 {
				t.Fatalf("a 65 newcomer entered a best-2 of 80s: %+v", w.matches(r))
			}
		})
		t.Run("NewerPropertyWinsATie", func(t *testing.T) {
			w := newWorld(t, storetest.New(t, db.Engine), 2)
			seller, buyer := w.agent(), w.agent()
			r := w.addRequirement(wants(buyer))
			oldest := w.addProperty(sale(seller, 8_000_000))
			w.addProperty(sale(seller, 9_000_000))
			newest := w.addProperty(sale(seller, 7_000_000))
			got := w.matches(r)
			if _, ok := got[oldest]; ok {
				t.Fatal("the oldest of equal scores was kept")
			}
			if _, ok := got[newest]; !ok {
				t.Fatal("the newest of equal scores was not stored")
			}
			var floorProp int64
			db2 := w.db
			db2.QueryRow(`SELECT floor_property_id FROM requirements WHERE id = $1`, r).Scan(&floorProp)
			if floorProp == newest || floorProp == 0 {
				t.Fatalf("floor property %d: want the older kept match", floorProp)
			}
		})
		t.Run("RefillWhenASlotFrees", func(t *testing.T) {
			before := w.matches(r)
			var victim int64
			for id, m := range before {
				if m.score == 80 {
					victim = id
					break
				}
			}
			w.deleteProperty(victim)
			after := w.matches(r)
			if len(after) != 3 {
				t.Fatalf("%d matches after delete, want 3 (refilled)", len(after))
			}
		})
		t.Run("StatusPastNewFreesASlot", func(t *testing.T) {
			w.addProperty(sale(seller, 10_800_000)) // a fourth candidate, waiting for a slot
			got := w.matches(r)
			var one int64
			for id := range got {
				one = id
				break
			}
			w.setStatus(one, r, "viewed")
			got = w.matches(r)
			news := 0
			for _, m := range got {
				if m.open() {
					news++
				}
			}
			if news != 3 || len(got) != 4 {
				t.Fatalf("got %d new of %d, want 3 new plus the viewed one", news, len(got))
			}
		})
	})
}

// TestEngineInvariants runs random writes and checks, after each, what must
// always hold: stored scores are right, new matches qualify, a requirement
// keeps at most N new matches and has no free slot while a qualifying
// property is unmatched, and its stored bound agrees with its matches.
// TestEngineInvariants edits a market at random and checks after every
// step that each requirement keeps its best N, with the listings' matching
// run in one transaction, and run as its job runs it: in chunks of a few
// requirements, each committed on its own. Each market is kept twice, on
// two fresh databases: once by the set-based engine and once by the Go
// reference engine (Options.Reference), and after every step the two hold
// exactly the same matches, scores, breakdowns, statuses and bounds.
func TestEngineInvariants(t *testing.T) {
	for _, tc := range []struct {
		name    string
		chunked bool
	}{{"one transaction", false}, {"chunks of 2", true}} {
		t.Run(tc.name, func(t *testing.T) {
			for _, engine := range storetest.Engines() {
				t.Run(string(engine), func(t *testing.T) { testEngineInvariants(t, engine, tc.chunked) })
			}
		})
	}
}

func testEngineInvariants(t *testing.T, engine store.Engine, chunked bool) {
	const limit = 4
	worlds := make([]*world, 2) // the set-based engine, then the reference
	for i := range worlds {
		w := newWorld(t, storetest.New(t, engine), limit)
		w.chunked, w.e.opt.Chunk, w.e.opt.Reference = chunked, 2, i == 1
		worlds[i] = w
	}
	each := func(fn func(w *world)) {
		for _, w := range worlds {
			fn(w)
		}
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var agents []int64
	for range 3 {
		a := worlds[0].agent()
		if b := worlds[1].agent(); b != a {
			t.Fatalf("the two databases gave agent ids %d and %d", a, b)
		}
		agents = append(agents, a)
	}
	cities := []string{"Bengaluru", "bengaluru ", "Chennai"}
	types := []string{"apartment", "villa", "plot"}
	// Localities as agents type them: case, runs of spaces, a non-ASCII
	// capital, and one that contains another.
	localities := []string{"Whitefield", "  WHITE field ", "whitefield main road", "Électronic City", "électronic  city phase 1", "HSR Layout", ""}
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	var props, reqs []int64
	for step := 0; step < 160; step++ {
		switch k := rng.IntN(12); {
		case k < 4 || len(props) == 0:
			p := sale(agents[rng.IntN(3)], float64(4+rng.IntN(10))*1_000_000)
			p.City, p.Type, p.Locality = pick(cities), pick(types), pick(localities)
			p.Bedrooms = []*int{nil, ptr(0), ptr(2), ptr(3), ptr(5)}[rng.IntN(5)]
			var id int64
			each(func(w *world) { id = w.addProperty(p) })
			props = append(props, id)
		case k < 6 || len(reqs) == 0:
			r := wants(agents[rng.IntN(3)])
			r.Cities, r.Types = []string{pick(cities)}, []string{pick(types)}
			if rng.IntN(3) == 0 {
				r.Types = append(r.Types, pick(types))
			}
			if rng.IntN(2) == 0 {
				r.Localities = []string{pick(localities), pick(localities)}
			}
			r.MinPrice, r.MaxPrice = []*float64{nil, ptr(5_000_000.0), ptr(7_000_000.0)}[rng.IntN(3)], []*float64{nil, ptr(9_000_000.0), ptr(12_000_000.0)}[rng.IntN(3)]
			r.MinBedrooms, r.MaxBedrooms = []*int{nil, ptr(2), ptr(3)}[rng.IntN(3)], []*int{nil, ptr(3), ptr(4)}[rng.IntN(3)]
			var id int64
			each(func(w *world) { id = w.addRequirement(r) })
			reqs = append(reqs, id)
		case k < 8:
			id, price, active, locality := props[rng.IntN(len(props))], float64(4+rng.IntN(10))*1_000_000, rng.IntN(5) != 0, pick(localities)
			each(func(w *world) {
				w.editProperty(id, func(p *Property) { p.Price, p.Active, p.Locality = price, active, locality })
			})
		case k < 9:
			i := rng.IntN(len(props))
			each(func(w *world) { w.deleteProperty(props[i]) })
			props = append(props[:i], props[i+1:]...)
		case k < 10:
			id, low := reqs[rng.IntN(len(reqs))], float64(3+rng.IntN(6))*1_000_000
			wanted, _ := json.Marshal([]string{pick(localities)})
			each(func(w *world) {
				w.editRequirement(id, `min_price = $1, preferred_localities = $2`, low, string(wanted))
			})
		default:
			r := reqs[rng.IntN(len(reqs))]
			var pids []int64
			for pid := range worlds[0].matches(r) {
				pids = append(pids, pid)
			}
			if len(pids) == 0 {
				continue
			}
			slices.Sort(pids)
			pid, side := pids[rng.IntN(len(pids))], []string{"buyer", "seller"}[rng.IntN(2)]
			status := []Status{StatusViewed, StatusNotInterested, StatusNew}[rng.IntN(3)]
			each(func(w *world) { w.setSide(side, pid, r, status) })
		}
		each(func(w *world) { checkInvariants(t, w, limit, step) })
		if a, b := dumpMatches(t, worlds[0]), dumpMatches(t, worlds[1]); a != b {
			t.Fatalf("step %d: the set-based engine and the reference differ:\nset-based:\n%s\nreference:\n%s", step, a, b)
		}
	}
}

// dumpMatches writes every match and every requirement's bound as text.
func dumpMatches(t *testing.T, w *world) string {
	t.Helper()
	var b strings.Builder
	rows, err := w.db.Query(`SELECT property_id, requirement_id, match_score, breakdown, buyer_status, seller_status, buyer_notes
		FROM matches ORDER BY requirement_id, property_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var p, r int64
		var score int
		var breakdown, buyer, seller, notes string
		if err := rows.Scan(&p, &r, &score, &breakdown, &buyer, &seller, &notes); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "match %d/%d %d %s %s/%s %q\n", p, r, score, breakdown, buyer, seller, notes)
	}
	bounds, err := w.db.Query(`SELECT id, new_matches, floor_score, floor_property_id FROM requirements ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer bounds.Close()
	for bounds.Next() {
		var id int64
		var n int
		var fs, fp sql.NullInt64
		if err := bounds.Scan(&id, &n, &fs, &fp); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "bound %d %d %v %v\n", id, n, fs, fp)
	}
	return b.String()
}

func checkInvariants(t *testing.T, w *world, limit, step int) {
	t.Helper()
	var all []Property
	var reqs []Requirement
	w.tx(func(tx *sql.Tx) error {
		for _, id := range idsOf(tx, "properties") {
			p, err := loadProperty(w.ctx, tx, id)
			if err != nil {
				return err
			}
			all = append(all, p)
		}
		for _, id := range idsOf(tx, "requirements") {
			r, err := loadRequirement(w.ctx, tx, id)
			if err != nil {
				return err
			}
			reqs = append(reqs, r)
		}
		return nil
	})
	byID := map[int64]Property{}
	for _, p := range all {
		byID[p.ID] = p
	}
	for _, r := range reqs {
		got := w.matches(r.ID)
		news := 0
		for pid, m := range got {
			p := byID[pid]
			q := Qualifies(p, r)
			if m.open() {
				news++
				if !q {
					t.Fatalf("step %d: new match %d/%d does not qualify", step, pid, r.ID)
				}
			}
			if m.score != Score(p, r).Total {
				t.Fatalf("step %d: match %d/%d has score %d, want %d", step, pid, r.ID, m.score, Score(p, r).Total)
			}
		}
		if news > limit {
			t.Fatalf("step %d: requirement %d keeps %d new matches, limit %d", step, r.ID, news, limit)
		}
		if news < limit {
			for _, p := range all {
				if _, ok := got[p.ID]; !ok && Qualifies(p, r) {
					t.Fatalf("step %d: requirement %d has a free slot but property %d is unmatched", step, r.ID, p.ID)
				}
			}
		}
		var n int
		var floorScore, floorProp sql.NullInt64
		w.db.QueryRow(`SELECT new_matches, floor_score, floor_property_id FROM requirements WHERE id = $1`, r.ID).Scan(&n, &floorScore, &floorProp)
		if n != news {
			t.Fatalf("step %d: requirement %d stores new_matches %d, has %d", step, r.ID, n, news)
		}
		var wantScore, wantProp sql.NullInt64
		for pid, m := range got {
			if m.open() && (!wantScore.Valid || ranksAbove(int(wantScore.Int64), wantProp.Int64, m.score, pid)) {
				wantScore, wantProp = sql.NullInt64{Int64: int64(m.score), Valid: true}, sql.NullInt64{Int64: pid, Valid: true}
			}
		}
		if floorScore != wantScore || floorProp != wantProp {
			t.Fatalf("step %d: requirement %d stores floor (%v, %v), want (%v, %v)", step, r.ID, floorScore, floorProp, wantScore, wantProp)
		}
	}
}

// idsOf returns every id in table.
func idsOf(tx *sql.Tx, table string) []int64 {
	rows, err := tx.Query(`SELECT id FROM ` + table)
	if err != nil {
		return nil
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids
}

func wantGained(t *testing.T, what string, got, want Gained) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: gained %v, want %v", what, got, want)
		return
	}
	for agent, n := range want {
		if got[agent] != n {
			t.Errorf("%s: gained %v, want %v", what, got, want)
			return
		}
	}
}
