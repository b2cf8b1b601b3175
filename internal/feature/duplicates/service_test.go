package duplicates_test

import (
	"context"
	"sync"
	"testing"

	"propmatch/internal/feature/marketplace"
	"propmatch/internal/feature/property"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/access"
)

func flat(photo string) listingIn {
	return listingIn{Title: "3 BHK in Kondapur", State: "Telangana", City: "Hyderabad", Locality: "Kondapur", Price: 1.25e7, Bedrooms: 3, Sqft: 1650, Photo: photo}
}

func ids(list []property.PossibleDuplicate) []int64 {
	out := make([]int64, len(list))
	for i, d := range list {
		out[i] = d.ID
	}
	return out
}

// TestSavingAListingAnswersOtherAgentsActiveLikelyDuplicates holds that a
// create and an update carry possibleDuplicates: other agents' active
// listings only (never the agent's own, an inactive one or a deactivated
// agent's), with the agent's name and the reasons; and that the listing
// is saved either way.
func TestSavingAListingAnswersOtherAgentsActiveLikelyDuplicates(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(db)
		kavitha, ravi, gone := addAgent(t, db, "Kavitha Reddy"), addAgent(t, db, "Ravi Kumar"), addAgent(t, db, "Gone Agent")
		img := photo(t, scene(7), variant{})
		first := f.create(t, kavitha, flat(img))
		if first.PossibleDuplicates == nil || len(*first.PossibleDuplicates) != 0 {
			t.Fatalf("first listing: possibleDuplicates %v, want an empty list", first.PossibleDuplicates)
		}
		own := f.create(t, kavitha, flat(img)) // the same agent twice: not across agents
		if len(*own.PossibleDuplicates) != 0 {
			t.Errorf("an agent's own listing was flagged: %v", *own.PossibleDuplicates)
		}
		inactive := flat(img)
		inactive.Inactive = true
		f.create(t, ravi, inactive)
		goneListing := f.create(t, gone, flat(img))
		if _, err := db.Exec(`UPDATE users SET is_active = FALSE WHERE id = $1`, gone); err != nil {
			t.Fatal(err)
		}
		resized := flat(photo(t, scene(7), variant{side: 500, quality: 60}))
		resized.Title, resized.Price, resized.Locality = "Kondapur 3BHK, ready to move", 1.28e7, "kondapur, Hyderabad"
		saved := f.create(t, ravi, resized)
		got := *saved.PossibleDuplicates
		if want := []int64{own.ID, first.ID}; !equal(ids(got), want) {
			t.Fatalf("possibleDuplicates %v, want Kavitha's two listings %v (not %d, a deactivated agent's)", ids(got), want, goneListing.ID)
		}
		d := got[0]
		if d.AgentName != "Kavitha Reddy" || d.Likelihood < 0.9 || d.Locality != "Kondapur" || d.Price != 1.25e7 || !contains(d.Reasons, "same photo") {
			t.Errorf("duplicate %+v: want Kavitha Reddy's, likely, Kondapur, ₹1.25 Cr, same photo", d)
		}
		// An update answers them too; one that makes it another flat drops the pairs.
		upd := resized
		upd.Bedrooms, upd.Sqft, upd.Photo = 4, 2400, photo(t, scene(99), variant{})
		p, err := f.props.Update(ctx, ravi, saved.ID, upd.input(t))
		if err != nil {
			t.Fatal(err)
		}
		if p.PossibleDuplicates == nil || len(*p.PossibleDuplicates) != 0 {
			t.Errorf("after the update: %v, want none", p.PossibleDuplicates)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM duplicate_pairs WHERE property_a = $1 OR property_b = $1`, saved.ID); n != 0 {
			t.Errorf("%d pairs left for a listing that is no longer a duplicate", n)
		}
		p, err = f.props.Update(ctx, ravi, saved.ID, resized.input(t))
		if err != nil || len(*p.PossibleDuplicates) != 2 {
			t.Fatalf("updated back: %v, %v; want the two duplicates again", err, p.PossibleDuplicates)
		}
		// The owner and an admin may read them; another agent may not.
		list, err := f.dups.ForProperty(ctx, access.Actor{ID: ravi}, saved.ID)
		if err != nil || len(list) != 2 {
			t.Errorf("ForProperty by owner: %v, %v", list, err)
		}
		if _, err := f.dups.ForProperty(ctx, access.Actor{ID: kavitha}, saved.ID); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("ForProperty by another agent: %v, want NotFound", err)
		}
		if list, err := f.dups.ForProperty(ctx, access.Actor{ID: gone + 1000, Admin: true}, saved.ID); err != nil || len(list) != 2 {
			t.Errorf("ForProperty by an admin: %v, %v", list, err)
		}
	})
}

// TestNotADuplicateSticks holds that an admin's split keeps a cluster's
// listings apart for good: later saves neither flag them nor re-pair them,
// the cluster leaves the admin's list, and the audit log has it.
func TestNotADuplicateSticks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(db)
		a, b, c := addAgent(t, db, "A"), addAgent(t, db, "B"), addAgent(t, db, "C")
		admin := addAgent(t, db, "Admin")
		img := photo(t, scene(3), variant{})
		pa := f.create(t, a, flat(img))
		pb := f.create(t, b, flat(img))
		pc := f.create(t, c, flat(photo(t, scene(3), variant{crop: 0.02})))
		clusters, err := f.dups.Clusters(ctx)
		if err != nil || len(clusters) != 1 || len(clusters[0].Members) != 3 || clusters[0].ID != pa.ID {
			t.Fatalf("clusters %+v, %v; want one of three listed by A, B, C", clusters, err)
		}
		if _, err := f.dups.Split(ctx, access.Actor{ID: admin, Admin: true}, pc.ID); err != nil {
			t.Fatal(err)
		}
		if clusters, _ := f.dups.Clusters(ctx); len(clusters) != 0 {
			t.Errorf("after the split: %d clusters, want none", len(clusters))
		}
		p, err := f.props.Update(ctx, b, pb.ID, flat(img).input(t))
		if err != nil || len(*p.PossibleDuplicates) != 0 {
			t.Errorf("a save after the split: %v, %v; want no duplicates", p.PossibleDuplicates, err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM duplicate_pairs WHERE status = 'not_duplicate'`); n != 3 {
			t.Errorf("%d split pairs, want 3", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM duplicate_pairs WHERE status = 'likely'`); n != 0 {
			t.Errorf("%d likely pairs after the split and a save, want 0", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM audit_log WHERE action = 'duplicates.split' AND actor_id = $1 AND target_id = $2`, admin, pa.ID); n != 1 {
			t.Errorf("%d audit records of the split, want 1", n)
		}
		// A fourth agent's listing of the flat still pairs with each.
		d := addAgent(t, db, "D")
		pd := f.create(t, d, flat(img))
		if got := len(*pd.PossibleDuplicates); got != 3 {
			t.Errorf("a new agent's listing: %d duplicates, want 3", got)
		}
		if _, err := f.dups.Split(ctx, access.Actor{ID: admin, Admin: true}, pd.ID+99); apperr.CodeOf(err) != apperr.NotFound {
			t.Errorf("splitting a listing in no cluster: %v, want NotFound", err)
		}
	})
}

