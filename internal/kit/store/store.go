// Package store is PropMatch's database toolkit, and nothing more: it opens
// the database (SQLite or PostgreSQL), runs its migrations, runs work in
// transactions, keeps the hot reads prepared, and gives the small helpers
// every feature's SQL uses (one Querier interface, Collect for rows, times
// and string lists both engines read alike). It knows no feature and no
// rule: who may touch a row is package access, and how lists are paged is
// package paging. Feature packages write their own SQL in the subset both
// engines share: $1 placeholders, RETURNING, ON CONFLICT.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" driver
)

// Engine names a database engine.
type Engine string

// The engines PropMatch runs on.
const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

//go:embed migrations
var migrations embed.FS

// DB is an open PropMatch database.
type DB struct {
	*sql.DB
	Engine Engine
	// Now returns the current time; tests replace it to move the clock.
	Now func() time.Time

	prepared        prepared
	stopCheckpoints func()
	// writer admits one write at a time on SQLite, requests' before the
	// queue's (see WithTx and writerGate).
	writer *writerGate
}

// Open connects to url, which is "sqlite:PATH" or "postgres://...".
// It returns an error when the url is malformed or the database is unreachable.
func Open(ctx context.Context, url string) (*DB, error) {
	var (
		engine Engine
		driver string
		dsn    string
	)
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		path, _ := SQLitePath(url)
		if path == "" {
			return nil, errors.New("DATABASE_URL: sqlite: needs a file path")
		}
		if strings.ContainsAny(path, "?#") {
			// The driver reads the path as a URI: these would cut it short
			// and open another file.
			return nil, errors.New("DATABASE_URL: a SQLite file path may not contain '?' or '#'")
		}
		if err := createPrivate(path); err != nil {
			return nil, err
		}
		engine, driver = SQLite, "sqlite"
		dsn = "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=cache_size(-65536)&_pragma=mmap_size(1073741824)&_pragma=wal_autocheckpoint(0)&_pragma=journal_size_limit(67108864)&_txlock=immediate&_time_format=sqlite"
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		engine, driver, dsn = Postgres, "pgx", withGenericPlans(url)
	default:
		return nil, errors.New("DATABASE_URL must start with sqlite: or postgres://")
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", engine, err)
	}
	if engine == SQLite {
		// One writer at a time is SQLite's rule; readers run in parallel in WAL mode.
		db.SetMaxOpenConns(8)
		db.SetMaxIdleConns(8)
	} else {
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(20)
	}
	db.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close() // the ping error says what went wrong
		return nil, fmt.Errorf("connect to %s: %w", engine, err)
	}
	out := &DB{DB: db, Engine: engine, Now: func() time.Time { return time.Now().UTC() }, writer: &writerGate{}}
	if engine == SQLite {
		out.stopCheckpoints = checkpointEvery(db, checkpointInterval)
	}
	return out, nil
}

// SQLitePath returns the file a "sqlite:PATH" database URL names, and
// whether url is one.
func SQLitePath(url string) (string, bool) {
	path, ok := strings.CutPrefix(url, "sqlite:")
	return strings.TrimPrefix(path, "//"), ok
}

// createPrivate creates the SQLite database file at path, empty and
// readable by its owner only (0600), when it does not exist yet, and its
// folder (0700) when that does not either. SQLite gives the write-ahead log
// and shared-memory files (-wal, -shm) the database file's mode, so they
// are owner-only too; left to the driver, all three would be 0644, readable
// by every account on the machine. An existing file keeps its mode: the
// operator may have chosen it.
func createPrivate(path string) error {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("create database folder: %w", err)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) //nolint:gosec // the operator configures this path
	if errors.Is(err, os.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("create database file: %w", err)
	}
	// An empty file is an empty SQLite database; umask may have narrowed
	// the mode further, never widened it.
	return f.Close()
}

// Migrate brings the schema up to date. It is safe to run on every start.
func (db *DB) Migrate(ctx context.Context) error {
	provider, err := db.migrationProvider()
	if err != nil {
		return err
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// migrationProvider returns goose's runner for this engine's migrations.
func (db *DB) migrationProvider() (*goose.Provider, error) {
	dialect := goose.DialectSQLite3
	if db.Engine == Postgres {
		dialect = goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, migrationDir(db.Engine))
	if err != nil {
		return nil, err
	}
	provider, err := goose.NewProvider(dialect, db.DB, sub)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	return provider, nil
}

// Time returns the current time, truncated to microseconds so that both
// engines store and return the same value.
func (db *DB) Time() time.Time { return db.Now().UTC().Truncate(time.Microsecond) }

// WithTx runs fn in a transaction and commits it when fn returns nil.
// It returns fn's error, or the commit's.
//
// On SQLite every transaction is an immediate one, which takes the single
// write lock at BEGIN; a BEGIN that finds it taken sleeps in SQLite's busy
// handler, whose growing sleeps (up to 100 ms each) overshoot the moment the
// lock frees. Now that background jobs write while requests do, that cost
// a waiting request hundreds of milliseconds, so WithTx queues its
// transactions at the writer's gate first, and each BEGIN finds the lock
// free. The gate admits requests' writes first, in arrival order, and
// background work's (a ctx marked by Background: the job queue's) only
// when no request's waits (issue 21; see writerGate). A context that ends
// while waiting ends the wait.
func (db *DB) WithTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if db.Engine == SQLite && db.writer != nil {
		if err := db.writer.acquire(ctx, IsBackground(ctx)); err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		defer db.writer.release()
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback() // fn's error is the one to report
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// withGenericPlans asks PostgreSQL to plan each prepared statement once
// (plan_cache_mode=force_generic_plan) unless the URL says otherwise.
// PostgreSQL's default kept re-planning the match list on every execution
// (about a millisecond for its five-table join, twice its run time),
// because a generic plan's cost estimate with an unknown agent and LIMIT came
// out higher than a custom one's. Every PropMatch query is led by an index
// whose choice does not depend on the values, so a generic plan is the plan.
func withGenericPlans(url string) string {
	if strings.Contains(url, "plan_cache_mode=") {
		return url
	}
	sep := "?"
	if strings.Contains(url, "?") {
		sep = "&"
	}
	return url + sep + "plan_cache_mode=force_generic_plan"
}

// IsUniqueViolation reports whether err is a unique-constraint failure on either engine.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "SQLSTATE 23505")
}

// IsForeignKeyViolation reports whether err is a foreign-key failure on
// either engine: on PostgreSQL, typically a row a concurrent transaction
// deleted (and committed) while this one was about to refer to it.
func IsForeignKeyViolation(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "FOREIGN KEY constraint failed") || strings.Contains(msg, "SQLSTATE 23503")
}
