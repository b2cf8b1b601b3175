package agreements

import (
	"context"
	"database/sql"
	"time"
	"unicode/utf8"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/platform/access"
)

// MaxNote is the longest note, in characters.
const MaxNote = 1000

// MaxFixedPaise bounds a fixed amount: ₹100 crore.
const MaxFixedPaise = 100_00_00_000_00

// Terms is a proposal as an agent sends it: a split in whole percentages
// that add up to 100, or a fixed amount in paise; the basis; a note.
type Terms struct {
	ListingSidePercent input.Int    `json:"listingSidePercent"`
	BuyerSidePercent   input.Int    `json:"buyerSidePercent"`
	FixedAmountPaise   input.Int    `json:"fixedAmountPaise"`
	Basis              input.String `json:"basis"`
	Note               input.String `json:"note" input:"multiline"`
}

// terms is Terms checked.
type terms struct {
	listing, buyer, fixed *int64
	basis, note           string
}

// check returns t's field errors, or the checked terms.
func (t Terms) check() (terms, error) {
	var f apperr.Fields
	var out terms
	split := t.ListingSidePercent.Set || t.BuyerSidePercent.Set
	switch {
	case split && t.FixedAmountPaise.Set:
		f.Add("fixedAmountPaise", "Give either the split in percentages or a fixed amount, not both")
	case t.FixedAmountPaise.Set:
		if v := t.FixedAmountPaise.Value; v <= 0 || v > MaxFixedPaise {
			f.Add("fixedAmountPaise", "Fixed amount must be more than ₹0 and at most ₹100 crore")
		} else {
			out.fixed = &v
		}
	case split:
		l, b := t.ListingSidePercent, t.BuyerSidePercent
		ok := true
		for _, p := range []struct {
			path string
			v    input.Int
		}{{"listingSidePercent", l}, {"buyerSidePercent", b}} {
			if !p.v.Set || p.v.Value < 0 || p.v.Value > 100 {
				f.Add(p.path, "Percentage must be a whole number from 0 to 100")
				ok = false
			}
		}
		if ok && l.Value+b.Value != 100 {
			f.Add("buyerSidePercent", "The listing side's and the buyer side's percentages must add up to 100")
		}
		if ok {
			lv, bv := l.Value, b.Value
			out.listing, out.buyer = &lv, &bv
		}
	default:
		f.Add("listingSidePercent", "Give the split in percentages (listing side and buyer side) or a fixed amount")
	}
	switch basis := string(t.Basis); basis {
	case BasisBrokerage, BasisPrice:
		out.basis = basis
	case "":
		f.Add("basis", "Basis is required: brokerage or price")
	default:
		f.Add("basis", "Basis must be brokerage or price")
	}
	out.note = string(t.Note)
	if utf8.RuneCountInString(out.note) > MaxNote {
		f.Add("note", "Note must be at most 1000 characters")
	}
	if err := f.Err(); err != nil {
		return terms{}, err
	}
	return out, nil
}

var (
	errAlreadyAccepted = apperr.New(apperr.Conflict, "An agreement on this match is already accepted; its terms are locked")
	errOpenFromOther   = apperr.New(apperr.Conflict, "The other agent's proposal is open: accept, reject or counter it")
	errNotOpen         = apperr.New(apperr.Conflict, "This proposal is no longer open: it was already answered or replaced")
	errOwnProposal     = apperr.New(apperr.Conflict, "You made this proposal: the other agent answers it (propose again to revise it)")
	errMatchGone       = apperr.New(apperr.Conflict, "The match of this agreement no longer exists")
)

// Propose records actor's proposal on matchID. When actor's own proposal is
// open, the new one revises it (the old is superseded); when the other
// agent's is open, it must be answered first (Counter).
func (s *Service) Propose(ctx context.Context, actor access.Actor, matchID int64, in Terms) (Agreement, error) {
	t, err := in.check()
	if err != nil {
		return Agreement{}, err
	}
	var out Agreement
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		seller, buyer, err := matchSides(ctx, tx, actor, matchID, false)
		if err != nil {
			return err
		}
		if err := s.lockMatch(ctx, tx, matchID); err != nil {
			return err
		}
		now := s.db.Time()
		var open sql.NullInt64
		var openBy int64
		var accepted bool
		err = tx.QueryRowContext(ctx, `SELECT
			(SELECT id FROM agreements WHERE match_id = $1 AND status = 'proposed'),
			COALESCE((SELECT proposed_by FROM agreements WHERE match_id = $1 AND status = 'proposed'), 0),
			EXISTS (SELECT 1 FROM agreements WHERE match_id = $1 AND status = 'accepted')`, matchID).Scan(&open, &openBy, &accepted)
		if err != nil {
			return apperr.Wrap(err, "open proposal")
		}
		if accepted {
			return errAlreadyAccepted
		}
		if open.Valid {
			if openBy != actor.ID {
				return errOpenFromOther
			}
			if err := answer(ctx, tx, open.Int64, actor.ID, Superseded, now, true); err != nil {
				return err
			}
		}
		out, err = insert(ctx, tx, matchID, seller, buyer, actor.ID, t, now)
		return err
	})
	if err != nil {
		return Agreement{}, err
	}
	s.notify(ctx, actor.ID, out)
	out.showTo(actor.ID)
	return out, nil
}