// TestTheMarketplaceShowsLikelyDuplicatesAsOneCard holds that a page of the
// marketplace shows the newest of a duplicate group with the other agents
// also listing it, each reachable by listing and agent.
func TestTheMarketplaceShowsLikelyDuplicatesAsOneCard(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(db)
		market := marketplace.NewService(db)
		market.UseDuplicates(f.dups)
		a, b, c, viewer := addAgent(t, db, "A"), addAgent(t, db, "B"), addAgent(t, db, "C"), addAgent(t, db, "Viewer")
		img := photo(t, scene(5), variant{})
		pa := f.create(t, a, flat(img))
		other := f.create(t, a, listingIn{Title: "Plot", State: "Telangana", City: "Hyderabad", Locality: "Miyapur", Type: "plot", Price: 5e6, Sqft: 2000})
		pb := f.create(t, b, flat(img))
		pc := f.create(t, c, flat(photo(t, scene(5), variant{quality: 50})))
		list, _, err := market.Properties(ctx, viewer, "", paging.Page{Limit: 20})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != pc.ID || list[1].ID != other.ID {
			t.Fatalf("marketplace shows %d cards %v, want C's listing standing for the flat and the plot", len(list), list)
		}
		also := list[0].AlsoListedBy
		if len(also) != 2 || also[0].PropertyID != pb.ID || also[0].AgentID != b || also[0].AgentName != "B" || also[1].PropertyID != pa.ID {
			t.Errorf("alsoListedBy %+v, want B's and A's listings", also)
		}
		if list[1].AlsoListedBy != nil {
			t.Errorf("the plot is listed by others too? %+v", list[1].AlsoListedBy)
		}
	})
}

// TestConcurrentSavesOfTheSameFlatAllSucceed saves one flat by 100 agents
// at once: every save succeeds (no deadlock, no duplicate pair row), and a
// later save of one of them pairs it with all the others.
func TestConcurrentSavesOfTheSameFlatAllSucceed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		f := newFixture(db)
		img := photo(t, scene(11), variant{})
		agents := make([]int64, 100)
		for i := range agents {
			agents[i] = addAgent(t, db, "Agent")
		}
		// The photo is stored once per agent by the form; here each agent
		// uploads it.
		var wg sync.WaitGroup
		errs := make(chan error, len(agents))
		saved := make([]int64, len(agents))
		for i, a := range agents {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := f.props.Create(context.Background(), a, flat(img).input(t))
				errs <- err
				saved[i] = p.ID
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM (SELECT property_a, property_b FROM duplicate_pairs GROUP BY property_a, property_b HAVING COUNT(*) > 1) d`); n != 0 {
			t.Errorf("%d pairs stored twice", n)
		}
		if _, err := f.props.Update(context.Background(), agents[0], saved[0], flat(img).input(t)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM duplicate_pairs WHERE (property_a = $1 OR property_b = $1) AND status = 'likely'`, saved[0]); n != 99 {
			t.Errorf("listing %d is paired with %d others, want 99", saved[0], n)
		}
	})
}

func count(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
