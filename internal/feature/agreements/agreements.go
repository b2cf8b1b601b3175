// Package agreements keeps the co-broking agreements on a match
// (docs/product.md#co-broking-agreements): either agent proposes how the
// brokerage is shared, the other accepts, rejects or counters; an accepted
// agreement is locked with a SHA-256 of its canonical terms, has a PDF and a
// public check page, and carries the deal's stages (site visit, offer,
// closed by both sides, fallen through) and a dispute for the admins.
//
// It finds a match's two agents with matches.Sides and names the client as
// the sharing rules allow with requirement.NameRevealedSQL and ShortName
// (docs/architecture.md#seams).
package agreements

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/feature/matches"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/network"
)

// Statuses of a proposal.
const (
	Proposed   = "proposed"
	Accepted   = "accepted"
	Rejected   = "rejected"
	Superseded = "superseded"
)

// Bases: what the split is a share of.
const (
	BasisBrokerage = "brokerage"
	BasisPrice     = "price"
)

// Deal stages after acceptance. Agreed is where an accepted agreement starts.
const (
	StageAgreed        = "agreed"
	StageSiteVisit     = "site_visit"
	StageOffer         = "offer"
	StageClosed        = "closed"
	StageFallenThrough = "fallen_through"
)

// Sides of a match.
const (
	SideListing = "listing"
	SideBuyer   = "buyer"
)

// EventType is the live event the other agent gets when a proposal is made
// or answered: {matchId, agreementId, status}.
const EventType = "agreement"

// Service is the agreements' request work.
type Service struct {
	db  *store.DB
	pub network.Publisher
}

// NewService returns a Service on db; pub (nil for none) carries live
// events to the other agent after each write.
func NewService(db *store.DB, pub network.Publisher) *Service { return &Service{db: db, pub: pub} }

// Agreement is one proposal on a match as its agents see it.
type Agreement struct {
	ID                 int64      `json:"id"`
	MatchID            *int64     `json:"matchId"`
	Version            int        `json:"version"`
	ListingAgentID     int64      `json:"listingAgentId"`
	BuyerAgentID       int64      `json:"buyerAgentId"`
	ProposedBy         int64      `json:"proposedBy"`
	ProposedBySide     string     `json:"proposedBySide"`
	ListingSidePercent *int64     `json:"listingSidePercent"`
	BuyerSidePercent   *int64     `json:"buyerSidePercent"`
	FixedAmountPaise   *int64     `json:"fixedAmountPaise"`
	Basis              string     `json:"basis"`
	Note               string     `json:"note"`
	Status             string     `json:"status"`
	CreatedAt          time.Time  `json:"createdAt"`
	AnsweredAt         *time.Time `json:"answeredAt"`
	AnsweredBy         *int64     `json:"answeredBy"`
	// CanAnswer is whether the viewer may accept, reject or counter it: it
	// is the latest open proposal and the viewer did not make it.
	CanAnswer bool `json:"canAnswer"`
	// Number, Hash and VerifyPath are set once accepted.
	Number     *string `json:"number"`
	Hash       *string `json:"hash"`
	VerifyPath *string `json:"verifyPath"`
	Deal       *Deal   `json:"deal"`
}

// Deal is an accepted agreement's progress.
type Deal struct {
	Stage   string    `json:"stage"`
	StageAt time.Time `json:"stageAt"`
	// The close confirmations: each side's final price and when.
	ListingClosePaise *int64     `json:"listingClosePaise"`
	ListingCloseAt    *time.Time `json:"listingCloseAt"`
	BuyerClosePaise   *int64     `json:"buyerClosePaise"`
	BuyerCloseAt      *time.Time `json:"buyerCloseAt"`
	FinalPricePaise   *int64     `json:"finalPricePaise"`
	ClosedAt          *time.Time `json:"closedAt"`
	Dispute           *Dispute   `json:"dispute"`
}

// Dispute is a deal's flagged dispute.
type Dispute struct {
	Status     string     `json:"status"`
	Note       string     `json:"note"`
	By         *int64     `json:"by"`
	At         *time.Time `json:"at"`
	Resolution string     `json:"resolution"`
	ResolvedAt *time.Time `json:"resolvedAt"`
}

// VerifyPath is the public page that checks agreement number.
func VerifyPath(number string) string { return "/agreements/" + number }

const selectAgreement = `SELECT id, match_id, version, listing_agent_id, buyer_agent_id, proposed_by, listing_side_percent,
	buyer_side_percent, fixed_amount_paise, basis, note, status, created_at, answered_at, answered_by, number, hash,
	stage, stage_at, listing_close_paise, listing_close_at, buyer_close_paise, buyer_close_at, final_price_paise, closed_at,
	dispute_status, dispute_note, dispute_by, dispute_at, dispute_resolution, dispute_resolved_at
	FROM agreements `

