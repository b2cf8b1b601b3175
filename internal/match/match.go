// Package match serves the matches the engine stores: each with its
// property, requirement and both agents, read in one query; and the lead
// status and notes the two agents keep on it.
package match

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"
	"unicode/utf8"

	"propmatch/internal/apperr"
	"propmatch/internal/matching"
	"propmatch/internal/property"
	"propmatch/internal/requirement"
	"propmatch/internal/store"
)

// Agent is an agent as a match shows them.
type Agent struct {
	ID             int64   `json:"id"`
	FullName       string  `json:"fullName"`
	Username       string  `json:"username"`
	Phone          string  `json:"phone"`
	Email          *string `json:"email"`
	City           string  `json:"city"`
	State          string  `json:"state"`
	ReraNumber     *string `json:"reraNumber"`
	IsReraVerified bool    `json:"isReraVerified"`
	AgentType      string  `json:"agentType"`
}

// Match is a stored match with both sides and both agents.
type Match struct {
	ID             int64              `json:"id"`
	PropertyID     int64              `json:"propertyId"`
	RequirementID  int64              `json:"requirementId"`
	SellerAgentID  int64              `json:"sellerAgentId"`
	BuyerAgentID   int64              `json:"buyerAgentId"`
	MatchScore     int                `json:"matchScore"`
	ScoreBreakdown matching.Breakdown `json:"scoreBreakdown"`
	Status         string             `json:"status"`
	Notes          string             `json:"notes"`
	ViewedByBuyer  bool               `json:"viewedByBuyer"`
	ViewedBySeller bool               `json:"viewedBySeller"`
	CreatedAt      time.Time          `json:"createdAt"`
	UpdatedAt      time.Time          `json:"updatedAt"`
	Property       property.Property  `json:"property"`
	Requirement    requirement.Public `json:"requirement"`
	SellerAgent    Agent              `json:"sellerAgent"`
	BuyerAgent     Agent              `json:"buyerAgent"`
}

// Statuses are the lead statuses, in the order the dropdown shows them.
var Statuses = []string{"new", "viewed", "contacted", "interested", "not_interested", "closed"}

// MaxNotes is the longest lead note, in characters.
const MaxNotes = 500

func agentColumns(a string) string {
	return a + ".id, " + a + ".full_name, " + a + ".username, " + a + ".phone, " + a + ".email, " + a + ".city, " +
		a + ".state, " + a + ".rera_number, " + a + ".is_rera_verified, " + a + ".agent_type"
}

func agentDest(a *Agent) []any {
	return []any{&a.ID, &a.FullName, &a.Username, &a.Phone, &a.Email, &a.City, &a.State, &a.ReraNumber, &a.IsReraVerified, &a.AgentType}
}

var selectMatches = `SELECT m.id, m.property_id, m.requirement_id, m.seller_agent_id, m.buyer_agent_id, m.match_score,
	m.breakdown, m.status, m.notes, m.viewed_by_buyer, m.viewed_by_seller, ` + store.Qualify("m", "created_at, updated_at") + `, ` +
	property.Columns("p") + `, ` + requirement.PublicColumns("r") + `, ` + agentColumns("s") + `, ` + agentColumns("b") + `
	FROM matches m
	JOIN properties p ON p.id = m.property_id
	JOIN requirements r ON r.id = m.requirement_id
	JOIN users s ON s.id = m.seller_agent_id
	JOIN users b ON b.id = m.buyer_agent_id
	WHERE `

// Service reads matches and changes their status and notes.
type Service struct {
	db     *store.DB
	engine *matching.Engine
}

// NewService returns a Service; status changes refill through engine.
func NewService(db *store.DB, engine *matching.Engine) *Service {
	return &Service{db: db, engine: engine}
}

// queryFunc runs a query: a transaction's QueryContext, or the database's
// QueryPrepared for the lists read on every page view.
type queryFunc func(context.Context, string, ...any) (*sql.Rows, error)

// query reads the matches selected by where; size is how many are expected
// (a Match is large, so growing the list by doubling would copy it often).
func (s *Service) query(ctx context.Context, run queryFunc, size int, where string, args ...any) ([]Match, error) {
	rows, err := run(ctx, selectMatches+where, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list matches")
	}
	defer rows.Close()
	list := make([]Match, 0, size)
	for rows.Next() {
		var m Match
		var breakdown string
		pDest, pDone := property.Dest(&m.Property)
		rDest, rDone := requirement.PublicDest(&m.Requirement.Fields)
		dest := []any{&m.ID, &m.PropertyID, &m.RequirementID, &m.SellerAgentID, &m.BuyerAgentID, &m.MatchScore,
			&breakdown, &m.Status, &m.Notes, &m.ViewedByBuyer, &m.ViewedBySeller, store.ScanTime(&m.CreatedAt), store.ScanTime(&m.UpdatedAt)}
		dest = append(append(append(append(dest, pDest...), rDest...), agentDest(&m.SellerAgent)...), agentDest(&m.BuyerAgent)...)
		if err := rows.Scan(dest...); err != nil {
			return nil, apperr.Wrap(err, "scan match")
		}
		pDone()
		rDone()
		m.ScoreBreakdown = matching.ParseBreakdown(breakdown)
		list = append(list, m)
	}
	return list, apperr.Wrap(rows.Err(), "list matches")
}

