package jobs

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"propmatch/internal/kit/cached"
	"propmatch/internal/kit/store"
)

// Handler runs one job inside tx, the transaction that also marks the job
// done, so its writes and its completion commit together. It may return a
// function to call once tx has committed (to announce what it did); a
// handler's error rolls tx back and the job is retried.
type Handler func(ctx context.Context, tx *sql.Tx, j Job) (afterCommit func(context.Context), err error)

// Prepare runs before a job's transaction, outside it, and returns the
// Handler that finishes the job in it. It may read, and commit work of its
// own in short transactions of its own, so that a long job does not hold
// SQLite's one write lock (or a lock of its own) for its whole run; each of
// those must leave the data consistent, and a rerun of the job after any of
// them (a retry, or a worker killed between them) must converge to what
// one uninterrupted run makes.
type Prepare func(ctx context.Context, j Job) (Handler, error)

// Config tunes a Queue; zero fields take the defaults.
type Config struct {
	// Workers is how many jobs this process runs at once (default 2).
	Workers int
	// Lease is how long a claimed job is this worker's: a job still running
	// after it is taken again, and a handler's context ends with it
	// (default 1 minute).
	Lease time.Duration
	// Poll is how often an idle worker looks for jobs queued by another
	// instance (default 250 ms); Wake wakes this instance's workers at once.
	Poll time.Duration
	// Backoff is the wait before the first retry; each next one doubles, up
	// to MaxBackoff (defaults 1 s and 10 minutes).
	Backoff, MaxBackoff time.Duration
	// Drain is how long Run lets running jobs finish after its context ends
	// before abandoning them (default 20 s).
	Drain time.Duration
	// Log receives failures and the once-a-minute figures; nil logs nothing.
	Log *slog.Logger
}

func (c Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	if c.Workers <= 0 {
		c.Workers = 2
	}
	def(&c.Lease, time.Minute)
	def(&c.Poll, 250*time.Millisecond)
	def(&c.Backoff, time.Second)
	def(&c.MaxBackoff, 10*time.Minute)
	def(&c.Drain, 20*time.Second)
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	return c
}

// Queue claims and runs jobs with the handlers registered for their kinds.
type Queue struct {
	db       *store.DB
	cfg      Config
	worker   string // this process's name in locked_by
	mu       sync.RWMutex
	handlers map[string]Prepare
	long     map[string]longHandler
	wake     chan struct{}
	recent   *cached.Value[Stats] // RecentStats
}

// LongHandler runs one long job (a backup) outside any transaction: on
// SQLite every write transaction holds the database's one write lock, which
// a job of minutes must not keep. It records its own results; the job is
// marked done afterwards in a short transaction of its own.
type LongHandler func(ctx context.Context, j Job) error

type longHandler struct {
	run   LongHandler
	lease time.Duration
}

// NewQueue returns a queue on db; register handlers, then Run it.
func NewQueue(db *store.DB, cfg Config) *Queue {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return &Queue{
		db:       db,
		cfg:      cfg.withDefaults(),
		worker:   fmt.Sprintf("%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b)),
		handlers: map[string]Prepare{},
		long:     map[string]longHandler{},
		wake:     make(chan struct{}, 1),
		recent: &cached.Value[Stats]{For: RecentFor, Now: db.Time,
			Load: func(ctx context.Context) (Stats, error) { return ReadStats(ctx, db) }},
	}
}

// Register makes h run the jobs of kind.
func (q *Queue) Register(kind string, h Handler) {
	q.RegisterPrepared(kind, func(context.Context, Job) (Handler, error) { return h, nil })
}

// RegisterPrepared makes p run the jobs of kind: p first, then the Handler
// it returns in the job's transaction.
func (q *Queue) RegisterPrepared(kind string, p Prepare) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.handlers[kind] = p
}

// RegisterLong makes h run the jobs of kind outside a transaction, with a
// lease of its own (the queue's lease when shorter): a claimed job of kind
// is another worker's only once lease has passed.
func (q *Queue) RegisterLong(kind string, lease time.Duration, h LongHandler) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.long[kind] = longHandler{run: h, lease: max(lease, q.cfg.Lease)}
}

func (q *Queue) longHandler(kind string) (longHandler, bool) {
	q.mu.RLock()
	defer q.mu.RUnlock()
	h, ok := q.long[kind]
	return h, ok
}

func (q *Queue) handler(kind string) Prepare {
	q.mu.RLock()
	defer q.mu.RUnlock()
	return q.handlers[kind]
}

// Wake tells this process's idle workers that a job was queued; call it
// after the enqueuing transaction commits. Other instances find the job at
// their next poll.
func (q *Queue) Wake() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// errLost says a job's lease passed to another worker before it finished.
var errLost = errors.New("jobs: the lease ran out and another worker took the job")

