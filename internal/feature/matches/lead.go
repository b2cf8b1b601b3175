package matches

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"
	"unicode/utf8"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Side is one agent's side of a match.
type Side string

// The two sides of a match.
const (
	Buyer  Side = "buyer"  // the requirement's agent
	Seller Side = "seller" // the listing's agent
)

var errNotFound = apperr.New(apperr.NotFound, "Match not found")

// lead is what a change reads of a match: its agents, its requirement and
// both sides' statuses.
type lead struct {
	id, requirementID, buyerID, sellerID int64
	buyer, seller                        matchengine.Status
}

// lockLead reads match id's lead for a change inside tx. It first touches
// the match's updated_at: that write holds the row until commit, so when both
// agents change the same match at once, one waits for the other and then
// reads the other's side as committed.
func lockLead(ctx context.Context, tx *sql.Tx, id int64, now time.Time) (lead, error) {
	if _, err := tx.ExecContext(ctx, `UPDATE matches SET updated_at = $1 WHERE id = $2`, now, id); err != nil {
		return lead{}, apperr.Wrap(err, "touch match")
	}
	l := lead{id: id}
	err := tx.QueryRowContext(ctx, `SELECT requirement_id, buyer_agent_id, seller_agent_id, buyer_status, seller_status FROM matches WHERE id = $1`, id).
		Scan(&l.requirementID, &l.buyerID, &l.sellerID, &l.buyer, &l.seller)
	if errors.Is(err, sql.ErrNoRows) {
		return l, errNotFound
	}
	return l, apperr.Wrap(err, "match lead")
}

// sideOf returns agentID's side of the match, and NotFound when agentID is
// neither of its agents.
func (l lead) sideOf(agentID int64) (Side, error) {
	switch agentID {
	case l.buyerID:
		return Buyer, nil
	case l.sellerID:
		return Seller, nil
	}
	return "", errNotFound
}

// other returns the agent on the other side from side.
func (l lead) other(side Side) int64 {
	if side == Buyer {
		return l.sellerID
	}
	return l.buyerID
}

// Transition moves agentID's side of match matchID to status to, inside tx,
// and returns that side and the match's other agent. With from, only a side
// now in one of those statuses moves; a side in another is left as it is,
// without error. When the move opens or closes the match (matchengine.Open:
// both sides new), the engine refills or trims its requirement's best
// matches. The buyer side's not_interested is the pair's lasting exclusion;
// the seller side's only hides the match from the seller. It returns NotFound
// unless agentID is one of the match's two agents.
//
// Every change of a lead status goes through Transition.
func Transition(ctx context.Context, tx *sql.Tx, engine *matchengine.Engine, now time.Time, agentID, matchID int64,
	to matchengine.Status, from ...matchengine.Status) (Side, int64, error) {
	if !to.Valid() {
		return "", 0, apperr.Validation(apperr.FieldError{Path: "status", Message: "Status must be one of " + matchengine.StatusList()})
	}
	if err := engine.LockMatchRequirement(ctx, tx, matchID); err != nil {
		return "", 0, apperr.Wrap(err, "lock requirement")
	}
	l, err := lockLead(ctx, tx, matchID, now)
	if err != nil {
		return "", 0, err
	}
	side, err := l.sideOf(agentID)
	if err != nil {
		return "", 0, err
	}
	old := l.buyer
	if side == Seller {
		old = l.seller
	}
	if old == to || len(from) > 0 && !slices.Contains(from, old) {
		return side, l.other(side), nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE matches SET `+string(side)+`_status = $1 WHERE id = $2`, string(to), matchID); err != nil {
		return "", 0, apperr.Wrap(err, "set status")
	}
	wasOpen := matchengine.Open(l.buyer, l.seller)
	if side == Buyer {
		l.buyer = to
	} else {
		l.seller = to
	}
	if wasOpen != matchengine.Open(l.buyer, l.seller) {
		if err := engine.StatusChanged(ctx, tx, now, l.requirementID); err != nil {
			return "", 0, apperr.Wrap(err, "refill requirement")
		}
	}
	return side, l.other(side), nil
}

// SetStatus sets agentID's side of a match to status and, when viewedBy is
// given, marks it viewed by that side, which must be theirs. It returns
// NotFound unless agentID is one of the match's two agents.
func (s *Service) SetStatus(ctx context.Context, agentID, matchID int64, status, viewedBy string) (Match, error) {
	var f apperr.Fields
	if !matchengine.Status(status).Valid() {
		f.Add("status", "Status must be one of "+matchengine.StatusList())
	}
	if viewedBy != "" && viewedBy != string(Buyer) && viewedBy != string(Seller) {
		f.Add("viewedBy", "Say whether you view the match as the buyer or the seller")
	}
	if err := f.Err(); err != nil {
		return Match{}, err
	}
	return s.change(ctx, agentID, matchID, func(tx *sql.Tx, now time.Time) error {
		side, _, err := Transition(ctx, tx, s.engine, now, agentID, matchID, matchengine.Status(status))
		switch {
		case err != nil:
			return err
		case viewedBy == "":
			return nil
		case viewedBy != string(side):
			return apperr.Validation(apperr.FieldError{Path: "viewedBy", Message: "You are the " + string(side) + " agent of this match"})
		}
		_, err = tx.ExecContext(ctx, `UPDATE matches SET viewed_by_`+string(side)+` = TRUE WHERE id = $1`, matchID)
		return apperr.Wrap(err, "mark viewed")
	})
}

// SetNotes saves agentID's own lead notes on a match (at most 500
// characters); the other agent never sees them. It returns NotFound unless
// agentID is one of the match's two agents.
func (s *Service) SetNotes(ctx context.Context, agentID, matchID int64, notes string) (Match, error) {
	if utf8.RuneCountInString(notes) > MaxNotes {
		return Match{}, apperr.Validation(apperr.FieldError{Path: "notes", Message: "Notes must be at most 500 characters"})
	}
	return s.change(ctx, agentID, matchID, func(tx *sql.Tx, now time.Time) error {
		side, err := s.sideOf(ctx, tx, now, agentID, matchID)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE matches SET `+string(side)+`_notes = $1 WHERE id = $2`, notes, matchID)
		return apperr.Wrap(err, "set notes")
	})
}

