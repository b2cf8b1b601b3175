// Package dashboard counts what an agent's dashboard and sidebar show: their
// listings by type, requirements, matches on each side, unread messages,
// connection requests, connections, and courses.
package dashboard

import (
	"context"
	"database/sql"
	"strings"

	"propmatch/internal/core/listing"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/training"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Service counts an agent's work.
type Service struct {
	db *store.DB
}

// NewService returns a Service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Stats are the counts on an agent's dashboard and sidebar.
type Stats struct {
	Properties       int            `json:"properties"`
	ActiveProperties int            `json:"activeProperties"`
	Requirements     int            `json:"requirements"`
	BuyerMatches     int            `json:"buyerMatches"`
	SellerMatches    int            `json:"sellerMatches"`
	TotalMatches     int            `json:"totalMatches"`
	NewMatches       int            `json:"newMatches"`
	PropertyTypes    map[string]int `json:"propertyTypes"`
	UnreadMessages   int            `json:"unreadMessages"`
	PendingRequests  int            `json:"pendingRequests"`
	SentRequests     int            `json:"sentRequests"`
	MessagesBadge    int            `json:"messagesBadge"`
	Connections      int            `json:"connections"`
	// Courses is how many courses take enrolments (the sidebar's course
	// badge); EnrolledCourses how many the agent is enrolled in.
	Courses         int `json:"courses"`
	EnrolledCourses int `json:"enrolledCourses"`
}

// Stats counts agentID's listings, requirements, matches, unread messages,
// connection requests and connections.
func (s *Service) Stats(ctx context.Context, agentID int64) (Stats, error) {
	st := Stats{PropertyTypes: map[string]int{}}
	for _, t := range listing.PropertyTypes {
		st.PropertyTypes[string(t)] = 0
	}
	if err := s.counts(ctx, agentID, &st); err != nil {
		return st, err
	}
	if err := s.propertyCounts(ctx, agentID, &st); err != nil {
		return st, err
	}
	st.TotalMatches = st.BuyerMatches + st.SellerMatches
	st.MessagesBadge = st.UnreadMessages + st.PendingRequests
	return st, nil
}

// counts reads every count but the listings', in one round trip: each is a
// scalar subquery of one SELECT.
func (s *Service) counts(ctx context.Context, agentID int64, st *Stats) error {
	counts := []struct {
		dest  *int
		query string
	}{
		{&st.Requirements, `SELECT COUNT(*) FROM requirements WHERE agent_id = $1`},
		// Each side counts by its own status; the seller's not_interested
		// hides a match from them, as in their lists.
		{&st.BuyerMatches, `SELECT COUNT(*) FROM matches WHERE buyer_agent_id = $1`},
		{&st.SellerMatches, `SELECT COUNT(*) FROM matches WHERE seller_agent_id = $1 AND seller_status <> $3`},
		{&st.NewMatches, `SELECT (SELECT COUNT(*) FROM matches WHERE buyer_agent_id = $1 AND buyer_status = $2) +
			(SELECT COUNT(*) FROM matches WHERE seller_agent_id = $1 AND seller_status = $2)`},
		{&st.UnreadMessages, `SELECT COUNT(*) FROM messages WHERE receiver_id = $1 AND is_read = FALSE`},
		{&st.PendingRequests, `SELECT COUNT(*) FROM connections WHERE receiver_id = $1 AND status = 'pending'`},
		{&st.SentRequests, `SELECT COUNT(*) FROM connections WHERE requester_id = $1 AND status = 'pending'`},
		{&st.Connections, `SELECT (SELECT COUNT(*) FROM connections WHERE requester_id = $1 AND status = 'accepted') +
			(SELECT COUNT(*) FROM connections WHERE receiver_id = $1 AND status = 'accepted')`},
		{&st.Courses, `SELECT COUNT(*) FROM courses WHERE tab = $4 AND status = $5`},
		{&st.EnrolledCourses, `SELECT COUNT(*) FROM enrollments WHERE user_id = $1`},
	}
	selects := make([]string, len(counts))
	dests := make([]any, len(counts))
	for i, c := range counts {
		selects[i], dests[i] = "("+c.query+")", c.dest
	}
	err := s.db.QueryRowPrepared(ctx, `SELECT `+strings.Join(selects, ", "), agentID,
		string(matchengine.StatusNew), string(matchengine.StatusNotInterested),
		training.Tab, training.StatusAvailable).Scan(dests...)
	return apperr.Wrap(err, "dashboard stats")
}

// typeCount is how many of an agent's listings have one type and state.
type typeCount struct {
	propertyType string
	active       bool
	n            int
}

// propertyCounts counts agentID's listings: all, active, and by type.
func (s *Service) propertyCounts(ctx context.Context, agentID int64, st *Stats) error {
	rows, err := s.db.QueryContext(ctx, `SELECT property_type, is_active, COUNT(*) FROM properties WHERE agent_id = $1 GROUP BY property_type, is_active`, agentID)
	if err != nil {
		return apperr.Wrap(err, "property counts")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, c *typeCount) error {
		return rows.Scan(&c.propertyType, &c.active, &c.n)
	})
	if err != nil {
		return apperr.Wrap(err, "property counts")
	}
	for _, c := range list {
		st.PropertyTypes[c.propertyType] += c.n
		st.Properties += c.n
		if c.active {
			st.ActiveProperties += c.n
		}
	}
	return nil
}