// earlierOpen is true for a candidate job j whose key has an earlier job
// still to do: j must wait for it. It is one probe of jobs_open_key.
const earlierOpen = `EXISTS (SELECT 1 FROM jobs o WHERE o.key = j.key AND o.id < j.id AND o.state IN ('pending', 'running'))`

// claimSQL takes one runnable job whose key has no earlier job still to do:
// a running job whose lease lapsed (its worker died), the oldest lease
// first; else the pending job due longest (by run_at, then id). Each
// sub-select reads its partial index in order (jobs_leased, jobs_due;
// migration 00019) and stops at the first candidate it can take, so a claim
// neither sorts nor scans the backlog, and its plan does not depend on the
// table's statistics (without them PostgreSQL sorted every open job on each
// claim: about 5 jobs a minute at 15,000). COALESCE runs the second
// sub-select only when the first finds nothing. %[1]s is FOR UPDATE SKIP
// LOCKED on PostgreSQL.
const claimSQL = `UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_by = $1, locked_until = $2, updated_at = $3
	WHERE id = COALESCE(
		(SELECT j.id FROM jobs j WHERE j.state = 'running' AND j.locked_until < $3 AND NOT ` + earlierOpen + `
			ORDER BY j.locked_until, j.id LIMIT 1%[1]s),
		(SELECT j.id FROM jobs j WHERE j.state = 'pending' AND j.run_at <= $3 AND NOT ` + earlierOpen + `
			ORDER BY j.run_at, j.id LIMIT 1%[1]s))
	RETURNING id, kind, key, payload, attempts, max_attempts, created_at`

// claimQuery is claimSQL for engine.
func claimQuery(engine store.Engine) string {
	lock := ""
	if engine == store.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	return fmt.Sprintf(claimSQL, lock)
}

// claim takes one job for this worker, or returns nil when none is runnable.
func (q *Queue) claim(ctx context.Context) (*Job, error) {
	now := q.db.Time()
	var j Job
	var payload string
	found := false
	// On SQLite the transaction is an immediate one: it holds the one write
	// lock from its start, so the UPDATE reads no stale row.
	err := q.db.WithTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, claimQuery(q.db.Engine), q.worker, now.Add(q.cfg.Lease), now).
			Scan(&j.ID, &j.Kind, &j.Key, &payload, &j.Attempts, &j.MaxAttempts, store.ScanTime(&j.CreatedAt))
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		found = err == nil
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: claim: %w", err)
	}
	if !found {
		return nil, nil
	}
	j.Payload, j.State = []byte(payload), Running
	return &j, nil
}

// runOne claims and runs one job. It reports whether it found one.
// Once the job is claimed it runs under jobCtx, which outlives ctx by the
// drain time. Both are marked store.Background: on SQLite every write of
// the queue's (the claim, a job's chunks and its end) takes the writer only
// when no request's write waits for it.
func (q *Queue) runOne(ctx, jobCtx context.Context) (bool, error) {
	ctx, jobCtx = store.Background(ctx), store.Background(jobCtx)
	j, err := q.claim(ctx)
	if err != nil || j == nil {
		return false, err
	}
	if j.Attempts > j.MaxAttempts { // its worker died on every try
		return true, q.settle(jobCtx, j, errors.New("the worker stopped while running it"))
	}
	lease := q.cfg.Lease
	long, isLong := q.longHandler(j.Kind)
	if isLong {
		lease = long.lease
	}
	runCtx, cancel := context.WithTimeout(jobCtx, lease)
	defer cancel()
	if isLong {
		err = q.executeLong(runCtx, j, long)
	} else {
		err = q.execute(runCtx, j)
	}
	if err != nil && jobCtx.Err() != nil {
		// Shut down mid-job: give it back untried; it runs again.
		return true, q.release(context.WithoutCancel(jobCtx), j)
	}
	if errors.Is(err, errLost) {
		return true, nil
	}
	return true, q.settle(context.WithoutCancel(jobCtx), j, err)
}

// execute runs j's Prepare, then its handler in a transaction that then
// marks j done, so the handler's writes and the job's end commit together;
// when the lease has passed to another worker meanwhile, nothing commits
// (errLost). Work that Prepare committed stays (see Prepare). The job row
// is locked last, so a handler that waits for a lock of its own (the
// matching lock) holds no job row another transaction may need. A done job
// keeps in locked_by the worker that did it. The handler's after-commit
// function runs once the transaction has committed.
func (q *Queue) execute(ctx context.Context, j *Job) error {
	prepare := q.handler(j.Kind)
	if prepare == nil {
		return fmt.Errorf("no handler for kind %q", j.Kind)
	}
	h, err := prepare(ctx, *j)
	if err != nil {
		return err
	}
	var after func(context.Context)
	err = q.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		if after, err = h(ctx, tx, *j); err != nil {
			return err
		}
		return q.markDone(ctx, tx, j)
	})
	if err == nil && after != nil {
		after(context.WithoutCancel(ctx))
	}
	return err
}

