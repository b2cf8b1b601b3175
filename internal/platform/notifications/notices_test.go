package notifications_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/settings"
)

// mailbox is a Mailer that keeps what it is given and fails while down.
type mailbox struct {
	mu   sync.Mutex
	got  []outbound.Email
	down bool
}

func (m *mailbox) SendEmail(_ context.Context, e outbound.Email) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down {
		return errors.New("421 service not available")
	}
	m.got = append(m.got, e)
	return nil
}

func (m *mailbox) sent() []outbound.Email {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]outbound.Email(nil), m.got...)
}

type env struct {
	t    *testing.T
	db   *store.DB
	q    *jobs.Queue
	svc  *notifications.Service
	now  time.Time
	mail *mailbox
	n    int
}

func newEnv(t *testing.T, db *store.DB, mail outbound.Mailer, wa outbound.TemplateSender, templates map[settings.Kind]string) *env {
	e := &env{t: t, db: db, now: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}
	db.Now = func() time.Time { return e.now }
	e.q = jobs.NewQueue(db, jobs.Config{Backoff: time.Minute, MaxBackoff: time.Minute})
	e.svc = notifications.NewService(db, mail, wa, notifications.Config{Interval: 15 * time.Minute, BaseURL: "https://pm.example",
		Secret: []byte(strings.Repeat("s", 32)), Templates: templates}, nil)
	e.q.Add(e.svc.Jobs()...)
	if mb, ok := mail.(*mailbox); ok {
		e.mail = mb
	}
	return e
}

func (e *env) advance(d time.Duration) { e.now = e.now.Add(d) }

func (e *env) run() {
	e.t.Helper()
	if err := e.q.RunPending(context.Background()); err != nil {
		e.t.Fatal(err)
	}
}

// user adds an agent; verified says whether their email is confirmed.
func (e *env) user(name, email string, verified bool) int64 {
	e.t.Helper()
	var at *time.Time
	if verified {
		at = &e.now
	}
	var id int64
	e.n++
	phone := fmt.Sprintf("+9198765%05d", e.n)
	err := e.db.WithTx(context.Background(), func(tx *sql.Tx) error {
		var err error
		id, err = store.InsertID(context.Background(), tx, "users",
			[]string{"username", "password_hash", "full_name", "email", "phone", "is_phone_verified", "created_at", "updated_at", "email_verified_at"},
			[]any{strings.ToLower(strings.Fields(name)[0]), "x", name, email, phone, true, e.now, e.now, at})
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return id
}

// message stores a message from → to and adds its notice, as Send does.
func (e *env) message(from, to int64, text string) int64 {
	e.t.Helper()
	var id int64
	err := e.db.WithTx(context.Background(), func(tx *sql.Tx) error {
		low, high := min(from, to), max(from, to)
		if err := tx.QueryRowContext(context.Background(), `INSERT INTO messages (sender_id, receiver_id, user_low, user_high, content, is_read, created_at)
			VALUES ($1, $2, $3, $4, $5, FALSE, $6) RETURNING id`, from, to, low, high, text, e.now).Scan(&id); err != nil {
			return err
		}
		return notifications.Add(context.Background(), tx, e.now, notifications.Item{UserID: to, Kind: settings.Messages, Type: notifications.ItemMessage, RefID: id})
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return id
}

func (e *env) save(userID int64, change func(*settings.Settings)) {
	e.t.Helper()
	s := settings.Defaults()
	change(&s)
	if err := settings.Save(context.Background(), e.db, e.now, userID, s); err != nil {
		e.t.Fatal(err)
	}
}

func TestMessagesAreDigestedAtMostOncePerInterval(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, &mailbox{}, nil, nil)
		priya := e.user("Priya Sharma", "priya@example.com", true)
		rahul := e.user("Rahul Verma", "rahul@example.com", true)

		e.message(rahul, priya, "Is the Baner flat available?")
		e.run()
		if got := e.mail.sent(); len(got) != 1 || !strings.Contains(got[0].Text, "Is the Baner flat available?") {
			t.Fatalf("first message: %d emails %+v; want one carrying it", len(got), got)
		}
		// Within the interval: gathered, not sent.
		for i, text := range []string{"My client can visit Saturday.", "They have a loan approved."} {
			e.advance(time.Duration(i+1) * time.Minute)
			e.message(rahul, priya, text)
			e.run()
		}
		if got := len(e.mail.sent()); got != 1 {
			t.Fatalf("%d emails within the interval; want still 1", got)
		}
		e.advance(14 * time.Minute)
		e.run()
		got := e.mail.sent()
		if len(got) != 2 {
			t.Fatalf("%d emails after the interval; want 2", len(got))
		}
		digest := got[1]
		if !strings.Contains(digest.Text, "Saturday") || !strings.Contains(digest.Text, "loan approved") || !strings.Contains(digest.Subject, "2 new messages from Rahul Verma") {
			t.Errorf("digest does not list both messages: %s\n%s", digest.Subject, digest.Text)
		}
		if !strings.Contains(digest.Text, "https://pm.example/messages?with=") || digest.Unsubscribe == "" || digest.HTML == "" {
			t.Errorf("digest lacks its link, HTML or unsubscribe: %+v", digest)
		}
	})
}

func TestAMessageReadBeforeTheDigestIsNotSent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, &mailbox{}, nil, nil)
		priya := e.user("Priya Sharma", "priya@example.com", true)
		rahul := e.user("Rahul Verma", "rahul@example.com", true)
		e.message(rahul, priya, "first")
		e.run()
		e.advance(time.Minute)
		e.message(rahul, priya, "read in the app")
		e.run()
		if _, err := db.Exec(`UPDATE messages SET is_read = TRUE WHERE receiver_id = $1`, priya); err != nil {
			t.Fatal(err)
		}
		e.advance(20 * time.Minute)
		e.run()
		if got := e.mail.sent(); len(got) != 1 {
			t.Fatalf("%d emails; the read message must send none", len(got))
		}
		var left int
		if err := db.QueryRow(`SELECT COUNT(*) FROM notify_items`).Scan(&left); err != nil || left != 0 {
			t.Errorf("%d items left (%v); want none", left, err)
		}
	})
}

