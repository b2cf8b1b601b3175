package analytics

import (
	"context"
	"database/sql"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// previewRunes is the length of a message preview, in characters.
const previewRunes = 80

// Recent are the agent's five most recent items of each kind, newest first.
type Recent struct {
	Properties   []RecentProperty    `json:"properties"`
	Requirements []RecentRequirement `json:"requirements"`
	Matches      []RecentMatch       `json:"matches"`
	Connections  []RecentConnection  `json:"connections"`
	Messages     []RecentMessage     `json:"messages"`
}

// RecentProperty is one of the agent's listings.
type RecentProperty struct {
	ID             int64     `json:"id"`
	Title          string    `json:"title"`
	PropertyType   string    `json:"propertyType"`
	ListingPurpose string    `json:"listingPurpose"`
	City           string    `json:"city"`
	Price          float64   `json:"price"`
	CreatedAt      time.Time `json:"createdAt"`
}

// RecentRequirement is one of the agent's requirements.
type RecentRequirement struct {
	ID             int64     `json:"id"`
	ClientName     string    `json:"clientName"`
	ListingPurpose string    `json:"listingPurpose"`
	Timeline       string    `json:"timeline"`
	CreatedAt      time.Time `json:"createdAt"`
}

// RecentMatch is one of the agent's matches, on either side; Match holds
// the agent's own side's status.
type RecentMatch struct {
	ID            int64      `json:"id"`
	Side          string     `json:"side"`
	MatchScore    int        `json:"matchScore"`
	PropertyTitle string     `json:"propertyTitle"`
	Match         MatchState `json:"match"`
}

// MatchState is a match's status on the agent's side and when it was made.
type MatchState struct {
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"createdAt"`
}

// RecentConnection is an accepted connection and the other agent.
type RecentConnection struct {
	ID         int64     `json:"id"`
	AgentID    int64     `json:"agentId"`
	AgentName  string    `json:"agentName"`
	AcceptedAt time.Time `json:"acceptedAt"`
}

// RecentMessage is a message the agent sent or received.
type RecentMessage struct {
	ID        int64     `json:"id"`
	Direction string    `json:"direction"`
	AgentID   int64     `json:"agentId"`
	AgentName string    `json:"agentName"`
	Preview   string    `json:"preview"`
	CreatedAt time.Time `json:"createdAt"`
}

// The recent-item queries; each reads at most five rows per index, and
// lists its items by the date it shows, newest first (issue 25: a listing
// backdated or restored from a backup sits where its date says).
// Messages are listed by id: a message's date is when it was stored.
const (
	recentPropertiesSQL = `SELECT id, title, property_type, listing_purpose, city, price, COALESCE(created_at, NULL)
		FROM properties WHERE agent_id = $1 ORDER BY created_at DESC, id DESC LIMIT 5`
	recentRequirementsSQL = `SELECT id, client_name, listing_purpose, timeline, COALESCE(created_at, NULL)
		FROM requirements WHERE agent_id = $1 ORDER BY created_at DESC, id DESC LIMIT 5`
	recentMatchesSQL = `SELECT x.id, x.side, x.status, x.match_score, p.title, x.created_at FROM (
		SELECT * FROM (SELECT id, 'buyer' AS side, buyer_status AS status, match_score, property_id, COALESCE(created_at, NULL) AS created_at
			FROM matches WHERE buyer_agent_id = $1 ORDER BY created_at DESC, id DESC LIMIT 5) b
		UNION ALL
		SELECT * FROM (SELECT id, 'seller' AS side, seller_status AS status, match_score, property_id, COALESCE(created_at, NULL) AS created_at
			FROM matches WHERE seller_agent_id = $1 ORDER BY created_at DESC, id DESC LIMIT 5) s
	) x JOIN properties p ON p.id = x.property_id ORDER BY x.created_at DESC, x.id DESC, x.side LIMIT 5`
	recentConnectionsSQL = `SELECT x.id, u.id, u.full_name, x.at FROM (
		SELECT * FROM (SELECT id, receiver_id AS other, COALESCE(updated_at, NULL) AS at FROM connections
			WHERE requester_id = $1 AND status = 'accepted' ORDER BY updated_at DESC LIMIT 5) a
		UNION ALL
		SELECT * FROM (SELECT id, requester_id AS other, COALESCE(updated_at, NULL) AS at FROM connections
			WHERE receiver_id = $1 AND status = 'accepted' ORDER BY updated_at DESC LIMIT 5) b
	) x JOIN users u ON u.id = x.other ORDER BY x.at DESC, x.id DESC LIMIT 5`
	recentMessagesSQL = `SELECT x.id, x.direction, u.id, u.full_name, x.content, x.created_at FROM (
		SELECT * FROM (SELECT id, 'sent' AS direction, receiver_id AS other, content, COALESCE(created_at, NULL) AS created_at
			FROM messages WHERE sender_id = $1 ORDER BY id DESC LIMIT 5) a
		UNION ALL
		SELECT * FROM (SELECT id, 'received' AS direction, sender_id AS other, content, COALESCE(created_at, NULL) AS created_at
			FROM messages WHERE receiver_id = $1 ORDER BY id DESC LIMIT 5) b
	) x JOIN users u ON u.id = x.other ORDER BY x.id DESC LIMIT 5`
)

// recent reads the five most recent items of each kind.
func (s *Service) recent(ctx context.Context, agentID int64, _ period, r *Report) error {
	var err error
	rc := &r.Recent
	if rc.Properties, err = recentOf(ctx, s.db, recentPropertiesSQL, agentID, func(rows *sql.Rows, p *RecentProperty) error {
		return rows.Scan(&p.ID, &p.Title, &p.PropertyType, &p.ListingPurpose, &p.City, &p.Price, store.ScanTime(&p.CreatedAt))
	}); err != nil {
		return err
	}
	if rc.Requirements, err = recentOf(ctx, s.db, recentRequirementsSQL, agentID, func(rows *sql.Rows, q *RecentRequirement) error {
		return rows.Scan(&q.ID, &q.ClientName, &q.ListingPurpose, &q.Timeline, store.ScanTime(&q.CreatedAt))
	}); err != nil {
		return err
	}
	if rc.Matches, err = recentOf(ctx, s.db, recentMatchesSQL, agentID, func(rows *sql.Rows, m *RecentMatch) error {
		return rows.Scan(&m.ID, &m.Side, &m.Match.Status, &m.MatchScore, &m.PropertyTitle, store.ScanTime(&m.Match.CreatedAt))
	}); err != nil {
		return err
	}
	if rc.Connections, err = recentOf(ctx, s.db, recentConnectionsSQL, agentID, func(rows *sql.Rows, c *RecentConnection) error {
		return rows.Scan(&c.ID, &c.AgentID, &c.AgentName, store.ScanTime(&c.AcceptedAt))
	}); err != nil {
		return err
	}
	rc.Messages, err = recentOf(ctx, s.db, recentMessagesSQL, agentID, func(rows *sql.Rows, m *RecentMessage) error {
		err := rows.Scan(&m.ID, &m.Direction, &m.AgentID, &m.AgentName, &m.Preview, store.ScanTime(&m.CreatedAt))
		if r := []rune(m.Preview); len(r) > previewRunes {
			m.Preview = string(r[:previewRunes-1]) + "…"
		}
		return err
	})
	return err
}

func recentOf[T any](ctx context.Context, db *store.DB, query string, agentID int64, scan func(*sql.Rows, *T) error) ([]T, error) {
	rows, err := db.QueryPrepared(ctx, query, agentID)
	if err != nil {
		return nil, apperr.Wrap(err, "analytics recent")
	}
	list, err := store.Collect(rows, scan)
	return list, apperr.Wrap(err, "analytics recent")
}
