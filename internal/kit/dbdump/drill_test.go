package dbdump_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/demo"
	"propmatch/internal/feature/billing"
	"propmatch/internal/feature/imports"
	"propmatch/internal/feature/matches"
	"propmatch/internal/feature/message"
	"propmatch/internal/feature/payments"
	"propmatch/internal/feature/site"
	"propmatch/internal/feature/training"
	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/media"
	"propmatch/internal/platform/razorpay"
	"propmatch/internal/platform/settings"
	"propmatch/internal/platform/webhooks"
)

var ctx = context.Background()

// Logins the drill signs in with after a restore.
const (
	sellerName, sellerPassword = "priya", "PropMatch@Agent1"
	buyerName, buyerPassword   = "rahul", "PropMatch@Agent2"
)

func authService(db *store.DB) *auth.Service {
	cfg := auth.DefaultConfig()
	cfg.Argon = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}
	return auth.New(db, cfg, nil, nil, slog.New(slog.DiscardHandler))
}

// market is a source database filled with demo data and activity.
type market struct {
	db            *store.DB
	seller, buyer int64
}

// fill adds two logins, a small demo market around them, and activity:
// matches in every status on both sides, messages, connections, a session,
// a failed sign-in, courses with enrolments and a certificate, a pending
// matching job, a stored image with its card-size copy, and the landing
// page's content.
func fill(t *testing.T, db *store.DB) market {
	t.Helper()
	a := authService(db)
	var ids []int64
	for _, u := range []auth.NewUser{
		{Username: sellerName, Password: sellerPassword, FullName: "Priya Sharma", Email: "priya@propmatch.test", Phone: "+919876500002",
			Role: auth.RoleAgent, AgentType: "seller", State: "Karnataka", City: "Bengaluru"},
		{Username: buyerName, Password: buyerPassword, FullName: "Rahul Verma", Email: "rahul@propmatch.test", Phone: "+919876500003",
			Role: auth.RoleAgent, AgentType: "buyer", State: "Maharashtra", City: "Mumbai"},
	} {
		created, err := a.CreateUser(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, created.ID)
	}
	m := market{db: db, seller: ids[0], buyer: ids[1]}
	res, err := demo.Generate(ctx, db, demo.Options{Agents: 12, Properties: 60, Requirements: 60, Seed: 7,
		Showcase: &demo.Showcase{Seller: m.seller, Buyer: m.buyer}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Connections == 0 || res.Messages == 0 {
		t.Fatalf("the demo market has no network: %+v", res)
	}
	// A likely duplicate pair (issue 26): two agents' listings, as the
	// duplicate check stores them.
	if _, err := db.ExecContext(ctx, `INSERT INTO duplicate_pairs (property_a, property_b, likelihood, reasons, created_at, updated_at)
		SELECT MIN(a.id), MIN(b.id), 0.85, '["same locality","same photo"]', a.created_at, a.created_at FROM properties a
		JOIN properties b ON b.agent_id <> a.agent_id AND b.id > a.id GROUP BY a.created_at ORDER BY MIN(a.id) LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	// Matches in every status, on both sides.
	leads := matches.NewService(db, matchengine.New(db, matchengine.Options{}))
	list, _, err := leads.List(ctx, m.seller, matches.Filter{Side: matches.Seller}, paging.Page{Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < len(matchengine.Statuses) {
		t.Fatalf("the showcase has %d matches for %s, want at least %d", len(list), sellerName, len(matchengine.Statuses))
	}
	for i, st := range matchengine.Statuses {
		if _, err := leads.SetStatus(ctx, m.seller, list[i].ID, string(st), ""); err != nil {
			t.Fatalf("seller status %s: %v", st, err)
		}
		if _, err := leads.SetStatus(ctx, list[i].BuyerAgentID, list[i].ID, string(matchengine.Statuses[len(matchengine.Statuses)-1-i]), ""); err != nil {
			t.Fatalf("buyer status: %v", err)
		}
	}
	if _, err := leads.SetNotes(ctx, m.seller, list[0].ID, "Called, \"keen\" — visiting Sunday\nline two"); err != nil {
		t.Fatal(err)
	}
	// A session and a failed sign-in (a security event and a throttle row).
	if _, _, err := a.Login(ctx, sellerName, sellerPassword, auth.Client{IP: "10.0.0.1", UserAgent: "drill"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.Login(ctx, sellerName, "wrong", auth.Client{IP: "10.0.0.2"}); err == nil {
		t.Fatal("a wrong password signed in")
	}
	// Courses with modules, enrolments, module progress and a certificate,
	// through the training service as the demo seeds them.
	tr, err := demo.SeedTraining(ctx, db, 7, &demo.Showcase{Seller: m.seller, Buyer: m.buyer})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Courses == 0 || tr.Enrollments == 0 || tr.Certificates == 0 {
		t.Fatalf("the demo training is incomplete: %+v", tr)
	}
	// An admin's order of the app demos: the last one first.
	svc := training.NewService(db)
	demos, err := svc.AppDemos(ctx)
	if err != nil {
		t.Fatal(err)
	}
	order := training.OrderInput{IDs: []int64{demos[len(demos)-1].ID}}
	for _, d := range demos[:len(demos)-1] {
		order.IDs = append(order.IDs, d.ID)
	}
	if _, err := svc.SetAppDemoOrder(ctx, access.Actor{Admin: true}, order); err != nil {
		t.Fatal(err)
	}
	now := db.Time()
	// The landing page's content, as an admin saved it.
	if _, err := site.NewService(db).Seed(ctx, demo.SiteContent()); err != nil {
		t.Fatal(err)
	}
	// A matching job still waiting: a listing edited just before the dbdump.
	if err := db.WithTx(ctx, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx, `SELECT MIN(id) FROM properties`).Scan(&id); err != nil {
			return err
		}
		return matchengine.New(db, matchengine.Options{}).QueueProperty(ctx, tx, now, id)
	}); err != nil {
		t.Fatal(err)
	}
	// A stored image.
	img, err := media.Decode(ctx, pngDataURL(t), "image")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := media.Save(ctx, db, now, m.seller, img); err != nil {
		t.Fatal(err)
	}
	// Saved settings, a notice waiting for its digest (a message sent), an
	// earlier digest's time and a verification link not yet opened.
	st := settings.Defaults()
	st.Notifications.Messages.WhatsApp = true
	if err := settings.Save(ctx, db, now, m.seller, st); err != nil {
		t.Fatal(err)
	}
	// A webhook endpoint of the seller's own software: the message below
	// queues a delivery to it.
	if _, err := webhooks.NewService(db, nil, webhooks.Config{Dev: true}, nil).Create(ctx, m.seller,
		webhooks.Input{URL: "http://127.0.0.1:9/propmatch", Events: []string{webhooks.MessageReceived}}); err != nil {
		t.Fatal(err)
	}
	// An API key with the addresses it was used from, an accepted co-broking
	// agreement on a match, and a share link with its listing and a client's
	// interest (issues 23 and 27), as their services store them.
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO api_keys (user_id, name, scopes, prefix, key_hash, created_at, last_used_at, last_used_ip)
			VALUES ($1, 'CRM sync', 'read,write', 'Ab3x', 'drill-key-hash', $2, $2, '203.0.113.9')`, []any{m.seller, now}},
		{`INSERT INTO api_key_addresses (key_id, day, ip) SELECT id, '2026-11-28', '203.0.113.9' FROM api_keys WHERE key_hash = 'drill-key-hash'`, nil},
		{`INSERT INTO agreements (match_id, listing_agent_id, buyer_agent_id, version, proposed_by, listing_side_percent, buyer_side_percent,
			basis, note, status, created_at, answered_at, answered_by, number, hash, snapshot, stage, stage_at)
			VALUES ($1, $2, $3, 1, $2, 60, 40, 'brokerage', 'Visits by the buyer side', 'accepted', $4, $4, $3, 'PMA-2026-DRILL2345678', $5, '{"terms":{}}', 'agreed', $4)`,
			[]any{list[0].ID, m.seller, list[0].BuyerAgentID, now, strings.Repeat("ab", 32)}},
		{`INSERT INTO share_links (user_id, token_hash, note, expires_at, views, created_at) VALUES ($1, 'drill-token-hash', 'For Mr Rao', $2, 3, $3)`,
			[]any{m.seller, now.Add(7 * 24 * time.Hour), now}},
		{`INSERT INTO share_link_items (link_id, property_id, position) SELECT l.id, $1, 0 FROM share_links l WHERE l.token_hash = 'drill-token-hash'`, []any{list[0].PropertyID}},
		{`INSERT INTO share_link_interest (link_id, property_id, client_key, created_at) SELECT l.id, $1, 'drill-client', $2 FROM share_links l WHERE l.token_hash = 'drill-token-hash'`,
			[]any{list[0].PropertyID, now}},
	} {
		if _, err := db.ExecContext(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	text := "Is the showcase flat still available?"
	if _, err := message.NewService(db, matchengine.New(db, matchengine.Options{}), nil).Send(ctx, m.buyer,
		message.Input{ReceiverID: input.Int{Value: m.seller, Set: true}, Content: &text}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO notify_digests (user_id, kind, last_sent_at) VALUES ($1, 'matches', $2)`, m.seller, now); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO email_verifications (user_id, email, token_hash, expires_at, created_at) VALUES ($1, 'rahul@propmatch.test', 'drill-hash', $2, $3)`,
		m.buyer, now.Add(24*time.Hour), now); err != nil {
		t.Fatal(err)
	}
	// Billing: agents on plans with ledgers and unlocks, and purchases with
	// their GST invoices, made as the demo market makes them.
	// A previewed import keeps its file (a BLOB) and the remembered mapping; a finished one its errors.
	imp := imports.NewService(db, drillTarget{}, drillTarget{}, nil, nil, nil)
	pv, err := imp.Upload(ctx, m.seller, imports.Listings, "book.csv", []byte("Title,Quote\nFlat,45 L\n"), map[string]string{"Quote": "price"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO import_errors (import_id, row_number, col, value, message, cells) VALUES ($1, 3, 'Quote', 'lots', 'Row 3, Quote: ''lots'' is not an amount', '["Bad","lots"]')`, pv.ID); err != nil {
		t.Fatal(err)
	}
	show := demo.Showcase{Seller: m.seller, Buyer: m.buyer}
	if _, err := demo.SeedBilling(ctx, db, show); err != nil {
		t.Fatal(err)
	}
	buys, err := demo.Purchases(ctx, db, show)
	if err != nil {
		t.Fatal(err)
	}
	// Recorded purchases never call the gateway; it is there because
	// payments are taken only with one.
	gw, err := razorpay.New(razorpay.Config{KeyID: "rzp_test_drill", KeySecret: "drill-secret", WebhookSecret: "drill-hook",
		APIURL: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	pay := payments.NewService(db, gw, billing.NewService(db, true), payments.Config{Supplier: payments.Supplier{
		Name: "PropMatch Technologies Pvt Ltd", Address: "12 MG Road, Bengaluru 560001", State: "Karnataka", GSTIN: "29AAKCP0000Q1Z8"}}, nil)
	if _, err := demo.AddPurchases(ctx, pay, buys); err != nil {
		t.Fatal(err)
	}
	return m
}

func pngDataURL(t *testing.T) string {
	t.Helper()
	// Wider than a card, so the upload keeps a card-size copy too.
	im := image.NewRGBA(image.Rect(0, 0, 800, 500))
	for x := range 800 {
		for y := range 500 {
			im.Set(x, y, color.RGBA{uint8(x / 4), uint8(y / 2), 200, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, im); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// backUpWhileWriting backs m up while messages keep being sent: one from a
// background writer as often as it can, and one between every two tables,
// which must commit while the backup's read transaction is open.
func backUpWhileWriting(t *testing.T, m market) ([]byte, dbdump.Manifest) {
	t.Helper()
	msgs := message.NewService(m.db, matchengine.New(m.db, matchengine.Options{}), nil)
	send := func(n int) error {
		text := fmt.Sprintf("during the backup %d", n)
		_, err := msgs.Send(ctx, m.buyer, message.Input{ReceiverID: input.Int{Value: m.seller, Set: true}, Content: &text})
		return err
	}
	var (
		stop    = make(chan struct{})
		wg      sync.WaitGroup
		written atomic.Int64
		bgErr   error
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := send(i); err != nil {
				bgErr = err
				return
			}
			written.Add(1)
			time.Sleep(time.Millisecond) // a busy server, not one writer holding the lock
		}
	}()
	var between int
	var buf bytes.Buffer
	mf, err := dbdump.Write(ctx, m.db, &buf, testKey, func(p dbdump.Progress) {
		if !p.Done {
			return
		}
		between++
		if err := send(-between); err != nil {
			t.Errorf("a write between two tables of the backup failed: %v", err)
		}
	})
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if bgErr != nil {
		t.Fatalf("a write during the backup failed: %v", bgErr)
	}
	if between != len(mf.Tables) || written.Load() == 0 {
		t.Fatalf("%d writes between tables, %d in the background: the backup did not run alongside writes", between, written.Load())
	}
	t.Logf("%d messages sent during the backup", written.Load()+int64(between))
	return buf.Bytes(), mf
}

// TestRestoreDrill fills a database on each engine, backs it up while
// writes continue, restores it into a fresh database of every engine and
// checks the copy: every table's count and checksum, a sign-in, the match
// list, consistent conversations, and new rows getting new ids.
func TestRestoreDrill(t *testing.T) {
	for _, from := range storetest.Engines() {
		t.Run("from_"+string(from), func(t *testing.T) {
			start := time.Now()
			m := fill(t, storetest.New(t, from))
			file, mf := backUpWhileWriting(t, m)
			t.Logf("%s: %d rows in %d tables, %d bytes, filled and backed up in %s", from, mf.Rows(), len(mf.Tables), len(file), time.Since(start).Round(time.Millisecond))
			for _, tb := range mf.Tables {
				if tb.Rows == 0 && !emptyInDrill[tb.Name] {
					t.Errorf("table %s is empty in the drill's backup", tb.Name)
				}
			}
			wantMatches := matchList(t, m.db, m.seller)
			for _, to := range storetest.Engines() {
				t.Run("to_"+string(to), func(t *testing.T) {
					db, err := store.Open(ctx, storetest.URL(t, to))
					if err != nil {
						t.Fatal(err)
					}
					defer db.Close()
					got, err := dbdump.Restore(ctx, db, bytes.NewReader(file), int64(len(file)), dbdump.RestoreOptions{Key: testKey})
					if err != nil {
						t.Fatal(err)
					}
					if got.Rows() != mf.Rows() {
						t.Errorf("restored %d rows, the backup has %d", got.Rows(), mf.Rows())
					}
					checkCopy(t, db, mf, m, wantMatches)
				})
			}
		})
	}
}

// drillTarget takes an import's rows without saving them (the drill fills the import tables only).
type drillTarget struct{}

func (drillTarget) Check(_ context.Context, body map[string]any) (any, error) { return body, nil }
func (drillTarget) SaveTx(context.Context, *sql.Tx, int64, string, map[string]any) (int64, bool, error) {
	return 0, false, nil
}
func (drillTarget) Queued() {}

// emptyInDrill are the tables the drill's activity does not fill.
var emptyInDrill = map[string]bool{"advertisements": true, "backups": true, "daily_quotas": true, "ip_blocks": true, "otp_verifications": true,
	"outbox": true, "password_reset_codes": true, "rate_counters": true,
	// A refund comes only from Razorpay's signed webhook (payments' own tests).
	"payment_refunds": true}

func checkCopy(t *testing.T, db *store.DB, mf dbdump.Manifest, m market, wantMatches string) {
	t.Helper()
	sum, err := dbdump.Summarize(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Tables) != len(mf.Tables) {
		t.Fatalf("%d tables restored, %d backed up", len(sum.Tables), len(mf.Tables))
	}
	for i, tb := range sum.Tables {
		want := mf.Tables[i]
		if tb.Name != want.Name || tb.Rows != want.Rows || tb.SHA256 != want.SHA256 {
			t.Errorf("table %s: %d rows, checksum %s; the backup has %s: %d rows, %s", tb.Name, tb.Rows, tb.SHA256, want.Name, want.Rows, want.SHA256)
		}
	}
	a := authService(db)
	u, _, err := a.Login(ctx, sellerName, sellerPassword, auth.Client{IP: "10.0.0.3"})
	if err != nil || u.ID != m.seller {
		t.Fatalf("sign-in on the copy: %v (user %d, want %d)", err, u.ID, m.seller)
	}
	if got := matchList(t, db, m.seller); got != wantMatches {
		t.Errorf("the match list differs on the copy:\n got %s\nwant %s", got, wantMatches)
	}
	// One snapshot: every conversation's last message is in the copy.
	var broken int
	if err := db.QueryRow(`SELECT COUNT(*) FROM conversations c WHERE c.last_message_id <> (SELECT MAX(id) FROM messages m
		WHERE (m.sender_id = c.user_id AND m.receiver_id = c.other_id) OR (m.sender_id = c.other_id AND m.receiver_id = c.user_id))`).Scan(&broken); err != nil {
		t.Fatal(err)
	}
	if broken != 0 {
		t.Errorf("%d conversations do not end at their last message in the copy: the backup was not one snapshot", broken)
	}
	// New rows get new ids (PostgreSQL's sequences were moved past the loaded ones).
	if _, err := a.CreateUser(ctx, auth.NewUser{Username: "newcomer", Password: "PropMatch@New1", FullName: "New Comer",
		Phone: "+919876500099", Role: auth.RoleAgent, AgentType: "both"}); err != nil {
		t.Errorf("a new user on the copy: %v", err)
	}
	var data []byte
	if err := db.QueryRow(`SELECT data FROM media`).Scan(&data); err != nil || len(data) == 0 {
		t.Errorf("the stored image did not come back: %v", err)
	}
}

// matchList returns agentID's matches as the match list answers them.
func matchList(t *testing.T, db *store.DB, agentID int64) string {
	t.Helper()
	list, _, err := matches.NewService(db, matchengine.New(db, matchengine.Options{})).List(ctx, agentID, matches.Filter{}, paging.Page{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
