package matchengine

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"propmatch/internal/kit/store"
)

// writer makes the engine's writes, batching where one listing touches
// many requirements.
type writer struct {
	tx      *sql.Tx
	now     time.Time
	gained  Gained // counts the matches inserted
	pushOut []any  // (requirement id, property id) pairs of matches to push out
}

type pendingMatch struct {
	p Property
	r Requirement
	b Breakdown
}

// batchRows is how many rows one multi-row statement carries (7 arguments
// a row). SQLite looks "$n" parameters up by name one by one, so a statement
// of thousands of them costs more than a few smaller ones.
const batchRows = 100

// insertAll stores the pending matches in multi-row INSERTs.
func (w *writer) insertAll(ctx context.Context, list []pendingMatch) error {
	for len(list) > 0 {
		n := min(batchRows, len(list))
		var q strings.Builder
		// Both sides start new with empty notes: the columns' defaults.
		q.WriteString(`INSERT INTO matches (property_id, requirement_id, seller_agent_id, buyer_agent_id, match_score, breakdown,
			created_at, updated_at) VALUES `)
		args := make([]any, 0, n*7)
		for i, m := range list[:n] {
			if i > 0 {
				q.WriteString(", ")
			}
			bj, _ := json.Marshal(m.b)
			args = append(args, m.p.ID, m.r.ID, m.p.AgentID, m.r.AgentID, m.b.Total, string(bj), w.now)
			k := len(args)
			fmt.Fprintf(&q, "($%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d)", k-6, k-5, k-4, k-3, k-2, k-1, k, k)
		}
		if _, err := w.tx.ExecContext(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("insert matches: %w", err)
		}
		for _, m := range list[:n] {
			w.gained.add(m.p.AgentID, m.r.AgentID)
		}
		list = list[n:]
	}
	return nil
}

// queuePushOut marks requirement's open match with propertyID for removal.
func (w *writer) queuePushOut(requirementID, propertyID int64) {
	w.pushOut = append(w.pushOut, requirementID, propertyID)
}

// flushPushOuts deletes the queued matches in batches.
func (w *writer) flushPushOuts(ctx context.Context) error {
	pairs := w.pushOut
	w.pushOut = nil
	for len(pairs) > 0 {
		n := min(2*batchRows, len(pairs))
		var q strings.Builder
		q.WriteString(`DELETE FROM matches WHERE ` + openSQL("") + ` AND (requirement_id, property_id) IN (VALUES `)
		for i := 0; i < n; i += 2 {
			if i > 0 {
				q.WriteString(", ")
			}
			fmt.Fprintf(&q, "(CAST($%d AS BIGINT), CAST($%d AS BIGINT))", i+1, i+2)
		}
		q.WriteString(")")
		if _, err := w.tx.ExecContext(ctx, q.String(), pairs[:n]...); err != nil {
			return fmt.Errorf("push out matches: %w", err)
		}
		pairs = pairs[n:]
	}
	return nil
}

func newWriter(tx *sql.Tx, now time.Time, gained Gained) *writer {
	return &writer{tx: tx, now: now, gained: gained}
}

