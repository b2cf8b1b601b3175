package agreements

import (
	"context"
	"database/sql"
	"strings"
	"time"
	"unicode/utf8"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
)

// StageInput moves a deal: stage, and for closed the final price in paise.
type StageInput struct {
	Stage           input.String `json:"stage"`
	FinalPricePaise input.Int    `json:"finalPricePaise"`
}

// MaxPricePaise bounds a final price: ₹10,000 crore.
const MaxPricePaise = 10_000_00_00_000_00

var (
	errNotAccepted = apperr.New(apperr.Conflict, "The agreement is not accepted: a deal starts once both agents agree")
	errDealOver    = apperr.New(apperr.Conflict, "The deal is over (closed or fallen through): its stage no longer changes")
)

// SetStage moves accepted agreement id's deal for one of its agents.
// site_visit, offer and fallen_through take effect at once (and clear any
// close confirmation); closed needs both sides: the first confirmation
// records that side's final price, the second closes the deal when it
// states the same price (or none, taking the first's).
func (s *Service) SetStage(ctx context.Context, actor access.Actor, id int64, in StageInput) (Agreement, error) {
	stage := string(in.Stage)
	switch stage {
	case StageSiteVisit, StageOffer, StageFallenThrough, StageClosed:
	case "":
		return Agreement{}, apperr.Validation(apperr.FieldError{Path: "stage", Message: "Stage is required"})
	default:
		return Agreement{}, apperr.Validation(apperr.FieldError{Path: "stage", Message: "Stage must be site_visit, offer, closed or fallen_through"})
	}
	price := in.FinalPricePaise
	if price.Set && (price.Value <= 0 || price.Value > MaxPricePaise) {
		return Agreement{}, apperr.Validation(apperr.FieldError{Path: "finalPricePaise", Message: "Final price must be more than ₹0 and at most ₹10,000 crore"})
	}
	return s.deal(ctx, actor, id, false, func(tx *sql.Tx, a Agreement, now time.Time) error {
		if stage != StageClosed {
			_, err := tx.ExecContext(ctx, `UPDATE agreements SET stage = $1, stage_at = $2, listing_close_paise = NULL,
				listing_close_at = NULL, buyer_close_paise = NULL, buyer_close_at = NULL WHERE id = $3`, stage, now, id)
			return apperr.Wrap(err, "deal stage")
		}
		mine, otherPrice := "listing", a.Deal.BuyerClosePaise
		if actor.ID == a.BuyerAgentID {
			mine, otherPrice = "buyer", a.Deal.ListingClosePaise
		}
		if otherPrice == nil { // the first confirmation
			if !price.Set {
				return apperr.Validation(apperr.FieldError{Path: "finalPricePaise", Message: "Final price is required to confirm the close"})
			}
			_, err := tx.ExecContext(ctx, `UPDATE agreements SET `+mine+`_close_paise = $1, `+mine+`_close_at = $2 WHERE id = $3`, price.Value, now, id)
			return apperr.Wrap(err, "confirm close")
		}
		if price.Set && price.Value != *otherPrice {
			return &apperr.Error{Code: apperr.Conflict, Message: "The other agent confirmed the close at ₹" + india.FormatPaise(*otherPrice) +
				": confirm that final price, or agree on the price with them first",
				Fields: []apperr.FieldError{{Path: "finalPricePaise", Message: "Final price must be ₹" + india.FormatPaise(*otherPrice) + ", as the other agent confirmed"}}}
		}
		_, err := tx.ExecContext(ctx, `UPDATE agreements SET `+mine+`_close_paise = $1, `+mine+`_close_at = $2, stage = 'closed', stage_at = $2,
			final_price_paise = $1, closed_at = $2 WHERE id = $3`, *otherPrice, now, id)
		return apperr.Wrap(err, "close deal")
	})
}

// FileDispute flags a dispute on accepted agreement id's deal, with note,
// for the admins' queue. One dispute is open at a time.
func (s *Service) FileDispute(ctx context.Context, actor access.Actor, id int64, in DisputeInput) (Agreement, error) {
	note := strings.TrimSpace(string(in.Note))
	switch {
	case note == "":
		return Agreement{}, apperr.Validation(apperr.FieldError{Path: "note", Message: "Say what the dispute is about"})
	case utf8.RuneCountInString(note) > MaxNote:
		return Agreement{}, apperr.Validation(apperr.FieldError{Path: "note", Message: "Note must be at most 1000 characters"})
	}
	return s.deal(ctx, actor, id, true, func(tx *sql.Tx, a Agreement, now time.Time) error {
		if a.Deal.Dispute != nil && a.Deal.Dispute.Status == "open" {
			return apperr.New(apperr.Conflict, "A dispute on this deal is already open with the admins")
		}
		_, err := tx.ExecContext(ctx, `UPDATE agreements SET dispute_status = 'open', dispute_note = $1, dispute_by = $2, dispute_at = $3,
			dispute_resolution = '', dispute_resolved_at = NULL WHERE id = $4`, note, actor.ID, now, id)
		return apperr.Wrap(err, "dispute")
	})
}

// DisputeInput is a dispute's note, or an admin's resolution.
type DisputeInput struct {
	Note input.String `json:"note" input:"multiline"`
}