// insert adds the next version on matchID.
func insert(ctx context.Context, tx *sql.Tx, matchID, seller, buyer, by int64, t terms, now time.Time) (Agreement, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO agreements (match_id, listing_agent_id, buyer_agent_id, version, proposed_by,
		listing_side_percent, buyer_side_percent, fixed_amount_paise, basis, note, status, created_at)
		VALUES ($1, $2, $3, (SELECT COALESCE(MAX(version), 0) + 1 FROM agreements WHERE match_id = $1), $4, $5, $6, $7, $8, $9, 'proposed', $10)
		RETURNING id`, matchID, seller, buyer, by, t.listing, t.buyer, t.fixed, t.basis, t.note, now).Scan(&id)
	if err != nil {
		return Agreement{}, apperr.Wrap(err, "propose")
	}
	var a Agreement
	return a, apperr.Wrap(scanAgreement(tx.QueryRowContext(ctx, selectAgreement+`WHERE id = $1`, id), &a), "proposal")
}

// answer moves open proposal id to status, answered by agentID at now, if
// it is still open and (unless own) agentID did not propose it; errNotOpen
// or errOwnProposal otherwise.
func answer(ctx context.Context, tx *sql.Tx, id, agentID int64, status string, now time.Time, own bool) error {
	cond := ` AND proposed_by <> $4`
	if own {
		cond = ` AND proposed_by = $4`
	}
	res, err := tx.ExecContext(ctx, `UPDATE agreements SET status = $1, answered_at = $2, answered_by = $4
		WHERE id = $3 AND status = 'proposed'`+cond, status, now, id, agentID)
	if err != nil {
		return apperr.Wrap(err, "answer proposal")
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return apperr.Wrap(err, "answer proposal")
	}
	var st string
	var by int64
	if err := tx.QueryRowContext(ctx, `SELECT status, proposed_by FROM agreements WHERE id = $1`, id).Scan(&st, &by); err != nil {
		return apperr.Wrap(err, "proposal")
	}
	if st == Proposed && by == agentID {
		return errOwnProposal
	}
	return errNotOpen
}

// Reject rejects open proposal id for the agent who did not make it.
func (s *Service) Reject(ctx context.Context, actor access.Actor, id int64) (Agreement, error) {
	return s.respond(ctx, actor, id, func(tx *sql.Tx, a Agreement, now time.Time) (int64, error) {
		return id, answer(ctx, tx, id, actor.ID, Rejected, now, false)
	})
}

// Counter answers open proposal id with actor's own terms: it is
// superseded and the counter-proposal becomes the open one.
func (s *Service) Counter(ctx context.Context, actor access.Actor, id int64, in Terms) (Agreement, error) {
	t, err := in.check()
	if err != nil {
		return Agreement{}, err
	}
	return s.respond(ctx, actor, id, func(tx *sql.Tx, a Agreement, now time.Time) (int64, error) {
		if err := answer(ctx, tx, id, actor.ID, Superseded, now, false); err != nil {
			return 0, err
		}
		next, err := insert(ctx, tx, *a.MatchID, a.ListingAgentID, a.BuyerAgentID, actor.ID, t, now)
		return next.ID, err
	})
}

// Accept accepts open proposal id for the agent who did not make it, and
// locks its terms (lock.go).
func (s *Service) Accept(ctx context.Context, actor access.Actor, id int64) (Agreement, error) {
	return s.respond(ctx, actor, id, func(tx *sql.Tx, a Agreement, now time.Time) (int64, error) {
		if err := answer(ctx, tx, id, actor.ID, Accepted, now, false); err != nil {
			return 0, err
		}
		return id, s.lockTerms(ctx, tx, id, now)
	})
}

// respond runs fn on proposal id for one of its agents in a transaction
// holding the match's lock, and returns the agreement fn names as actor
// sees it.
func (s *Service) respond(ctx context.Context, actor access.Actor, id int64, fn func(tx *sql.Tx, a Agreement, now time.Time) (int64, error)) (Agreement, error) {
	var out Agreement
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		a, err := load(ctx, tx, actor, id, false)
		if err != nil {
			return err
		}
		if a.MatchID == nil {
			return errMatchGone
		}
		if err := s.lockMatch(ctx, tx, *a.MatchID); err != nil {
			return err
		}
		next, err := fn(tx, a, s.db.Time())
		if err != nil {
			return err
		}
		out, err = load(ctx, tx, actor, next, false)
		return err
	})
	if err != nil {
		return Agreement{}, err
	}
	s.notify(ctx, actor.ID, out)
	out.showTo(actor.ID)
	return out, nil
}
