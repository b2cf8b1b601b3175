package analytics

import (
	"reflect"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func TestPeriodFollowsIndiasCalendar(t *testing.T) {
	cases := []struct {
		name       string
		now        time.Time
		days       int
		start      time.Time
		first, end string
	}{
		{"JustAfterMidnightInIndia", time.Date(2026, 6, 9, 18, 31, 0, 0, time.UTC), 7,
			time.Date(2026, 6, 3, 18, 30, 0, 0, time.UTC), "2026-06-04", "2026-06-10"},
		{"JustBeforeMidnightInIndia", time.Date(2026, 6, 9, 18, 29, 0, 0, time.UTC), 7,
			time.Date(2026, 6, 2, 18, 30, 0, 0, time.UTC), "2026-06-03", "2026-06-09"},
		{"ThirtyDaysAcrossAMonth", time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC), 30,
			time.Date(2026, 1, 30, 18, 30, 0, 0, time.UTC), "2026-01-31", "2026-03-01"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := periodOf(c.now, c.days)
			if !p.start.Equal(c.start) || len(p.days) != c.days || p.days[0] != c.first || p.days[len(p.days)-1] != c.end {
				t.Errorf("period = %v %v, want start %v, %d days %s..%s", p.start, p.days, c.start, c.days, c.first, c.end)
			}
		})
	}
}

func TestRank(t *testing.T) {
	cases := []struct {
		status matchengine.Status
		viewed bool
		want   int
	}{
		{matchengine.StatusNew, false, 0},
		{matchengine.StatusNew, true, 1},
		{matchengine.StatusViewed, false, 1},
		{matchengine.StatusNotInterested, false, 1},
		{matchengine.StatusContacted, false, 2},
		{matchengine.StatusInterested, true, 3},
		{matchengine.StatusClosed, false, 4},
	}
	for _, c := range cases {
		if got := rank(c.status, c.viewed); got != c.want {
			t.Errorf("rank(%s, %v) = %d, want %d", c.status, c.viewed, got, c.want)
		}
	}
}

func TestFunnel(t *testing.T) {
	got := funnel([]sideGroup{
		{status: matchengine.StatusNew, n: 3},
		{status: matchengine.StatusNew, viewed: true, n: 1},
		{status: matchengine.StatusContacted, n: 2},
		{status: matchengine.StatusClosed, n: 1},
		{status: matchengine.StatusNotInterested, n: 2},
	})
	want := []FunnelStep{
		{"new", 9, 1, 1},
		{"viewed", 6, 0.6666, 0.6666},
		{"contacted", 3, 0.5, 0.3333},
		{"interested", 1, 0.3333, 0.1111},
		{"closed", 1, 1, 0.1111},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("funnel = %v, want %v", got, want)
	}
	empty := funnel(nil)
	for _, s := range empty {
		if s.Count != 0 || s.FromPrevious != 0 || s.FromStart != 0 {
			t.Errorf("empty funnel step = %+v", s)
		}
	}
}

// TestDayOfIsIndiasDate checks the SQL day bucket of each engine on both
// sides of midnight in India (18:30 UTC).
func TestDayOfIsIndiasDate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		param := "$1"
		if db.Engine == store.Postgres {
			param = "CAST($1 AS TIMESTAMPTZ)"
		}
		cases := []struct {
			at   time.Time
			want string
		}{
			{time.Date(2026, 6, 9, 18, 29, 59, 999000000, time.UTC), "2026-06-09"},
			{time.Date(2026, 6, 9, 18, 30, 0, 0, time.UTC), "2026-06-10"},
			{time.Date(2026, 12, 31, 20, 0, 0, 0, time.UTC), "2027-01-01"},
			{time.Date(2026, 6, 10, 0, 0, 0, 0, time.UTC), "2026-06-10"},
		}
		for _, c := range cases {
			var got string
			err := db.QueryRow(`SELECT `+dayOf(db.Engine, "x.at")+` FROM (SELECT `+param+` AS at) x`, c.at).Scan(&got)
			if err != nil || got != c.want {
				t.Errorf("day of %v = %q, %v; want %q", c.at, got, err, c.want)
			}
		}
	})
}