// ShareClient shows the client's full name to the seller agent of a match;
// only its buyer agent, who owns the requirement, may. It returns NotFound
// unless agentID is one of the match's two agents, and Forbidden for the
// seller agent.
func (s *Service) ShareClient(ctx context.Context, agentID, matchID int64) (Match, error) {
	return s.change(ctx, agentID, matchID, func(tx *sql.Tx, now time.Time) error {
		side, err := s.sideOf(ctx, tx, now, agentID, matchID)
		if err != nil {
			return err
		}
		if side != Buyer {
			return apperr.New(apperr.Forbidden, "Only the buyer agent can share their client's name")
		}
		_, err = tx.ExecContext(ctx, `UPDATE matches SET client_name_shared = TRUE WHERE id = $1`, matchID)
		return apperr.Wrap(err, "share client name")
	})
}

// sideOf locks the match and returns agentID's side of it.
func (s *Service) sideOf(ctx context.Context, tx *sql.Tx, now time.Time, agentID, matchID int64) (Side, error) {
	l, err := lockLead(ctx, tx, matchID, now)
	if err != nil {
		return "", err
	}
	return l.sideOf(agentID)
}

// change runs fn in a transaction and returns the match as agentID then sees it.
func (s *Service) change(ctx context.Context, agentID, matchID int64, fn func(tx *sql.Tx, now time.Time) error) (Match, error) {
	var out Match
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := fn(tx, s.db.Time()); err != nil {
			return err
		}
		list, err := s.query(ctx, tx.QueryContext, agentID, s.selectForEither, 1, `m.id = $2`, agentID, matchID)
		if err != nil {
			return err
		}
		if len(list) == 0 { // the refill trimmed it: it was an open match past the bound
			return apperr.New(apperr.Conflict, "This match is no longer among the requirement's best; it was removed")
		}
		out = list[0]
		return nil
	})
	return out, err
}

// Sides returns the seller and buyer agents of match id, read with q, and
// NotFound when there is no such match: billing's unlocks find the other
// agent with it (services.New hands it over).
func Sides(ctx context.Context, q store.Querier, id int64) (seller, buyer int64, err error) {
	err = q.QueryRowContext(ctx, `SELECT seller_agent_id, buyer_agent_id FROM matches WHERE id = $1`, id).Scan(&seller, &buyer)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, errNotFound
	}
	return seller, buyer, apperr.Wrap(err, "match sides")
}
