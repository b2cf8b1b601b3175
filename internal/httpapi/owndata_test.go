package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"runtime"
	rtmetrics "runtime/metrics"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/auth"
)

// ownDataStory is Asha's data and what surrounds it: her listing matched
// by Bala's requirement, her requirement matching Bala's listing, a
// connection and messages with Bala, and a private exchange between Bala
// and Chitra that is none of hers.
type ownDataStory struct {
	asha, bala, chitra agent
	ashaPassword       string
	ashaListing        int64
}

const (
	ashaPhone = "9800000011"
	ashaEmail = "asha.rao@example.com"
)

func buildOwnDataStory(a *apiTest) ownDataStory {
	a.t.Helper()
	var st ownDataStory
	st.ashaPassword = a.signUp("asha", ashaPhone, ashaEmail)
	st.asha = a.newAgentSignedIn("asha")
	st.bala = a.newAgent("bala", "9800000012")
	st.chitra = a.newAgent("chitra", "9800000013")
	st.ashaListing = idOf(a.create(st.asha, "/api/properties", listing("title", "Asha's 2BHK in Gachibowli")))
	a.create(st.asha, "/api/requirements", wanted("clientName", "Meera Iyer", "propertyTypes", []string{"villa"}, "minBedrooms", nil))
	a.create(st.bala, "/api/properties", listing("title", "Bala's villa", "propertyType", "villa", "bedrooms", 4))
	a.create(st.bala, "/api/requirements", wanted("clientName", "Ravi Shankar", "minBedrooms", nil))
	a.befriend(st.asha, st.bala)
	a.befriend(st.bala, st.chitra)
	a.send(st.asha, st.bala, "Hello from Asha")
	a.send(st.bala, st.asha, "Reply from Bala")
	a.send(st.bala, st.chitra, "secret deal between Bala and Chitra")
	var matchID int64
	if err := a.db.QueryRow(`SELECT id FROM matches WHERE seller_agent_id = $1`, st.asha.id).Scan(&matchID); err != nil {
		a.t.Fatalf("Asha's listing has no match: %v", err)
	}
	wantStatus(a.t, a.do("PUT", fmt.Sprintf("/api/matches/%d/notes", matchID), map[string]any{"notes": "Bala's private note"}, as(st.bala)), 200)
	return st
}

// newAgentSignedIn returns the agent the browser just signed up as, and
// empties the browser's cookie jar (as newAgent does).
func (a *apiTest) newAgentSignedIn(username string) agent {
	a.t.Helper()
	u, _ := url.Parse(a.srv.URL)
	var tok string
	for _, c := range a.client.Jar.Cookies(u) {
		if c.Name == httpapi.SessionCookie {
			tok = c.Value
		}
	}
	a.client.Jar, _ = cookiejar.New(nil)
	me := a.do("GET", "/api/user", nil, withToken(tok))
	wantStatus(a.t, me, 200)
	m := me.json(a.t)
	if m["username"] != username {
		a.t.Fatalf("signed in as %v, want %s", m["username"], username)
	}
	return agent{id: idOf(m), phone: m["phone"].(string), tok: tok}
}

