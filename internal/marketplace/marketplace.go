// Package marketplace serves what every agent sees of everyone's work:
// all active listings and requirements (never a client's contact, and other
// agents' clients only as requirement.Public.ForViewer shows them), and the
// counts on an agent's dashboard.
package marketplace

import (
	"context"
	"strings"

	"propmatch/internal/apperr"
	"propmatch/internal/matching"
	"propmatch/internal/property"
	"propmatch/internal/requirement"
	"propmatch/internal/store"
)

// Service reads the marketplace.
type Service struct {
	db *store.DB
}

// NewService returns a Service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Properties returns a page of every agent's active listings, newest first,
// optionally those whose title, locality, city or type contains q.
func (s *Service) Properties(ctx context.Context, q string, page store.Page) ([]property.Marketplace, int64, error) {
	where, args := store.Contains("p.search_text", q, nil)
	query, args := page.Apply(`SELECT `+property.Columns("p")+`, u.full_name, u.phone FROM properties p
		JOIN users u ON u.id = p.agent_id WHERE p.is_active = TRUE`+where, "p.id", args)
	rows, err := s.db.QueryPrepared(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace properties")
	}
	defer rows.Close()
	list := []property.Marketplace{}
	for rows.Next() {
		var m property.Marketplace
		dest, done := property.Dest(&m.Property)
		if err := rows.Scan(append(dest, &m.AgentName, &m.AgentPhone)...); err != nil {
			return nil, 0, apperr.Wrap(err, "scan marketplace property")
		}
		done()
		list = append(list, m)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace properties")
	}
	list, next := store.Trim(list, page, func(m property.Marketplace) int64 { return m.ID })
	return list, next, nil
}

// Requirements returns a page of every agent's active requirements as agent
// viewerID may see them, newest first and without client contact; with q,
// those whose cities, localities or types contain q, or whose client name
// does when the requirement is viewerID's own.
func (s *Service) Requirements(ctx context.Context, viewerID int64, q string, page store.Page) ([]requirement.Public, int64, error) {
	where, args := store.Contains(requirement.SearchSQL("r", "$1"), q, []any{viewerID})
	query, args := page.Apply(`SELECT `+requirement.PublicColumns("r")+`, u.full_name, u.phone, `+requirement.NameRevealedSQL("r", "$1")+`
		FROM requirements r JOIN users u ON u.id = r.agent_id WHERE r.is_active = TRUE`+where, "r.id", args)
	rows, err := s.db.QueryPrepared(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace requirements")
	}
	defer rows.Close()
	list := []requirement.Public{}
	for rows.Next() {
		var r requirement.Public
		var nameRevealed bool
		dest, done := requirement.PublicDest(&r.Fields)
		if err := rows.Scan(append(dest, &r.AgentName, &r.AgentPhone, &nameRevealed)...); err != nil {
			return nil, 0, apperr.Wrap(err, "scan marketplace requirement")
		}
		done()
		list = append(list, r.ForViewer(viewerID, nameRevealed))
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace requirements")
	}
	list, next := store.Trim(list, page, func(r requirement.Public) int64 { return r.ID })
	return list, next, nil
}

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
}

// DashboardStats counts agentID's listings, requirements, matches, unread
// messages, connection requests and connections.
func (s *Service) DashboardStats(ctx context.Context, agentID int64) (Stats, error) {
	st := Stats{PropertyTypes: map[string]int{}}
	for _, t := range property.Types {
		st.PropertyTypes[t] = 0
	}
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
	}
	// One round trip: every count is a scalar subquery of one SELECT.
	selects := make([]string, len(counts))
	dests := make([]any, len(counts))
	for i, c := range counts {
		selects[i], dests[i] = "("+c.query+")", c.dest
	}
	err := s.db.QueryRowPrepared(ctx, `SELECT `+strings.Join(selects, ", "), agentID,
		string(matching.StatusNew), string(matching.StatusNotInterested)).Scan(dests...)
	if err != nil {
		return st, apperr.Wrap(err, "dashboard stats")
	}
	rows, err := s.db.QueryContext(ctx, `SELECT property_type, is_active, COUNT(*) FROM properties WHERE agent_id = $1 GROUP BY property_type, is_active`, agentID)
	if err != nil {
		return st, apperr.Wrap(err, "property counts")
	}
	defer rows.Close()
	for rows.Next() {
		var t string
		var active bool
		var n int
		if err := rows.Scan(&t, &active, &n); err != nil {
			return st, apperr.Wrap(err, "property counts")
		}
		st.PropertyTypes[t] += n
		st.Properties += n
		if active {
			st.ActiveProperties += n
		}
	}
	st.TotalMatches = st.BuyerMatches + st.SellerMatches
	st.MessagesBadge = st.UnreadMessages + st.PendingRequests
	return st, apperr.Wrap(rows.Err(), "property counts")
}
