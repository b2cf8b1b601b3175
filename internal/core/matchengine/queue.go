package matchengine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
)

// The kinds of matching job. A listing's or requirement's write queues one
// in its own transaction; the queue's workers run the engine on it (see
// docs/decisions.md, "Matching in the background").
const (
	// KindProperty runs PropertyChanged on a created or edited listing.
	KindProperty = "matching.property"
	// KindRequirement runs RequirementChanged on a created or edited requirement.
	KindRequirement = "matching.requirement"
	// KindRefill refills the requirements that lost an open match to a
	// deleted listing.
	KindRefill = "matching.refill"
)

// Kinds are the match engine's job kinds.
var Kinds = []string{KindProperty, KindRequirement, KindRefill}

// PropertyKey and RequirementKey are the job keys of a listing and a
// requirement: their jobs run one at a time, in order.
func PropertyKey(id int64) string { return "property:" + strconv.FormatInt(id, 10) }

// RequirementKey is the job key of requirement id.
func RequirementKey(id int64) string { return "requirement:" + strconv.FormatInt(id, 10) }

// QueueProperty queues the matching of a created or edited listing in tx;
// it replaces the listing's matching job still pending (a burst of edits is
// matched once).
func (e *Engine) QueueProperty(ctx context.Context, tx *sql.Tx, now time.Time, id int64) error {
	_, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: KindProperty, Key: PropertyKey(id), Coalesce: true, Delay: e.opt.Delay})
	return err
}

// QueueRequirement queues the matching of a created or edited requirement in tx.
func (e *Engine) QueueRequirement(ctx context.Context, tx *sql.Tx, now time.Time, id int64) error {
	_, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: KindRequirement, Key: RequirementKey(id), Coalesce: true, Delay: e.opt.Delay})
	return err
}

// RequirementDeleting must run before a requirement is deleted, in the same
// transaction: it drops the requirement's pending matching jobs (its matches
// go with the row) and, like every write that settles a requirement, locks
// its row (see locks.go).
func (e *Engine) RequirementDeleting(ctx context.Context, tx *sql.Tx, id int64) error {
	if err := e.lockRequirements(ctx, tx, []int64{id}); err != nil {
		return err
	}
	return jobs.Cancel(ctx, tx, RequirementKey(id))
}

// refill is KindRefill's payload.
type refill struct {
	Requirements []int64 `json:"requirements"`
}

