package matchengine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
)

// PropertyChanged recomputes the matches of a created or edited property:
// qualifying pairs get their new score (statuses and notes stay), new pairs
// enter their requirement's best-N when they rank high enough, and open
// matches (see Open) that no longer qualify are removed and their
// requirements refilled.
// A listing can qualify for thousands of requirements, so the writes are
// batched: one multi-row insert, one delete for the matches pushed out, and
// one bound update per score level.
// It returns the new matches it stored, for Announce once tx commits.
func (e *Engine) PropertyChanged(ctx context.Context, tx *sql.Tx, now time.Time, propertyID int64) (Gained, error) {
	added := Gained{}
	if err := e.propertyChanged(ctx, tx, now, propertyID, nil, added); err != nil {
		return nil, err
	}
	return added, nil
}

// PropertyScope returns, sorted, the requirements a PropertyChanged of
// propertyID may touch: those it is a candidate for and those it has a
// match with. It only reads, so it runs outside the write transactions;
// PropertyChangedFor then settles them in chunks, each re-read in its own
// transaction.
func PropertyScope(ctx context.Context, q store.Querier, propertyID int64) ([]int64, error) {
	p, err := loadProperty(ctx, q, propertyID)
	if err != nil {
		return nil, err
	}
	// A target row holds the purpose, type, city and price band that
	// Qualifies checks, so its requirement ids are the candidates (the
	// chunks read the rows and apply Qualifies).
	query, args := `SELECT requirement_id FROM matches WHERE property_id = $1 ORDER BY 1`, []any{propertyID}
	if p.Active {
		query = `SELECT requirement_id FROM matches WHERE property_id = $1
			UNION SELECT requirement_id FROM requirement_targets
			WHERE listing_purpose = $2 AND property_type = $3 AND city_key = $4
			AND (price_low IS NULL OR price_low <= $5) AND (price_high IS NULL OR price_high >= $5)
			ORDER BY 1`
		args = append(args, string(p.Purpose), p.Type, CityKey(p.City), p.Price)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("property scope: %w", err)
	}
	return store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
}

// PropertyChangedFor does what PropertyChanged does, for the requirements
// in ids only (see PropertyScope), counting the matches it stores in added.
// Each requirement is settled whole in tx from what tx reads (its row, its
// bound, its match with the property), so the chunks of one listing's job
// can commit one by one and a rerun after any of them converges.
func (e *Engine) PropertyChangedFor(ctx context.Context, tx *sql.Tx, now time.Time, propertyID int64, ids []int64, added Gained) error {
	if len(ids) == 0 {
		return nil
	}
	return e.propertyChanged(ctx, tx, now, propertyID, ids, added)
}

// propertyChanged does PropertyChanged for the requirements in only (all
// when nil), counting the matches it stores in added: set-based over the
// ids' range, or by the Go reference engine when Options.Reference is set.
func (e *Engine) propertyChanged(ctx context.Context, tx *sql.Tx, now time.Time, propertyID int64, only []int64, added Gained) error {
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if only != nil {
		lo, hi = only[0], only[len(only)-1]
	}
	if err := e.holdProperty(ctx, tx, propertyID); err != nil {
		return err
	}
	p, err := loadProperty(ctx, tx, propertyID)
	if err != nil {
		return err
	}
	if err := e.lockRange(ctx, tx, p, lo, hi); err != nil {
		return err
	}
	if e.opt.Reference {
		return e.propertyChangedGo(ctx, tx, now, p, only, added)
	}
	return e.propertyRange(ctx, tx, now, p, lo, hi, added)
}