// waServer is a Cloud API stand-in that records the templates sent.
func waServer(t *testing.T) (*outbound.WhatsAppSender, func() []map[string]any) {
	var mu sync.Mutex
	var got []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &m)
		mu.Lock()
		got = append(got, m)
		mu.Unlock()
		_, _ = w.Write([]byte(`{"messages":[{"id":"wamid.1"}]}`))
	}))
	t.Cleanup(srv.Close)
	wa, err := outbound.NewWhatsAppSender(outbound.WhatsAppConfig{BaseURL: srv.URL, PhoneNumberID: "1", AccessToken: "tok", TemplateName: "otp"})
	if err != nil {
		t.Fatal(err)
	}
	return wa, func() []map[string]any { mu.Lock(); defer mu.Unlock(); return append([]map[string]any(nil), got...) }
}

func TestSettingsAreObeyed(t *testing.T) {
	tests := []struct {
		name      string
		verified  bool
		change    func(*settings.Settings)
		wantEmail int
		wantWA    int
	}{
		{"Defaults: email, no WhatsApp", true, func(*settings.Settings) {}, 1, 0},
		{"KindOff: nothing", true, func(s *settings.Settings) { s.Notifications.Messages.On = false }, 0, 0},
		{"EmailOff: no email", true, func(s *settings.Settings) { s.Notifications.Messages.Email = false }, 0, 0},
		{"WhatsAppOn: a template message too", true, func(s *settings.Settings) { s.Notifications.Messages.WhatsApp = true }, 1, 1},
		{"WhatsAppOnly", true, func(s *settings.Settings) {
			s.Notifications.Messages.Email, s.Notifications.Messages.WhatsApp = false, true
		}, 0, 1},
		{"UnverifiedEmail: nothing by email", false, func(*settings.Settings) {}, 0, 0},
		{"OtherKindOff: still sent", true, func(s *settings.Settings) { s.Notifications.Matches.On = false }, 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, db *store.DB) {
				wa, waSent := waServer(t)
				e := newEnv(t, db, &mailbox{}, wa, map[settings.Kind]string{settings.Messages: "propmatch_new_message"})
				priya := e.user("Priya Sharma", "priya@example.com", tt.verified)
				rahul := e.user("Rahul Verma", "rahul@example.com", true)
				e.save(priya, tt.change)
				e.message(rahul, priya, "Hello Priya")
				e.run()
				if got := len(e.mail.sent()); got != tt.wantEmail {
					t.Errorf("%d emails; want %d", got, tt.wantEmail)
				}
				sent := waSent()
				if len(sent) != tt.wantWA {
					t.Fatalf("%d WhatsApp messages; want %d", len(sent), tt.wantWA)
				}
				if len(sent) == 1 {
					tmpl, _ := sent[0]["template"].(map[string]any)
					if sent[0]["type"] != "template" || tmpl["name"] != "propmatch_new_message" || sent[0]["to"] != "919876500001" {
						t.Errorf("WhatsApp request %v; want the configured template to Priya", sent[0])
					}
				}
			})
		})
	}
}

