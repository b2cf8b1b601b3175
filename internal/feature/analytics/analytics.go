// Package analytics computes an agent's performance figures (GET
// /api/analytics): the spec's cards, breakdowns and recent items, plus a
// daily time series, a conversion funnel, the median first-response time and
// per-listing and per-requirement performance. Every figure is counted by
// the database for the caller only; see docs/decisions.md, "Analytics
// (issue 13)", for what each one means exactly.
package analytics

import (
	"context"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Windows are the accepted window names and their length in days.
var Windows = map[string]int{"7d": 7, "30d": 30, "90d": 90}

// DefaultWindow is the window when none is asked for.
const DefaultWindow = "30d"

// ParseWindow returns the window named w (DefaultWindow when empty), or
// Invalid at "window".
func ParseWindow(w string) (string, error) {
	if w == "" {
		return DefaultWindow, nil
	}
	if _, ok := Windows[w]; !ok {
		return "", apperr.Validation(apperr.FieldError{Path: "window", Message: "Window must be 7d, 30d or 90d"})
	}
	return w, nil
}

// TopN is how many listings and requirements the performance lists show:
// those with the most matches.
const TopN = 10

// Report is everything the analytics page shows.
type Report struct {
	Window string `json:"window"`
	// From and To are the window's first and last days (India's calendar,
	// YYYY-MM-DD); To is today.
	From                   string        `json:"from"`
	To                     string        `json:"to"`
	Cards                  Cards         `json:"cards"`
	PropertyTypes          []Count       `json:"propertyTypes"`
	ListingPurposes        []Count       `json:"listingPurposes"`
	RequirementTimelines   []Count       `json:"requirementTimelines"`
	MatchStatuses          []StatusCount `json:"matchStatuses"`
	Funnel                 []FunnelStep  `json:"funnel"`
	Series                 []Day         `json:"series"`
	ResponseTime           ResponseTime  `json:"responseTime"`
	ListingPerformance     []Performance `json:"listingPerformance"`
	RequirementPerformance []Performance `json:"requirementPerformance"`
	Recent                 Recent        `json:"recent"`
	Deals                  Deals         `json:"deals"`
}

// Card is one figure: its all-time total and how many fall in the window.
type Card struct {
	Total    int `json:"total"`
	InWindow int `json:"inWindow"`
}

// Cards are the spec's five cards.
type Cards struct {
	Properties   Card `json:"properties"`
	Requirements Card `json:"requirements"`
	// Matches are the agent's matches as buyer plus as seller.
	Matches       Card `json:"matches"`
	MatchesBuyer  Card `json:"matchesAsBuyer"`
	MatchesSeller Card `json:"matchesAsSeller"`
	// Connections are accepted ones; in the window by when they were accepted.
	Connections  Card `json:"connections"`
	MessagesSent Card `json:"messagesSent"`
}

// Count is how many of the agent's rows have one value.
type Count struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// StatusCount is how many of the agent's matches have one lead status on the
// agent's own side.
type StatusCount struct {
	Status   string `json:"status"`
	AsBuyer  int    `json:"asBuyer"`
	AsSeller int    `json:"asSeller"`
	Total    int    `json:"total"`
}

// Day is one day of the window.
type Day struct {
	Date             string `json:"date"`
	MatchesAsBuyer   int    `json:"matchesAsBuyer"`
	MatchesAsSeller  int    `json:"matchesAsSeller"`
	MessagesSent     int    `json:"messagesSent"`
	MessagesReceived int    `json:"messagesReceived"`
	Connections      int    `json:"connections"`
}

// Service computes reports.
type Service struct {
	db *store.DB
}

// NewService returns a Service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// period is a window as instants: from the start of its first day in India
// to now, and its days.
type period struct {
	start time.Time
	days  []string
}

func periodOf(now time.Time, days int) period {
	local := now.In(india.Zone)
	today := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, india.Zone)
	first := today.AddDate(0, 0, -(days - 1))
	p := period{start: first.UTC()}
	for d := first; !d.After(today); d = d.AddDate(0, 0, 1) {
		p.days = append(p.days, d.Format(time.DateOnly))
	}
	return p
}

// Report computes agentID's report over window (a name ParseWindow
// accepted).
func (s *Service) Report(ctx context.Context, agentID int64, window string) (Report, error) {
	w, err := ParseWindow(window)
	if err != nil {
		return Report{}, err
	}
	p := periodOf(s.db.Now(), Windows[w])
	r := Report{Window: w, From: p.days[0], To: p.days[len(p.days)-1]}
	steps := []func(context.Context, int64, period, *Report) error{
		s.cards, s.listings, s.matches, s.series, s.responseTime, s.recent, s.deals,
	}
	for _, step := range steps {
		if err := step(ctx, agentID, p, &r); err != nil {
			return Report{}, err
		}
	}
	return r, nil
}