// executeLong extends j's lease to the long handler's, runs it outside a
// transaction and then marks j done, unless the lease passed meanwhile.
func (q *Queue) executeLong(ctx context.Context, j *Job, h longHandler) error {
	now := q.db.Time()
	res, err := q.db.ExecContext(ctx, `UPDATE jobs SET locked_until = $3, updated_at = $4 WHERE id = $1 AND locked_by = $2 AND state = 'running'`,
		j.ID, q.worker, now.Add(h.lease), now)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.Join(errLost, err)
	}
	if err := h.run(ctx, *j); err != nil {
		return err
	}
	return q.markDone(ctx, q.db, j)
}

// markDone marks j done, unless its lease has passed to another worker
// (errLost). A done job keeps in locked_by the worker that did it.
func (q *Queue) markDone(ctx context.Context, x store.Querier, j *Job) error {
	res, err := x.ExecContext(ctx, `UPDATE jobs SET state = 'done', locked_until = NULL, last_error = '', updated_at = $3
		WHERE id = $1 AND locked_by = $2 AND state = 'running'`, j.ID, q.worker, q.db.Time())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errors.Join(errLost, err)
	}
	return nil
}

// settle records a failed try of j: pending again after a backoff, or
// failed once its tries are used up. A nil err settles nothing.
func (q *Queue) settle(ctx context.Context, j *Job, err error) error {
	if err == nil {
		return nil
	}
	now := q.db.Time()
	state := Pending
	if j.Attempts >= j.MaxAttempts {
		state = Failed
		q.cfg.Log.Error("job failed for good", "id", j.ID, "kind", j.Kind, "key", j.Key, "attempts", j.Attempts, "err", err)
	} else {
		q.cfg.Log.Warn("job failed; retrying", "id", j.ID, "kind", j.Kind, "key", j.Key, "attempts", j.Attempts, "err", err)
	}
	_, dbErr := q.db.ExecContext(ctx, `UPDATE jobs SET state = $3, run_at = $4, last_error = $5, locked_by = '', locked_until = NULL, updated_at = $6
		WHERE id = $1 AND locked_by = $2`, j.ID, q.worker, string(state), now.Add(q.backoff(j.Attempts)), err.Error(), now)
	if dbErr != nil {
		return fmt.Errorf("jobs: record failure: %w", dbErr)
	}
	return nil
}

// release gives a claimed job back untried, for the next worker.
func (q *Queue) release(ctx context.Context, j *Job) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET state = 'pending', attempts = attempts - 1, locked_by = '', locked_until = NULL, updated_at = $3
		WHERE id = $1 AND locked_by = $2 AND state = 'running'`, j.ID, q.worker, q.db.Time())
	if err != nil {
		return fmt.Errorf("jobs: release: %w", err)
	}
	return nil
}

// backoff is the wait after the given number of failed tries.
func (q *Queue) backoff(attempts int) time.Duration {
	d := q.cfg.Backoff
	for i := 1; i < attempts && d < q.cfg.MaxBackoff; i++ {
		d *= 2
	}
	return min(d, q.cfg.MaxBackoff)
}

// RunPending runs every job that is runnable now, one after another, and
// returns when none is left (jobs waiting for a retry stay). Tests use it to
// drain the queue synchronously.
func (q *Queue) RunPending(ctx context.Context) error {
	for {
		found, err := q.runOne(ctx, ctx)
		if err != nil || !found {
			return err
		}
	}
}

// Run runs the workers until ctx ends: then they stop claiming, let running
// jobs finish within the drain time and give back the ones that do not
// (they run again). Every minute it logs the figures when any is non-zero
// and forgets done jobs older than an hour.
func (q *Queue) Run(ctx context.Context) {
	// Jobs keep running after ctx ends, for the drain time.
	jobCtx, cancelJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelJobs()
	stopDrain := context.AfterFunc(ctx, func() {
		t := time.NewTimer(q.cfg.Drain)
		defer t.Stop()
		select {
		case <-t.C:
			cancelJobs()
		case <-jobCtx.Done():
		}
	})
	defer stopDrain()
	var wg sync.WaitGroup
	for range q.cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q.work(ctx, jobCtx)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		q.report(store.Background(ctx))
	}()
	wg.Wait()
}

// work is one worker's loop.
func (q *Queue) work(ctx, jobCtx context.Context) {
	idle := time.NewTimer(0)
	defer idle.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-idle.C:
		case <-q.wake:
		}
		for ctx.Err() == nil {
			found, err := q.runOne(ctx, jobCtx)
			if err != nil && ctx.Err() == nil {
				q.cfg.Log.Warn("job queue", "err", err)
				break
			}
			if !found {
				break
			}
		}
		idle.Reset(q.cfg.Poll)
	}
}
