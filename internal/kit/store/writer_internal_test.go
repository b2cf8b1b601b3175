package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// openSQLite opens a fresh SQLite database with one table, t (n).
func openSQLite(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "db.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.DB.Exec(`CREATE TABLE t (n INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// waitFor waits until the gate has the given waiters.
func waitFor(t *testing.T, g *writerGate, requests, background int) {
	t.Helper()
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		r, b := g.waiters()
		if r == requests && b == background {
			return
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("waiters %d requests, %d background; want %d, %d", r, b, requests, background)
		}
	}
}

// The ways to write: a transaction, a statement on its own, a statement
// returning a row.
const (
	inTx = iota
	exec
	row
)

// TestTheWriterAdmitsRequestsBeforeTheQueue holds SQLite's writer with a
// background transaction, queues writes of both kinds in turn, and
// releases it: every request's write goes before every background one,
// whichever way it writes.
func TestTheWriterAdmitsRequestsBeforeTheQueue(t *testing.T) {
	type write struct {
		background bool
		how        int
	}
	tests := []struct {
		name   string
		writes []write
		want   string // the grants after the holder's, r a request's, b background
	}{
		{"Transactions", []write{{true, inTx}, {false, inTx}, {true, inTx}, {false, inTx}}, "r,r,b,b"},
		{"Statements", []write{{true, exec}, {false, exec}, {true, inTx}, {false, row}}, "r,r,b,b"},
		{"ARequestAfterABacklog", []write{{true, inTx}, {true, inTx}, {true, exec}, {true, inTx}, {false, inTx}}, "r,b,b,b,b"},
		{"BackgroundAlone", []write{{true, inTx}, {true, exec}}, "b,b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openSQLite(t)
			var grants []string
			db.writer.granted = func(c int) { grants = append(grants, "rb"[c:c+1]) } // called under the gate's mutex
			hold, held := make(chan struct{}), make(chan struct{})
			go func() {
				_ = db.WithTx(Background(context.Background()), func(*sql.Tx) error { close(held); <-hold; return nil })
			}()
			<-held
			var wg sync.WaitGroup
			requests, background := 0, 0
			for _, w := range tt.writes {
				ctx := context.Background()
				if w.background {
					ctx = Background(ctx)
					background++
				} else {
					requests++
				}
				wg.Go(func() {
					var err error
					switch w.how {
					case row:
						var n int
						err = db.QueryRowContext(ctx, `INSERT INTO t (n) VALUES (1) RETURNING n`).Scan(&n)
					case exec:
						_, err = db.ExecContext(ctx, `INSERT INTO t (n) VALUES (1)`)
					default:
						err = db.WithTx(ctx, func(tx *sql.Tx) error {
							_, err := tx.ExecContext(ctx, `INSERT INTO t (n) VALUES (1)`)
							return err
						})
					}
					if err != nil {
						t.Error(err)
					}
				})
				waitFor(t, db.writer, requests, background)
			}
			close(hold)
			wg.Wait()
			db.writer.mu.Lock()
			got := strings.Join(grants[1:], ",")
			db.writer.mu.Unlock()
			if got != tt.want {
				t.Errorf("grants %s; want %s", got, tt.want)
			}
			var n int
			if err := db.DB.QueryRow(`SELECT COUNT(*) FROM t`).Scan(&n); err != nil || n != len(tt.writes) {
				t.Errorf("%d rows (%v); want %d", n, err, len(tt.writes))
			}
		})
	}
}

// TestAWaitThatEndsLeavesTheWriter: a write whose context ends while it
// waits gives up its place; the writer goes on to the next.
func TestAWaitThatEndsLeavesTheWriter(t *testing.T) {
	db := openSQLite(t)
	g := db.writer
	if err := g.acquire(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errs := make(chan error, 1)
	go func() { errs <- db.WithTx(ctx, func(*sql.Tx) error { return nil }) }()
	waitFor(t, g, 1, 0)
	cancel()
	if err := <-errs; err == nil {
		t.Fatal("a cancelled wait began its transaction")
	}
	waitFor(t, g, 0, 0)
	g.release()
	if _, err := db.ExecContext(context.Background(), `INSERT INTO t (n) VALUES (1)`); err != nil {
		t.Fatalf("the writer after a cancelled wait: %v", err)
	}
}

func TestIsWrite(t *testing.T) {
	for q, want := range map[string]bool{
		"INSERT INTO t VALUES (1) RETURNING n":  true,
		"\n\t  update t SET n = 1 RETURNING n":  true,
		"DELETE FROM t RETURNING n":             true,
		"replace into t VALUES (1) RETURNING n": true,
		"SELECT n FROM t":                       false,
		"WITH x AS (SELECT 1) SELECT * FROM x":  false,
		"":                                      false,
		"UPD":                                   false,
	} {
		if got := isWrite(q); got != want {
			t.Errorf("isWrite(%q) = %v; want %v", q, got, want)
		}
	}
}

// TestAWriteThatCannotGetTheWriterInTimeTimesOut: a request's write whose
// deadline passes while it waits for the writer fails with the deadline
// (which the API answers with 503), whichever way it writes.
func TestAWriteThatCannotGetTheWriterInTimeTimesOut(t *testing.T) {
	writes := map[string]func(ctx context.Context, db *DB) error{
		"transaction": func(ctx context.Context, db *DB) error {
			return db.WithTx(ctx, func(*sql.Tx) error { return nil })
		},
		"statement": func(ctx context.Context, db *DB) error {
			_, err := db.ExecContext(ctx, `INSERT INTO t (n) VALUES (1)`)
			return err
		},
		"row": func(ctx context.Context, db *DB) error {
			var n int
			return db.QueryRowContext(ctx, `INSERT INTO t (n) VALUES (1) RETURNING n`).Scan(&n)
		},
	}
	for name, write := range writes {
		t.Run(name, func(t *testing.T) {
			db := openSQLite(t)
			if err := db.writer.acquire(context.Background(), true); err != nil {
				t.Fatal(err)
			}
			defer db.writer.release()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			if err := write(ctx, db); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%v; want the deadline", err)
			}
			if r, b := db.writer.waiters(); r != 0 || b != 0 {
				t.Errorf("waiters %d, %d after the deadline; want none", r, b)
			}
		})
	}
}
