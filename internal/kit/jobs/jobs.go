// Package jobs is PropMatch's durable background queue: a jobs table on
// either engine. A job is written in the transaction of the change that
// needs it (Enqueue takes the caller's *sql.Tx), so a committed change never
// loses its job. Workers (Queue.Run) claim jobs one at a time: on PostgreSQL
// with FOR UPDATE SKIP LOCKED, so several instances share one database; on
// SQLite with an UPDATE ... RETURNING inside the immediate transaction every
// write takes. Jobs of one key (the object they concern, e.g. "property:42")
// never run at once and run in id order. A claimed job holds a lease; a job
// whose worker died is taken again once the lease runs out. A failed job is
// retried with exponential backoff and, after MaxAttempts tries, kept as
// failed with its error. See docs/decisions.md, "Matching in the background".
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"propmatch/internal/kit/store"
)

// State is where a job is in its life.
type State string

// The job states.
const (
	Pending State = "pending"
	Running State = "running"
	Done    State = "done"
	Failed  State = "failed"
)

// openJob is the condition of the partial indexes on jobs still to do.
// SQLite uses a partial index only when the query repeats its condition (it
// does not infer it from state = 'pending'), so every query on open jobs
// says it.
const openJob = "state IN ('pending', 'running')"

// DefaultMaxAttempts is how many times a job is tried unless New says otherwise.
const DefaultMaxAttempts = 8

// New is a job to enqueue.
type New struct {
	// Kind names the handler that runs it (see Queue.Register).
	Kind string
	// Key is the object the job concerns, e.g. "property:42". Jobs of one
	// key run one at a time, in the order they were enqueued.
	Key string
	// Payload is marshalled to JSON for the handler; nil stores {}.
	Payload any
	// MaxAttempts bounds the tries (DefaultMaxAttempts when zero).
	MaxAttempts int
	// Coalesce replaces the key's pending jobs of the same kind: the new job
	// does their work too (a burst of edits of one object runs once).
	Coalesce bool
	// Supersede replaces every pending job of the key, whatever its kind
	// (a delete wins over the edits before it).
	Supersede bool
	// Join keeps the key's pending job of the same kind, when there is
	// one, and adds nothing: that job, at its own time, does this one's
	// work too (a digest gathers what comes before it goes).
	Join bool
	// Delay holds the job back this long after its transaction: with
	// Coalesce, the edits of one object within the delay run as one job.
	Delay time.Duration
}

// Job is a job as a handler or an admin sees it.
type Job struct {
	ID          int64           `json:"id"`
	Kind        string          `json:"kind"`
	Key         string          `json:"key"`
	Payload     json.RawMessage `json:"-"`
	State       State           `json:"state"`
	Attempts    int             `json:"attempts"`
	MaxAttempts int             `json:"maxAttempts"`
	LastError   string          `json:"error"`
	CreatedAt   time.Time       `json:"createdAt"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

// Decode unmarshals the job's payload into v.
func (j Job) Decode(v any) error { return json.Unmarshal(j.Payload, v) }

// Enqueue writes job n in tx, the transaction of the change that needs it,
// and returns its id. The job can run once tx commits.
func Enqueue(ctx context.Context, tx *sql.Tx, now time.Time, n New) (int64, error) {
	if n.Kind == "" || n.Key == "" {
		return 0, errors.New("jobs: a job needs a kind and a key")
	}
	payload := []byte("{}")
	if n.Payload != nil {
		var err error
		if payload, err = json.Marshal(n.Payload); err != nil {
			return 0, fmt.Errorf("jobs: payload: %w", err)
		}
	}
	if n.MaxAttempts <= 0 {
		n.MaxAttempts = DefaultMaxAttempts
	}
	if n.Join {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE key = $1 AND kind = $2 AND `+openJob+` AND state = 'pending' ORDER BY id LIMIT 1`, n.Key, n.Kind).Scan(&id)
		if err == nil {
			return id, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("jobs: join: %w", err)
		}
	}
	switch {
	case n.Supersede:
		if err := Cancel(ctx, tx, n.Key); err != nil {
			return 0, err
		}
	case n.Coalesce:
		if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE key = $1 AND kind = $2 AND `+openJob+` AND state = 'pending'`, n.Key, n.Kind); err != nil {
			return 0, fmt.Errorf("jobs: coalesce: %w", err)
		}
	}
	id, err := store.InsertID(ctx, tx, "jobs",
		[]string{"kind", "key", "payload", "max_attempts", "run_at", "created_at", "updated_at"},
		[]any{n.Kind, n.Key, string(payload), n.MaxAttempts, now.Add(max(0, n.Delay)), now, now})
	if err != nil {
		return 0, fmt.Errorf("jobs: enqueue: %w", err)
	}
	return id, nil
}

// Cancel drops the pending jobs of key in tx; a running one finishes.
func Cancel(ctx context.Context, tx *sql.Tx, key string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE key = $1 AND `+openJob+` AND state = 'pending'`, key); err != nil {
		return fmt.Errorf("jobs: cancel: %w", err)
	}
	return nil
}

// Queued returns, for each of keys that has a job not yet done (pending or
// running), when the oldest of them was queued.
func Queued(ctx context.Context, q store.Querier, keys []string) (map[string]time.Time, error) {
	out := map[string]time.Time{}
	if len(keys) == 0 {
		return out, nil
	}
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	rows, err := q.QueryContext(ctx, `SELECT key, MIN(created_at) FROM jobs
		WHERE `+openJob+` AND key IN (`+store.Placeholders(1, len(keys))+`) GROUP BY key`, args...)
	if err != nil {
		return nil, fmt.Errorf("jobs: queued: %w", err)
	}
	type row struct {
		key string
		at  time.Time
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, r *row) error { return rows.Scan(&r.key, store.ScanTime(&r.at)) })
	if err != nil {
		return nil, fmt.Errorf("jobs: queued: %w", err)
	}
	for _, r := range list {
		out[r.key] = r.at
	}
	return out, nil
}