// flakySMTP is a go-smtp backend that refuses every message while down.
type flakySMTP struct {
	mu   sync.Mutex
	down bool
	got  [][]byte
}

func (b *flakySMTP) NewSession(*smtp.Conn) (smtp.Session, error) { return &flakySession{b: b}, nil }

type flakySession struct{ b *flakySMTP }

func (s *flakySession) Mail(string, *smtp.MailOptions) error {
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	if s.b.down {
		return &smtp.SMTPError{Code: 421, EnhancedCode: smtp.EnhancedCode{4, 3, 2}, Message: "Service not available, try later"}
	}
	return nil
}
func (s *flakySession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *flakySession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	s.b.mu.Lock()
	s.b.got = append(s.b.got, data)
	s.b.mu.Unlock()
	return err
}
func (s *flakySession) Reset()        {}
func (s *flakySession) Logout() error { return nil }

func (b *flakySMTP) set(down bool) { b.mu.Lock(); b.down = down; b.mu.Unlock() }
func (b *flakySMTP) received() [][]byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([][]byte(nil), b.got...)
}

func TestAnSMTPOutageDelaysNoticesAndLosesNone(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		be := &flakySMTP{down: true}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := smtp.NewServer(be)
		srv.Domain = "localhost"
		go srv.Serve(l)
		t.Cleanup(func() { srv.Close() })
		mailer, err := outbound.NewSMTPMailer(outbound.SMTPConfig{Host: "127.0.0.1", Port: l.Addr().(*net.TCPAddr).Port, From: "PropMatch <no-reply@pm.example>", TLS: "none", Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		e := newEnv(t, db, mailer, nil, nil)
		priya := e.user("Priya Sharma", "priya@example.com", true)
		rahul := e.user("Rahul Verma", "rahul@example.com", true)
		e.message(rahul, priya, "Sent while the mail server is down")
		for range 3 { // three tries fail, each after the backoff
			e.run()
			e.advance(time.Minute)
		}
		if n := len(be.received()); n != 0 {
			t.Fatalf("%d messages accepted while down", n)
		}
		var state, lastErr string
		if err := db.QueryRow(`SELECT state, last_error FROM jobs WHERE kind = $1`, notifications.JobKind).Scan(&state, &lastErr); err != nil {
			t.Fatal(err)
		}
		if state != "pending" || !strings.Contains(lastErr, "421") {
			t.Fatalf("job %s (%s); want pending with the server's refusal", state, lastErr)
		}
		be.set(false)
		e.run()
		got := be.received()
		if len(got) != 1 || !strings.Contains(string(got[0]), "Sent while the mail server is down") {
			t.Fatalf("after recovery %d messages; want the one notice", len(got))
		}
		for _, h := range []string{"List-Unsubscribe: <https://pm.example/api/unsubscribe?token=", "List-Unsubscribe-Post: List-Unsubscribe=One-Click"} {
			if !strings.Contains(string(got[0]), h) {
				t.Errorf("message lacks %q", h)
			}
		}
	})
}

func TestUnsubscribeTokens(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, &mailbox{}, nil, nil)
		priya := e.user("Priya Sharma", "priya@example.com", true)
		tok := e.svc.UnsubscribeToken(priya, settings.Matches)
		other := notifications.NewService(db, nil, nil, notifications.Config{Secret: []byte(strings.Repeat("t", 32))}, nil)
		for _, bad := range []string{"", "x", tok + "x", strings.Replace(tok, ".matches.", ".messages.", 1), other.UnsubscribeToken(priya, settings.Matches), "9999.matches.abc"} {
			if _, err := e.svc.Unsubscribe(context.Background(), bad); err == nil {
				t.Errorf("token %q accepted", bad)
			}
		}
		kind, err := e.svc.Unsubscribe(context.Background(), tok)
		if err != nil || kind != settings.Matches {
			t.Fatalf("Unsubscribe = %v, %v", kind, err)
		}
		st, err := settings.Get(context.Background(), db, priya)
		if err != nil {
			t.Fatal(err)
		}
		if n := st.Notifications; n.Matches.Email || !n.Matches.On || !n.Messages.Email {
			t.Errorf("settings after unsubscribe %+v; want only matches' email off", n)
		}
	})
}

