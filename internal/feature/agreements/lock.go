package agreements

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"time"

	"propmatch/internal/feature/requirement"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
)

// Snapshot is what an accepted agreement locks: the terms, both agents with
// their RERA numbers as they stood, the listing, the requirement with the
// client named as the listing agent may see them, and the time each agent
// agreed (the proposer when proposing, the other when accepting). Its
// canonical JSON (Canonical) is stored, and its SHA-256 is the agreement's
// hash.
type Snapshot struct {
	Number             string      `json:"number"`
	MatchID            int64       `json:"matchId"`
	Version            int         `json:"version"`
	ListingSidePercent *int64      `json:"listingSidePercent"`
	BuyerSidePercent   *int64      `json:"buyerSidePercent"`
	FixedAmountPaise   *int64      `json:"fixedAmountPaise"`
	Basis              string      `json:"basis"`
	Note               string      `json:"note"`
	ListingAgent       Party       `json:"listingAgent"`
	BuyerAgent         Party       `json:"buyerAgent"`
	Listing            Listing     `json:"listing"`
	Requirement        Requirement `json:"requirement"`
	ProposedBy         int64       `json:"proposedBy"`
	ProposedAt         string      `json:"proposedAt"`
	AcceptedBy         int64       `json:"acceptedBy"`
	AcceptedAt         string      `json:"acceptedAt"`
}

// Party is an agent as the agreement records them.
type Party struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Username     string `json:"username"`
	ReraNumber   string `json:"reraNumber"`
	ReraVerified bool   `json:"reraVerified"`
}

// Listing is the property the agreement is about.
type Listing struct {
	ID           int64  `json:"id"`
	Title        string `json:"title"`
	PropertyType string `json:"propertyType"`
	Locality     string `json:"locality"`
	City         string `json:"city"`
}

// Requirement is the buyer side's requirement: the client's name is the
// full name only where the listing agent may see it (shared on the match,
// or the agents are connected), else "Rahul S.".
type Requirement struct {
	ID     int64  `json:"id"`
	Client string `json:"client"`
}

// timeFormat is how the snapshot writes times: RFC 3339 in UTC, to the second.
const timeFormat = "2006-01-02T15:04:05Z"

// Canonical returns v's canonical JSON: an object's keys sorted by their
// bytes at every depth, no insignificant white space, integers as decimal
// digits, strings UTF-8 with only the escapes JSON requires (no HTML
// escaping), absent values as null. The same terms always give the same
// bytes, whatever the order of the Go fields.
func Canonical(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var generic any
	if err := d.Decode(&generic); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	e := json.NewEncoder(&out)
	e.SetEscapeHTML(false)
	if err := e.Encode(generic); err != nil { // maps encode with sorted keys
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// Hash returns the hex SHA-256 of canonical JSON b.
func Hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// HashOf returns s's canonical JSON and its hash.
func HashOf(s Snapshot) ([]byte, string, error) {
	b, err := Canonical(s)
	if err != nil {
		return nil, "", apperr.Wrap(err, "canonical terms")
	}
	return b, Hash(b), nil
}

// numberAlphabet has no 0, O, 1 or I, which read alike.
const numberAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// newNumber returns a fresh public number such as PMA-2026-7K3Q9X2AHMPQ:
// 12 random characters, 60 bits, cannot be guessed or walked.
func newNumber(at time.Time) string {
	b := make([]byte, 12)
	rand.Read(b)
	for i := range b {
		b[i] = numberAlphabet[int(b[i])%len(numberAlphabet)] // 256 is a multiple of 32: no bias
	}
	return "PMA-" + at.In(india.Zone).Format("2006") + "-" + string(b)
}

// lockTerms writes accepted agreement id's number, snapshot and hash, and
// starts its deal, in the accepting transaction.
func (s *Service) lockTerms(ctx context.Context, tx *sql.Tx, id int64, now time.Time) error {
	var snap Snapshot
	var created, accepted time.Time
	var listingRera, buyerRera sql.NullString
	var revealed bool
	err := tx.QueryRowContext(ctx, `SELECT a.match_id, a.version, a.listing_side_percent, a.buyer_side_percent, a.fixed_amount_paise,
		a.basis, a.note, a.proposed_by, a.created_at, a.answered_by, a.answered_at,
		s.id, s.full_name, s.username, s.rera_number, s.is_rera_verified,
		b.id, b.full_name, b.username, b.rera_number, b.is_rera_verified,
		p.id, p.title, p.property_type, p.locality, p.city,
		r.id, r.client_name, `+requirement.NameRevealedSQL("r", "a.listing_agent_id")+`
		FROM agreements a
		JOIN matches m ON m.id = a.match_id
		JOIN users s ON s.id = a.listing_agent_id
		JOIN users b ON b.id = a.buyer_agent_id
		JOIN properties p ON p.id = m.property_id
		JOIN requirements r ON r.id = m.requirement_id
		WHERE a.id = $1`, id).Scan(&snap.MatchID, &snap.Version, &snap.ListingSidePercent, &snap.BuyerSidePercent, &snap.FixedAmountPaise,
		&snap.Basis, &snap.Note, &snap.ProposedBy, &created, &snap.AcceptedBy, &accepted,
		&snap.ListingAgent.ID, &snap.ListingAgent.Name, &snap.ListingAgent.Username, &listingRera, &snap.ListingAgent.ReraVerified,
		&snap.BuyerAgent.ID, &snap.BuyerAgent.Name, &snap.BuyerAgent.Username, &buyerRera, &snap.BuyerAgent.ReraVerified,
		&snap.Listing.ID, &snap.Listing.Title, &snap.Listing.PropertyType, &snap.Listing.Locality, &snap.Listing.City,
		&snap.Requirement.ID, &snap.Requirement.Client, &revealed)
	if err != nil {
		return apperr.Wrap(err, "agreement terms")
	}
	snap.ListingAgent.ReraNumber, snap.BuyerAgent.ReraNumber = listingRera.String, buyerRera.String
	if !revealed {
		snap.Requirement.Client = requirement.ShortName(snap.Requirement.Client)
	}
	snap.ProposedAt, snap.AcceptedAt = created.UTC().Format(timeFormat), accepted.UTC().Format(timeFormat)
	snap.Number = newNumber(now)
	b, h, err := HashOf(snap)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE agreements SET number = $1, snapshot = $2, hash = $3, stage = 'agreed', stage_at = $4
		WHERE id = $5`, snap.Number, string(b), h, now, id)
	return apperr.Wrap(err, "lock agreement")
}
