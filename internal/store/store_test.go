package store_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"propmatch/internal/store"
	"propmatch/internal/store/storetest"
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

func TestOpenRefusesUnknownURL(t *testing.T) {
	for _, url := range []string{"", "mysql://x", "sqlite:"} {
		if _, err := store.Open(context.Background(), url); err == nil {
			t.Errorf("Open(%q) succeeded", url)
		}
	}
}
