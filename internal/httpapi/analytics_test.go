package httpapi_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"propmatch/internal/feature/analytics"
	"propmatch/internal/platform/auth"
)

// analyticsDay0 is "now" at the end of the analytics story: 10:00 in India
// on 10 June next year (the story's session cookies must expire after the
// real time, or the cookie jar drops them). Day -k is k days earlier, at
// the same time of day.
var analyticsDay0 = time.Date(time.Now().Year()+1, 6, 10, 4, 30, 0, 0, time.UTC)

// day is the date month-day of analyticsDay0's year, as the report writes it.
func day(monthDay string) string { return fmt.Sprintf("%d-%s", analyticsDay0.Year(), monthDay) }

// analyticsStory is the activity TestAnalytics creates; ids are the rows
// made.
type analyticsStory struct {
	A, B, C, D             agent
	L1, L2, RA1            int64 // A's listings and requirement
	M1, M2, M3, M4, M5     int64 // A's matches
	ab, ac                 int64 // A's accepted connections
	old, rep1, rep2        int64 // messages A sent
	b1, b2, c1, c2         int64 // messages A received
	LB1, RB1, RB2, LC1, LD int64 // other agents' rows
}

// setClock moves the test clock to day -k plus offset (only forwards).
func (a *apiTest) setClock(k int, offset time.Duration) {
	a.t.Helper()
	to := analyticsDay0.AddDate(0, 0, -k).Add(offset)
	now := a.clock.Now()
	if to.Before(now) {
		a.t.Fatalf("clock would move back from %v to %v", now, to)
	}
	a.clock.Advance(to.Sub(now))
}

func (a *apiTest) matchBetween(g agent, path string, propertyID int64) int64 {
	a.t.Helper()
	for _, m := range a.objects(g, path) {
		if int64(m["propertyId"].(float64)) == propertyID {
			return idOf(m)
		}
	}
	a.t.Fatalf("no match on property %d in %s", propertyID, path)
	return 0
}

func (a *apiTest) setStatus(g agent, matchID int64, status, viewedBy string) {
	a.t.Helper()
	wantStatus(a.t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", matchID),
		map[string]any{"status": status, "viewedBy": viewedBy}, as(g)), 200)
}

// Places for the story: each pair of listing and requirement meets only in
// its own city.
func pune(over ...any) []any {
	return append([]any{"state", "Maharashtra", "city", "Pune", "locality", "Kothrud", "pincode", "411038"}, over...)
}

func wantedIn(state, city, locality string, over ...any) map[string]any {
	return wanted(append([]any{"preferredState", state, "preferredCities", []string{city}, "preferredLocalities", locality}, over...)...)
}

