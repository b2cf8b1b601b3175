package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// clock is a settable time shared by a test's database handles.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// handles opens n handles on one fresh database of engine e, all on one clock.
func handles(t *testing.T, e store.Engine, n int) ([]*store.DB, *clock) {
	t.Helper()
	url := storetest.URL(t, e)
	c := &clock{t: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}
	var dbs []*store.DB
	for i := range n {
		db, err := store.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if i == 0 {
			if err := db.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		db.Now = c.now
		dbs = append(dbs, db)
	}
	return dbs, c
}

func eachEngine(t *testing.T, n int, fn func(t *testing.T, dbs []*store.DB, c *clock)) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			dbs, c := handles(t, e, n)
			fn(t, dbs, c)
		})
	}
}

func enqueue(t *testing.T, db *store.DB, jobs ...New) {
	t.Helper()
	err := db.WithTx(context.Background(), func(tx *sql.Tx) error {
		for _, n := range jobs {
			if _, err := Enqueue(context.Background(), tx, db.Time(), n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

type seqPayload struct{ Seq int }

// states returns "kind:key:state:payload" for every job, by id.
func states(t *testing.T, db *store.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT kind, key, state, payload FROM jobs ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, s *string) error {
		var kind, key, state, payload string
		err := rows.Scan(&kind, &key, &state, &payload)
		*s = kind + ":" + key + ":" + state + ":" + payload
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestEnqueueReplacesPendingJobs(t *testing.T) {
	tests := []struct {
		name string
		jobs []New
		want []string
	}{
		{"BurstOfEditsCoalesces", []New{
			{Kind: "changed", Key: "p:1", Payload: seqPayload{1}, Coalesce: true},
			{Kind: "changed", Key: "p:2", Payload: seqPayload{2}, Coalesce: true},
			{Kind: "changed", Key: "p:1", Payload: seqPayload{3}, Coalesce: true},
			{Kind: "changed", Key: "p:1", Payload: seqPayload{4}, Coalesce: true},
		}, []string{`changed:p:2:pending:{"Seq":2}`, `changed:p:1:pending:{"Seq":4}`}},
		{"OtherKindsAreNotCoalesced", []New{
			{Kind: "changed", Key: "p:1", Coalesce: true},
			{Kind: "mailed", Key: "p:1", Coalesce: true},
		}, []string{`changed:p:1:pending:{}`, `mailed:p:1:pending:{}`}},
		{"WithoutCoalesceEveryJobStays", []New{
			{Kind: "changed", Key: "p:1", Payload: seqPayload{1}},
			{Kind: "changed", Key: "p:1", Payload: seqPayload{2}},
		}, []string{`changed:p:1:pending:{"Seq":1}`, `changed:p:1:pending:{"Seq":2}`}},
		{"JoinKeepsThePendingJobOfItsKindAndKey", []New{
			{Kind: "digest", Key: "u:1", Payload: seqPayload{1}, Join: true},
			{Kind: "digest", Key: "u:2", Payload: seqPayload{2}, Join: true},
			{Kind: "digest", Key: "u:1", Payload: seqPayload{3}, Join: true},
			{Kind: "other", Key: "u:1", Payload: seqPayload{4}, Join: true},
		}, []string{`digest:u:1:pending:{"Seq":1}`, `digest:u:2:pending:{"Seq":2}`, `other:u:1:pending:{"Seq":4}`}},
		{"DeleteSupersedesEveryEarlierJobOfItsKey", []New{
			{Kind: "changed", Key: "p:1", Payload: seqPayload{1}},
			{Kind: "mailed", Key: "p:1"},
			{Kind: "changed", Key: "p:2"},
			{Kind: "deleted", Key: "p:1", Supersede: true},
		}, []string{`changed:p:2:pending:{}`, `deleted:p:1:pending:{}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, _ *clock) {
				enqueue(t, dbs[0], tt.jobs...)
				if got := states(t, dbs[0]); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
					t.Errorf("jobs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
				}
			})
		})
	}
}

func TestARunningJobIsNotReplaced(t *testing.T) {
	eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, _ *clock) {
		q := NewQueue(dbs[0], Config{})
		enqueue(t, dbs[0], New{Kind: "changed", Key: "p:1", Coalesce: true})
		if j, err := q.claim(context.Background()); err != nil || j == nil {
			t.Fatalf("claim: %v, %v", j, err)
		}
		enqueue(t, dbs[0], New{Kind: "changed", Key: "p:1", Coalesce: true}, New{Kind: "deleted", Key: "p:1", Supersede: true})
		want := []string{"changed:p:1:running:{}", "deleted:p:1:pending:{}"}
		if got := states(t, dbs[0]); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("jobs %v; want %v", got, want)
		}
		if j, err := q.claim(context.Background()); err != nil || j != nil {
			t.Errorf("claimed %v (%v) while an earlier job of its key runs", j, err)
		}
	})
}

// recorder is a handler that records, per key, the payloads it ran, and
// fails the test when two jobs of one key overlap.
type recorder struct {
	t       *testing.T
	mu      sync.Mutex
	running map[string]bool
	ran     map[string][]int
	runs    map[int64]int
}

func newRecorder(t *testing.T) *recorder {
	return &recorder{t: t, running: map[string]bool{}, ran: map[string][]int{}, runs: map[int64]int{}}
}

func (r *recorder) handle(_ context.Context, _ *sql.Tx, j Job) (func(context.Context), error) {
	var p seqPayload
	if err := j.Decode(&p); err != nil {
		return nil, err
	}
	r.mu.Lock()
	if r.running[j.Key] {
		r.t.Errorf("two jobs of %s ran at once", j.Key)
	}
	r.running[j.Key] = true
	r.mu.Unlock()
	time.Sleep(time.Millisecond)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.running[j.Key] = false
	r.ran[j.Key] = append(r.ran[j.Key], p.Seq)
	r.runs[j.ID]++
	return nil, nil
}

// TestTwoWorkersOnTwoHandlesRunEachJobOnceInOrderPerKey runs two queues,
// each on its own connection pool (as two instances would), over jobs of a
// few keys: every job runs once, jobs of one key never overlap and run in
// the order they were queued.
func TestTwoWorkersOnTwoHandlesRunEachJobOnceInOrderPerKey(t *testing.T) {
	eachEngine(t, 2, func(t *testing.T, dbs []*store.DB, _ *clock) {
		const keys, perKey = 5, 12
		var list []New
		for i := range perKey {
			for k := range keys {
				list = append(list, New{Kind: "changed", Key: fmt.Sprintf("p:%d", k), Payload: seqPayload{i}})
			}
		}
		enqueue(t, dbs[0], list...)
		rec := newRecorder(t)
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for _, db := range dbs {
			q := NewQueue(db, Config{})
			q.Register("changed", rec.handle)
			for range 2 {
				wg.Add(1)
				go func() { defer wg.Done(); errs <- q.RunPending(context.Background()) }()
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if len(rec.runs) != keys*perKey {
			t.Errorf("%d jobs ran; want %d", len(rec.runs), keys*perKey)
		}
		for id, n := range rec.runs {
			if n != 1 {
				t.Errorf("job %d ran %d times", id, n)
			}
		}
		for k, seqs := range rec.ran {
			for i, s := range seqs {
				if s != i {
					t.Errorf("%s ran in the order %v", k, seqs)
					break
				}
			}
		}
		if s, err := ReadStats(context.Background(), dbs[0]); err != nil || s.Depth != 0 || s.DoneLastMinute != keys*perKey {
			t.Errorf("stats %+v, %v; want depth 0, %d done", s, err, keys*perKey)
		}
	})
}

func TestFailingJobIsRetriedWithBackoffThenKeptFailed(t *testing.T) {
	eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, c *clock) {
		ctx := context.Background()
		db := dbs[0]
		q := NewQueue(db, Config{Backoff: time.Minute, MaxBackoff: time.Hour})
		ranOther := 0
		q.Register("poison", func(context.Context, *sql.Tx, Job) (func(context.Context), error) {
			return nil, errors.New("cannot parse the listing")
		})
		q.Register("fine", func(context.Context, *sql.Tx, Job) (func(context.Context), error) {
			ranOther++
			return nil, nil
		})
		enqueue(t, db, New{Kind: "poison", Key: "p:1", MaxAttempts: 3}, New{Kind: "fine", Key: "p:2"})
		waits := []time.Duration{time.Minute, 2 * time.Minute}
		for i, wait := range waits {
			if err := q.RunPending(ctx); err != nil {
				t.Fatal(err)
			}
			enqueue(t, db, New{Kind: "fine", Key: "p:2"}) // other keys go on
			if err := q.RunPending(ctx); err != nil {
				t.Fatal(err)
			}
			if ranOther != i+2 {
				t.Fatalf("try %d: the other key's jobs ran %d times; want %d", i+1, ranOther, i+2)
			}
			c.advance(wait - time.Second)
			if err := q.RunPending(ctx); err != nil {
				t.Fatal(err)
			}
			var attempts int
			var state string
			if err := db.QueryRow(`SELECT attempts, state FROM jobs WHERE kind = 'poison'`).Scan(&attempts, &state); err != nil {
				t.Fatal(err)
			}
			if attempts != i+1 || state != "pending" {
				t.Fatalf("a second before the backoff of %v: attempts %d, %s; want %d, pending", wait, attempts, state, i+1)
			}
			c.advance(time.Second)
		}
		if err := q.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		failed, err := FailedJobs(ctx, db, 10)
		if err != nil || len(failed) != 1 || failed[0].Attempts != 3 || failed[0].LastError != "cannot parse the listing" || failed[0].Key != "p:1" {
			t.Fatalf("failed jobs %+v, %v; want the poison job after 3 tries with its error", failed, err)
		}
		enqueue(t, db, New{Kind: "fine", Key: "p:1"}) // a failed job does not block its key
		if err := q.RunPending(ctx); err != nil || ranOther != 4 {
			t.Fatalf("after the failure the key's next job ran: %d, %v", ranOther, err)
		}
		if s, err := ReadStats(ctx, db); err != nil || s.Failed != 1 || s.FailedLastMinute != 1 || s.Depth != 0 {
			t.Errorf("stats %+v, %v", s, err)
		}
	})
}

func TestBackoffDoublesUpToItsCap(t *testing.T) {
	q := NewQueue(nil, Config{Backoff: time.Second, MaxBackoff: 5 * time.Second})
	for attempts, want := range []time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 4: 5 * time.Second, 9: 5 * time.Second} {
		if want == 0 {
			continue
		}
		if got := q.backoff(attempts); got != want {
			t.Errorf("backoff(%d) = %v; want %v", attempts, got, want)
		}
	}
}

// TestAJobWhoseWorkerDiedRunsAgainOnceItsLeaseRunsOut claims a job on one
// handle and does not finish it in time, as a killed or stalled process
// would: another worker runs it once the lease runs out, and the first
// worker's late writes do not commit.
func TestAJobWhoseWorkerDiedRunsAgainOnceItsLeaseRunsOut(t *testing.T) {
	eachEngine(t, 2, func(t *testing.T, dbs []*store.DB, c *clock) {
		ctx := context.Background()
		dead := NewQueue(dbs[0], Config{Lease: time.Minute})
		live := NewQueue(dbs[1], Config{Lease: time.Minute})
		// The handler's write: a job of its own, in the handler's transaction.
		write := func(ctx context.Context, tx *sql.Tx, j Job) (func(context.Context), error) {
			_, err := Enqueue(ctx, tx, c.now(), New{Kind: "effect", Key: "effect:" + j.Key})
			return nil, err
		}
		dead.Register("changed", write)
		live.Register("changed", write)
		enqueue(t, dbs[0], New{Kind: "changed", Key: "p:1"}, New{Kind: "changed", Key: "p:2"})
		j, err := dead.claim(ctx)
		if err != nil || j == nil {
			t.Fatalf("claim: %v %v", j, err)
		}
		if err := live.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		want := []string{"changed:p:1:running:{}", "changed:p:2:done:{}", "effect:effect:p:2:pending:{}"}
		if got := states(t, dbs[0]); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("while the lease holds: %v; want %v", got, want)
		}
		c.advance(time.Minute + time.Second)
		if err := live.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		if err := dead.execute(ctx, j); !errors.Is(err, errLost) {
			t.Errorf("the first worker finishing late: %v; want errLost", err)
		}
		want = []string{"changed:p:1:done:{}", "changed:p:2:done:{}", "effect:effect:p:2:pending:{}", "effect:effect:p:1:pending:{}"}
		if got := states(t, dbs[0]); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("after the lease ran out: %v; want %v (each job's write once)", got, want)
		}
		var by string
		if err := dbs[0].QueryRow(`SELECT locked_by FROM jobs WHERE key = 'p:1'`).Scan(&by); err != nil || by != live.worker {
			t.Errorf("p:1 done by %q (%v); want the live worker", by, err)
		}
	})
}

// TestShutdownGivesBackTheRunningJob stops Run while a job runs past the
// drain time: the job is released, untried, and runs again later.
func TestShutdownGivesBackTheRunningJob(t *testing.T) {
	eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, _ *clock) {
		db := dbs[0]
		started := make(chan struct{})
		q := NewQueue(db, Config{Workers: 1, Drain: 50 * time.Millisecond, Poll: 10 * time.Millisecond})
		q.Register("slow", func(ctx context.Context, _ *sql.Tx, _ Job) (func(context.Context), error) {
			close(started)
			<-ctx.Done()
			return nil, ctx.Err()
		})
		enqueue(t, db, New{Kind: "slow", Key: "p:1"})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { q.Run(ctx); close(done) }()
		<-started
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Run did not return after the drain time")
		}
		var state string
		var attempts int
		if err := db.QueryRow(`SELECT state, attempts FROM jobs`).Scan(&state, &attempts); err != nil || state != "pending" || attempts != 0 {
			t.Errorf("after shutdown: %s, %d tries (%v); want pending, 0", state, attempts, err)
		}
	})
}

func TestADelayedJobWaitsAndCoalescesWithinItsDelay(t *testing.T) {
	eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, c *clock) {
		ctx := context.Background()
		q := NewQueue(dbs[0], Config{})
		rec := newRecorder(t)
		q.Register("changed", rec.handle)
		for i := range 3 {
			enqueue(t, dbs[0], New{Kind: "changed", Key: "p:1", Payload: seqPayload{i}, Coalesce: true, Delay: time.Minute})
			c.advance(10 * time.Second)
			if err := q.RunPending(ctx); err != nil || len(rec.runs) != 0 {
				t.Fatalf("ran %v (%v) within the delay", rec.ran, err)
			}
		}
		c.advance(time.Minute)
		if err := q.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		if got := rec.ran["p:1"]; len(got) != 1 || got[0] != 2 {
			t.Errorf("ran %v; want the last edit's job alone", got)
		}
	})
}

// TestShutdownLetsTheRunningJobFinishWithinTheDrain stops Run while a job
// runs: it finishes (done), and no other job is claimed after the stop.
func TestShutdownLetsTheRunningJobFinishWithinTheDrain(t *testing.T) {
	eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, _ *clock) {
		db := dbs[0]
		started, release := make(chan struct{}), make(chan struct{})
		q := NewQueue(db, Config{Workers: 1, Drain: 10 * time.Second, Poll: 10 * time.Millisecond})
		q.Register("slow", func(context.Context, *sql.Tx, Job) (func(context.Context), error) {
			close(started)
			<-release
			return nil, nil
		})
		enqueue(t, db, New{Kind: "slow", Key: "p:1"}, New{Kind: "slow", Key: "p:2"})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { q.Run(ctx); close(done) }()
		<-started
		cancel()
		time.Sleep(50 * time.Millisecond) // Run has seen the stop
		close(release)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Run did not return once the running job finished")
		}
		want := []string{"slow:p:1:done:{}", "slow:p:2:pending:{}"}
		if got := states(t, db); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("after shutdown: %v; want %v", got, want)
		}
	})
}

// A prepared job's Prepare runs outside the job's transaction, so it can
// commit work of its own (on SQLite, while holding no write lock), and
// that work stays when the try then fails; the retry runs Prepare again.
func TestAPreparedJobCommitsItsOwnStepsBeforeItsTransaction(t *testing.T) {
	eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, c *clock) {
		ctx := context.Background()
		db := dbs[0]
		q := NewQueue(db, Config{Backoff: time.Minute})
		q.Register("step", func(context.Context, *sql.Tx, Job) (func(context.Context), error) { return nil, nil })
		tries, finished := 0, 0
		q.RegisterPrepared("long", func(ctx context.Context, j Job) (Handler, error) {
			tries++
			err := db.WithTx(ctx, func(tx *sql.Tx) error {
				_, err := Enqueue(ctx, tx, db.Time(), New{Kind: "step", Key: fmt.Sprintf("step:%d", tries)})
				return err
			})
			if err != nil {
				return nil, err
			}
			if tries == 1 {
				return nil, errors.New("the first try stops after its step")
			}
			return func(context.Context, *sql.Tx, Job) (func(context.Context), error) {
				finished++
				return nil, nil
			}, nil
		})
		enqueue(t, db, New{Kind: "long", Key: "l:1"})
		count := func(kind, state string) int {
			var n int
			if err := db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = $1 AND state = $2`, kind, state).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if err := q.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		if tries != 1 || finished != 0 || count("step", "done") != 1 || count("long", "pending") != 1 {
			t.Fatalf("after the failed try: tries %d, finished %d, steps done %d, long pending %d; want 1, 0, 1, 1",
				tries, finished, count("step", "done"), count("long", "pending"))
		}
		c.advance(time.Minute)
		if err := q.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		if tries != 2 || finished != 1 || count("step", "done") != 2 || count("long", "done") != 1 {
			t.Fatalf("after the retry: tries %d, finished %d, steps done %d, long done %d; want 2, 1, 2, 1",
				tries, finished, count("step", "done"), count("long", "done"))
		}
	})
}