// The message digest's count, by email and by WhatsApp, is the agent's
// unread count (the app's badge), not only the new messages of that
// digest: the earlier unread ones are counted too.
func TestTheMessageDigestCountsEveryUnreadMessage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		wa, waSent := waServer(t)
		e := newEnv(t, db, &mailbox{}, wa, map[settings.Kind]string{settings.Messages: "propmatch_new_message"})
		priya := e.user("Priya Sharma", "priya@example.com", true)
		rahul := e.user("Rahul Verma", "rahul@example.com", true)
		e.save(priya, func(s *settings.Settings) { s.Notifications.Messages.WhatsApp = true })
		e.message(rahul, priya, "Is the Baner flat available?")
		e.run()
		e.advance(time.Minute)
		e.message(rahul, priya, "My client can visit Saturday.")
		e.message(rahul, priya, "They have a loan approved.")
		e.advance(15 * time.Minute)
		e.run()
		mails, was := e.mail.sent(), waSent()
		if len(mails) != 2 || len(was) != 2 {
			t.Fatalf("%d emails and %d WhatsApp messages; want 2 of each", len(mails), len(was))
		}
		if !strings.Contains(mails[1].Text, "You have 3 unread messages on PropMatch.") {
			t.Errorf("the second email does not count the 3 unread messages:\n%s", mails[1].Text)
		}
		tmpl, _ := was[1]["template"].(map[string]any)
		body, _ := json.Marshal(tmpl["components"])
		if !strings.Contains(string(body), "You have 3 unread messages on PropMatch.") {
			t.Errorf("the second WhatsApp message does not count the 3 unread messages: %s", body)
		}
	})
}

// A connection request's email says in its footer that it is about
// connection requests, and which setting sends it.
func TestTheConnectionRequestFooterNamesItsKind(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, &mailbox{}, nil, nil)
		priya := e.user("Priya Sharma", "priya@example.com", true)
		rahul := e.user("Rahul Verma", "rahul@example.com", true)
		err := e.db.WithTx(context.Background(), func(tx *sql.Tx) error {
			var id int64
			if err := tx.QueryRowContext(context.Background(), `INSERT INTO connections (requester_id, receiver_id, user_low, user_high, message, status, created_at, updated_at)
				VALUES ($1, $2, $3, $4, 'Hello', 'pending', $5, $5) RETURNING id`, rahul, priya, min(rahul, priya), max(rahul, priya), e.now).Scan(&id); err != nil {
				return err
			}
			return notifications.Add(context.Background(), tx, e.now, notifications.Item{UserID: priya, Kind: settings.Updates, Type: notifications.ItemConnectionRequest, RefID: id})
		})
		if err != nil {
			t.Fatal(err)
		}
		e.run()
		got := e.mail.sent()
		if len(got) != 1 {
			t.Fatalf("%d emails; want the request's", len(got))
		}
		const footer = "You get emails about connection requests and their answers, and clients' interest in listings you share because Property Updates by email is on in your settings."
		if !strings.Contains(got[0].Text, footer) || !strings.Contains(got[0].HTML, html.EscapeString(footer)) {
			t.Errorf("the footer does not name connection requests:\n%s", got[0].Text)
		}
	})
}