// buildAnalyticsStory creates, over 40 days: A's two listings and one
// requirement; five matches of A's in several statuses on both sides (the
// other agents set their own sides too); A's connections with B and C
// (and a pending one from D); messages with replies; and activity between
// the others that A's figures must not count.
func buildAnalyticsStory(a *apiTest) analyticsStory {
	var s analyticsStory
	a.clock.Advance(analyticsDay0.AddDate(0, 0, -41).Sub(a.clock.Now()))
	s.A = a.newAgent("asha", "9811111111")
	s.B = a.newAgent("bhavesh", "9822222222")
	s.C = a.newAgent("chitra", "9833333333")
	s.D = a.newAgent("dev", "9844444444")

	// Day -40: A lists L1 in Hyderabad; B's requirement matches it (M1, A
	// sells). A and B connect; A writes to B.
	a.setClock(40, 0)
	s.L1 = idOf(a.create(s.A, "/api/properties", listing()))
	s.RB1 = idOf(a.create(s.B, "/api/requirements", wanted()))
	s.M1 = a.matchBetween(s.A, "/api/matches?type=seller", s.L1)
	a.setStatus(s.A, s.M1, "closed", "")
	a.setStatus(s.B, s.M1, "interested", "")
	s.ab = a.befriend(s.A, s.B)
	a.setClock(40, time.Hour)
	s.old = a.send(s.A, s.B, "Old note about Gachibowli")

	// Day -10: A lists villa L2 for rent in Bengaluru; D's requirement matches
	// it (M5), which A marks not interested. C asks A to connect; D and B's
	// Chennai pair is theirs alone.
	a.setClock(10, 0)
	s.L2 = idOf(a.create(s.A, "/api/properties", listing("title", "Villa in Whitefield", "propertyType", "villa",
		"listingPurpose", "for_rent", "price", 50000, "state", "Karnataka", "city", "Bengaluru", "locality", "Whitefield", "pincode", "560066")))
	bengaluru := wantedIn("Karnataka", "Bengaluru", "Whitefield", "propertyTypes", []string{"villa"}, "listingPurpose", "forRent",
		"minPrice", 40000, "maxPrice", 60000, "timeline", "3months")
	a.create(s.D, "/api/requirements", bengaluru)
	s.M5 = a.matchBetween(s.A, "/api/matches?type=seller", s.L2)
	a.setStatus(s.A, s.M5, "not_interested", "")
	acReq := a.connect(s.C, s.A)
	s.LD = idOf(a.create(s.D, "/api/properties", listing("state", "Tamil Nadu", "city", "Chennai", "locality", "Adyar", "pincode", "600020")))
	s.RB2 = idOf(a.create(s.B, "/api/requirements", wantedIn("Tamil Nadu", "Chennai", "Adyar")))

	// Day -3: B lists in Pune, A's requirement matches it (M2, A buys; A
	// contacts, B declines on B's side). C's requirement matches L2 (M3, A
	// interested, C closed on C's side). A accepts C; B and C connect. B
	// writes twice, A answers each (after 90 and 30 minutes).
	a.setClock(3, 0)
	s.LB1 = idOf(a.create(s.B, "/api/properties", listing(pune("title", "Flat in Kothrud")...)))
	s.RA1 = idOf(a.create(s.A, "/api/requirements", wantedIn("Maharashtra", "Pune", "Kothrud", "clientName", "Meera Joshi")))
	s.M2 = a.matchBetween(s.A, "/api/matches?type=buyer", s.LB1)
	a.setStatus(s.A, s.M2, "contacted", "")
	a.setStatus(s.B, s.M2, "not_interested", "")
	a.create(s.C, "/api/requirements", with(bengaluru, "clientName", "Kiran Rao", "timeline", "immediate"))
	s.M3 = idOf(findMatch(a, s.A, s.L2, s.M5))
	a.setStatus(s.A, s.M3, "interested", "")
	a.setStatus(s.C, s.M3, "closed", "")
	a.answer(s.A, acReq, "accepted")
	s.ac = acReq
	a.befriend(s.B, s.C)
	a.setClock(3, time.Hour)
	s.b1 = a.send(s.B, s.A, "Is your Pune client still looking?")
	a.setClock(3, 2*time.Hour+30*time.Minute)
	s.rep1 = a.send(s.A, s.B, "Yes, she is")
	a.setClock(3, 3*time.Hour)
	s.b2 = a.send(s.B, s.A, "Shall we visit on Sunday?")
	a.setClock(3, 3*time.Hour+30*time.Minute)
	s.rep2 = a.send(s.A, s.B, "Sunday works")

	// Day -1: C lists in Pune, which A's requirement matches (M4: A looks
	// at it, status stays new). C writes twice, unanswered; D asks A to
	// connect (pending); C writes to B.
	a.setClock(1, 0)
	s.LC1 = idOf(a.create(s.C, "/api/properties", listing(pune("title", "Flat near Karve Road", "price", 7800000)...)))
	s.M4 = a.matchBetween(s.A, "/api/matches?type=buyer", s.LC1)
	a.setStatus(s.A, s.M4, "new", "buyer")
	a.setClock(1, time.Hour)
	s.c1 = a.send(s.C, s.A, "Hello Asha")
	a.setClock(1, time.Hour+10*time.Minute)
	s.c2 = a.send(s.C, s.A, "Are you there?")
	a.connect(s.D, s.A)
	a.send(s.C, s.B, "Hello Bhavesh")
	a.setClock(0, 0)
	return s
}

// findMatch returns A's seller match on property other than skip.
func findMatch(a *apiTest, g agent, propertyID, skip int64) map[string]any {
	a.t.Helper()
	for _, m := range a.objects(g, "/api/matches?type=seller") {
		if int64(m["propertyId"].(float64)) == propertyID && idOf(m) != skip {
			return m
		}
	}
	a.t.Fatalf("no second match on %d", propertyID)
	return nil
}

