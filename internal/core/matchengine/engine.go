package matchengine

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"propmatch/internal/core/listing"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
)

// DefaultLimit is how many open matches (see Open) a requirement keeps.
const DefaultLimit = 100

// Engine keeps the matches table in step with properties and requirements.
// Every method runs inside the caller's transaction; the jobs (see Jobs) run
// their own on the engine's database.
type Engine struct {
	db  *store.DB
	opt Options
}

// Options configures an Engine. Every field's zero value works.
type Options struct {
	// Limit is how many open matches a requirement keeps (its best by score,
	// then the newest property); DefaultLimit when zero or less.
	Limit int
	// Serialize makes every write to the matches take one lock for the rest
	// of its transaction (see lock); set it on PostgreSQL.
	Serialize bool
	// Delay holds a write's matching job back this long, so that the edits
	// of one object within it are matched once (0: at once).
	Delay time.Duration
	// Chunk is how many requirements one transaction of a listing's
	// matching job settles (0: PropertyChunk; see propertyJob).
	Chunk int
	// Record is called in a job's transaction with the new matches it
	// stored, so that what follows from them (the agents' notifications)
	// commits with them; nil records nothing. This is the engine's one seam
	// upwards: services.New sets it, and the engine imports no feature.
	Record func(ctx context.Context, tx *sql.Tx, now time.Time, gained Gained) error
	// Announcer tells agents about their new matches once a job's
	// transaction has committed (see Announce); nil tells nobody.
	Announcer Announcer
	// Waker wakes the job queue when a write has queued a matching job
	// (see Queued); nil leaves the workers to find it at their next poll.
	Waker Waker
}

// New returns the engine on db, configured once by o.
func New(db *store.DB, o Options) *Engine {
	if o.Limit <= 0 {
		o.Limit = DefaultLimit
	}
	return &Engine{db: db, opt: o}
}

// Limit is how many open matches a requirement keeps.
func (e *Engine) Limit() int { return e.opt.Limit }

// record calls Options.Record, when set.
func (e *Engine) record(ctx context.Context, tx *sql.Tx, now time.Time, g Gained) error {
	if e.opt.Record == nil || len(g) == 0 {
		return nil
	}
	return e.opt.Record(ctx, tx, now, g)
}

// candidate is a requirement that a property qualifies for, with the
// requirement's bound state.
type candidate struct {
	req        Requirement
	newMatches int
	floorScore sql.NullInt64
	floorProp  sql.NullInt64
}

