package dashboard_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"propmatch/internal/core/listing"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/dashboard"
	"propmatch/internal/feature/matches"
	"propmatch/internal/feature/message"
	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/feature/training"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/network"
)

var ctx = context.Background()

func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// market is an agent's work of every kind the dashboard counts.
type market struct {
	db                             *store.DB
	seller, buyer, buyer2, x, y, z int64
	match1, match2                 int64
	matches                        *matches.Service
}

// newMarket seeds:
//   - seller: listings apartment (active, matched twice), apartment
//     (inactive), villa (active); a connection with buyer they asked for,
//     a pending request sent to x, one received from y, one from z declined;
//     enrolled in one of two available courses (a third is coming soon);
//   - buyer and buyer2: one requirement each, matching seller's apartment;
//   - messages: buyer sent seller two, seller sent buyer one.
func newMarket(t *testing.T, db *store.DB) *market {
	t.Helper()
	engine := matchengine.New(db, matchengine.Options{})
	queue := jobs.NewQueue(db, jobs.Config{})
	queue.Add(engine.Jobs()...)
	props, reqs := property.NewService(db, engine), requirement.NewService(db, engine)
	conns, msgs := network.NewService(db, nil), message.NewService(db, engine, nil)
	courses := training.NewService(db)
	m := &market{db: db, matches: matches.NewService(db, engine)}
	ids := make([]int64, 7)
	for i, name := range []string{"seller", "buyer", "buyer2", "x", "y", "z", "admin"} {
		ids[i] = storetest.AddUser(t, db, name, fmt.Sprintf("+9198000%05d", i+1))
	}
	m.seller, m.buyer, m.buyer2, m.x, m.y, m.z = ids[0], ids[1], ids[2], ids[3], ids[4], ids[5]
	admin := access.Actor{ID: ids[6], Admin: true}

	for _, body := range []string{
		`{"title": "2BHK", "propertyType": "apartment", "price": 7500000, "state": "Telangana", "city": "Hyderabad"}`,
		`{"title": "Old 2BHK", "propertyType": "apartment", "price": 7500000, "state": "Telangana", "city": "Hyderabad", "isActive": false}`,
		`{"title": "Villa", "propertyType": "villa", "price": 30000000, "state": "Goa", "city": "Panaji"}`,
	} {
		if _, err := props.Create(ctx, m.seller, decode[property.Input](t, body)); err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range []int64{m.buyer, m.buyer2} {
		if _, err := reqs.Create(ctx, b, decode[requirement.Input](t, `{"clientName": "Ramesh", "clientPhone": "9876543210",
			"propertyTypes": "apartment", "minPrice": 7000000, "maxPrice": 8000000, "preferredState": "Telangana", "preferredCities": "Hyderabad"}`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := queue.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		buyer int64
		id    *int64
	}{{m.buyer, &m.match1}, {m.buyer2, &m.match2}} {
		if err := db.QueryRow(`SELECT id FROM matches WHERE seller_agent_id = $1 AND buyer_agent_id = $2`, m.seller, p.buyer).Scan(p.id); err != nil {
			t.Fatalf("match of seller and %d: %v", p.buyer, err)
		}
	}

	request := func(from, to int64) network.Connection {
		t.Helper()
		c, err := conns.Create(ctx, from, network.Request{RecipientID: input.Int{Value: to, Set: true}, Message: "hello"})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := request(m.seller, m.buyer)
	if _, err := conns.Answer(ctx, m.buyer, c.ID, network.Accepted); err != nil {
		t.Fatal(err)
	}
	request(m.seller, m.x)
	request(m.y, m.seller)
	if _, err := conns.Answer(ctx, m.seller, request(m.z, m.seller).ID, network.Rejected); err != nil {
		t.Fatal(err)
	}

	for _, s := range []struct{ from, to int64 }{{m.buyer, m.seller}, {m.buyer, m.seller}, {m.seller, m.buyer}} {
		text := "hi"
		if _, err := msgs.Send(ctx, s.from, message.Input{ReceiverID: input.Int{Value: s.to, Set: true}, Content: &text}); err != nil {
			t.Fatal(err)
		}
	}

	var open []int64
	for i, status := range []string{training.StatusAvailable, training.StatusAvailable, training.StatusComingSoon} {
		d, err := courses.Create(ctx, admin, training.CourseInput{Title: input.String(fmt.Sprintf("Course %d", i)), Description: "About",
			Instructor: "Meera", Duration: "2h", Level: "Beginner", Price: "Free", Category: "Course",
			Status: input.String(status), DisplayOrder: input.Float{Value: float64(i), Set: true}})
		if err != nil {
			t.Fatal(err)
		}
		if status == training.StatusAvailable {
			open = append(open, d.ID)
		}
	}
	if _, err := courses.Enroll(ctx, m.seller, open[0]); err != nil {
		t.Fatal(err)
	}
	return m
}

func (m *market) setStatus(t *testing.T, agent, match int64, status string) {
	t.Helper()
	if _, err := m.matches.SetStatus(ctx, agent, match, status, ""); err != nil {
		t.Fatalf("agent %d sets match %d %s: %v", agent, match, status, err)
	}
}

// types returns the listings by type: every type present, with n of each
// named.
func types(n map[string]int) map[string]int {
	out := map[string]int{}
	for _, t := range listing.PropertyTypes {
		out[string(t)] = n[string(t)]
	}
	return out
}

func stats(t *testing.T, db *store.DB, agent int64) dashboard.Stats {
	t.Helper()
	st, err := dashboard.NewService(db).Stats(ctx, agent)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func same(a, b dashboard.Stats) bool { return reflect.DeepEqual(a, b) }

func TestStatsCountEachKindOfTheAgentsWork(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		m := newMarket(t, db)
		// seller's side of match2 is not interested: it leaves their count
		// and their new matches; buyer has looked at match1.
		m.setStatus(t, m.seller, m.match2, "not_interested")
		m.setStatus(t, m.buyer, m.match1, "viewed")
		for _, tc := range []struct {
			name  string
			agent int64
			want  dashboard.Stats
		}{
			{"seller", m.seller, dashboard.Stats{
				Properties: 3, ActiveProperties: 2, PropertyTypes: types(map[string]int{"apartment": 2, "villa": 1}),
				SellerMatches: 1, TotalMatches: 1, NewMatches: 1,
				UnreadMessages: 2, PendingRequests: 1, SentRequests: 1, MessagesBadge: 3, Connections: 1,
				Courses: 2, EnrolledCourses: 1}},
			{"buyer", m.buyer, dashboard.Stats{
				PropertyTypes: types(nil), Requirements: 1, BuyerMatches: 1, TotalMatches: 1, NewMatches: 0,
				UnreadMessages: 1, MessagesBadge: 1, Connections: 1, Courses: 2}},
			{"buyer2", m.buyer2, dashboard.Stats{
				PropertyTypes: types(nil), Requirements: 1, BuyerMatches: 1, TotalMatches: 1, NewMatches: 1, Courses: 2}},
			{"x, with a request waiting", m.x, dashboard.Stats{
				PropertyTypes: types(nil), PendingRequests: 1, MessagesBadge: 1, Courses: 2}},
			{"z, whose request was declined", m.z, dashboard.Stats{PropertyTypes: types(nil), Courses: 2}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if got := stats(t, db, tc.agent); !same(got, tc.want) {
					t.Fatalf("Stats =\n%+v\nwant\n%+v", got, tc.want)
				}
			})
		}
	})
}

func TestStatsOfANewAgentHaveEveryPropertyTypeAtZero(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		agent := storetest.AddUser(t, db, "new", "+919800000001")
		st := stats(t, db, agent)
		if len(st.PropertyTypes) != len(listing.PropertyTypes) {
			t.Fatalf("PropertyTypes = %v, want a key for each of %v", st.PropertyTypes, listing.PropertyTypes)
		}
		for _, pt := range listing.PropertyTypes {
			if n, ok := st.PropertyTypes[string(pt)]; !ok || n != 0 {
				t.Fatalf("PropertyTypes[%s] = %d, %v; want 0, present", pt, n, ok)
			}
		}
		if !same(st, dashboard.Stats{PropertyTypes: types(nil)}) {
			t.Fatalf("Stats of a new agent = %+v, want all zero", st)
		}
	})
}

