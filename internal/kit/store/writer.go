package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"time"
)

// backgroundKey marks a context whose writes are background work.
type backgroundKey struct{}

// Background returns ctx marked as background work (the job queue's): on
// SQLite its writes take the one write lock only when no request's write
// is waiting for it (see writerGate).
func Background(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

// IsBackground reports whether ctx was marked by Background.
func IsBackground(ctx context.Context) bool {
	b, _ := ctx.Value(backgroundKey{}).(bool)
	return b
}

// writerGate admits one SQLite write at a time, requests' writes before
// background ones: a request's write waits only for the write holding the
// lock and the requests' writes that came before it, never for the queue's
// chunks, which take the lock only when no request waits (issue 21).
// Within each class it is first come, first served. Without it a listing
// job's chunks, committed back to back by the queue's workers, kept the
// lock busy for as long as a backlog drained, and a request's write waited
// behind them: a transaction behind each chunk queued before it, and a
// statement outside WithTx (a session's touch) in SQLite's busy handler,
// which seldom found the lock free between two chunks and gave up after
// 5 s, a 503.
//
// A request's write can hold background work back for as long as requests
// keep the writer busy without a pause; requests' writes are short and
// bounded by their deadline, so the queue catches up in the gaps.
type writerGate struct {
	mu   sync.Mutex
	held bool
	// waiting holds the writes waiting for the lock, requests' first
	// ([0]), then background ones ([1]); each is granted by closing its channel.
	waiting [2][]chan struct{}
	// granted, when set (by tests), is called with each grant's class
	// (0 a request's, 1 background), holding mu.
	granted func(class int)
}

func class(background bool) int {
	if background {
		return 1
	}
	return 0
}

// acquire waits until the caller holds the lock or ctx ends.
func (g *writerGate) acquire(ctx context.Context, background bool) error {
	c := class(background)
	g.mu.Lock()
	if !g.held { // nobody holds it, so nobody waits
		g.held = true
		g.grant(c)
		g.mu.Unlock()
		return nil
	}
	ready := make(chan struct{})
	g.waiting[c] = append(g.waiting[c], ready)
	g.mu.Unlock()
	select {
	case <-ready:
		return nil
	case <-ctx.Done():
	}
	g.mu.Lock()
	for i, w := range g.waiting[c] {
		if w == ready {
			g.waiting[c] = append(g.waiting[c][:i], g.waiting[c][i+1:]...)
			g.mu.Unlock()
			return ctx.Err()
		}
	}
	g.mu.Unlock()
	// Granted as ctx ended: pass the lock on.
	g.release()
	return ctx.Err()
}

// release hands the lock to the first waiting request's write, else to the
// first waiting background write, else frees it.
func (g *writerGate) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.waiting {
		if len(g.waiting[c]) > 0 {
			next := g.waiting[c][0]
			g.waiting[c] = g.waiting[c][1:]
			g.grant(c)
			close(next)
			return
		}
	}
	g.held = false
}

func (g *writerGate) grant(c int) {
	if g.granted != nil {
		g.granted(c)
	}
}

// waiters returns how many requests' and background writes wait, for tests.
func (g *writerGate) waiters() (requests, background int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.waiting[0]), len(g.waiting[1])
}

// busyWait bounds how long a statement outside a transaction waits for the
// gate: SQLite's busy_timeout (see Open), the wait it had before the gate.
// A statement run on db while its goroutine holds the lock in WithTx (a
// mistake: it should run on the transaction) then fails as it did, instead
// of waiting for its deadline.
const busyWait = 5 * time.Second

// enterWrite takes the gate for one statement outside a transaction on
// SQLite, and returns the function that gives it back; elsewhere it takes
// nothing.
func (db *DB) enterWrite(ctx context.Context) (func(), error) {
	if db.Engine != SQLite || db.writer == nil {
		return func() {}, nil
	}
	wait, cancel := context.WithTimeout(ctx, busyWait)
	defer cancel()
	if err := db.writer.acquire(wait, IsBackground(ctx)); err != nil {
		return nil, fmt.Errorf("wait for the writer: %w", err)
	}
	return db.writer.release, nil
}

// ExecContext runs a statement outside a transaction. On SQLite it waits
// for the writer's gate first, as WithTx does (a request's before the
// queue's): every statement run with Exec writes (or is a schema change).
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	leave, err := db.enterWrite(ctx)
	if err != nil {
		return nil, err
	}
	defer leave()
	return db.DB.ExecContext(ctx, query, args...)
}

// QueryRowContext runs a query expected to return at most one row. On
// SQLite a write (INSERT, UPDATE, DELETE or REPLACE ... RETURNING) waits
// for the writer's gate first, as ExecContext does; the gate is given back
// once the statement has run (the row is read).
func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if db.Engine != SQLite || !isWrite(query) {
		return db.DB.QueryRowContext(ctx, query, args...)
	}
	leave, err := db.enterWrite(ctx)
	if err != nil {
		// A Row carries its error to Scan, and a context already done
		// gives it one: ctx's own error when it ended (cancelled, or past
		// the request's deadline: a 503), else the deadline of the wait.
		done, cancel := context.WithDeadline(ctx, time.Unix(0, 0))
		defer cancel()
		return db.DB.QueryRowContext(done, query, args...)
	}
	defer leave()
	return db.DB.QueryRowContext(ctx, query, args...)
}

// isWrite reports whether query starts with a writing statement's keyword.
func isWrite(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n")
	for _, kw := range []string{"INSERT", "UPDATE", "DELETE", "REPLACE"} {
		if len(q) >= len(kw) && strings.EqualFold(q[:len(kw)], kw) {
			return true
		}
	}
	return false
}
