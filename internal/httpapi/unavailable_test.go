package httpapi_test

import (
	"context"
	"database/sql"
	"net/http/cookiejar"
	"os"
	"strings"
	"testing"

	"propmatch/internal/kit/store"
)

// TestSignInWhileTheDatabaseIsAwayIs503: sign-in, and any other route,
// answers 503 with Retry-After and a clear message, never 500, when the
// database cannot serve: its schema gone (a dropped or renamed table), or
// the connection pool closed (nothing to connect with).
func TestSignInWhileTheDatabaseIsAwayIs503(t *testing.T) {
	cases := []struct {
		name    string
		breakDB func(t *testing.T, db *store.DB)
		// path and signedIn say which request meets the broken database.
		method, path string
		signedIn     bool
	}{
		{"SchemaGoneAtSignIn", renameTable("users"), "POST", "/api/login", false},
		{"DatabaseClosedAtSignIn", closeDB, "POST", "/api/login", false},
		{"SchemaGoneAtSessionCheck", renameTable("sessions"), "GET", "/api/user", true},
		{"SchemaGoneOnARead", renameTable("properties"), "GET", "/api/properties", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
				password := a.signUp("anil", "9811111111", "anil@example.com")
				if !c.signedIn {
					a.client.Jar, _ = cookiejar.New(nil)
				}
				a.manualQueue = true // no job queue to drain on a broken database
				c.breakDB(t, a.db)
				var body any
				switch c.path {
				case "/api/login":
					body = map[string]any{"username": "anil", "password": password}
				}
				var opts []reqOption
				if c.path != "/api/login" {
					opts = append(opts, undocumented()) // "any endpoint may answer 503"
				}
				res := a.do(c.method, c.path, body, opts...)
				wantError(t, res, 503)
				if got := res.header.Get("Retry-After"); got == "" || got == "0" {
					t.Errorf("Retry-After = %q, want the seconds to wait", got)
				}
				for _, internal := range []string{"users", "sessions", "properties", "SQLSTATE", "no such", "closed", "relation"} {
					if strings.Contains(string(res.body), internal) {
						t.Errorf("the 503 shows internals (%q): %s", internal, res.body)
					}
				}
			})
		})
	}
}

// renameTable takes table away, as a dropped schema or a half-run restore
// does, while the server runs.
func renameTable(table string) func(t *testing.T, db *store.DB) {
	return func(t *testing.T, db *store.DB) {
		t.Helper()
		if _, err := db.Exec(`ALTER TABLE ` + table + ` RENAME TO ` + table + `_gone`); err != nil {
			t.Fatal(err)
		}
	}
}

func closeDB(t *testing.T, db *store.DB) { _ = db.Close() }

// TestSignInRidesOutAKilledConnection: on PostgreSQL, sign-in's first read
// meets a connection that pg_terminate_backend ended (57P01, as a restart
// or failover does); it is read again on a fresh connection, and the
// sign-in succeeds instead of answering 500.
func TestSignInRidesOutAKilledConnection(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		if a.db.Engine != store.Postgres {
			t.Skip("SQLite has no server connection to lose")
		}
		password := a.signUp("anil", "9811111111", "")
		login := map[string]any{"username": "anil", "password": password}
		a.client.Jar, _ = cookiejar.New(nil)
		a.db.SetMaxOpenConns(1) // sign-in's first read gets the connection that is ended
		wantStatus(t, a.do("POST", "/api/login", login), 200)
		a.client.Jar, _ = cookiejar.New(nil)
		for range 3 {
			var pid int
			if err := a.db.QueryRowContext(context.Background(), `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
				t.Fatal(err)
			}
			killBackend(t, pid)
			wantStatus(t, a.do("POST", "/api/login", login), 200)
			a.client.Jar, _ = cookiejar.New(nil)
		}
	})
}

// killBackend ends PostgreSQL backend pid from another connection and waits
// until it has gone.
func killBackend(t *testing.T, pid int) {
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