// deal runs fn on accepted agreement id for one of its agents, with the
// match locked, and returns the agreement afterwards. Unless anyStage, a
// deal that is over refuses.
func (s *Service) deal(ctx context.Context, actor access.Actor, id int64, anyStage bool, fn func(tx *sql.Tx, a Agreement, now time.Time) error) (Agreement, error) {
	var out Agreement
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		a, err := load(ctx, tx, actor, id, false)
		if err != nil {
			return err
		}
		if a.MatchID != nil {
			if err := s.lockMatch(ctx, tx, *a.MatchID); err != nil {
				return err
			}
			if a, err = load(ctx, tx, actor, id, false); err != nil { // as it is once locked
				return err
			}
		}
		if a.Status != Accepted || a.Deal == nil {
			return errNotAccepted
		}
		if !anyStage && (a.Deal.Stage == StageClosed || a.Deal.Stage == StageFallenThrough) {
			return errDealOver
		}
		if err := fn(tx, a, s.db.Time()); err != nil {
			return err
		}
		out, err = load(ctx, tx, actor, id, false)
		return err
	})
	if err != nil {
		return Agreement{}, err
	}
	s.notify(ctx, actor.ID, out)
	out.showTo(actor.ID)
	return out, nil
}

// DisputeItem is one dispute in the admins' queue.
type DisputeItem struct {
	AgreementID      int64      `json:"agreementId"`
	Number           string     `json:"number"`
	MatchID          *int64     `json:"matchId"`
	PropertyID       *int64     `json:"propertyId"`
	ListingTitle     *string    `json:"listingTitle"`
	ListingAgentID   int64      `json:"listingAgentId"`
	ListingAgentName string     `json:"listingAgentName"`
	BuyerAgentID     int64      `json:"buyerAgentId"`
	BuyerAgentName   string     `json:"buyerAgentName"`
	Stage            string     `json:"stage"`
	Status           string     `json:"status"`
	Note             string     `json:"note"`
	FiledBy          int64      `json:"filedBy"`
	FiledAt          time.Time  `json:"filedAt"`
	Resolution       string     `json:"resolution"`
	ResolvedAt       *time.Time `json:"resolvedAt"`
}

// Disputes returns a page of the disputes with status (open or resolved),
// newest first, for the admins.
func (s *Service) Disputes(ctx context.Context, status string, page paging.Page) ([]DisputeItem, int64, error) {
	if status == "" {
		status = "open"
	}
	if status != "open" && status != "resolved" {
		return nil, 0, apperr.Validation(apperr.FieldError{Path: "status", Message: "Status must be open or resolved"})
	}
	q, args := page.Apply(`SELECT a.id, a.number, a.match_id, m.property_id, p.title, a.listing_agent_id, s.full_name, a.buyer_agent_id, b.full_name,
		a.stage, a.dispute_status, a.dispute_note, COALESCE(a.dispute_by, 0), a.dispute_at, a.dispute_resolution, a.dispute_resolved_at
		FROM agreements a JOIN users s ON s.id = a.listing_agent_id JOIN users b ON b.id = a.buyer_agent_id
		LEFT JOIN matches m ON m.id = a.match_id LEFT JOIN properties p ON p.id = m.property_id
		WHERE a.dispute_status = $1`, "a.id", []any{status})
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "disputes")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, d *DisputeItem) error {
		var matchID, propertyID sql.NullInt64
		var title sql.NullString
		var resolved sql.NullTime
		err := rows.Scan(&d.AgreementID, &d.Number, &matchID, &propertyID, &title, &d.ListingAgentID, &d.ListingAgentName, &d.BuyerAgentID, &d.BuyerAgentName,
			&d.Stage, &d.Status, &d.Note, &d.FiledBy, &d.FiledAt, &d.Resolution, &resolved)
		d.MatchID, d.PropertyID, d.ResolvedAt, d.FiledAt = intPtr(matchID), intPtr(propertyID), timePtr(resolved), d.FiledAt.UTC()
		if title.Valid {
			d.ListingTitle = &title.String
		}
		return err
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "disputes")
	}
	if list == nil {
		list = []DisputeItem{}
	}
	list, next := paging.Trim(list, page, func(d DisputeItem) int64 { return d.AgreementID })
	return list, next, nil
}

// ResolveDispute closes agreement id's open dispute with the admin's
// resolution, audited in the same transaction.
func (s *Service) ResolveDispute(ctx context.Context, admin access.Actor, id int64, in DisputeInput) (DisputeItem, error) {
	note := strings.TrimSpace(string(in.Note))
	switch {
	case note == "":
		return DisputeItem{}, apperr.Validation(apperr.FieldError{Path: "note", Message: "Say how the dispute was resolved"})
	case utf8.RuneCountInString(note) > MaxNote:
		return DisputeItem{}, apperr.Validation(apperr.FieldError{Path: "note", Message: "Note must be at most 1000 characters"})
	}
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		res, err := tx.ExecContext(ctx, `UPDATE agreements SET dispute_status = 'resolved', dispute_resolution = $1, dispute_resolved_at = $2
			WHERE id = $3 AND dispute_status = 'open'`, note, now, id)
		if err != nil {
			return apperr.Wrap(err, "resolve dispute")
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			if err != nil {
				return apperr.Wrap(err, "resolve dispute")
			}
			return apperr.New(apperr.NotFound, "No open dispute on this agreement")
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: admin.ID, Action: "agreement.dispute.resolve", TargetType: "agreement",
			TargetID: id, Before: map[string]string{"dispute": "open"}, After: map[string]string{"dispute": "resolved", "resolution": note}})
	})
	if err != nil {
		return DisputeItem{}, err
	}
	var out DisputeItem
	list, _, err := s.Disputes(ctx, "resolved", paging.Page{Limit: 1, Before: id + 1})
	if err == nil && len(list) == 1 && list[0].AgreementID == id {
		out = list[0]
	}
	return out, err
}
