package admin

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
)

// Property is a listing as the admin list shows it.
type Property struct {
	ID             int64     `json:"id"`
	Title          string    `json:"title"`
	PropertyType   string    `json:"propertyType"`
	ListingPurpose string    `json:"listingPurpose"`
	Price          float64   `json:"price"`
	City           string    `json:"city"`
	Locality       string    `json:"locality"`
	Bedrooms       *int      `json:"bedrooms"`
	IsActive       bool      `json:"isActive"`
	AgentID        int64     `json:"agentId"`
	AgentName      string    `json:"agentName"`
	AgentActive    bool      `json:"agentActive"`
	CreatedAt      time.Time `json:"createdAt"`
}

// Properties returns a page of every listing, newest first, optionally
// those whose title, locality, city, type or agent's name contains q.
func (s *Service) Properties(ctx context.Context, q string, page paging.Page) ([]Property, int64, error) {
	where, args := store.Contains(`(p.search_text || ' ' || lower(u.full_name))`, q, nil)
	query, args := page.Apply(`SELECT p.id, p.title, p.property_type, p.listing_purpose, p.price, p.city, p.locality, p.bedrooms,
		p.is_active, p.agent_id, u.full_name, u.is_active, `+store.Qualify("p", "created_at")+`
		FROM properties p JOIN users u ON u.id = p.agent_id WHERE 1 = 1`+where, "p.id", args)
	return list(ctx, s.db, query, args, func(rows *sql.Rows, p *Property) error {
		return rows.Scan(&p.ID, &p.Title, &p.PropertyType, &p.ListingPurpose, &p.Price, &p.City, &p.Locality, &p.Bedrooms,
			&p.IsActive, &p.AgentID, &p.AgentName, &p.AgentActive, store.ScanTime(&p.CreatedAt))
	}, page, func(p Property) int64 { return p.ID })
}

// Requirement is a requirement as the admin list shows it.
type Requirement struct {
	ID              int64     `json:"id"`
	ClientName      string    `json:"clientName"`
	PropertyTypes   []string  `json:"propertyTypes"`
	ListingPurpose  string    `json:"listingPurpose"`
	PreferredCities []string  `json:"preferredCities"`
	MinPrice        *float64  `json:"minPrice"`
	MaxPrice        *float64  `json:"maxPrice"`
	MinBedrooms     *int      `json:"minBedrooms"`
	Timeline        *string   `json:"timeline"`
	IsActive        bool      `json:"isActive"`
	AgentID         int64     `json:"agentId"`
	AgentName       string    `json:"agentName"`
	AgentActive     bool      `json:"agentActive"`
	CreatedAt       time.Time `json:"createdAt"`
}

// Requirements returns a page of every requirement, newest first,
// optionally those whose searchable text or agent's name contains q.
func (s *Service) Requirements(ctx context.Context, q string, page paging.Page) ([]Requirement, int64, error) {
	where, args := store.Contains(`(r.search_text || ' ' || lower(r.client_name) || ' ' || lower(u.full_name))`, q, nil)
	query, args := page.Apply(`SELECT r.id, r.client_name, r.property_types, r.listing_purpose, r.preferred_cities, r.min_price, r.max_price,
		r.min_bedrooms, r.timeline, r.is_active, r.agent_id, u.full_name, u.is_active, `+store.Qualify("r", "created_at")+`
		FROM requirements r JOIN users u ON u.id = r.agent_id WHERE 1 = 1`+where, "r.id", args)
	return list(ctx, s.db, query, args, func(rows *sql.Rows, r *Requirement) error {
		var types, cities string
		if err := rows.Scan(&r.ID, &r.ClientName, &types, &r.ListingPurpose, &cities, &r.MinPrice, &r.MaxPrice,
			&r.MinBedrooms, &r.Timeline, &r.IsActive, &r.AgentID, &r.AgentName, &r.AgentActive, store.ScanTime(&r.CreatedAt)); err != nil {
			return err
		}
		r.PropertyTypes, r.PreferredCities = store.StringList(types), store.StringList(cities)
		return nil
	}, page, func(r Requirement) int64 { return r.ID })
}

// Match is a match as the read-only admin list shows it. Status is the
// buyer side's lead status (the spec's single status); each side's is given.
type Match struct {
	ID              int64     `json:"id"`
	MatchScore      int       `json:"matchScore"`
	Status          string    `json:"status"`
	BuyerStatus     string    `json:"buyerStatus"`
	SellerStatus    string    `json:"sellerStatus"`
	PropertyID      int64     `json:"propertyId"`
	PropertyTitle   string    `json:"propertyTitle"`
	RequirementID   int64     `json:"requirementId"`
	ClientName      string    `json:"clientName"`
	BuyerAgentID    int64     `json:"buyerAgentId"`
	BuyerAgentName  string    `json:"buyerAgentName"`
	SellerAgentID   int64     `json:"sellerAgentId"`
	SellerAgentName string    `json:"sellerAgentName"`
	CreatedAt       time.Time `json:"createdAt"`
}

// MatchStatuses are the lead statuses the matches list filters by.
var MatchStatuses = []string{"new", "viewed", "contacted", "interested", "not_interested", "closed"}

// Matches returns a page of every match, newest first, optionally those
// where either side's status is status. It returns Invalid for another status.
func (s *Service) Matches(ctx context.Context, status string, page paging.Page) ([]Match, int64, error) {
	var args []any
	where := ""
	if status != "" {
		if !slices.Contains(MatchStatuses, status) {
			return nil, 0, apperr.Validation(apperr.FieldError{Path: "status", Message: "Status must be new, viewed, contacted, interested, not_interested or closed"})
		}
		args = append(args, status)
		where = ` AND (m.buyer_status = $1 OR m.seller_status = $1)`
	}
	query, args := page.Apply(`SELECT m.id, m.match_score, m.buyer_status, m.seller_status, m.property_id, p.title, m.requirement_id, r.client_name,
		m.buyer_agent_id, b.full_name, m.seller_agent_id, se.full_name, `+store.Qualify("m", "created_at")+`
		FROM matches m JOIN properties p ON p.id = m.property_id JOIN requirements r ON r.id = m.requirement_id
		JOIN users b ON b.id = m.buyer_agent_id JOIN users se ON se.id = m.seller_agent_id WHERE 1 = 1`+where, "m.id", args)
	return list(ctx, s.db, query, args, func(rows *sql.Rows, m *Match) error {
		err := rows.Scan(&m.ID, &m.MatchScore, &m.BuyerStatus, &m.SellerStatus, &m.PropertyID, &m.PropertyTitle, &m.RequirementID,
			&m.ClientName, &m.BuyerAgentID, &m.BuyerAgentName, &m.SellerAgentID, &m.SellerAgentName, store.ScanTime(&m.CreatedAt))
		m.Status = m.BuyerStatus
		return err
	}, page, func(m Match) int64 { return m.ID })
}

// list runs a paged query and trims it to the page.
func list[T any](ctx context.Context, db *store.DB, query string, args []any, scan func(*sql.Rows, *T) error, page paging.Page, id func(T) int64) ([]T, int64, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "admin list")
	}
	items, err := store.Collect(rows, func(rows *sql.Rows, item *T) error {
		if err := scan(rows, item); err != nil {
			return fmt.Errorf("scan: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "admin list")
	}
	items, next := paging.Trim(items, page, id)
	return items, next, nil
}