// List returns a page of agentID's matches, newest first: as buyer agent
// (side "buyer"), as seller agent ("seller"), or both (""); only those with
// status when it is not "". It returns the next page's cursor (0 for none).
func (s *Service) List(ctx context.Context, agentID int64, side, status string, page store.Page) ([]Match, int64, error) {
	var where string
	switch side {
	case "buyer":
		where = `m.buyer_agent_id = $1`
	case "seller":
		where = `m.seller_agent_id = $1`
	case "":
		where = `(m.buyer_agent_id = $1 OR m.seller_agent_id = $1)`
	default:
		return nil, 0, apperr.Validation(apperr.FieldError{Path: "type", Message: "type must be buyer or seller"})
	}
	args := []any{agentID}
	if status != "" {
		if !slices.Contains(Statuses, status) {
			return nil, 0, apperr.Validation(apperr.FieldError{Path: "status", Message: "status must be one of new, viewed, contacted, interested, not_interested, closed"})
		}
		args = append(args, status)
		where += ` AND m.status = $2`
	}
	q, args := page.Apply(where, "m.id", args)
	list, err := s.query(ctx, s.db.QueryPrepared, page.Limit+1, q, args...)
	if err != nil {
		return nil, 0, err
	}
	list, next := store.Trim(list, page, func(m Match) int64 { return m.ID })
	return list, next, nil
}

// ForRequirement returns the matches of one of agentID's requirements, best
// first. It returns NotFound when the requirement is not theirs.
func (s *Service) ForRequirement(ctx context.Context, agentID, requirementID int64) ([]Match, error) {
	if err := store.CheckOwner(ctx, s.db, "requirements", requirementID, store.Actor{ID: agentID}, apperr.New(apperr.NotFound, "Requirement not found")); err != nil {
		return nil, err
	}
	return s.query(ctx, s.db.QueryPrepared, matching.DefaultLimit, `m.requirement_id = $1 ORDER BY m.match_score DESC, m.property_id DESC`, requirementID)
}

var errNotFound = apperr.New(apperr.NotFound, "Match not found")

// side returns "buyer" or "seller" for agentID on the match, or NotFound
// when agentID is neither of its agents.
func side(ctx context.Context, tx *sql.Tx, agentID, matchID int64) (string, string, int64, error) {
	var buyer, seller, reqID int64
	var status string
	err := tx.QueryRowContext(ctx, `SELECT buyer_agent_id, seller_agent_id, requirement_id, status FROM matches WHERE id = $1`, matchID).
		Scan(&buyer, &seller, &reqID, &status)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", "", 0, errNotFound
	case err != nil:
		return "", "", 0, apperr.Wrap(err, "match side")
	case agentID == buyer:
		return "buyer", status, reqID, nil
	case agentID == seller:
		return "seller", status, reqID, nil
	}
	return "", "", 0, errNotFound
}

// SetStatus sets a match's lead status and, when viewedBy is given, marks it
// viewed by the caller's side. Moving into or out of `new` refills the
// requirement's best matches. It returns NotFound unless agentID is one of
// the match's two agents.
func (s *Service) SetStatus(ctx context.Context, agentID, matchID int64, status, viewedBy string) (Match, error) {
	var f apperr.Fields
	if !slices.Contains(Statuses, status) {
		f.Add("status", "Status must be one of new, viewed, contacted, interested, not_interested, closed")
	}
	if viewedBy != "" && viewedBy != "buyer" && viewedBy != "seller" {
		f.Add("viewedBy", "viewedBy must be buyer or seller")
	}
	if err := f.Err(); err != nil {
		return Match{}, err
	}
	return s.change(ctx, agentID, matchID, func(tx *sql.Tx, mySide, old string, reqID int64) error {
		if viewedBy != "" && viewedBy != mySide {
			return apperr.Validation(apperr.FieldError{Path: "viewedBy", Message: "You are the " + mySide + " agent of this match"})
		}
		col := ""
		if viewedBy != "" {
			col = ", viewed_by_" + viewedBy + " = TRUE"
		}
		if _, err := tx.ExecContext(ctx, `UPDATE matches SET status = $1, updated_at = $2`+col+` WHERE id = $3`, status, s.db.Time(), matchID); err != nil {
			return apperr.Wrap(err, "set status")
		}
		if (old == "new") != (status == "new") {
			return apperr.Wrap(s.engine.StatusChanged(ctx, tx, s.db.Time(), reqID), "refill requirement")
		}
		return nil
	})
}

// SetNotes saves a match's lead notes (at most 500 characters). It returns
// NotFound unless agentID is one of the match's two agents.
func (s *Service) SetNotes(ctx context.Context, agentID, matchID int64, notes string) (Match, error) {
	if utf8.RuneCountInString(notes) > MaxNotes {
		return Match{}, apperr.Validation(apperr.FieldError{Path: "notes", Message: "Notes must be at most 500 characters"})
	}
	return s.change(ctx, agentID, matchID, func(tx *sql.Tx, _, _ string, _ int64) error {
		_, err := tx.ExecContext(ctx, `UPDATE matches SET notes = $1, updated_at = $2 WHERE id = $3`, notes, s.db.Time(), matchID)
		return apperr.Wrap(err, "set notes")
	})
}

func (s *Service) change(ctx context.Context, agentID, matchID int64, fn func(tx *sql.Tx, side, status string, reqID int64) error) (Match, error) {
	var out Match
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		mySide, status, reqID, err := side(ctx, tx, agentID, matchID)
		if err != nil {
			return err
		}
		if err := fn(tx, mySide, status, reqID); err != nil {
			return err
		}
		list, err := s.query(ctx, tx.QueryContext, 1, `m.id = $1`, matchID)
		if err != nil {
			return err
		}
		if len(list) == 0 { // the refill trimmed it: it was a `new` match past the bound
			return apperr.New(apperr.Conflict, "This match is no longer among the requirement's best; it was removed")
		}
		out = list[0]
		return nil
	})
	return out, err
}
