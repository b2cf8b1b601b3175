package security

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
)

// RecorderConfig tunes a Recorder; zero fields take the defaults.
type RecorderConfig struct {
	// Buffer is how many rows (a source, type and minute each) wait in
	// memory at most (4096); an event that would start one more is dropped
	// and counted (Dropped). Repeats of a waiting row only add to its count.
	Buffer int
	// Batch is how many rows one INSERT writes at most (200); a full batch
	// is written at once.
	Batch int
	// Every is how long an event waits at most before it is written (1 s).
	Every time.Duration
	// Keep is how long events are kept (90 days); PruneEvery is how often
	// the recorder deletes older ones, and expired blocks as old (1 hour).
	Keep       time.Duration
	PruneEvery time.Duration
	// PerAddress is how many rows one source address (an IPv6 address's
	// /64) may start in each CapWindow (120 an hour: two event types
	// every minute); its events that would start more are dropped and
	// counted (Capped). Its rows already started keep counting.
	PerAddress int
	CapWindow  time.Duration
}

// Defaults of RecorderConfig.
const (
	DefaultBuffer     = 4096
	DefaultBatch      = 200
	DefaultEvery      = time.Second
	DefaultKeep       = 90 * 24 * time.Hour
	DefaultPruneEvery = time.Hour
	DefaultPerAddress = 120
	DefaultCapWindow  = time.Hour
)

// maxTracked is how many source addresses the cap follows in one window;
// an address beyond them starts no row until the window ends (so a flood
// from many addresses cannot grow memory either).
const maxTracked = 65536

// key is one row of security_events: a source, a type and a minute.
type key struct {
	ip, typ string
	minute  int64 // Unix seconds of the minute
}

// Recorder writes security events off the request path. Add counts an
// event in memory and returns at once: repeats of one source, type and
// minute add to one waiting row, so a flood costs no memory and one row a
// minute. One goroutine writes the waiting rows in batches (one multi-row
// upsert each, adding to a row another instance or an earlier batch
// stored), at most Every after they started, and prunes events older than
// Keep every PruneEvery. An address may start at most PerAddress rows per
// CapWindow; beyond that, and when Buffer rows wait, events are dropped and
// counted: a flood of scanner requests must not slow the answers, grow
// memory or grow the table. Close writes what waits and stops.
type Recorder struct {
	db  *store.DB
	cfg RecorderConfig
	log *slog.Logger

	mu      sync.Mutex // guards the fields below it
	closed  bool
	pending map[key]*row
	window  int64              // the cap window's number (Unix ns / CapWindow)
	started map[key]struct{}   // rows this instance started in the window
	perAddr map[string]int     // rows started per address in the window
	kick    chan struct{}      // a full batch waits
	flushes chan chan struct{} // Flush asks the writer
	stop    chan struct{}
	done    chan struct{}

	dropped atomic.Uint64
	capped  atomic.Uint64
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
	if cfg.PerAddress <= 0 {
		cfg.PerAddress = DefaultPerAddress
	}
	if cfg.CapWindow <= 0 {
		cfg.CapWindow = DefaultCapWindow
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	r := &Recorder{db: db, cfg: cfg, log: log, pending: map[key]*row{}, started: map[key]struct{}{}, perAddr: map[string]int{},
		kick: make(chan struct{}, 1), flushes: make(chan chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}
	go r.run()
	return r
}

// capKey is the address the cap counts an event's source under: an IPv6
// address's /64 (one subscriber's usual allocation), else the address.
func capKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || !a.Is6() || a.Is4In6() {
		return ip
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// Add counts e, stamped with the database clock when e.At is zero. It never
// blocks on the database: when e would start a row beyond its address's cap
// or the buffer, or the recorder is closed, e is dropped and counted.
func (r *Recorder) Add(e Event) {
	if e.At.IsZero() {
		e.At = r.db.Time()
	}
	e.IP = input.Header(e.IP, maxIP)
	k := key{ip: e.IP, typ: e.Type, minute: minuteOf(e.At).Unix()}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		r.dropped.Add(1)
		return
	}
	if p, ok := r.pending[k]; ok {
		p.count++
		if e.At.After(p.last) {
			p.last = e.At
		}
		if e.At.Before(p.first) {
			p.first = e.At
		}
		return
	}
	if len(r.pending) >= r.cfg.Buffer {
		r.dropped.Add(1)
		return
	}
	if !r.admit(k, e.At) {
		r.capped.Add(1)
		return
	}
	r.pending[k] = &row{e: e, first: e.At, last: e.At, count: 1}
	if len(r.pending) >= r.cfg.Batch {
		select {
		case r.kick <- struct{}{}:
		default: // the writer has been told already
		}
	}
}

// admit reports whether the row k may start at `at`: a row this instance
// started in the window already goes on (it was written, this is its next
// batch); a new one needs its address under PerAddress. r.mu is held.
func (r *Recorder) admit(k key, at time.Time) bool {
	if w := at.UnixNano() / int64(r.cfg.CapWindow); w > r.window {
		r.window = w
		clear(r.started)
		clear(r.perAddr)
	}
	if _, ok := r.started[k]; ok {
		return true
	}
	a := capKey(k.ip)
	n, tracked := r.perAddr[a]
	if n >= r.cfg.PerAddress || (!tracked && len(r.perAddr) >= maxTracked) {
		return false
	}
	r.perAddr[a] = n + 1
	r.started[k] = struct{}{}
	return true
}

// Dropped is how many events were dropped since the recorder started
// because the buffer was full, it was closed, or writing them failed.
func (r *Recorder) Dropped() uint64 { return r.dropped.Load() }

// Capped is how many events were dropped since the recorder started
// because their address had started its PerAddress rows in the window.
func (r *Recorder) Capped() uint64 { return r.capped.Load() }

// Written is how many events were stored since the recorder started (a
// row counts as many as its count).
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

// Close refuses new events, writes the waiting ones and stops, or gives
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
	for {
		select {
		case <-r.kick:
			r.writePending()
		case <-tick.C:
			r.writePending()
		case ack := <-r.flushes:
			r.writePending()
			close(ack)
		case <-prune.C:
			r.prune()
		case <-r.stop:
			// Add sees closed: nothing more arrives.
			r.writePending()
			return
		}
	}
}

// writePending takes the waiting rows and writes them, Batch at a time.
func (r *Recorder) writePending() {
	r.mu.Lock()
	if len(r.pending) == 0 {
		r.mu.Unlock()
		return
	}
	taken := r.pending
	r.pending = make(map[key]*row, len(taken))
	r.mu.Unlock()
	batch := make([]row, 0, min(len(taken), r.cfg.Batch))
	for _, p := range taken {
		batch = append(batch, *p)
		if len(batch) == r.cfg.Batch {
			batch = r.write(batch)
		}
	}
	r.write(batch)
}

// write stores batch in one statement and returns it emptied. A failure is
// logged and the events counted as dropped: the requests they describe
// have long been answered.
func (r *Recorder) write(batch []row) []row {
	if len(batch) == 0 {
		return batch
	}
	events := 0
	for _, b := range batch {
		events += b.count
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := upsertEvents(ctx, r.db, batch); err != nil {
		r.dropped.Add(uint64(events))
		r.log.Error("security: write events", "rows", len(batch), "events", events, "err", err)
	} else {
		r.written.Add(uint64(events))
	}
	return batch[:0]
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