// interest stores a share link of agent's with note, sharing a listing of
// theirs, a client's interest in it, and its notice, in one transaction as
// sharelinks.Service.Interest does; it returns the listing.
func (e *env) interest(agent int64, title, locality string, price float64, note string) int64 {
	e.t.Helper()
	ctx := context.Background()
	var prop int64
	err := e.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		if prop, err = store.InsertID(ctx, tx, "properties",
			[]string{"agent_id", "title", "property_type", "listing_purpose", "price", "locality", "city", "state", "created_at", "updated_at"},
			[]any{agent, title, "apartment", "for_sale", price, locality, "Pune", "Maharashtra", e.now, e.now}); err != nil {
			return err
		}
		e.n++
		link, err := store.InsertID(ctx, tx, "share_links", []string{"user_id", "token_hash", "note", "expires_at", "created_at"},
			[]any{agent, fmt.Sprintf("hash-%d", e.n), note, e.now.Add(7 * 24 * time.Hour), e.now})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO share_link_items (link_id, property_id, position) VALUES ($1, $2, 0)`, link, prop); err != nil {
			return err
		}
		id, err := store.InsertID(ctx, tx, "share_link_interest", []string{"link_id", "property_id", "client_key", "created_at"},
			[]any{link, prop, "client", e.now})
		if err != nil {
			return err
		}
		return notifications.Add(ctx, tx, e.now, notifications.Item{UserID: agent, Kind: settings.Updates, Type: notifications.ItemShareInterest, RefID: id})
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return prop
}

func TestShareLinkInterestIsAPropertyUpdate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		wa, waSent := waServer(t)
		e := newEnv(t, db, &mailbox{}, wa, map[settings.Kind]string{settings.Updates: "propmatch_update"})
		priya := e.user("Priya Sharma", "priya@example.com", true)
		e.save(priya, func(s *settings.Settings) { s.Notifications.Updates.WhatsApp = true })

		e.interest(priya, "3 BHK with a garden", "Baner", 12500000, "The ones near the school")
		e.run()
		got := e.mail.sent()
		if len(got) != 1 {
			t.Fatalf("%d emails; want the interest's", len(got))
		}
		if got[0].Subject != "A client is interested in 3 BHK with a garden, Baner on PropMatch" {
			t.Errorf("subject = %q", got[0].Subject)
		}
		for _, want := range []string{"3 BHK with a garden, Baner", "₹1.25 Cr", "Your note on the link: The ones near the school",
			"https://pm.example/share-links", "clients' interest in listings you share"} {
			if !strings.Contains(got[0].Text, want) || !strings.Contains(got[0].HTML, html.EscapeString(want)) {
				t.Errorf("the email lacks %q:\n%s", want, got[0].Text)
			}
		}
		sent := waSent()
		if len(sent) != 1 {
			t.Fatalf("%d WhatsApp messages; want the Property Updates template", len(sent))
		}
		if raw, _ := json.Marshal(sent[0]); !strings.Contains(string(raw), "propmatch_update") || !strings.Contains(string(raw), "3 BHK with a garden, Baner") ||
			!strings.Contains(string(raw), "https://pm.example/share-links") {
			t.Errorf("WhatsApp request %s; want the template naming the listing and the link", raw)
		}

		// Two at once make one digest; a listing deleted before it goes is left out.
		e.advance(time.Minute)
		e.interest(priya, "2 BHK in Wakad", "Wakad", 7500000, "")
		e.interest(priya, "Villa in Hinjewadi", "Hinjewadi", 30000000, "")
		gone := e.interest(priya, "Plot in Pashan", "Pashan", 5000000, "")
		if _, err := db.Exec(`DELETE FROM properties WHERE id = $1`, gone); err != nil {
			t.Fatal(err)
		}
		e.run()
		got = e.mail.sent()
		if len(got) != 2 || got[1].Subject != "Clients are interested in 2 listings you shared on PropMatch" ||
			!strings.Contains(got[1].Text, "2 BHK in Wakad, Wakad") || !strings.Contains(got[1].Text, "Villa in Hinjewadi, Hinjewadi") ||
			strings.Contains(got[1].Text, "Pashan") {
			t.Fatalf("after three interests, one listing deleted: %d emails, last %q:\n%s", len(got), got[len(got)-1].Subject, got[len(got)-1].Text)
		}

		// Property Updates off: nothing is recorded or sent.
		e.save(priya, func(s *settings.Settings) { s.Notifications.Updates.On = false })
		e.advance(time.Minute)
		e.interest(priya, "Shop in Aundh", "Aundh", 9000000, "")
		e.run()
		if got := e.mail.sent(); len(got) != 2 {
			t.Errorf("%d emails with Property Updates off; want still 2", len(got))
		}
		var items int
		if err := db.QueryRow(`SELECT COUNT(*) FROM notify_items`).Scan(&items); err != nil || items != 0 {
			t.Errorf("%d notice items left (%v); want none", items, err)
		}
	})
}
