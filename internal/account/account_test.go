package account_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"

	"propmatch/internal/account"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/message"
	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/network"
)

var ctx = context.Background()

var client = auth.Client{IP: "203.0.113.7", UserAgent: "test", URL: "/api/user/delete"}

// world is a database with the services an account touches.
type world struct {
	db    *store.DB
	auth  *auth.Service
	queue *jobs.Queue
	props *property.Service
	reqs  *requirement.Service
	conns *network.Service
	msgs  *message.Service
	acct  *account.Service
}

func newWorld(db *store.DB) *world {
	cfg := auth.DefaultConfig()
	cfg.Argon = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}
	a := auth.New(db, cfg, nil, nil, slog.New(slog.DiscardHandler))
	engine := matchengine.New(db, matchengine.Options{})
	queue := jobs.NewQueue(db, jobs.Config{})
	queue.Add(engine.Jobs()...)
	props, reqs := property.NewService(db, engine), requirement.NewService(db, engine)
	return &world{db: db, auth: a, queue: queue, props: props, reqs: reqs, conns: network.NewService(db, nil),
		msgs: message.NewService(db, engine, nil), acct: account.NewService(db, a, props, reqs, nil)}
}

var phones = 0

func (w *world) user(t *testing.T, name, password, role string) auth.User {
	t.Helper()
	phones++
	u, err := w.auth.CreateUser(ctx, auth.NewUser{Username: name, Password: password, FullName: "Full " + name,
		Email: name + "@example.com", Phone: fmt.Sprintf("+9198100%05d", phones), Role: role, AgentType: "both", City: "Pune", State: "Maharashtra"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

const (
	listingBody = `{"title": "2BHK in Baner", "propertyType": "apartment", "price": 7500000, "state": "Maharashtra", "city": "Pune"}`
	wantedBody  = `{"clientName": "Client %s", "clientPhone": "9876543210", "propertyTypes": "apartment", "minPrice": 7000000,
		"maxPrice": 8000000, "preferredState": "Maharashtra", "preferredCities": "Pune"}`
)

// activity gives a and b a listing and a requirement each (so each has a
// match on both sides), a connection and a message each way.
func (w *world) activity(t *testing.T, a, b auth.User) {
	t.Helper()
	for _, u := range []auth.User{a, b} {
		if _, err := w.props.Create(ctx, u.ID, decode[property.Input](t, listingBody)); err != nil {
			t.Fatal(err)
		}
		if _, err := w.reqs.Create(ctx, u.ID, decode[requirement.Input](t, fmt.Sprintf(wantedBody, u.Username))); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.queue.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	c, err := w.conns.Create(ctx, a.ID, network.Request{RecipientID: input.Int{Value: b.ID, Set: true}, Message: input.String("hello from " + a.Username)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.conns.Answer(ctx, b.ID, c.ID, network.Accepted); err != nil {
		t.Fatal(err)
	}
	for _, s := range [][2]auth.User{{a, b}, {b, a}} {
		text := "note from " + s[0].Username
		if _, err := w.msgs.Send(ctx, s[0].ID, message.Input{ReceiverID: input.Int{Value: s[1].ID, Set: true}, Content: &text}); err != nil {
			t.Fatal(err)
		}
	}
}

func (w *world) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	if err := w.db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func wantCode(t *testing.T, what string, err error, code apperr.Code) {
	t.Helper()
	if apperr.CodeOf(err) != code {
		t.Fatalf("%s: %v (code %q), want %q", what, err, apperr.CodeOf(err), code)
	}
}

func TestExportHoldsTheAgentsDataAndNoSecrets(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(db)
		const password = "Asha-Pune-2026!"
		asha, bala := w.user(t, "asha", password, ""), w.user(t, "bala", "Bala-Pune-2026!", "")
		w.activity(t, asha, bala)
		_, session, err := w.auth.Login(ctx, "asha", password, client)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO webhook_endpoints (user_id, url, events, secret, created_at, updated_at)
			VALUES ($1, 'https://crm.example/hook', '["match.created"]', 'v1:sealed-webhook-secret', $2, $2)`, asha.ID, db.Time()); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := w.acct.Export(ctx, asha.ID, &buf); err != nil {
			t.Fatal(err)
		}
		var doc map[string]json.RawMessage
		if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
			t.Fatalf("the export is no JSON document: %v\n%s", err, buf.String())
		}
		var head struct {
			Format  string         `json:"format"`
			Version int            `json:"formatVersion"`
			Account map[string]any `json:"account"`
		}
		if err := json.Unmarshal(buf.Bytes(), &head); err != nil {
			t.Fatal(err)
		}
		if head.Format != account.ExportFormat || head.Version != account.ExportVersion ||
			head.Account["username"] != "asha" || head.Account["email"] != "asha@example.com" {
			t.Fatalf("head %s v%d, account %v", head.Format, head.Version, head.Account)
		}
		rows := func(section string) []map[string]any {
			t.Helper()
			var out []map[string]any
			if err := json.Unmarshal(doc[section], &out); err != nil {
				t.Fatalf("section %s: %v", section, err)
			}
			return out
		}
		for _, tc := range []struct {
			section string
			n       int
			field   string
			want    any
		}{
			{"sessions", 1, "user_id", float64(asha.ID)},
			{"listings", 1, "agent_id", float64(asha.ID)},
			{"requirements", 1, "client_name", "Client asha"},
			{"matchesOnYourRequirements", 1, "buyer_agent_id", float64(asha.ID)},
			{"matchesOnYourListings", 1, "seller_agent_id", float64(asha.ID)},
			{"messagesSent", 1, "content", "note from asha"},
			{"messagesReceived", 1, "content", "note from bala"},
			{"connections", 1, "message", "hello from asha"},
			{"enrolments", 0, "", nil},
			{"webhookEndpoints", 1, "url", "https://crm.example/hook"},
		} {
			got := rows(tc.section)
			if len(got) != tc.n || (tc.n > 0 && got[0][tc.field] != tc.want) {
				t.Errorf("section %s = %v; want %d row(s) with %s = %v", tc.section, got, tc.n, tc.field, tc.want)
			}
		}
		// The other side's status and notes of a match are theirs, not asha's.
		for _, tc := range []struct{ section, column string }{
			{"matchesOnYourRequirements", "seller_status"}, {"matchesOnYourRequirements", "seller_notes"},
			{"matchesOnYourListings", "buyer_status"}, {"matchesOnYourListings", "buyer_notes"},
		} {
			if _, ok := rows(tc.section)[0][tc.column]; ok {
				t.Errorf("%s holds the other side's %s", tc.section, tc.column)
			}
		}
		var hash string
		if err := db.QueryRow(`SELECT password_hash FROM users WHERE id = $1`, asha.ID).Scan(&hash); err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		for _, secret := range []string{password, hash, session.Token, `"password_hash"`, `"token_hash"`, `"search_text"`,
			"Client bala", "Bala-Pune-2026!", "sealed-webhook-secret"} {
			if strings.Contains(out, secret) {
				t.Errorf("the export holds %q", secret)
			}
		}
		if err := w.acct.Export(ctx, bala.ID+100, &bytes.Buffer{}); err == nil {
			t.Error("export of an unknown user succeeded")
		}
	})
}

func TestDeleteWithAWrongPasswordIsRefusedAndKeepsEverything(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(db)
		asha, bala := w.user(t, "asha", "Asha-Pune-2026!", ""), w.user(t, "bala", "Bala-Pune-2026!", "")
		w.activity(t, asha, bala)
		// Rows, not a sum: security events may be counted per address and minute.
		failures := func() int {
			t.Helper()
			return w.count(t, `SELECT count(*) FROM security_events WHERE subject = $1 AND type = 'auth_failure'`, fmt.Sprintf("user:%d", asha.ID))
		}
		for _, pw := range []string{"", "wrong-Pass-123", "Bala-Pune-2026!"} {
			_, err := w.acct.Delete(ctx, asha, pw, client)
			var e *apperr.Error
			if apperr.CodeOf(err) != apperr.Invalid || !asError(err, &e) || len(e.Fields) != 1 || e.Fields[0].Path != "password" {
				t.Fatalf("Delete with password %q: %v; want a field error at password", pw, err)
			}
			if pw == "" && failures() != 0 {
				t.Fatal("an empty password was recorded as a failed sign-in")
			}
		}
		if failures() == 0 {
			t.Fatal("the wrong passwords were not recorded as auth failures")
		}
		if n := w.count(t, `SELECT count(*) FROM users WHERE id = $1 AND username = 'asha' AND is_active = TRUE AND deleted_at IS NULL`, asha.ID); n != 1 {
			t.Fatal("a refused delete changed the account")
		}
		for _, table := range []string{"properties", "requirements"} {
			if n := w.count(t, `SELECT count(*) FROM `+table+` WHERE agent_id = $1`, asha.ID); n != 1 {
				t.Fatalf("a refused delete left %d %s, want 1", n, table)
			}
		}
	})
}

func asError(err error, e **apperr.Error) bool {
	var x *apperr.Error
	ok := errors.As(err, &x)
	*e = x
	return ok
}

func TestDeleteWithTheRightPasswordScrubsTheRowAndRemovesTheAgentsWork(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(db)
		const password = "Asha-Pune-2026!"
		asha, bala := w.user(t, "asha", password, ""), w.user(t, "bala", "Bala-Pune-2026!", "")
		w.activity(t, asha, bala)
		if _, _, err := w.auth.Login(ctx, "asha", password, client); err != nil {
			t.Fatal(err)
		}
		got, err := w.acct.Delete(ctx, asha, password, client)
		if err != nil || got != (account.Deleted{Listings: 1, Requirements: 1}) {
			t.Fatalf("Delete = %+v, %v; want one listing and one requirement", got, err)
		}
		var row struct {
			username, name, phone, hash, city string
			email, rera                       *string
			active                            bool
			deleted                           *string
		}
		if err := db.QueryRow(`SELECT username, full_name, phone, password_hash, city, email, rera_number, is_active, CAST(deleted_at AS TEXT)
			FROM users WHERE id = $1`, asha.ID).Scan(&row.username, &row.name, &row.phone, &row.hash, &row.city, &row.email, &row.rera,
			&row.active, &row.deleted); err != nil {
			t.Fatalf("the users row is gone: %v", err)
		}
		placeholder := fmt.Sprintf("deleted:%d", asha.ID)
		if row.username != placeholder || row.phone != placeholder || row.name != auth.DeletedName || row.hash != "" || row.city != "" ||
			row.email != nil || row.rera != nil || row.active || row.deleted == nil {
			t.Fatalf("the row is not scrubbed: %+v", row)
		}
		for _, tc := range []struct {
			what, query string
		}{
			{"listings", `SELECT count(*) FROM properties WHERE agent_id = $1`},
			{"requirements", `SELECT count(*) FROM requirements WHERE agent_id = $1`},
			{"matches", `SELECT count(*) FROM matches WHERE buyer_agent_id = $1 OR seller_agent_id = $1`},
			{"sessions", `SELECT count(*) FROM sessions WHERE user_id = $1`},
			{"connections", `SELECT count(*) FROM connections WHERE requester_id = $1 OR receiver_id = $1`},
			{"own conversations", `SELECT count(*) FROM conversations WHERE user_id = $1`},
		} {
			if n := w.count(t, tc.query, asha.ID); n != 0 {
				t.Errorf("%s left: %d, want 0", tc.what, n)
			}
		}
		// The other agent keeps their work and the messages they exchanged.
		if n := w.count(t, `SELECT count(*) FROM messages WHERE sender_id = $1 OR receiver_id = $1`, asha.ID); n != 2 {
			t.Errorf("messages with the deleted agent = %d, want both kept", n)
		}
		if n := w.count(t, `SELECT count(*) FROM conversations WHERE user_id = $1 AND other_id = $2`, bala.ID, asha.ID); n != 1 {
			t.Errorf("bala's conversation with the deleted agent = %d rows, want 1", n)
		}
		if n := w.count(t, `SELECT count(*) FROM properties WHERE agent_id = $1`, bala.ID); n != 1 {
			t.Errorf("bala's listings = %d, want 1", n)
		}
		if n := w.count(t, `SELECT count(*) FROM audit_log WHERE action = 'account.delete' AND target_id = $1`, asha.ID); n != 1 {
			t.Errorf("audit rows of the delete = %d, want 1", n)
		}
		if _, _, err := w.auth.Login(ctx, "asha", password, client); err == nil {
			t.Error("the deleted account still signs in")
		}
		// The username, email and phone are free again.
		if _, err := w.auth.CreateUser(ctx, auth.NewUser{Username: "asha", Password: password, FullName: "New Asha",
			Email: "asha@example.com", Phone: asha.Phone, AgentType: "both"}); err != nil {
			t.Errorf("reusing the deleted account's username, email and phone: %v", err)
		}
	})
}

func TestTheLastActiveAdminCannotDeleteThemself(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(db)
		const password = "Root-Admin-2026!"
		root := w.user(t, "root", password, auth.RoleAdmin)
		_, err := w.acct.Delete(ctx, root, password, client)
		wantCode(t, "the only admin deletes themself", err, apperr.Conflict)
		if n := w.count(t, `SELECT count(*) FROM users WHERE id = $1 AND role = 'admin' AND deleted_at IS NULL`, root.ID); n != 1 {
			t.Fatal("the refused delete changed the admin")
		}
		// An inactive admin does not count as another admin.
		other := w.user(t, "other", password, auth.RoleAdmin)
		if _, err := db.Exec(`UPDATE users SET is_active = FALSE WHERE id = $1`, other.ID); err != nil {
			t.Fatal(err)
		}
		_, err = w.acct.Delete(ctx, root, password, client)
		wantCode(t, "the only active admin deletes themself", err, apperr.Conflict)
		if _, err := db.Exec(`UPDATE users SET is_active = TRUE WHERE id = $1`, other.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := w.acct.Delete(ctx, root, password, client); err != nil {
			t.Fatalf("an admin deletes themself while another is active: %v", err)
		}
		_, err = w.acct.Delete(ctx, other, password, client)
		wantCode(t, "the admin left deletes themself", err, apperr.Conflict)
	})
}

func TestTwoAdminsDeletingAtOnceLeaveOneAdmin(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		w := newWorld(db)
		const password = "Root-Admin-2026!"
		admins := []auth.User{w.user(t, "one", password, auth.RoleAdmin), w.user(t, "two", password, auth.RoleAdmin)}
		var wg sync.WaitGroup
		codes := make([]apperr.Code, len(admins))
		for i, a := range admins {
			wg.Go(func() {
				// Each from its own address: concurrent confirmations from one
				// address can trip the per-address sign-in throttle on PostgreSQL
				// with no failure (limits.Reserve compares a time read before it
				// locked the row with the next_at a concurrent attempt wrote).
				c := client
				c.IP = fmt.Sprintf("203.0.113.%d", 10+i)
				_, err := w.acct.Delete(ctx, a, password, c)
				codes[i] = apperr.CodeOf(err)
				if err != nil {
					t.Logf("admin %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		slices.Sort(codes)
		if !slices.Equal(codes, []apperr.Code{"", apperr.Conflict}) {
			t.Fatalf("two admins deleting at once: codes %q, want one success and one conflict", codes)
		}
		if n := w.count(t, `SELECT count(*) FROM users WHERE role = 'admin' AND is_active = TRUE`); n != 1 {
			t.Fatalf("active admins left = %d, want 1", n)
		}
	})
}