// series returns the window's days (India dates ending on 10 June)
// with the given days filled in.
func series(days int, filled map[string]analytics.Day) []analytics.Day {
	out := make([]analytics.Day, days)
	first := time.Date(analyticsDay0.Year(), 6, 10, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -(days - 1))
	for i := range out {
		date := first.AddDate(0, 0, i).Format(time.DateOnly)
		out[i] = filled[date]
		out[i].Date = date
	}
	return out
}

func counts(pairs ...any) []analytics.Count {
	out := []analytics.Count{}
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, analytics.Count{Value: pairs[i].(string), Count: pairs[i+1].(int)})
	}
	return out
}

func funnelOf(n ...int) []analytics.FunnelStep {
	steps := []string{"new", "viewed", "contacted", "interested", "closed"}
	out := make([]analytics.FunnelStep, len(n))
	for i := range n {
		out[i] = analytics.FunnelStep{Step: steps[i], Count: n[i]}
		if n[0] > 0 {
			out[i].FromStart = float64(n[i]*10000/n[0]) / 10000
			out[i].FromPrevious = 1
			if i > 0 {
				out[i].FromPrevious = float64(n[i]*10000/n[i-1]) / 10000
			}
		}
	}
	return out
}

func statusCounts(buyer, seller map[string]int) []analytics.StatusCount {
	out := []analytics.StatusCount{}
	for _, st := range []string{"new", "viewed", "contacted", "interested", "not_interested", "closed"} {
		out = append(out, analytics.StatusCount{Status: st, AsBuyer: buyer[st], AsSeller: seller[st], Total: buyer[st] + seller[st]})
	}
	return out
}

// wantReport compares every figure of got with want; the recent lists are
// compared by what identifies each item.
func wantReport(t *testing.T, got, want analytics.Report) {
	t.Helper()
	gotRecent, wantRecent := recentKeys(got.Recent), recentKeys(want.Recent)
	got.Recent, want.Recent = analytics.Recent{}, analytics.Recent{}
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("report:\n got %s\nwant %s", g, w)
	}
	if !reflect.DeepEqual(gotRecent, wantRecent) {
		t.Errorf("recent = %v, want %v", gotRecent, wantRecent)
	}
}

func recentKeys(r analytics.Recent) []string {
	out := []string{}
	for _, p := range r.Properties {
		out = append(out, fmt.Sprintf("property %d %s", p.ID, p.Title))
	}
	for _, q := range r.Requirements {
		out = append(out, fmt.Sprintf("requirement %d %s %s", q.ID, q.ClientName, q.Timeline))
	}
	for _, m := range r.Matches {
		out = append(out, fmt.Sprintf("match %d %s %s", m.ID, m.Side, m.Match.Status))
	}
	for _, c := range r.Connections {
		out = append(out, fmt.Sprintf("connection %d %d", c.ID, c.AgentID))
	}
	for _, m := range r.Messages {
		out = append(out, fmt.Sprintf("message %d %s %d", m.ID, m.Direction, m.AgentID))
	}
	return out
}

func (a *apiTest) report(g agent, window string) analytics.Report {
	a.t.Helper()
	res := a.do("GET", "/api/analytics"+window, nil, as(g))
	wantStatus(a.t, res, 200)
	var r analytics.Report
	if err := json.Unmarshal(res.body, &r); err != nil {
		a.t.Fatal(err)
	}
	return r
}

var analyticsSessions = apiOptions{authConfig: func(c *auth.Config) {
	c.SessionMaxAge, c.SessionIdle = 90*24*time.Hour, 90*24*time.Hour
}}

