package store_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		t.Run("MigrateIsIdempotent", func(t *testing.T) {
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("TimesRoundTripExactly", func(t *testing.T) {
			now := db.Time()
			var id int64
			err := db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
				VALUES ('asha', 'x', 'Asha', '+919876543210', $1, $1) RETURNING id`, now).Scan(&id)
			if err != nil {
				t.Fatal(err)
			}
			var got sql.NullTime
			if err := db.QueryRow(`SELECT created_at FROM users WHERE id = $1 AND created_at >= $2`, id, now).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if !got.Time.Equal(now) {
				t.Fatalf("got %v, want %v", got.Time, now)
			}
		})
		t.Run("UsernameIsUniqueIgnoringCase", func(t *testing.T) {
			now := db.Time()
			_, err := db.Exec(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
				VALUES ('ASHA', 'x', 'Asha', '+919876543211', $1, $1)`, now)
			if !store.IsUniqueViolation(err) {
				t.Fatalf("got %v, want a unique violation", err)
			}
		})
		t.Run("WithTxRollsBackOnError", func(t *testing.T) {
			boom := errors.New("boom")
			err := db.WithTx(ctx, func(tx *sql.Tx) error {
				if _, err := tx.Exec(`UPDATE users SET full_name = 'changed'`); err != nil {
					return err
				}
				return boom
			})
			if !errors.Is(err, boom) {
				t.Fatalf("got %v, want boom", err)
			}
			var name string
			db.QueryRow(`SELECT full_name FROM users WHERE username = 'asha'`).Scan(&name)
			if name != "Asha" {
				t.Fatalf("rollback failed: name is %q", name)
			}
		})
		t.Run("ForeignKeysAreEnforced", func(t *testing.T) {
			_, err := db.Exec(`INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) VALUES ('h', 99999, $1, $1, $1)`, db.Time())
			if err == nil {
				t.Fatal("a session for a missing user was stored")
			}
		})
		t.Run("EveryForeignKeyIsIndexed", func(t *testing.T) {
			// Deleting a parent row looks its children up by the foreign key
			// column; without an index that is a read of the whole child table.
			q := `SELECT m.name, f."from" FROM sqlite_master m, pragma_foreign_key_list(m.name) f
				WHERE m.type = 'table' AND NOT EXISTS (SELECT 1 FROM pragma_index_list(m.name) il, pragma_index_info(il.name) ii
					WHERE ii.seqno = 0 AND ii.name = f."from")`
			if db.Engine == store.Postgres {
				q = `SELECT c.conrelid::regclass::text, a.attname FROM pg_constraint c
					JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
					WHERE c.contype = 'f' AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])`
			}
			rows, err := db.Query(q)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var table, column string
				rows.Scan(&table, &column)
				t.Errorf("%s.%s is a foreign key without an index", table, column)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("PreparedQueriesReadLikeOthers", func(t *testing.T) {
			const q = `SELECT full_name FROM users WHERE username = $1`
			for range 2 { // the second run uses the kept statement
				var name string
				if err := db.QueryRowPrepared(ctx, q, "asha").Scan(&name); err != nil || name != "Asha" {
					t.Fatalf("got %q, %v; want Asha", name, err)
				}
				rows, err := db.QueryPrepared(ctx, q, "nobody")
				if err != nil {
					t.Fatal(err)
				}
				if rows.Next() {
					t.Fatal("a missing user was found")
				}
				rows.Close()
			}
			// Many requests preparing the same new text at once keep one statement.
			var wg sync.WaitGroup
			errs := make(chan error, 16)
			for range 16 {
				wg.Go(func() {
					var n int
					errs <- db.QueryRowPrepared(ctx, `SELECT COUNT(*) FROM users WHERE username <> $1`, "x").Scan(&n)
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.QueryPrepared(ctx, `SELECT nothing FROM nowhere`); err == nil {
				t.Fatal("a query of a missing table ran")
			}
			if err := db.QueryRowPrepared(ctx, `SELECT nothing FROM nowhere`).Scan(new(string)); err == nil {
				t.Fatal("a query of a missing table ran")
			}
		})
		t.Run("OneLiveConnectionPerPair", func(t *testing.T) {
			now := db.Time()
			var a, b int64
			db.QueryRow(`SELECT id FROM users WHERE username = 'asha'`).Scan(&a)
			db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
				VALUES ('bala', 'x', 'Bala', '+919876543212', $1, $1) RETURNING id`, now).Scan(&b)
			ins := `INSERT INTO connections (requester_id, receiver_id, user_low, user_high, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`
			if _, err := db.Exec(ins, a, b, min(a, b), max(a, b), "rejected", now); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(ins, a, b, min(a, b), max(a, b), "pending", now); err != nil {
				t.Fatalf("a new request after a rejection must be allowed: %v", err)
			}
			if _, err := db.Exec(ins, b, a, min(a, b), max(a, b), "pending", now); !store.IsUniqueViolation(err) {
				t.Fatalf("got %v, want a unique violation for a second live connection", err)
			}
		})
	})
}

// TestOpenRefusesUnknownURL: an unknown scheme, a SQLite URL without a
// path, and a SQLite path the driver would cut short at '?' or '#'.
func TestOpenRefusesUnknownURL(t *testing.T) {
	dir := t.TempDir()
	for _, url := range []string{"", "mysql://x", "sqlite:", "sqlite:" + dir + "/a#b.db", "sqlite:" + dir + "/a?b.db"} {
		if _, err := store.Open(context.Background(), url); err == nil {
			t.Errorf("Open(%q) succeeded", url)
		}
	}
}