// propertyChangedGo is propertyChanged as the Go reference engine does
// it (Options.Reference): it reads the candidates into Go, scores them
// with Score and writes the matches back in batches. The set-based path
// (propertyRange) must store exactly what it stores; the tests compare
// the two.
func (e *Engine) propertyChangedGo(ctx context.Context, tx *sql.Tx, now time.Time, p Property, only []int64, added Gained) error {
	var err error
	var existing map[int64]existingMatch
	if only == nil {
		existing, err = matchesOf(ctx, tx, "property_id", p.ID)
	} else {
		existing, err = propertyMatchesWith(ctx, tx, p.ID, only)
	}
	if err != nil {
		return err
	}
	var cands []candidate
	switch {
	case !p.Active:
	case only == nil:
		cands, err = requirementCandidates(ctx, tx, p)
	default:
		cands, err = requirementsByID(ctx, tx, only)
	}
	if err != nil {
		return err
	}
	w := newWriter(tx, now, added)
	var (
		inserts  []pendingMatch
		pushed   []int64             // requirements whose floor was pushed out
		gained   = map[int][]int64{} // score -> requirements that gained a slot-free match
		rescored []int64
		seen     = map[int64]bool{}
	)
	for _, c := range cands {
		if !Qualifies(p, c.req) {
			continue
		}
		seen[c.req.ID] = true
		b := Score(p, c.req)
		if m, ok := existing[c.req.ID]; ok {
			if m.score != b.Total {
				if err := w.rescore(ctx, m.id, b); err != nil {
					return err
				}
				if m.open {
					rescored = append(rescored, c.req.ID)
				}
			}
			continue
		}
		switch {
		case c.newMatches < e.opt.Limit:
			gained[b.Total] = append(gained[b.Total], c.req.ID)
		case c.floorScore.Valid && ranksAbove(b.Total, p.ID, int(c.floorScore.Int64), c.floorProp.Int64):
			pushed = append(pushed, c.req.ID)
			w.queuePushOut(c.req.ID, c.floorProp.Int64)
		default:
			continue // does not rank among the requirement's best
		}
		inserts = append(inserts, pendingMatch{p: p, r: c.req, b: b})
	}
	if err := w.flushPushOuts(ctx); err != nil {
		return err
	}
	if err := w.insertAll(ctx, inserts); err != nil {
		return err
	}
	for score, ids := range gained {
		if err := gainBounds(ctx, tx, ids, score, p.ID); err != nil {
			return err
		}
	}
	if err := updateFloors(ctx, tx, append(pushed, rescored...)); err != nil {
		return err
	}
	for reqID, m := range existing {
		if seen[reqID] {
			continue
		}
		if !m.open { // kept; its score follows the listing
			if err := w.followListing(ctx, p, reqID, m); err != nil {
				return err
			}
			continue
		}
		if err := w.deleteMatch(ctx, m.id); err != nil {
			return err
		}
		if err := e.syncRequirement(ctx, tx, now, reqID, false, added); err != nil {
			return err
		}
	}
	return nil
}

// PropertyDeleting must run before a property is deleted, in the same
// transaction: it removes the property's matches and refills the
// requirements that lose an open match. Matches the refills store are not
// announced. The services use QueuePropertyDeleting, which leaves the
// refills to the job queue.
func (e *Engine) PropertyDeleting(ctx context.Context, tx *sql.Tx, now time.Time, propertyID int64) error {
	lost, err := e.detachProperty(ctx, tx, propertyID)
	if err != nil {
		return err
	}
	for _, reqID := range lost {
		if err := e.syncRequirement(ctx, tx, now, reqID, false, nil); err != nil {
			return err
		}
	}
	return nil
}

// QueuePropertyDeleting must run before a property is deleted, in the same
// transaction: it removes the property's matches at once and queues the
// refill of the requirements that lose an open match, replacing the
// property's pending jobs (a delete wins over the edits before it).
func (e *Engine) QueuePropertyDeleting(ctx context.Context, tx *sql.Tx, now time.Time, propertyID int64) error {
	lost, err := e.detachProperty(ctx, tx, propertyID)
	if err != nil {
		return err
	}
	_, err = jobs.Enqueue(ctx, tx, now, jobs.New{Kind: KindRefill, Key: PropertyKey(propertyID), Payload: refill{Requirements: lost}, Supersede: true})
	return err
}

// detachProperty deactivates a property and deletes its matches, returning
// the requirements that lost an open match, by id. The property is
// deactivated first: on PostgreSQL that waits for a matching job holding
// its row, and it is no candidate while the requirements refill.
func (e *Engine) detachProperty(ctx context.Context, tx *sql.Tx, propertyID int64) ([]int64, error) {
	if err := e.lockPropertyForDelete(ctx, tx, propertyID); err != nil {
		if errors.Is(err, errGone) {
			return nil, nil
		}
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE properties SET is_active = FALSE WHERE id = $1`, propertyID); err != nil {
		return nil, fmt.Errorf("deactivate property: %w", err)
	}
	existing, err := matchesOf(ctx, tx, "property_id", propertyID)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM matches WHERE property_id = $1`, propertyID); err != nil {
		return nil, fmt.Errorf("delete matches: %w", err)
	}
	var lost []int64
	for reqID, m := range existing {
		if m.open {
			lost = append(lost, reqID)
		}
	}
	sort.Slice(lost, func(i, j int) bool { return lost[i] < lost[j] })
	return lost, nil
}