// Jobs lists the matching jobs, for the queue (jobs.Queue.Add). A job on a
// requirement first locks its row (see locks.go), as its delete does, so
// the two never interleave; a listing's job locks the requirements each
// chunk settles. A job announces the matches it stored once it has
// committed.
func (e *Engine) Jobs() []jobs.Kind {
	db := e.db
	exists := func(ctx context.Context, tx *sql.Tx, table string, id int64) (bool, error) {
		if table == "requirements" {
			if err := e.lockRequirements(ctx, tx, []int64{id}); err != nil {
				return false, err
			}
		}
		var got int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM `+table+` WHERE id = $1`, id).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		return err == nil, err
	}
	announce := func(g Gained) func(context.Context) {
		return func(ctx context.Context) { e.Announce(ctx, g) }
	}
	// A listing's job settles its requirements in chunks, each in its own
	// short transaction, the last with the job's end (see propertyJob).
	property := func(ctx context.Context, j jobs.Job) (jobs.Handler, error) {
		id, err := objectID(j.Key, "property:")
		if err != nil {
			return nil, err
		}
		return e.propertyJob(ctx, db, id, func(ctx context.Context, tx *sql.Tx) (bool, error) {
			return exists(ctx, tx, "properties", id)
		})
	}
	requirement := func(ctx context.Context, tx *sql.Tx, j jobs.Job) (func(context.Context), error) {
		id, err := objectID(j.Key, "requirement:")
		if err != nil {
			return nil, err
		}
		if ok, err := exists(ctx, tx, "requirements", id); !ok {
			return nil, err
		}
		now := db.Time()
		g, err := e.RequirementChanged(ctx, tx, now, id)
		if err != nil {
			return nil, err
		}
		return announce(g), e.record(ctx, tx, now, g)
	}
	refillJob := func(ctx context.Context, tx *sql.Tx, j jobs.Job) (func(context.Context), error) {
		var p refill
		if err := j.Decode(&p); err != nil {
			return nil, err
		}
		// All at once, in order, before any write (see locks.go).
		if err := e.lockRequirements(ctx, tx, p.Requirements); err != nil {
			return nil, err
		}
		for _, id := range p.Requirements {
			ok, err := exists(ctx, tx, "requirements", id)
			if err != nil {
				return nil, err
			}
			if ok {
				if err := e.StatusChanged(ctx, tx, db.Time(), id); err != nil {
					return nil, err
				}
			}
		}
		return nil, nil // refills are not announced, as before
	}
	return []jobs.Kind{
		{Name: KindProperty, Prepare: property},
		{Name: KindRequirement, Run: requirement},
		{Name: KindRefill, Run: refillJob},
	}
}

// DefaultChunkTime is how long one transaction of a listing's matching job
// aims to run (Options.ChunkTime). A listing meets thousands of
// requirements at 100k and more; in one transaction its job held SQLite's
// one write lock for its whole run, and every request's write that came
// meanwhile waited for all of it. Chunks sized to this time keep that wait
// short (the bound is 50 ms at p99) while each commit still
// carries as many matches as the time allows.
const DefaultChunkTime = 30 * time.Millisecond

// The first time-sized chunk's size, and the bounds of every later one.
const (
	firstChunk = 200
	minChunk   = 16
	maxChunk   = 50_000
)

// nextChunk sizes the next chunk from the last one's size and time, so
// that it takes about target.
func nextChunk(size int, took, target time.Duration) int {
	if took <= 0 {
		return maxChunk
	}
	n := int(float64(size) * float64(target) / float64(took))
	n = min(n, 2*size) // grow gently: a chunk's cost varies along the ids
	return max(minChunk, min(maxChunk, n))
}

// propertyJob runs a listing's matching job: it reads the requirements the
// listing may touch outside any transaction (PropertyScope), settles all
// but the last chunk of them in transactions of their own (sized by time,
// see DefaultChunkTime, or by Options.Chunk), and returns the
// handler that settles the last chunk in the job's transaction. Each chunk
// is whole for its requirements (their rows, bounds and matches are read
// in its transaction), so the data is consistent between chunks, and a
// rerun after any of them finds the matches already made and converges to
// the same set. live reports, inside a chunk's transaction, whether the
// listing still exists (a delete since ends the job).
func (e *Engine) propertyJob(ctx context.Context, db *store.DB, id int64, live func(context.Context, *sql.Tx) (bool, error)) (jobs.Handler, error) {
	ids, err := PropertyScope(ctx, db, id)
	if errors.Is(err, errGone) {
		ids, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	gained := Gained{}
	chunk := func(ctx context.Context, tx *sql.Tx, ids []int64) (bool, error) {
		ok, err := live(ctx, tx)
		if !ok || err != nil {
			return false, err
		}
		// Each chunk's transaction queues the notices of the matches it stored.
		now, added := db.Time(), Gained{}
		if err := e.PropertyChangedFor(ctx, tx, now, id, ids, added); errors.Is(err, errGone) {
			return false, nil // deleted since live() looked: the delete settled its matches
		} else if err != nil {
			return true, err
		}
		gained.merge(added)
		return true, e.record(ctx, tx, now, added)
	}
	size := e.opt.Chunk
	if size <= 0 {
		size = firstChunk
	}
	last := ids
	for len(last) > size {
		var ok bool
		var took time.Duration
		err := db.WithTx(ctx, func(tx *sql.Tx) error {
			start := time.Now() // once the writer is ours
			var err error
			ok, err = chunk(ctx, tx, last[:size])
			took = time.Since(start)
			return err
		})
		if err != nil || !ok {
			return func(context.Context, *sql.Tx, jobs.Job) (func(context.Context), error) { return nil, nil }, err
		}
		last = last[size:]
		if e.opt.Chunk <= 0 {
			size = nextChunk(size, took, e.opt.ChunkTime)
		}
	}
	return func(ctx context.Context, tx *sql.Tx, _ jobs.Job) (func(context.Context), error) {
		if _, err := chunk(ctx, tx, last); err != nil {
			return nil, err
		}
		return func(ctx context.Context) { e.Announce(ctx, gained) }, nil
	}, nil
}

func objectID(key, prefix string) (int64, error) {
	if len(key) <= len(prefix) || key[:len(prefix)] != prefix {
		return 0, fmt.Errorf("matching: job key %q is not a %s key", key, prefix)
	}
	return strconv.ParseInt(key[len(prefix):], 10, 64)
}

// Waker wakes the job queue's idle workers (a *jobs.Queue).
type Waker interface{ Wake() }

// Queued tells the engine's Waker that a write queued a matching job and
// committed; without one the workers find it at their next poll.
func (e *Engine) Queued() {
	if e.opt.Waker != nil {
		e.opt.Waker.Wake()
	}
}

// Progress says whether a listing's or requirement's matching has run since
// its last write: "pending" with the time its job was queued, or "done";
// and how many matches it has now.
type Progress struct {
	Matching         string     `json:"matching,omitempty"`
	MatchingQueuedAt *time.Time `json:"matchingQueuedAt,omitempty"`
	MatchCount       *int       `json:"matchCount,omitempty"`
}

// Side names a listing's or a requirement's matching: its job key and its
// column in matches.
type Side struct {
	key    func(int64) string
	column string
}

// The two sides.
var (
	PropertySide    = Side{PropertyKey, "property_id"}
	RequirementSide = Side{RequirementKey, "requirement_id"}
)

// Progresses returns the matching progress of each of ids, on side.
func Progresses(ctx context.Context, q store.Querier, side Side, ids []int64) (map[int64]Progress, error) {
	out := make(map[int64]Progress, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	keys := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		keys[i], args[i] = side.key(id), id
	}
	queued, err := jobs.Queued(ctx, q, keys)
	if err != nil {
		return nil, err
	}
	counts := make(map[int64]int, len(ids))
	rows, err := q.QueryContext(ctx, `SELECT `+side.column+`, COUNT(*) FROM matches WHERE `+side.column+` IN (`+
		store.Placeholders(1, len(ids))+`) GROUP BY `+side.column, args...)
	if err != nil {
		return nil, fmt.Errorf("count matches: %w", err)
	}
	type row struct {
		id int64
		n  int
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, r *row) error { return rows.Scan(&r.id, &r.n) })
	if err != nil {
		return nil, fmt.Errorf("count matches: %w", err)
	}
	for _, r := range list {
		counts[r.id] = r.n
	}
	for i, id := range ids {
		n := counts[id]
		p := Progress{Matching: "done", MatchCount: &n}
		if at, ok := queued[keys[i]]; ok {
			p.Matching, p.MatchingQueuedAt = "pending", &at
		}
		out[id] = p
	}
	return out, nil
}