func scanAgreement(row interface{ Scan(...any) error }, a *Agreement) error {
	var matchID, answeredBy, lcp, bcp, fp, disputeBy sql.NullInt64
	var answeredAt, stageAt, lca, bca, closedAt, disputeAt, resolvedAt sql.NullTime
	var number, hash, stage sql.NullString
	var lp, bp, fixed sql.NullInt64
	var d Dispute
	err := row.Scan(&a.ID, &matchID, &a.Version, &a.ListingAgentID, &a.BuyerAgentID, &a.ProposedBy, &lp, &bp, &fixed,
		&a.Basis, &a.Note, &a.Status, &a.CreatedAt, &answeredAt, &answeredBy, &number, &hash,
		&stage, &stageAt, &lcp, &lca, &bcp, &bca, &fp, &closedAt,
		&d.Status, &d.Note, &disputeBy, &disputeAt, &d.Resolution, &resolvedAt)
	if err != nil {
		return err
	}
	a.CreatedAt = a.CreatedAt.UTC()
	a.MatchID, a.AnsweredBy = intPtr(matchID), intPtr(answeredBy)
	a.ListingSidePercent, a.BuyerSidePercent, a.FixedAmountPaise = intPtr(lp), intPtr(bp), intPtr(fixed)
	a.AnsweredAt = timePtr(answeredAt)
	a.ProposedBySide = SideBuyer
	if a.ProposedBy == a.ListingAgentID {
		a.ProposedBySide = SideListing
	}
	if number.Valid {
		n, h, p := number.String, hash.String, VerifyPath(number.String)
		a.Number, a.Hash, a.VerifyPath = &n, &h, &p
	}
	if stage.Valid {
		a.Deal = &Deal{Stage: stage.String, StageAt: stageAt.Time.UTC(), ListingClosePaise: intPtr(lcp), ListingCloseAt: timePtr(lca),
			BuyerClosePaise: intPtr(bcp), BuyerCloseAt: timePtr(bca), FinalPricePaise: intPtr(fp), ClosedAt: timePtr(closedAt)}
		if d.Status != "none" {
			d.By, d.At, d.ResolvedAt = intPtr(disputeBy), timePtr(disputeAt), timePtr(resolvedAt)
			a.Deal.Dispute = &d
		}
	}
	return nil
}

func intPtr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// Errors every route shares. Another agent's agreement, or match, is
// NotFound: ids reveal nothing.
var (
	errMatchNotFound     = apperr.New(apperr.NotFound, "Match not found")
	errAgreementNotFound = apperr.New(apperr.NotFound, "Agreement not found")
)

// sideOf returns the side agentID is on of a match between seller and
// buyer, or "" when they are on neither.
func sideOf(agentID, seller, buyer int64) string {
	switch agentID {
	case seller:
		return SideListing
	case buyer:
		return SideBuyer
	}
	return ""
}

// matchSides returns the agents of matchID with q, and NotFound unless
// actor is one of them (or, when read is true, an admin).
func matchSides(ctx context.Context, q store.Querier, actor access.Actor, matchID int64, read bool) (seller, buyer int64, err error) {
	seller, buyer, err = matches.Sides(ctx, q, matchID)
	if apperr.CodeOf(err) == apperr.NotFound {
		return 0, 0, errMatchNotFound
	}
	if err != nil {
		return 0, 0, err
	}
	if sideOf(actor.ID, seller, buyer) == "" && (!read || !actor.Admin) {
		return 0, 0, errMatchNotFound
	}
	return seller, buyer, nil
}

// load returns agreement id read with q, NotFound unless actor is one of its
// agents (or, when read is true, an admin).
func load(ctx context.Context, q store.Querier, actor access.Actor, id int64, read bool) (Agreement, error) {
	var a Agreement
	err := scanAgreement(q.QueryRowContext(ctx, selectAgreement+`WHERE id = $1`, id), &a)
	if errors.Is(err, sql.ErrNoRows) {
		return a, errAgreementNotFound
	}
	if err != nil {
		return a, apperr.Wrap(err, "agreement")
	}
	if sideOf(actor.ID, a.ListingAgentID, a.BuyerAgentID) == "" && (!read || !actor.Admin) {
		return Agreement{}, errAgreementNotFound
	}
	return a, nil
}

// lockMatch serialises the agreement writes of one match. SQLite's writer
// gate already runs one write transaction at a time; PostgreSQL takes a
// transaction-scoped advisory lock on the match. The conditional updates
// and the partial unique indexes hold the rules on their own; the lock
// makes the losers of a race read the winner's result and answer it.
func (s *Service) lockMatch(ctx context.Context, tx *sql.Tx, matchID int64) error {
	if s.db.Engine != store.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(27, $1::int)`, matchID%(1<<31))
	return apperr.Wrap(err, "lock match")
}

// List returns matchID's agreements, newest version first, for one of its
// agents or an admin (read-only).
func (s *Service) List(ctx context.Context, actor access.Actor, matchID int64) ([]Agreement, error) {
	if _, _, err := matchSides(ctx, s.db, actor, matchID, true); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, selectAgreement+`WHERE match_id = $1 ORDER BY version DESC`, matchID)
	if err != nil {
		return nil, apperr.Wrap(err, "agreements")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, a *Agreement) error { return scanAgreement(rows, a) })
	if err != nil {
		return nil, apperr.Wrap(err, "agreements")
	}
	for i := range list {
		list[i].showTo(actor.ID)
	}
	if list == nil {
		list = []Agreement{}
	}
	return list, nil
}

// Get returns agreement id for one of its agents or an admin.
func (s *Service) Get(ctx context.Context, actor access.Actor, id int64) (Agreement, error) {
	a, err := load(ctx, s.db, actor, id, true)
	a.showTo(actor.ID)
	return a, err
}

// showTo sets what viewer may do with a.
func (a *Agreement) showTo(viewer int64) {
	a.CanAnswer = a.Status == Proposed && a.ProposedBy != viewer && sideOf(viewer, a.ListingAgentID, a.BuyerAgentID) != ""
}

// notify tells the other agent of a about its change, after commit.
func (s *Service) notify(ctx context.Context, actorID int64, a Agreement) {
	if s.pub == nil {
		return
	}
	other := a.ListingAgentID
	if actorID == other {
		other = a.BuyerAgentID
	}
	s.pub.Publish(ctx, []int64{other}, events.New(EventType, map[string]any{"matchId": a.MatchID, "agreementId": a.ID, "status": a.Status}))
}
