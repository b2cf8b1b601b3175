package agreements

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"regexp"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/access"
)

// numberPattern is the shape of every agreement number.
var numberPattern = regexp.MustCompile(`^PMA-\d{4}-[` + numberAlphabet + `]{12}$`)

// Check is what anyone holding an agreement's number may learn: that it
// exists, between whom, when it was agreed, its hash, and whether the
// stored terms still give that hash. No amount, no client, no listing.
type Check struct {
	Number           string    `json:"number"`
	ListingAgentName string    `json:"listingAgentName"`
	BuyerAgentName   string    `json:"buyerAgentName"`
	AcceptedAt       time.Time `json:"acceptedAt"`
	Hash             string    `json:"hash"`
	Unaltered        bool      `json:"unaltered"`
}

var errNoSuchNumber = apperr.New(apperr.NotFound, "No agreement has this number")

// locked returns the stored snapshot and hash of the agreement numbered
// number (or, with id > 0, of agreement id), and whether the snapshot
// still gives the hash.
func (s *Service) locked(ctx context.Context, where string, arg any) (Snapshot, string, bool, int64, int64, error) {
	var raw, hash string
	var listing, buyer int64
	err := s.db.QueryRowContext(ctx, `SELECT snapshot, hash, listing_agent_id, buyer_agent_id FROM agreements
		WHERE status = 'accepted' AND snapshot IS NOT NULL AND `+where, arg).Scan(&raw, &hash, &listing, &buyer)
	if errors.Is(err, sql.ErrNoRows) {
		return Snapshot{}, "", false, 0, 0, errNoSuchNumber
	}
	if err != nil {
		return Snapshot{}, "", false, 0, 0, apperr.Wrap(err, "agreement")
	}
	var snap Snapshot
	if err := json.Unmarshal([]byte(raw), &snap); err != nil {
		return Snapshot{}, hash, false, listing, buyer, nil
	}
	// Unaltered: the stored bytes give the hash, and they are the
	// canonical form of what they say.
	again, _ := Canonical(snap)
	return snap, hash, Hash([]byte(raw)) == hash && string(again) == raw, listing, buyer, nil
}

// Verify returns the public check of agreement number, or NotFound.
func (s *Service) Verify(ctx context.Context, number string) (Check, error) {
	if !numberPattern.MatchString(number) {
		return Check{}, errNoSuchNumber
	}
	snap, hash, ok, _, _, err := s.locked(ctx, `number = $1`, number)
	if err != nil {
		return Check{}, err
	}
	at, _ := time.Parse(timeFormat, snap.AcceptedAt)
	return Check{Number: number, ListingAgentName: snap.ListingAgent.Name, BuyerAgentName: snap.BuyerAgent.Name,
		AcceptedAt: at, Hash: hash, Unaltered: ok}, nil
}

// PDF returns accepted agreement id as a PDF for one of its agents or an
// admin, with its number for the file name; origin makes the check page's
// address absolute.
func (s *Service) PDF(ctx context.Context, actor access.Actor, id int64, origin string) ([]byte, string, error) {
	snap, hash, _, listing, buyer, err := s.locked(ctx, `id = $1`, id)
	if err != nil || (sideOf(actor.ID, listing, buyer) == "" && !actor.Admin) {
		if err == nil || apperr.CodeOf(err) == apperr.NotFound {
			err = errAgreementNotFound
		}
		return nil, "", err
	}
	out, err := render(snap, hash, origin+VerifyPath(snap.Number))
	return out, snap.Number, err
}
