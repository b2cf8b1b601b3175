// Package storetest gives tests a fresh, migrated database on every engine
// under test: SQLite always, and PostgreSQL when TEST_DATABASE_URL is set.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"propmatch/internal/kit/store"
)

// Engines lists the engines this test run covers.
func Engines() []store.Engine {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return []store.Engine{store.SQLite, store.Postgres}
	}
	return []store.Engine{store.SQLite}
}

// Run calls fn once per engine, as a subtest named after the engine, each
// with its own fresh database.
func Run(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, e := range Engines() {
		t.Run(string(e), func(t *testing.T) { fn(t, New(t, e)) })
	}
}

// URL returns a database URL for a fresh, empty database on engine e; the
// database is removed when the test ends. On PostgreSQL each test gets its own
// schema inside TEST_DATABASE_URL's database.
func URL(t testing.TB, e store.Engine) string {
	t.Helper()
	if e == store.SQLite {
		// Not t.TempDir(): its name comes from the test's, and a '#' in it
		// (a repeated subtest name) would end the database URL early.
		dir, err := os.MkdirTemp("", "propmatch-test-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.RemoveAll(dir) })
		return "sqlite:" + filepath.Join(dir, "test.db")
	}
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := store.Open(context.Background(), base)
	if err != nil {
		t.Fatalf("connect to TEST_DATABASE_URL: %v", err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Logf("drop test schema %s: %v", schema, err)
		}
		_ = admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// New opens a fresh, migrated database on engine e, closed when the test ends.
func New(t testing.TB, e store.Engine) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), URL(t, e))
	if err != nil {
		t.Fatalf("open %s: %v", e, err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Logf("close %s: %v", e, err)
		}
	})
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", e, err)
	}
	return db
}

// AddUser inserts an agent with the fewest columns the schema needs (the
// username doubles as the full name; the password hash is no real hash) and
// returns its id.
func AddUser(t testing.TB, db *store.DB, username, phone string) int64 {
	t.Helper()
	var id int64
	err := db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
		VALUES ($1, 'x', $1, $2, $3, $3) RETURNING id`, username, phone, db.Time()).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
