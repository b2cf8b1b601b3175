package audit_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/audit"
)

var now = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

func record(ctx context.Context, t *testing.T, db *store.DB, e audit.Entry) {
	t.Helper()
	if err := db.WithTx(ctx, func(tx *sql.Tx) error { return audit.Record(ctx, tx, now, e) }); err != nil {
		t.Fatal(err)
	}
}

// TestRecordNeverStoresSecrets: whatever a caller passes, passwords, their
// hashes, tokens, OTPs and codes are left out of the stored rows, at any depth.
func TestRecordNeverStoresSecrets(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := audit.WithIP(context.Background(), "203.0.113.9")
		admin := storetest.AddUser(t, db, "admin1", "+919800000001")
		record(ctx, t, db, audit.Entry{ActorID: admin, Action: "user.update", TargetType: "user", TargetID: admin,
			Before: map[string]any{"fullName": "Asha", "passwordHash": "argon2id$x", "sessions": []any{map[string]any{"token": "t1", "ip": "1.2.3.4"}}},
			After:  map[string]any{"fullName": "Asha K", "password": "hunter2", "otp": "123456", "code": "998877", "reset_code_hash": "h", "apiSecret": "s"}})
		list, _, err := audit.List(context.Background(), db, paging.Page{Limit: 10})
		if err != nil || len(list) != 1 {
			t.Fatalf("List = %d events, %v; want 1", len(list), err)
		}
		e := list[0]
		stored := string(e.Before) + string(e.After)
		for _, leaked := range []string{"argon2id", "t1", "hunter2", "123456", "998877", `"h"`, `"s"`} {
			if strings.Contains(stored, leaked) {
				t.Errorf("the log stored %s: %s", leaked, stored)
			}
		}
		for _, kept := range []string{"Asha K", "1.2.3.4"} {
			if !strings.Contains(stored, kept) {
				t.Errorf("the log lost %q, which is no secret: %s", kept, stored)
			}
		}
		if e.ActorLabel != "admin1" || e.IP != "203.0.113.9" || e.ActorID == nil || *e.ActorID != admin {
			t.Errorf("actor %v %q from %q; want admin1 from 203.0.113.9", e.ActorID, e.ActorLabel, e.IP)
		}
	})
}

// TestListIsNewestFirstAPageAtATime: the log reads newest first, and the
// next-page cursor leads to the rest without repeating a row.
func TestListIsNewestFirstAPageAtATime(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for i := range 5 {
			record(ctx, t, db, audit.Entry{ActorLabel: audit.CLI, Action: "user.role", TargetType: "user", TargetID: int64(i + 1)})
		}
		first, next, err := audit.List(ctx, db, paging.Page{Limit: 3})
		if err != nil || len(first) != 3 || next == 0 {
			t.Fatalf("first page: %d events, next %d, %v", len(first), next, err)
		}
		rest, after, err := audit.List(ctx, db, paging.Page{Limit: 3, Before: next})
		if err != nil || len(rest) != 2 || after != 0 {
			t.Fatalf("second page: %d events, next %d, %v", len(rest), after, err)
		}
		var targets []int64
		for _, e := range append(first, rest...) {
			targets = append(targets, *e.TargetID)
			if e.ActorID != nil || e.ActorLabel != audit.CLI {
				t.Errorf("a command-line action shows actor %v %q", e.ActorID, e.ActorLabel)
			}
		}
		for i, want := range []int64{5, 4, 3, 2, 1} {
			if targets[i] != want {
				t.Fatalf("targets in order %v, want newest first", targets)
			}
		}
	})
}

// TestTheLogSaysWhoInWords: an admin by name, the command line, an account
// deleted since (not by its name), the system; never "unknown" or empty. The
// action is in the log's words.
func TestTheLogSaysWhoInWords(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		admin := storetest.AddUser(t, db, "admin1", "+919800000001")
		gone := storetest.AddUser(t, db, "ravi", "+919800000002")
		record(ctx, t, db, audit.Entry{ActorID: admin, Action: "user.deactivate", TargetType: "user", TargetID: gone})
		record(ctx, t, db, audit.Entry{ActorID: gone, Action: "course.delete", TargetType: "course", TargetID: 3})
		record(ctx, t, db, audit.Entry{ActorLabel: audit.CLI, Action: "user.role", TargetType: "user", TargetID: admin})
		record(ctx, t, db, audit.Entry{Action: "backup.delete", TargetType: "backup", TargetID: 9})
		if _, err := db.Exec(`UPDATE users SET username = 'deleted:2', deleted_at = $1 WHERE id = $2`, now, gone); err != nil {
			t.Fatal(err)
		}
		list, _, err := audit.List(ctx, db, paging.Page{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		want := []struct{ actor, summary string }{
			{"the system", "Deleted backup · backup #9"},
			{"the command line", "Changed role · user #1"},
			{"a deleted agent", "Deleted course · course #3"},
			{"admin1", "Deactivated user · user #2"},
		}
		if len(list) != len(want) {
			t.Fatalf("%d events, want %d", len(list), len(want))
		}
		for i, w := range want {
			if list[i].Actor != w.actor || list[i].Summary != w.summary {
				t.Errorf("event %d: by %q, %q; want by %q, %q", i, list[i].Actor, list[i].Summary, w.actor, w.summary)
			}
		}
	})
}