type existingMatch struct {
	id    int64
	open  bool // both sides still new: it holds a slot (see Open)
	score int
}

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
// when nil), counting the matches it stores in added.
func (e *Engine) propertyChanged(ctx context.Context, tx *sql.Tx, now time.Time, propertyID int64, only []int64, added Gained) error {
	if err := e.lock(ctx, tx); err != nil {
		return err
	}
	p, err := loadProperty(ctx, tx, propertyID)
	if err != nil {
		return err
	}
	var existing map[int64]existingMatch
	if only == nil {
		existing, err = matchesOf(ctx, tx, "property_id", propertyID)
	} else {
		existing, err = propertyMatchesWith(ctx, tx, propertyID, only)
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
			r, err := loadRequirement(ctx, tx, reqID)
			if err != nil {
				return err
			}
			if b := Score(p, r); b.Total != m.score {
				if err := w.rescore(ctx, m.id, b); err != nil {
					return err
				}
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
	if err := e.lock(ctx, tx); err != nil {
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

// RequirementChanged rewrites a created or edited requirement's targets and
// recomputes its matches: its open matches become its best N qualifying
// properties; matches either side moved past `new` are kept (with a fresh
// score while they qualify). It returns the new matches it stored, for
// Announce once tx commits.
func (e *Engine) RequirementChanged(ctx context.Context, tx *sql.Tx, now time.Time, requirementID int64) (Gained, error) {
	gained := Gained{}
	if err := e.syncRequirement(ctx, tx, now, requirementID, true, gained); err != nil {
		return nil, err
	}
	return gained, nil
}

// StatusChanged refills (or trims) a requirement's open matches after one of
// its matches opened or closed (see Open). Package match calls it. Matches
// a refill stores are not announced.
func (e *Engine) StatusChanged(ctx context.Context, tx *sql.Tx, now time.Time, requirementID int64) error {
	return e.syncRequirement(ctx, tx, now, requirementID, false, nil)
}

// syncRequirement makes a requirement's open matches its best N, counting
// the matches it stores in gained (nil counts none).
func (e *Engine) syncRequirement(ctx context.Context, tx *sql.Tx, now time.Time, requirementID int64, rewriteTargets bool, gained Gained) error {
	if err := e.lock(ctx, tx); err != nil {
		return err
	}
	r, err := loadRequirement(ctx, tx, requirementID)
	if err != nil {
		return err
	}
	if rewriteTargets {
		if err := writeTargets(ctx, tx, r); err != nil {
			return err
		}
	}
	existing, err := matchesOf(ctx, tx, "requirement_id", requirementID)
	if err != nil {
		return err
	}
	type scored struct {
		p Property
		b Breakdown
	}
	var ranked []scored
	if r.Active {
		props, err := propertyCandidates(ctx, tx, r)
		if err != nil {
			return err
		}
		for _, p := range props {
			if Qualifies(p, r) {
				ranked = append(ranked, scored{p, Score(p, r)})
			}
		}
	}
	sort.Slice(ranked, func(i, j int) bool {
		return ranksAbove(ranked[i].b.Total, ranked[i].p.ID, ranked[j].b.Total, ranked[j].p.ID)
	})
	w := newWriter(tx, now, gained)
	keep := map[int64]bool{}
	slots := e.opt.Limit
	for _, s := range ranked {
		m, ok := existing[s.p.ID]
		if ok && !m.open { // kept whatever the bound; rescored while it qualifies
			keep[s.p.ID] = true
			if m.score != s.b.Total {
				if err := w.rescore(ctx, m.id, s.b); err != nil {
					return err
				}
			}
			continue
		}
		if slots == 0 {
			continue
		}
		slots--
		keep[s.p.ID] = true
		switch {
		case !ok:
			err = w.insert(ctx, s.p, r, s.b)
		case m.score != s.b.Total:
			err = w.rescore(ctx, m.id, s.b)
		}
		if err != nil {
			return err
		}
	}
	for propID, m := range existing {
		switch {
		case keep[propID]:
		case m.open:
			if err := w.deleteMatch(ctx, m.id); err != nil {
				return err
			}
		default: // kept although it no longer qualifies; its score follows the requirement
			p, err := loadProperty(ctx, tx, propID)
			if err != nil {
				return err
			}
			if b := Score(p, r); b.Total != m.score {
				if err := w.rescore(ctx, m.id, b); err != nil {
					return err
				}
			}
		}
	}
	return updateBounds(ctx, tx, []int64{requirementID})
}

// lockKey names the advisory lock of lock ("propmatc" in ASCII).
const lockKey = 0x70726f706d617463

// lock serializes the transactions that write matches when e.opt.Serialize is
// set (PostgreSQL): it takes a transaction-scoped advisory lock, released
// at commit or rollback, or when a dead instance's connection drops. A
// listing's matches touch the bounds of every requirement it qualifies for,
// so two such transactions at once could both fill one free slot, or
// deadlock; SQLite's one writer already runs them one at a time.
func (e *Engine) lock(ctx context.Context, tx *sql.Tx) error {
	if !e.opt.Serialize {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(lockKey)); err != nil {
		return fmt.Errorf("lock matching: %w", err)
	}
	return nil
}

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
// with its widened price band, for the property-side candidate search.
func writeTargets(ctx context.Context, tx *sql.Tx, r Requirement) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM requirement_targets WHERE requirement_id = $1`, r.ID); err != nil {
		return fmt.Errorf("clear targets: %w", err)
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

var errGone = errors.New("matching: row not found")

func loadProperty(ctx context.Context, tx store.Querier, id int64) (Property, error) {
	var p Property
	var bedrooms sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT p.id, p.agent_id, (p.is_active AND u.is_active), p.listing_purpose, p.property_type, p.city, p.locality, p.price, p.bedrooms
		FROM properties p JOIN users u ON u.id = p.agent_id WHERE p.id = $1`, id).Scan(&p.ID, &p.AgentID, &p.Active, &p.Purpose, &p.Type, &p.City, &p.Locality, &p.Price, &bedrooms)
	if errors.Is(err, sql.ErrNoRows) {
		return p, errGone
	}
	p.Bedrooms = intPtr(bedrooms)
	return p, err
}

const requirementColumns = `r.id, r.agent_id, r.is_active, r.listing_purpose, r.property_types, r.preferred_cities,
	r.preferred_localities, r.min_price, r.max_price, r.min_bedrooms, r.max_bedrooms`

// liveRequirementColumns is requirementColumns where a requirement is
// active only while its agent's account is too (a deactivated agent's
// listings and requirements leave matching; docs/product.md#admin-console).
var liveRequirementColumns = strings.Replace(requirementColumns, "r.is_active", "(r.is_active AND u.is_active)", 1)

func scanRequirement(row interface{ Scan(...any) error }, extra ...any) (Requirement, error) {
	var r Requirement
	var purpose, types, cities, localities string
	var minP, maxP sql.NullFloat64
	var minB, maxB sql.NullInt64
	dest := append([]any{&r.ID, &r.AgentID, &r.Active, &purpose, &types, &cities, &localities, &minP, &maxP, &minB, &maxB}, extra...)
	if err := row.Scan(dest...); err != nil {
		return r, err
	}
	r.Purpose, _ = listing.ParsePurpose(purpose) // stored in the requirements' spelling
	r.Types, r.Cities, r.Localities = store.StringList(types), store.StringList(cities), store.StringList(localities)
	r.MinPrice, r.MaxPrice = floatPtr(minP), floatPtr(maxP)
	r.MinBedrooms, r.MaxBedrooms = intPtr(minB), intPtr(maxB)
	return r, nil
}

func loadRequirement(ctx context.Context, tx *sql.Tx, id int64) (Requirement, error) {
	r, err := scanRequirement(tx.QueryRowContext(ctx, `SELECT `+liveRequirementColumns+` FROM requirements r JOIN users u ON u.id = r.agent_id WHERE r.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, errGone
	}
	return r, err
}

// requirementCandidates finds, through requirement_targets, the active
// requirements of other agents whose purpose, type, city and widened band
// fit p. The target row settles type, city and purpose, so only what scoring
// still needs is read.
func requirementCandidates(ctx context.Context, tx store.Querier, p Property) ([]candidate, error) {
	rows, err := tx.QueryContext(ctx, `SELECT r.id, r.agent_id, r.min_price, r.max_price, r.min_bedrooms, r.max_bedrooms,
		r.preferred_localities, r.new_matches, r.floor_score, r.floor_property_id
		FROM requirement_targets t JOIN requirements r ON r.id = t.requirement_id JOIN users u ON u.id = r.agent_id AND u.is_active = TRUE
		WHERE t.listing_purpose = $1 AND t.property_type = $2 AND t.city_key = $3
		AND (t.price_low IS NULL OR t.price_low <= $4) AND (t.price_high IS NULL OR t.price_high >= $4)
		AND r.agent_id <> $5`, string(p.Purpose), p.Type, CityKey(p.City), p.Price, p.AgentID)
	if err != nil {
		return nil, fmt.Errorf("requirement candidates: %w", err)
	}
	types, cities := []string{p.Type}, []string{p.City}
	return store.Collect(rows, func(rows *sql.Rows, c *candidate) error {
		c.req = Requirement{Active: true, Purpose: p.Purpose, Types: types, Cities: cities}
		var minP, maxP sql.NullFloat64
		var minB, maxB sql.NullInt64
		var localities string
		if err := rows.Scan(&c.req.ID, &c.req.AgentID, &minP, &maxP, &minB, &maxB, &localities, &c.newMatches, &c.floorScore, &c.floorProp); err != nil {
			return fmt.Errorf("scan candidate: %w", err)
		}
		c.req.MinPrice, c.req.MaxPrice = floatPtr(minP), floatPtr(maxP)
		c.req.MinBedrooms, c.req.MaxBedrooms = intPtr(minB), intPtr(maxB)
		c.req.Localities = store.StringList(localities)
		return nil
	})
}

// requirementsByID reads the requirements in ids with their bound state,
// for the chunks of a listing's job (the loop applies Qualifies).
func requirementsByID(ctx context.Context, tx store.Querier, ids []int64) ([]candidate, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+requirementColumns+`, r.new_matches, r.floor_score, r.floor_property_id
		FROM requirements r WHERE r.id IN (`+store.Placeholders(1, len(ids))+`) ORDER BY r.id`, int64Args(ids)...)
	if err != nil {
		return nil, fmt.Errorf("requirements by id: %w", err)
	}
	return store.Collect(rows, func(rows *sql.Rows, c *candidate) error {
		var err error
		c.req, err = scanRequirement(rows, &c.newMatches, &c.floorScore, &c.floorProp)
		if err != nil {
			return fmt.Errorf("scan requirement: %w", err)
		}
		return nil
	})
}

// propertyCandidates finds the active properties of other agents whose
// purpose, type, city and price fit r, through the candidates index.
func propertyCandidates(ctx context.Context, tx *sql.Tx, r Requirement) ([]Property, error) {
	if len(r.Types) == 0 || len(r.Cities) == 0 {
		return nil, nil
	}
	args := []any{string(r.Purpose), r.AgentID}
	q := `SELECT id, agent_id, is_active, listing_purpose, property_type, city, locality, price, bedrooms FROM properties
		WHERE is_active = TRUE AND listing_purpose = $1 AND agent_id <> $2
		AND agent_id IN (SELECT id FROM users WHERE is_active = TRUE)`
	q += ` AND property_type IN (` + store.Placeholders(len(args)+1, len(r.Types)) + `)`
	for _, t := range r.Types {
		args = append(args, t)
	}
	keys := map[string]bool{}
	for _, c := range r.Cities {
		keys[CityKey(c)] = true
	}
	q += ` AND city_key IN (` + store.Placeholders(len(args)+1, len(keys)) + `)`
	for k := range keys {
		args = append(args, k)
	}
	low, high := Band(r.MinPrice, r.MaxPrice)
	if low != nil {
		args = append(args, *low)
		q += fmt.Sprintf(` AND price >= $%d`, len(args))
	}
	if high != nil {
		args = append(args, *high)
		q += fmt.Sprintf(` AND price <= $%d`, len(args))
	}
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("property candidates: %w", err)
	}
	return store.Collect(rows, func(rows *sql.Rows, p *Property) error {
		var bedrooms sql.NullInt64
		if err := rows.Scan(&p.ID, &p.AgentID, &p.Active, &p.Purpose, &p.Type, &p.City, &p.Locality, &p.Price, &bedrooms); err != nil {
			return fmt.Errorf("scan property candidate: %w", err)
		}
		p.Bedrooms = intPtr(bedrooms)
		return nil
	})
}

// matchesOf returns the matches of one property or requirement, keyed by the other side's id.
func matchesOf(ctx context.Context, tx store.Querier, column string, id int64) (map[int64]existingMatch, error) {
	other := "requirement_id"
	if column == "requirement_id" {
		other = "property_id"
	}
	return scanMatches(tx.QueryContext(ctx, `SELECT id, `+other+`, buyer_status, seller_status, match_score FROM matches WHERE `+column+` = $1`, id))
}

// propertyMatchesWith returns a property's matches with the requirements in
// ids, keyed by requirement id.
func propertyMatchesWith(ctx context.Context, tx store.Querier, propertyID int64, ids []int64) (map[int64]existingMatch, error) {
	return scanMatches(tx.QueryContext(ctx, `SELECT id, requirement_id, buyer_status, seller_status, match_score FROM matches
		WHERE property_id = $1 AND requirement_id IN (`+store.Placeholders(2, len(ids))+`)`, append([]any{propertyID}, int64Args(ids)...)...))
}

// scanMatches reads rows of (id, other side's id, buyer status, seller
// status, score), keyed by the other side's id.
func scanMatches(rows *sql.Rows, err error) (map[int64]existingMatch, error) {
	if err != nil {
		return nil, fmt.Errorf("existing matches: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := map[int64]existingMatch{}
	for rows.Next() {
		var m existingMatch
		var otherID int64
		var buyer, seller Status
		if err := rows.Scan(&m.id, &otherID, &buyer, &seller, &m.score); err != nil {
			return nil, fmt.Errorf("scan match: %w", err)
		}
		m.open = Open(buyer, seller)
		out[otherID] = m
	}
	return out, rows.Err()
}

func chunks(ids []int64, size int) [][]int64 {
	var out [][]int64
	for len(ids) > 0 {
		n := min(size, len(ids))
		out = append(out, ids[:n])
		ids = ids[n:]
	}
	return out
}

func int64Args(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

func intPtr(n sql.NullInt64) *int {
	if !n.Valid {
		return nil
	}
	v := int(n.Int64)
	return &v
}

func floatPtr(n sql.NullFloat64) *float64 {
	if !n.Valid {
		return nil
	}
	return &n.Float64
}