func (w *writer) insert(ctx context.Context, p Property, r Requirement, b Breakdown) error {
	bj, _ := json.Marshal(b)
	_, err := w.tx.ExecContext(ctx, `INSERT INTO matches (property_id, requirement_id, seller_agent_id, buyer_agent_id,
		match_score, breakdown, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
		p.ID, r.ID, p.AgentID, r.AgentID, b.Total, string(bj), w.now)
	if err != nil {
		return fmt.Errorf("insert match: %w", err)
	}
	w.gained.add(p.AgentID, r.AgentID)
	return nil
}

func (w *writer) rescore(ctx context.Context, matchID int64, b Breakdown) error {
	bj, _ := json.Marshal(b)
	_, err := w.tx.ExecContext(ctx, `UPDATE matches SET match_score = $1, breakdown = $2, updated_at = $3 WHERE id = $4`,
		b.Total, string(bj), w.now, matchID)
	if err != nil {
		return fmt.Errorf("rescore match: %w", err)
	}
	return nil
}

// followListing rescores match m of listing p with requirement reqID, a
// match kept although the pair may no longer qualify: its score follows
// the listing.
func (w *writer) followListing(ctx context.Context, p Property, reqID int64, m existingMatch) error {
	r, err := loadRequirement(ctx, w.tx, reqID)
	if err != nil {
		return err
	}
	if b := Score(p, r); b.Total != m.score {
		return w.rescore(ctx, m.id, b)
	}
	return nil
}

func (w *writer) deleteMatch(ctx context.Context, matchID int64) error {
	if _, err := w.tx.ExecContext(ctx, `DELETE FROM matches WHERE id = $1`, matchID); err != nil {
		return fmt.Errorf("delete match: %w", err)
	}
	return nil
}

// gainBounds records that each requirement in ids gained one open match
// (score, propertyID) without losing one: its count grows, and its floor
// drops to the newcomer when the newcomer ranks lower.
func gainBounds(ctx context.Context, tx *sql.Tx, ids []int64, score int, propertyID int64) error {
	const lower = `(floor_score IS NULL OR floor_score > $1 OR (floor_score = $1 AND floor_property_id > $2))`
	for _, chunk := range chunks(ids, 500) {
		args := append([]any{score, propertyID}, int64Args(chunk)...)
		_, err := tx.ExecContext(ctx, `UPDATE requirements SET new_matches = new_matches + 1,
			floor_score = CASE WHEN `+lower+` THEN $1 ELSE floor_score END,
			floor_property_id = CASE WHEN `+lower+` THEN $2 ELSE floor_property_id END
			WHERE id IN (`+store.Placeholders(3, len(chunk))+`)`, args...)
		if err != nil {
			return fmt.Errorf("gain bounds: %w", err)
		}
	}
	return nil
}

// updateFloors re-reads the floor of each requirement whose count did not
// change but whose lowest match may have (one pushed out, or a rescore).
func updateFloors(ctx context.Context, tx *sql.Tx, ids []int64) error {
	sub := `FROM matches m WHERE m.requirement_id = requirements.id AND ` + openSQL("m") + ` ORDER BY m.match_score, m.property_id LIMIT 1`
	for _, chunk := range chunks(ids, 500) {
		_, err := tx.ExecContext(ctx, `UPDATE requirements SET floor_score = (SELECT m.match_score `+sub+`),
			floor_property_id = (SELECT m.property_id `+sub+`) WHERE id IN (`+store.Placeholders(1, len(chunk))+`)`, int64Args(chunk)...)
		if err != nil {
			return fmt.Errorf("update floors: %w", err)
		}
	}
	return nil
}

// updateBounds recomputes the open-match count and floor of each requirement.
func updateBounds(ctx context.Context, tx *sql.Tx, requirementIDs []int64) error {
	sub := `FROM matches m WHERE m.requirement_id = requirements.id AND ` + openSQL("m")
	for _, chunk := range chunks(requirementIDs, 500) {
		_, err := tx.ExecContext(ctx, `UPDATE requirements SET
			new_matches = (SELECT COUNT(*) `+sub+`),
			floor_score = (SELECT m.match_score `+sub+` ORDER BY m.match_score, m.property_id LIMIT 1),
			floor_property_id = (SELECT m.property_id `+sub+` ORDER BY m.match_score, m.property_id LIMIT 1)
			WHERE id IN (`+store.Placeholders(1, len(chunk))+`)`, int64Args(chunk)...)
		if err != nil {
			return fmt.Errorf("update match bounds: %w", err)
		}
	}
	return nil
}

// writeTargets stores one row per (type, city) an active requirement wants,
// with its widened price band, for the property-side candidate search, and
// its wanted localities as the set-based scoring compares them.
func writeTargets(ctx context.Context, tx *sql.Tx, r Requirement) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM requirement_targets WHERE requirement_id = $1`, r.ID); err != nil {
		return fmt.Errorf("clear targets: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE requirements SET locality_keys = $1 WHERE id = $2`, LocalityKeys(r.Localities), r.ID); err != nil {
		return fmt.Errorf("key localities: %w", err)
	}
	if !r.Active {
		return nil
	}
	low, high := Band(r.MinPrice, r.MaxPrice)
	seen := map[string]bool{}
	for _, t := range r.Types {
		for _, c := range r.Cities {
			key := t + "\x00" + CityKey(c)
			if seen[key] || CityKey(c) == "" {
				continue
			}
			seen[key] = true
			_, err := tx.ExecContext(ctx, `INSERT INTO requirement_targets (requirement_id, listing_purpose, property_type, city_key, price_low, price_high)
				VALUES ($1, $2, $3, $4, $5, $6)`, r.ID, string(r.Purpose), t, CityKey(c), low, high)
			if err != nil {
				return fmt.Errorf("insert target: %w", err)
			}
		}
	}
	return nil
}