func TestAnalytics(t *testing.T) {
	eachEngine(t, analyticsSessions, func(t *testing.T, a *apiTest) {
		s := buildAnalyticsStory(a)
		median := 3600.0
		// What every window shares: all-time totals, breakdowns, response
		// time and the recent lists.
		base := func(window, from string, days int) analytics.Report {
			return analytics.Report{
				Window: window, From: from, To: day("06-10"),
				PropertyTypes:        counts("apartment", 1, "villa", 1, "plot", 0, "commercial", 0, "agricultural", 0),
				ListingPurposes:      counts("for_sale", 1, "for_rent", 1, "for_lease", 0),
				RequirementTimelines: counts("immediate", 1, "1month", 0, "3months", 0, "6months", 0, "flexible", 0),
				ResponseTime:         analytics.ResponseTime{Received: 3, Answered: 2, MedianSeconds: &median},
				Recent: analytics.Recent{
					Properties:   []analytics.RecentProperty{{ID: s.L2, Title: "Villa in Whitefield"}, {ID: s.L1, Title: "2BHK in Gachibowli"}},
					Requirements: []analytics.RecentRequirement{{ID: s.RA1, ClientName: "Meera Joshi", Timeline: "immediate"}},
					Matches: []analytics.RecentMatch{
						{ID: s.M4, Side: "buyer", Match: analytics.MatchState{Status: "new"}},
						{ID: s.M3, Side: "seller", Match: analytics.MatchState{Status: "interested"}},
						{ID: s.M2, Side: "buyer", Match: analytics.MatchState{Status: "contacted"}},
						{ID: s.M5, Side: "seller", Match: analytics.MatchState{Status: "not_interested"}},
						{ID: s.M1, Side: "seller", Match: analytics.MatchState{Status: "closed"}},
					},
					Connections: []analytics.RecentConnection{{ID: s.ac, AgentID: s.C.id}, {ID: s.ab, AgentID: s.B.id}},
					Messages: []analytics.RecentMessage{
						{ID: s.c2, Direction: "received", AgentID: s.C.id}, {ID: s.c1, Direction: "received", AgentID: s.C.id},
						{ID: s.rep2, Direction: "sent", AgentID: s.B.id}, {ID: s.b2, Direction: "received", AgentID: s.B.id},
						{ID: s.rep1, Direction: "sent", AgentID: s.B.id},
					},
				},
			}
		}
		day3 := analytics.Day{MatchesAsBuyer: 1, MatchesAsSeller: 1, MessagesSent: 2, MessagesReceived: 2, Connections: 1}
		day1 := analytics.Day{MatchesAsBuyer: 1, MessagesReceived: 2}
		recentDays := map[string]analytics.Day{day("06-07"): day3, day("06-09"): day1}
		ra1 := analytics.Performance{ID: s.RA1, Title: "Meera Joshi", Matches: 2, Contacted: 1}

		week := base("7d", day("06-04"), 7)
		week.Cards = analytics.Cards{
			Properties: analytics.Card{Total: 2}, Requirements: analytics.Card{Total: 1, InWindow: 1},
			Matches: analytics.Card{Total: 5, InWindow: 3}, MatchesBuyer: analytics.Card{Total: 2, InWindow: 2},
			MatchesSeller: analytics.Card{Total: 3, InWindow: 1},
			Connections:   analytics.Card{Total: 2, InWindow: 1}, MessagesSent: analytics.Card{Total: 3, InWindow: 2},
		}
		week.MatchStatuses = statusCounts(map[string]int{"contacted": 1, "new": 1}, map[string]int{"interested": 1})
		week.Funnel = funnelOf(3, 3, 2, 1, 0)
		week.Series = series(7, recentDays)
		week.ListingPerformance = []analytics.Performance{{ID: s.L2, Title: "Villa in Whitefield", Matches: 1, Contacted: 1, Interested: 1}}
		week.RequirementPerformance = []analytics.Performance{ra1}

		month := base("30d", day("05-12"), 30)
		month.Cards = week.Cards
		month.Cards.Properties.InWindow = 1
		month.Cards.Matches.InWindow, month.Cards.MatchesSeller.InWindow = 4, 2
		month.MatchStatuses = statusCounts(map[string]int{"contacted": 1, "new": 1}, map[string]int{"interested": 1, "not_interested": 1})
		month.Funnel = funnelOf(4, 4, 2, 1, 0)
		monthDays := map[string]analytics.Day{day("05-31"): {MatchesAsSeller: 1}, day("06-07"): day3, day("06-09"): day1}
		month.Series = series(30, monthDays)
		month.ListingPerformance = []analytics.Performance{{ID: s.L2, Title: "Villa in Whitefield", Matches: 2, Contacted: 1, Interested: 1}}
		month.RequirementPerformance = []analytics.Performance{ra1}

		quarter := base("90d", day("03-13"), 90)
		quarter.Cards = month.Cards
		quarter.Cards.Properties.InWindow = 2
		quarter.Cards.Matches.InWindow, quarter.Cards.MatchesSeller.InWindow = 5, 3
		quarter.Cards.Connections.InWindow, quarter.Cards.MessagesSent.InWindow = 2, 3
		quarter.MatchStatuses = statusCounts(map[string]int{"contacted": 1, "new": 1},
			map[string]int{"interested": 1, "not_interested": 1, "closed": 1})
		quarter.Funnel = funnelOf(5, 5, 3, 2, 1)
		quarterDays := map[string]analytics.Day{day("05-01"): {MatchesAsSeller: 1, MessagesSent: 1, Connections: 1}}
		for k, v := range monthDays {
			quarterDays[k] = v
		}
		quarter.Series = series(90, quarterDays)
		quarter.ListingPerformance = []analytics.Performance{month.ListingPerformance[0],
			{ID: s.L1, Title: "2BHK in Gachibowli", Matches: 1, Contacted: 1, Interested: 1}}
		quarter.RequirementPerformance = []analytics.Performance{ra1}

		cases := []struct {
			name, query string
			want        analytics.Report
		}{
			{"DefaultIs30Days", "", month},
			{"7Days", "?window=7d", week},
			{"30Days", "?window=30d", month},
			{"90Days", "?window=90d", quarter},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) { wantReport(t, a.sub(t).report(s.A, c.query), c.want) })
		}

		t.Run("OtherAgentsSeeTheirOwn", func(t *testing.T) {
			r := a.sub(t).report(s.B, "?window=90d")
			cards := analytics.Cards{
				Properties: analytics.Card{Total: 1, InWindow: 1}, Requirements: analytics.Card{Total: 2, InWindow: 2},
				Matches: analytics.Card{Total: 3, InWindow: 3}, MatchesBuyer: analytics.Card{Total: 2, InWindow: 2},
				MatchesSeller: analytics.Card{Total: 1, InWindow: 1},
				Connections:   analytics.Card{Total: 2, InWindow: 2}, MessagesSent: analytics.Card{Total: 2, InWindow: 2},
			}
			if r.Cards != cards {
				t.Errorf("B's cards = %+v, want %+v", r.Cards, cards)
			}
			want := statusCounts(map[string]int{"interested": 1, "new": 1}, map[string]int{"not_interested": 1})
			if !reflect.DeepEqual(r.MatchStatuses, want) {
				t.Errorf("B's statuses = %+v, want %+v", r.MatchStatuses, want)
			}
			// B received A's old note (answered 37 days later by b1), rep1
			// (answered by b2 after 30 minutes), rep2 and C's hello (both
			// unanswered).
			median := (37*24*3600 + 1800) / 2.0
			if want := (analytics.ResponseTime{Received: 4, Answered: 2, MedianSeconds: &median}); !reflect.DeepEqual(r.ResponseTime, want) {
				t.Errorf("B's response time = %+v, want %+v", r.ResponseTime, want)
			}
		})
		t.Run("NewAgentHasZeros", func(t *testing.T) {
			a := a.sub(t)
			e := a.newAgent("esha", "9855555555")
			r := a.report(e, "")
			if r.Cards != (analytics.Cards{}) || r.ResponseTime.MedianSeconds != nil || len(r.Series) != 30 ||
				len(r.ListingPerformance) != 0 || len(r.Recent.Matches) != 0 || r.Funnel[0].Count != 0 || r.Funnel[1].FromPrevious != 0 {
				t.Errorf("empty report = %+v", r)
			}
		})
	})
}

func TestAnalyticsRefusals(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("asha", "9811111111")
		wantError(t, a.do("GET", "/api/analytics", nil), 401)
		for _, w := range []string{"1d", "30", "30D", "365d", "%20", "7d,30d"} {
			t.Run(w, func(t *testing.T) {
				wantError(t, a.sub(t).do("GET", "/api/analytics?window="+w, nil, as(g), invalid()), 400, "window")
			})
		}
	})
}

// TestAnalyticsUnderLoad reads 100 reports at once on each engine.
func TestAnalyticsUnderLoad(t *testing.T) {
	eachEngine(t, analyticsSessions, func(t *testing.T, a *apiTest) {
		s := buildAnalyticsStory(a)
		var wg sync.WaitGroup
		errs := make(chan string, 100)
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				g := []agent{s.A, s.B, s.C, s.D}[i%4]
				res := a.do("GET", "/api/analytics?window=90d", nil, as(g))
				if res.status != 200 {
					errs <- fmt.Sprintf("status %d: %s", res.status, res.body)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	})
}
