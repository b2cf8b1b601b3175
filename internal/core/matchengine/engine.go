package matchengine

import (
	"context"
	"database/sql"
	"time"

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
	// LockRows makes every write to the matches first lock the rows of the
	// requirements it settles (see locks.go); set it on PostgreSQL, where
	// jobs run in parallel. SQLite's one writer needs none.
	LockRows bool
	// Reference runs a listing's matching through the Go reference engine
	// (propertyChangedGo) instead of set-based in the database; the tests
	// compare the two.
	Reference bool
	// Delay holds a write's matching job back this long, so that the edits
	// of one object within it are matched once (0: at once).
	Delay time.Duration
	// Chunk is how many requirements one transaction of a listing's
	// matching job settles; 0 sizes the transactions by time instead (see
	// ChunkTime and propertyJob).
	Chunk int
	// ChunkTime is how long one transaction of a listing's matching job
	// should hold the writer when Chunk is 0 (0: DefaultChunkTime).
	ChunkTime time.Duration
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
	if o.ChunkTime <= 0 {
		o.ChunkTime = DefaultChunkTime
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
