package security

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"propmatch/internal/kit/store"
)

// RecorderConfig tunes a Recorder; zero fields take the defaults.
type RecorderConfig struct {
	// Buffer is how many events wait in memory at most (4096); beyond it
	// new events are dropped and counted (Dropped).
	Buffer int
	// Batch is how many events one INSERT writes at most (200).
	Batch int
	// Every is how long an event waits at most before it is written (1 s).
	Every time.Duration
	// Keep is how long events are kept (90 days); PruneEvery is how often
	// the recorder deletes older ones, and expired blocks as old (1 hour).
	Keep       time.Duration
	PruneEvery time.Duration
}

// Defaults of RecorderConfig.
const (
	DefaultBuffer     = 4096
	DefaultBatch      = 200
	DefaultEvery      = time.Second
	DefaultKeep       = 90 * 24 * time.Hour
	DefaultPruneEvery = time.Hour
)

// Recorder writes security events off the request path: Add puts an event
// in a bounded in-memory buffer and returns at once; one goroutine writes
// the buffer in batches (one multi-row INSERT each), at most Every after an
// event arrived, and prunes events older than Keep every PruneEvery. When the
// buffer is full Add drops the event and counts it: a flood of scanner
// requests must not slow the answers or grow memory. Close writes what is
// buffered and stops.
type Recorder struct {
	db  *store.DB
	cfg RecorderConfig
	log *slog.Logger

	in      chan Event
	flushes chan chan struct{}
	stop    chan struct{}
	done    chan struct{}

	mu      sync.RWMutex // held for reading by Add, for writing by Close
	closed  bool
	dropped atomic.Uint64
	written atomic.Uint64
}

// NewRecorder starts a Recorder writing to db. The caller must Close it.
func NewRecorder(db *store.DB, cfg RecorderConfig, log *slog.Logger) *Recorder {
	if cfg.Buffer <= 0 {
		cfg.Buffer = DefaultBuffer
	}
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultBatch
	}
	if cfg.Every <= 0 {
		cfg.Every = DefaultEvery
	}
	if cfg.Keep <= 0 {
		cfg.Keep = DefaultKeep
	}
	if cfg.PruneEvery <= 0 {
		cfg.PruneEvery = DefaultPruneEvery
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	r := &Recorder{db: db, cfg: cfg, log: log, in: make(chan Event, cfg.Buffer),
		flushes: make(chan chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}
	go r.run()
	return r
}

// Add queues e, stamped with the database clock when e.At is zero. It never
// blocks: when the buffer is full, or the recorder is closed, e is dropped
// and counted.
func (r *Recorder) Add(e Event) {
	if e.At.IsZero() {
		e.At = r.db.Time()
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.closed {
		r.dropped.Add(1)
		return
	}
	select {
	case r.in <- e:
	default:
		r.dropped.Add(1)
	}
}

// Dropped is how many events were dropped since the recorder started.
func (r *Recorder) Dropped() uint64 { return r.dropped.Load() }

// Written is how many events were stored since the recorder started.
func (r *Recorder) Written() uint64 { return r.written.Load() }

// Flush writes every event added before the call, and returns when they
// are stored (or failed, which is logged) or ctx ends.
func (r *Recorder) Flush(ctx context.Context) error {
	ack := make(chan struct{})
	select {
	case r.flushes <- ack:
	case <-r.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-ack:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close refuses new events, writes the buffered ones and stops, or gives
// up when ctx ends.
func (r *Recorder) Close(ctx context.Context) error {
	r.mu.Lock()
	if !r.closed {
		r.closed = true
		close(r.stop)
	}
	r.mu.Unlock()
	select {
	case <-r.done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("security: events still buffered: %w", ctx.Err())
	}
}

func (r *Recorder) run() {
	defer close(r.done)
	tick := time.NewTicker(r.cfg.Every)
	defer tick.Stop()
	prune := time.NewTicker(r.cfg.PruneEvery)
	defer prune.Stop()
	r.prune()
	batch := make([]Event, 0, r.cfg.Batch)
	for {
		select {
		case e := <-r.in:
			batch = append(batch, e)
			if len(batch) == r.cfg.Batch {
				batch = r.write(batch)
			}
		case <-tick.C:
			batch = r.write(batch)
		case ack := <-r.flushes:
			batch = r.drain(batch)
			close(ack)
		case <-prune.C:
			r.prune()
		case <-r.stop:
			// Close holds no lock now, and Add sees closed: r.in only shrinks.
			r.drain(batch)
			return
		}
	}
}

// drain writes batch and everything buffered.
func (r *Recorder) drain(batch []Event) []Event {
	for {
		select {
		case e := <-r.in:
			batch = append(batch, e)
			if len(batch) == r.cfg.Batch {
				batch = r.write(batch)
			}
		default:
			return r.write(batch)
		}
	}
}

// write stores batch in one statement and returns it emptied. A failure is
// logged and the events counted as dropped: the requests they describe
// have long been answered.
func (r *Recorder) write(batch []Event) []Event {
	if len(batch) == 0 {
		return batch
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := insertEvents(ctx, r.db, batch); err != nil {
		r.dropped.Add(uint64(len(batch)))
		r.log.Error("security: write events", "count", len(batch), "err", err)
	} else {
		r.written.Add(uint64(len(batch)))
	}
	return batch[:0]
}

// insertEvents stores events with one multi-row INSERT.
func insertEvents(ctx context.Context, q store.Querier, events []Event) error {
	var sb strings.Builder
	sb.WriteString(`INSERT INTO security_events (type, ip, url, subject, detail, created_at) VALUES `)
	args := make([]any, 0, len(events)*6)
	for i, e := range events {
		if i > 0 {
			sb.WriteString(", ")
		}
		n := len(args)
		fmt.Fprintf(&sb, "($%d, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6)
		args = append(args, e.Type, clip(e.IP, 64), clip(e.URL, maxText), clip(e.Subject, maxText), clip(e.Detail, maxText), e.At)
	}
	_, err := q.ExecContext(ctx, sb.String(), args...)
	return err
}

// prune deletes what is older than Keep; see Prune.
func (r *Recorder) prune() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := Prune(ctx, r.db, r.db.Time().Add(-r.cfg.Keep)); err != nil {
		r.log.Warn("security: prune old events", "err", err)
	}
}

// Prune deletes the security events recorded before cutoff and the blocks
// that ended (expired or lifted) before it. Running it on every instance is
// harmless: a second run finds nothing to delete.
func Prune(ctx context.Context, db *store.DB, cutoff time.Time) (int64, error) {
	var n int64
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM security_events WHERE created_at < $1`, cutoff)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM ip_blocks WHERE expires_at < $1 OR lifted_at < $1`, cutoff)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("security: prune: %w", err)
	}
	return n, nil
}