func TestExportMyData(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		st := buildOwnDataStory(a)
		wantStatus(t, a.do("GET", "/api/user/export", nil, withToken("")), 401)

		res := a.do("GET", "/api/user/export", nil, as(st.asha))
		wantStatus(t, res, 200)
		if cd := res.header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="propmatch-my-data-`) || !strings.HasSuffix(cd, `.json"`) {
			t.Errorf("Content-Disposition = %q, want an attachment", cd)
		}
		var doc map[string]any
		if err := json.Unmarshal(res.body, &doc); err != nil {
			t.Fatalf("the export is not JSON: %v\n%s", err, res.body)
		}
		if doc["format"] != "propmatch-agent-data" || doc["account"].(map[string]any)["username"] != "asha" ||
			doc["account"].(map[string]any)["email"] != ashaEmail {
			t.Errorf("header and account: %v %v", doc["format"], doc["account"])
		}
		rows := func(name string) []any { l, _ := doc[name].([]any); return l }
		has := func(name, field string, want any) bool {
			for _, r := range rows(name) {
				if r.(map[string]any)[field] == want {
					return true
				}
			}
			return false
		}
		for _, c := range []struct {
			section, field string
			want           any
		}{
			{"listings", "title", "Asha's 2BHK in Gachibowli"},
			{"requirements", "client_name", "Meera Iyer"},
			{"requirements", "client_email", clientEmail},
			{"messagesSent", "content", "Hello from Asha"},
			{"messagesReceived", "content", "Reply from Bala"},
			{"connections", "status", "accepted"},
			{"matchesOnYourListings", "seller_status", "new"},
			{"matchesOnYourRequirements", "buyer_status", "new"},
		} {
			if !has(c.section, c.field, c.want) {
				t.Errorf("%s has no row with %s = %v: %v", c.section, c.field, c.want, rows(c.section))
			}
		}
		if len(rows("sessions")) == 0 {
			t.Error("no sessions in the export")
		}
		body := string(res.body)
		for _, never := range []string{"password_hash", "token_hash", st.ashaPassword, st.asha.tok, "Bala's private note",
			"secret deal", "Ravi Shankar", "9800000012", "search_text"} {
			if strings.Contains(body, never) {
				t.Errorf("the export holds %q", never)
			}
		}
		// Bala's export is his: none of Asha's listing or client.
		other := a.do("GET", "/api/user/export", nil, as(st.bala))
		wantStatus(t, other, 200)
		if strings.Contains(string(other.body), "Meera Iyer") || !strings.Contains(string(other.body), "Bala's private note") {
			t.Error("Bala's export holds Asha's client or lacks his own note")
		}
		// Three downloads an hour.
		wantStatus(t, a.do("GET", "/api/user/export", nil, as(st.asha)), 200)
		wantStatus(t, a.do("GET", "/api/user/export", nil, as(st.asha)), 200)
		limited := a.do("GET", "/api/user/export", nil, as(st.asha))
		wantStatus(t, limited, 429)
		if limited.header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
		a.clock.Advance(61 * time.Minute)
		wantStatus(t, a.do("GET", "/api/user/export", nil, as(st.asha)), 200)
	})
}

// The download limit holds under 100 concurrent requests.
func TestExportLimitHoldsUnderConcurrency(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("dev", "9800000021")
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := a.do("GET", "/api/user/export", nil, as(g))
				mu.Lock()
				codes[res.status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes[200] != 3 || codes[429] != 97 {
			t.Errorf("answers %v, want 3 downloads and 97 refusals", codes)
		}
	})
}

func TestDeleteMyAccount(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		st := buildOwnDataStory(a)
		wantStatus(t, a.do("POST", "/api/user/delete", map[string]any{"password": st.ashaPassword}, withToken("")), 401)
		wantError(t, a.do("POST", "/api/user/delete", map[string]any{}, as(st.asha), invalid()), 400, "password")
		wantError(t, a.do("POST", "/api/user/delete", map[string]any{"password": "wrong-Pass-123"}, as(st.asha)), 400, "password")
		var failures int
		if err := a.db.QueryRow(`SELECT COALESCE(SUM(count), 0) FROM security_events WHERE type = 'auth_failure' AND subject = $1`,
			fmt.Sprintf("user:%d", st.asha.id)).Scan(&failures); err != nil || failures != 1 {
			t.Errorf("%d auth failures recorded (%v), want 1 for the wrong password", failures, err)
		}
		wantStatus(t, a.do("GET", "/api/user", nil, as(st.asha)), 200) // still there

		res := a.do("POST", "/api/user/delete", map[string]any{"password": st.ashaPassword}, as(st.asha))
		if res.status == 500 {
			t.Log(a.logs.String())
		}
		wantStatus(t, res, 200)
		if got := res.json(t); got["listingsDeleted"] != 1.0 || got["requirementsDeleted"] != 1.0 {
			t.Errorf("deleted %v, want one listing and one requirement", got)
		}
		if c := res.cookie(); c == nil || c.MaxAge >= 0 {
			t.Errorf("session cookie %+v, want it cleared", c)
		}
		a.drain()

		// Signed out everywhere, and no way back in.
		wantStatus(t, a.do("GET", "/api/user", nil, as(st.asha)), 401)
		for _, id := range []string{"asha", ashaEmail, ashaPhone} {
			wantStatus(t, a.do("POST", "/api/login", map[string]any{"username": id, "password": st.ashaPassword}, withToken("")), 401)
		}
		for table, q := range map[string]string{
			"sessions":     `SELECT COUNT(*) FROM sessions WHERE user_id = $1`,
			"properties":   `SELECT COUNT(*) FROM properties WHERE agent_id = $1`,
			"requirements": `SELECT COUNT(*) FROM requirements WHERE agent_id = $1`,
			"matches":      `SELECT COUNT(*) FROM matches WHERE buyer_agent_id = $1 OR seller_agent_id = $1`,
			"connections":  `SELECT COUNT(*) FROM connections WHERE requester_id = $1 OR receiver_id = $1`,
			"jobs":         `SELECT COUNT(*) FROM jobs WHERE state IN ('pending', 'running') AND $1 > 0`,
		} {
			var n int
			if err := a.db.QueryRow(q, st.asha.id).Scan(&n); err != nil || n != 0 {
				t.Errorf("%s left: %d (%v), want 0", table, n, err)
			}
		}

		// Bala keeps the messages, from "Deleted agent", and nothing of Asha's.
		msgs := a.do("GET", fmt.Sprintf("/api/messages?with=%d", st.asha.id), nil, as(st.bala))
		wantStatus(t, msgs, 200)
		if !strings.Contains(string(msgs.body), "Hello from Asha") || !strings.Contains(string(msgs.body), "Reply from Bala") {
			t.Errorf("Bala's conversation with Asha lost its messages: %s", msgs.body)
		}
		convs := a.do("GET", "/api/messages/conversations", nil, as(st.bala))
		wantStatus(t, convs, 200)
		if !strings.Contains(string(convs.body), auth.DeletedName) {
			t.Errorf("Bala's conversations do not show %q: %s", auth.DeletedName, convs.body)
		}
		for _, path := range []string{"/api/messages/conversations", fmt.Sprintf("/api/messages?with=%d", st.asha.id), "/api/agents",
			"/api/users", "/api/connections", "/api/matches", "/api/marketplace/properties", "/api/analytics"} {
			body := string(a.do("GET", path, nil, as(st.bala)).body)
			for _, pii := range []string{"Test asha", ashaEmail, ashaPhone, "asha\"", "Asha's 2BHK", "Meera Iyer"} {
				if strings.Contains(body, pii) {
					t.Errorf("%s still shows %q", path, pii)
				}
			}
		}
		agents := a.do("GET", "/api/agents", nil, as(st.bala))
		if strings.Contains(string(agents.body), fmt.Sprintf(`"id":%d,`, st.asha.id)) {
			t.Error("the deleted agent is still in the directory")
		}

		// Audited without personal data.
		audit := a.lastAudit()
		if audit.action != "account.delete" || audit.targetID == nil || *audit.targetID != st.asha.id || audit.before != nil || audit.after != nil ||
			strings.Contains(audit.actorLabel, "asha") {
			t.Errorf("audit %+v, want account.delete of the id alone", audit)
		}

		// The username, email and phone are free again.
		a.client.Jar, _ = cookiejar.New(nil)
		a.signUp("asha", ashaPhone, ashaEmail)
		// An admin cannot bring the deleted account back.
		admin := a.newAdmin("root", "9800000019")
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/users/%d/reactivate", st.asha.id), nil, as(admin)), 409)
		wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/admin/users/%d", st.asha.id), map[string]any{"fullName": "Asha Back"}, as(admin)), 409)
		users := a.do("GET", "/api/admin/users?q=deleted", nil, as(admin))
		wantStatus(t, users, 200)
		if !strings.Contains(string(users.body), auth.DeletedName) || strings.Contains(string(users.body), ashaEmail) {
			t.Errorf("the admin's user list: %s", users.body)
		}
	})
}

func TestLastAdminCannotDeleteThemself(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		password := a.signUp("root", "9800000031", "")
		root := a.newAgentSignedIn("root")
		if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, root.id); err != nil {
			t.Fatal(err)
		}
		wantStatus(t, a.do("POST", "/api/user/delete", map[string]any{"password": password}, as(root)), 409)
		wantStatus(t, a.do("GET", "/api/user", nil, as(root)), 200)
		a.newAdmin("deputy", "9800000032")
		wantStatus(t, a.do("POST", "/api/user/delete", map[string]any{"password": password}, as(root)), 200)
	})
}

func TestDatabaseExport(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		agentG := a.newAgent("eshan", "9800000041")
		admin := a.newAdmin("root", "9800000042")
		a.create(agentG, "/api/properties", listing())
		wantStatus(t, a.do("GET", "/api/database-export", nil, withToken("")), 401)
		wantStatus(t, a.do("GET", "/api/database-export", nil, as(agentG)), 403)
		res := a.do("GET", "/api/database-export", nil, as(admin))
		wantStatus(t, res, 200)
		if ct := res.header.Get("Content-Type"); ct != "application/zip" {
			t.Errorf("Content-Type = %q", ct)
		}
		zr, err := zip.NewReader(bytes.NewReader(res.body), int64(len(res.body)))
		if err != nil {
			t.Fatalf("not a zip: %v", err)
		}
		var manifest struct {
			Format string `json:"format"`
			Tables []struct {
				Name string `json:"name"`
				Rows int64  `json:"rows"`
			} `json:"tables"`
		}
		f, err := zr.Open("manifest.json")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.NewDecoder(f).Decode(&manifest); err != nil {
			t.Fatal(err)
		}
		rows := map[string]int64{}
		for _, tb := range manifest.Tables {
			rows[tb.Name] = tb.Rows
		}
		if manifest.Format != "propmatch-backup" || rows["users"] != 2 || rows["properties"] != 1 {
			t.Errorf("manifest %+v, want the two users and the listing", manifest)
		}
		if audit := a.lastAudit(); audit.action != "database.export" || audit.actorID == nil || *audit.actorID != admin.id {
			t.Errorf("audit %+v, want database.export by the admin", audit)
		}
	})
}

// The database export streams: a database of about 96 MB of stored images
// goes out while the heap grows by well under half of that (the garbage of the
// rows passed counts too, until collected).
func TestDatabaseExportStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 96 MB database")
	}
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		a := newAPITest(t, db, apiOptions{})
		admin := a.newAdmin("root", "9800000051")
		const images, size = 3000, 32 << 10
		blob := bytes.Repeat([]byte{0x5a}, size) // stored as is: the zip deflates it, the database does not
		if err := db.WithTx(context.Background(), func(tx *sql.Tx) error {
			for i := range images {
				if _, err := tx.Exec(`INSERT INTO media (id, owner_id, content_type, width, height, size_bytes, sha256, data, created_at)
					VALUES ($1, $2, 'image/png', 1, 1, $3, 'x', $4, $5)`, fmt.Sprintf("m%05d", i), admin.id, size, blob, db.Time()); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		var status, written int64
		runtime.GC()
		base := []rtmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		rtmetrics.Read(base)
		peak, _ := heapDuring(func() {
			req, _ := http.NewRequest("GET", a.srv.URL+"/api/database-export", nil)
			req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: admin.tok})
			res, err := a.bare.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			status = int64(res.StatusCode)
			written, _ = io.Copy(io.Discard, res.Body)
		})
		if status != 200 || written == 0 {
			t.Fatalf("export answered %d with %d bytes", status, written)
		}
		grew := peak - min(peak, base[0].Value.Uint64())
		if limit := uint64(images*size) / 2; grew > limit {
			t.Errorf("the heap grew by %d MB exporting a %d MB table; want under %d MB", grew>>20, images*size>>20, limit>>20)
		}
		t.Logf("exported %d MB of images as %d bytes; the heap grew by %d MB at most", images*size>>20, written, grew>>20)
	})
}

// Two admins, the only ones, delete their accounts at the same moment: one
// goes, the other is refused, and an active admin remains.
func TestTheLastTwoAdminsCannotBothLeave(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		type admin struct {
			g        agent
			password string
		}
		var admins []admin
		for i, name := range []string{"root", "deputy"} {
			password := a.signUp(name, fmt.Sprintf("98000000%d1", 6+i), "")
			g := a.newAgentSignedIn(name)
			if _, err := a.db.Exec(`UPDATE users SET role = 'admin' WHERE id = $1`, g.id); err != nil {
				t.Fatal(err)
			}
			admins = append(admins, admin{g, password})
		}
		var wg sync.WaitGroup
		codes := make([]int, len(admins))
		for i, ad := range admins {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = a.do("POST", "/api/user/delete", map[string]any{"password": ad.password}, as(ad.g)).status
			}()
		}
		wg.Wait()
		slices.Sort(codes)
		if codes[0] != 200 || codes[1] != 409 {
			t.Errorf("answers %v, want one 200 and one 409", codes)
		}
		var active int
		if err := a.db.QueryRow(`SELECT COUNT(*) FROM users WHERE role = 'admin' AND is_active = TRUE`).Scan(&active); err != nil || active != 1 {
			t.Errorf("%d active admins (%v), want 1", active, err)
		}
	})
}
