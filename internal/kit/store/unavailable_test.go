package store_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// TestIsUnavailable classifies real errors of both engines: the database
// being away (refused, a lost connection, busy or locked, its schema gone,
// a deadline passed) is unavailability; a bad statement or a constraint is
// not.
func TestIsUnavailable(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		storetest.AddUser(t, db, "asha", "+919876543210")
		expired, cancel := context.WithDeadline(ctx, time.Now().Add(-time.Second))
		defer cancel()
		canceled, cancel2 := context.WithCancel(ctx)
		cancel2()
		cases := []struct {
			name string
			err  error
			want bool
		}{
			{"nil", nil, false},
			{"no rows", db.QueryRowContext(ctx, `SELECT id FROM users WHERE username = 'nobody'`).Scan(new(int64)), false},
			{"syntax error", execErr(db, `SELEKT 1`), false},
			{"unique violation", execErr(db, `INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
				VALUES ('asha', 'x', 'Asha', '+919876543211', '2026-01-01', '2026-01-01')`), false},
			{"foreign key", execErr(db, `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
				VALUES ('h', 99999, '2026-01-01', '2026-01-01', '2026-01-01')`), false},
			{"client went away", db.QueryRowContext(canceled, `SELECT 1`).Scan(new(int)), false},
			{"deadline passed", db.QueryRowContext(expired, `SELECT 1`).Scan(new(int)), true},
			{"table gone", execErr(db, `SELECT id FROM no_such_table`), true},
			{"table gone, prepared", db.QueryRowPrepared(ctx, `SELECT id FROM no_such_table`).Scan(new(int64)), true},
			{"connection refused", openErr(t, db.Engine), true},
			{"database closed", closedErr(t, db.Engine), true},
		}
		switch db.Engine {
		case store.SQLite:
			cases = append(cases, struct {
				name string
				err  error
				want bool
			}{"database is locked", lockedErr(t), true})
		case store.Postgres:
			cases = append(cases, struct {
				name string
				err  error
				want bool
			}{"connection terminated (57P01)", terminatedErr(t, db), true})
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if c.want && c.err == nil {
					t.Fatal("the case produced no error")
				}
				if got := store.IsUnavailable(c.err); got != c.want {
					t.Fatalf("IsUnavailable(%v) = %v, want %v", c.err, got, c.want)
				}
			})
		}
	})
}

func execErr(db *store.DB, query string) error {
	_, err := db.ExecContext(context.Background(), query)
	return err
}

// openErr is the error of connecting to a port nothing listens on.
func openErr(t *testing.T, e store.Engine) error {
	t.Helper()
	url := "postgres://postgres@127.0.0.1:1/none?sslmode=disable&connect_timeout=5"
	if e == store.SQLite {
		// A file SQLite cannot open: the path is a directory.
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, "db"), 0o700); err != nil {
			t.Fatal(err)
		}
		url = "sqlite:" + filepath.Join(dir, "db")
	}
	db, err := store.Open(context.Background(), url)
	if err == nil {
		_ = db.Close()
	}
	return err
}

// closedErr is the error of reading through a database handle that was closed.
func closedErr(t *testing.T, e store.Engine) error {
	t.Helper()
	db, err := store.Open(context.Background(), storetest.URL(t, e))
	if err != nil {
		t.Fatal(err)
	}
	_ = db.Close()
	return db.QueryRowContext(context.Background(), `SELECT 1`).Scan(new(int))
}

// lockedErr is SQLite's "database is locked": a write while another
// connection holds the write lock, with no busy wait.
func lockedErr(t *testing.T) error {
	t.Helper()
	path := filepath.Join(t.TempDir(), "locked.db")
	holder, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if _, err := holder.Exec(`CREATE TABLE t (x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	tx, err := holder.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO t VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = other.Exec(`INSERT INTO t VALUES (2)`)
	return err
}

// terminatedErr is the error of a read on a connection that
// pg_terminate_backend ended (57P01 admin_shutdown), read without the
// prepared helpers' second try.
func terminatedErr(t *testing.T, db *store.DB) error {
	t.Helper()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var pid int
	if err := conn.QueryRowContext(context.Background(), `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	terminate(t, pid)
	return conn.QueryRowContext(context.Background(), `SELECT 1`).Scan(new(int))
}

// terminate ends the PostgreSQL backend pid from another connection, as
// an administrator or a failover does, and waits until it has gone.
func terminate(t *testing.T, pid int) {
	t.Helper()
	admin, err := sql.Open("pgx", os.Getenv("TEST_DATABASE_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var ok bool
	if err := admin.QueryRow(`SELECT pg_terminate_backend($1, 5000)`, pid).Scan(&ok); err != nil || !ok {
		t.Fatalf("terminate backend %d: %v, %v", pid, ok, err)
	}
}

// TestReadsRetryALostConnection: a read whose connection PostgreSQL ended
// (pg_terminate_backend, 57P01) is run once more on a fresh connection and
// succeeds. SQLite has no connection to lose.
func TestReadsRetryALostConnection(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		if db.Engine != store.Postgres {
			t.Skip("SQLite has no server connection to lose")
		}
		ctx := context.Background()
		storetest.AddUser(t, db, "asha", "+919876543210")
		db.SetMaxOpenConns(1) // the next read gets the connection that was ended
		const count = `SELECT COUNT(*) FROM users WHERE username <> $1`
		reads := []struct {
			name string
			read func() (int, error)
		}{
			{"QueryRowPrepared", func() (int, error) {
				var n int
				err := db.QueryRowPrepared(ctx, count, "x").Scan(&n)
				return n, err
			}},
			{"QueryPrepared", func() (int, error) {
				rows, err := db.QueryPrepared(ctx, count, "x")
				if err != nil {
					return 0, err
				}
				list, err := store.Collect(rows, func(rows *sql.Rows, n *int) error { return rows.Scan(n) })
				if err != nil || len(list) != 1 {
					return 0, err
				}
				return list[0], nil
			}},
		}
		for _, r := range reads {
			t.Run(r.name, func(t *testing.T) {
				if _, err := r.read(); err != nil { // the statement is kept prepared
					t.Fatal(err)
				}
				var pid int
				if err := db.QueryRowPrepared(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
					t.Fatal(err)
				}
				terminate(t, pid)
				n, err := r.read()
				if err != nil || n != 1 {
					t.Fatalf("read after the connection was ended: %d, %v; want 1, nil", n, err)
				}
				var now int
				if err := db.QueryRowPrepared(ctx, `SELECT pg_backend_pid()`).Scan(&now); err != nil || now == pid {
					t.Fatalf("the read ran on backend %d (%v); want a fresh one, not %d", now, err, pid)
				}
			})
		}
	})
}