func TestUserStatsCountAllListingsAndMatchesSuccessfulOnTheAgentsOwnSide(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		m := newMarket(t, db)
		svc := dashboard.NewService(db)
		check := func(step string, want map[int64]dashboard.UserStats) {
			t.Helper()
			for agent, w := range want {
				if got, err := svc.UserStats(ctx, agent); err != nil || got != w {
					t.Fatalf("%s: UserStats(%d) = %+v, %v; want %+v", step, agent, got, err, w)
				}
			}
		}
		check("nothing successful yet", map[int64]dashboard.UserStats{
			m.seller: {PropertiesListed: 3}, m.buyer: {}, m.buyer2: {}})
		m.setStatus(t, m.seller, m.match1, "interested")
		// The other side's status is not the agent's success.
		check("seller interested in match1", map[int64]dashboard.UserStats{
			m.seller: {PropertiesListed: 3, SuccessfulMatches: 1}, m.buyer: {}, m.buyer2: {}})
		m.setStatus(t, m.buyer2, m.match2, "closed")
		m.setStatus(t, m.buyer, m.match1, "contacted")
		check("buyer2 closed match2, buyer contacted", map[int64]dashboard.UserStats{
			m.seller: {PropertiesListed: 3, SuccessfulMatches: 1}, m.buyer: {}, m.buyer2: {SuccessfulMatches: 1}})
		m.setStatus(t, m.seller, m.match2, "closed")
		check("seller closed match2", map[int64]dashboard.UserStats{
			m.seller: {PropertiesListed: 3, SuccessfulMatches: 2}, m.buyer2: {SuccessfulMatches: 1}})
	})
}
