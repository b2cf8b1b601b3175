package webhooks_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/webhooks"
)

// resolver answers from a table, and counts nothing else: a test's DNS.
type resolver struct {
	mu sync.Mutex
	m  map[string][]netip.Addr
}

func (r *resolver) set(host string, ips ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.m == nil {
		r.m = map[string][]netip.Addr{}
	}
	r.m[host] = nil
	for _, ip := range ips {
		r.m[host] = append(r.m[host], netip.MustParseAddr(ip))
	}
}

func (r *resolver) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ips, ok := r.m[host]; ok {
		return ips, nil
	}
	return nil, fmt.Errorf("no such host %s", host)
}

type mailbox struct {
	mu  sync.Mutex
	got []outbound.Email
}

func (m *mailbox) SendEmail(_ context.Context, e outbound.Email) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.got = append(m.got, e)
	return nil
}

func (m *mailbox) sent() []outbound.Email {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]outbound.Email(nil), m.got...)
}

type access struct{ ok atomic.Bool }

func (a *access) APIAccess(context.Context, int64) (bool, error) { return a.ok.Load(), nil }

type env struct {
	t    *testing.T
	db   *store.DB
	q    *jobs.Queue
	svc  *webhooks.Service
	mail *mailbox
	dns  *resolver
	mu   sync.Mutex
	now  time.Time
	n    int
}

func newEnv(t *testing.T, db *store.DB, cfg webhooks.Config) *env {
	e := &env{t: t, db: db, now: time.Now().UTC(), mail: &mailbox{}, dns: &resolver{}}
	db.Now = func() time.Time { e.mu.Lock(); defer e.mu.Unlock(); return e.now }
	e.q = jobs.NewQueue(db, jobs.Config{})
	cfg.Resolver = e.dns
	cfg.Secret = []byte(strings.Repeat("k", 32))
	cfg.BaseURL = "https://pm.example"
	e.svc = webhooks.NewService(db, e.mail, cfg, nil)
	e.q.Add(e.svc.Jobs()...)
	return e
}

func (e *env) advance(d time.Duration) { e.mu.Lock(); e.now = e.now.Add(d); e.mu.Unlock() }

func (e *env) run() {
	e.t.Helper()
	if err := e.q.RunPending(context.Background()); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) user(email string) int64 {
	e.t.Helper()
	e.n++
	var id int64
	now := e.db.Time()
	err := e.db.WithTx(context.Background(), func(tx *sql.Tx) error {
		var err error
		id, err = store.InsertID(context.Background(), tx, "users",
			[]string{"username", "password_hash", "full_name", "email", "phone", "is_phone_verified", "created_at", "updated_at", "email_verified_at"},
			[]any{fmt.Sprintf("agent%d", e.n), "x", fmt.Sprintf("Agent %d", e.n), email, fmt.Sprintf("+9198765%05d", e.n), true, now, now, now})
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return id
}

func (e *env) emit(userID int64, event string, data any) {
	e.t.Helper()
	err := e.db.WithTx(context.Background(), func(tx *sql.Tx) error {
		return webhooks.Emit(context.Background(), tx, e.db.Time(), userID, event, data)
	})
	if err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) deliveries(userID, id int64) []webhooks.Delivery {
	e.t.Helper()
	out, err := e.svc.Deliveries(context.Background(), userID, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}

// hit is one request a receiver got.
type hit struct {
	header http.Header
	body   []byte
}

// receiver is an endpoint answering status, recording what it gets.
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	hits   []hit
	status atomic.Int32
}

func newReceiver(t *testing.T, status int) *receiver {
	r := &receiver{}
	r.status.Store(int32(status))
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.hits = append(r.hits, hit{req.Header.Clone(), b})
		r.mu.Unlock()
		w.WriteHeader(int(r.status.Load()))
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) got() []hit {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]hit(nil), r.hits...)
}

func TestSignedDeliveryVerifiesWithTheReferenceLibrary(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{Dev: true})
		rcv := newReceiver(t, 200)
		agent := e.user("a@example.com")
		created, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: rcv.URL + "/hook", Events: []string{webhooks.MessageReceived}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(created.Secret, "whsec_") || len(created.Secret) < len("whsec_")+32 {
			t.Fatalf("secret %q is not whsec_ and base64 of 24+ bytes", created.Secret)
		}
		list, _ := e.svc.List(context.Background(), agent)
		if b, _ := json.Marshal(list); strings.Contains(string(b), strings.TrimPrefix(created.Secret, "whsec_")) {
			t.Fatal("the list shows the secret")
		}
		var stored string
		if err := db.QueryRowContext(context.Background(), `SELECT secret FROM webhook_endpoints WHERE id = $1`, created.ID).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(stored, strings.TrimPrefix(created.Secret, "whsec_")) {
			t.Fatal("the secret is stored in the clear")
		}
		e.emit(agent, webhooks.MessageReceived, map[string]any{"messageId": 7})
		e.emit(agent, webhooks.ConnectionRequested, map[string]any{"connectionId": 1}) // not chosen: not sent
		e.run()
		hits := rcv.got()
		if len(hits) != 1 {
			t.Fatalf("receiver got %d requests, want 1", len(hits))
		}
		wh, err := standardwebhooks.NewWebhook(created.Secret)
		if err != nil {
			t.Fatal(err)
		}
		if err := wh.Verify(hits[0].body, hits[0].header); err != nil {
			t.Fatalf("the reference library refuses the signature: %v", err)
		}
		tampered := append([]byte(nil), hits[0].body...)
		tampered[len(tampered)-2] ^= 1
		if wh.Verify(tampered, hits[0].header) == nil {
			t.Fatal("a changed body verified")
		}
		other, _ := standardwebhooks.NewWebhook("whsec_" + strings.Repeat("A", 43) + "=")
		if other.Verify(hits[0].body, hits[0].header) == nil {
			t.Fatal("another secret verified")
		}
		if id := hits[0].header.Get("webhook-id"); !strings.HasPrefix(id, "msg_") {
			t.Fatalf("webhook-id %q", id)
		}
		var body struct {
			Type      string         `json:"type"`
			Timestamp time.Time      `json:"timestamp"`
			Data      map[string]any `json:"data"`
		}
		if err := json.Unmarshal(hits[0].body, &body); err != nil || body.Type != webhooks.MessageReceived || body.Data["messageId"] != float64(7) || body.Timestamp.IsZero() {
			t.Fatalf("body %s (%v)", hits[0].body, err)
		}
		ds := e.deliveries(agent, created.ID)
		if len(ds) != 1 || ds[0].State != "succeeded" || ds[0].StatusCode == nil || *ds[0].StatusCode != 200 || ds[0].LatencyMs == nil || ds[0].DeliveredAt == nil {
			t.Fatalf("deliveries %+v", ds)
		}
	})
}

func TestFailuresRetryWithBackoffThenTurnTheEndpointOffAndEmail(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{Dev: true})
		rcv := newReceiver(t, 500)
		agent := e.user("agent@example.com")
		created, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: rcv.URL, Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		e.emit(agent, webhooks.MatchCreated, map[string]any{"matchId": 1})
		e.run()
		if n := len(rcv.got()); n != 1 {
			t.Fatalf("first attempt: %d requests", n)
		}
		for i, wait := range webhooks.DefaultSchedule {
			// Not before its time...
			e.advance(wait - time.Second)
			e.run()
			if n := len(rcv.got()); n != i+1 {
				t.Fatalf("attempt %d went early: %d requests", i+2, n)
			}
			// ...and then.
			e.advance(time.Second)
			e.run()
			if n := len(rcv.got()); n != i+2 {
				t.Fatalf("attempt %d after %v: %d requests", i+2, wait, n)
			}
		}
		hits := rcv.got()
		wh, _ := standardwebhooks.NewWebhook(created.Secret)
		for i, h := range hits {
			if h.header.Get("webhook-id") != hits[0].header.Get("webhook-id") {
				t.Fatalf("attempt %d has another message id", i+1)
			}
			if err := wh.VerifyIgnoringTimestamp(h.body, h.header); err != nil {
				t.Fatalf("attempt %d: %v", i+1, err)
			}
		}
		list, _ := e.svc.List(context.Background(), agent)
		if len(list) != 1 || list[0].Enabled || !strings.Contains(list[0].DisabledReason, "8 failed attempts") || list[0].ConsecutiveFailures != 8 {
			t.Fatalf("endpoint after 8 failures: %+v", list)
		}
		mails := e.mail.sent()
		if len(mails) != 1 || mails[0].To != "agent@example.com" || !strings.Contains(mails[0].Subject, "turned off") {
			t.Fatalf("emails %+v", mails)
		}
		ds := e.deliveries(agent, created.ID)
		if len(ds) != 8 || ds[0].Attempt != 8 || ds[0].State != "failed" || *ds[0].StatusCode != 500 {
			t.Fatalf("log %+v", ds)
		}
		// Off: a new event sends nothing, and a day later nothing more.
		e.emit(agent, webhooks.MatchCreated, map[string]any{"matchId": 2})
		e.advance(48 * time.Hour)
		e.run()
		if n := len(rcv.got()); n != 8 {
			t.Fatalf("an off endpoint got requests: %d", n)
		}
		// On again: failures are cleared and events flow.
		on := true
		if _, err := e.svc.Update(context.Background(), agent, created.ID, webhooks.Patch{Enabled: &on}); err != nil {
			t.Fatal(err)
		}
		rcv.status.Store(204)
		e.emit(agent, webhooks.MatchCreated, map[string]any{"matchId": 3})
		e.run()
		list, _ = e.svc.List(context.Background(), agent)
		if n := len(rcv.got()); n != 9 || !list[0].Enabled || list[0].ConsecutiveFailures != 0 {
			t.Fatalf("after turning on: %d requests, %+v", n, list[0])
		}
	})
}

func TestEndpointsAtPrivateAddressesAreRefusedInProduction(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{})
		e.dns.set("loopback.example", "127.0.0.1")
		e.dns.set("private.example", "10.0.0.1")
		e.dns.set("metadata.example", "169.254.169.254")
		e.dns.set("mixed.example", "93.184.216.34", "192.168.1.1")
		e.dns.set("cgnat.example", "100.64.0.1")
		e.dns.set("ula.example", "fd00::1")
		e.dns.set("public.example", "93.184.216.34")
		agent := e.user("a@example.com")
		for _, u := range []string{
			"https://127.0.0.1/hook", "https://10.0.0.1/hook", "https://169.254.169.254/latest/meta-data",
			"https://loopback.example/hook", "https://private.example/hook", "https://metadata.example/hook",
			"https://mixed.example/hook", "https://cgnat.example/", "https://ula.example/", "https://[::1]/", "https://[fe80::1]/",
			"https://0.0.0.0/", "https://[::ffff:10.0.0.1]/", "https://224.0.0.1/",
			"http://public.example/hook", "ftp://public.example/", "https://user:pw@public.example/", "https://nowhere.example/", "not a url", "",
		} {
			_, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: u, Events: []string{webhooks.MatchCreated}})
			if apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("%q: got %v, want a field error", u, err)
				continue
			}
			var ae *apperr.Error
			if !asAppErr(err, &ae) || len(ae.Fields) != 1 || ae.Fields[0].Path != "url" {
				t.Errorf("%q: fields %+v", u, ae)
			}
		}
		if _, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: "https://public.example/hook", Events: []string{webhooks.MatchCreated}}); err != nil {
			t.Fatalf("a public https endpoint: %v", err)
		}
		// Development allows loopback, not the private ranges.
		dev := newEnv(t, db, webhooks.Config{Dev: true})
		if _, err := dev.svc.Create(context.Background(), agent, webhooks.Input{URL: "http://127.0.0.1:9/hook", Events: []string{webhooks.MatchCreated}}); err != nil {
			t.Fatalf("loopback in development: %v", err)
		}
		for _, u := range []string{"https://10.0.0.1/", "https://169.254.169.254/", "http://93.184.216.34/"} {
			if _, err := dev.svc.Create(context.Background(), agent, webhooks.Input{URL: u, Events: []string{webhooks.MatchCreated}}); apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("development %q: %v", u, err)
			}
		}
	})
}

func asAppErr(err error, target **apperr.Error) bool {
	ae, ok := err.(*apperr.Error)
	if ok {
		*target = ae
	}
	return ok
}

func TestConnectionTimeCheckDefeatsDNSRebinding(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{})
		rcv := newReceiver(t, 200)
		port := rcv.Listener.Addr().(interface{ String() string }).String()
		port = port[strings.LastIndex(port, ":"):]
		e.dns.set("rebind.example", "93.184.216.34")
		agent := e.user("a@example.com")
		created, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: "https://rebind.example" + port + "/", Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		e.dns.set("rebind.example", "127.0.0.1") // the name now points inside
		e.emit(agent, webhooks.MatchCreated, map[string]any{"matchId": 1})
		e.run()
		if n := len(rcv.got()); n != 0 {
			t.Fatalf("the receiver on loopback got %d requests", n)
		}
		ds := e.deliveries(agent, created.ID)
		if len(ds) < 1 || ds[len(ds)-1].State != "failed" || !strings.Contains(ds[len(ds)-1].Error, "Refused") || ds[len(ds)-1].StatusCode != nil {
			t.Fatalf("log %+v", ds)
		}
	})
}

func TestRedirectsAreNotFollowedAndSlowEndpointsTimeOut(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{Dev: true, Timeout: 300 * time.Millisecond})
		target := newReceiver(t, 200)
		redirect := httptest.NewServer(http.RedirectHandler(target.URL, http.StatusTemporaryRedirect))
		t.Cleanup(redirect.Close)
		release := make(chan struct{})
		slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}))
		t.Cleanup(slow.Close)
		t.Cleanup(func() { close(release) })
		agent := e.user("a@example.com")
		r, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: redirect.URL, Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		s, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: slow.URL, Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		e.emit(agent, webhooks.MatchCreated, map[string]any{"matchId": 1})
		start := time.Now()
		e.run()
		if took := time.Since(start); took > 3*time.Second {
			t.Fatalf("the slow endpoint held the job %v", took)
		}
		if n := len(target.got()); n != 0 {
			t.Fatalf("the redirect was followed: %d requests", n)
		}
		ds := e.deliveries(agent, r.ID)
		if ds[len(ds)-1].State != "failed" || ds[len(ds)-1].StatusCode == nil || *ds[len(ds)-1].StatusCode != 307 {
			t.Fatalf("redirect log %+v", ds)
		}
		ds = e.deliveries(agent, s.ID)
		if ds[len(ds)-1].State != "failed" || !strings.Contains(ds[len(ds)-1].Error, "in time") {
			t.Fatalf("timeout log %+v", ds[len(ds)-1])
		}
	})
}

func TestAtMostFiveEndpointsUnderConcurrentCreates(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{Dev: true})
		agent := e.user("a@example.com")
		var wg sync.WaitGroup
		var ok, conflict, other atomic.Int32
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: fmt.Sprintf("http://127.0.0.1:%d/", 1000+i), Events: []string{webhooks.MatchCreated}})
				switch apperr.CodeOf(err) {
				case "":
					ok.Add(1)
				case apperr.Conflict:
					conflict.Add(1)
				default:
					other.Add(1)
					t.Log(err)
				}
			}()
		}
		wg.Wait()
		var n int
		if err := db.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM webhook_endpoints WHERE user_id = $1`, agent).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if ok.Load() != webhooks.MaxEndpoints || n != webhooks.MaxEndpoints || conflict.Load() != 95 || other.Load() != 0 {
			t.Fatalf("created %d, stored %d, conflicts %d, other %d", ok.Load(), n, conflict.Load(), other.Load())
		}
	})
}

func TestThePlanGatesWebhooks(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{Dev: true})
		gate := &access{}
		e.svc.UseAccess(gate)
		rcv := newReceiver(t, 200)
		agent := e.user("a@example.com")
		_, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: rcv.URL, Events: []string{webhooks.MatchCreated}})
		if apperr.CodeOf(err) != apperr.PlanLimit {
			t.Fatalf("without API access: %v", err)
		}
		gate.ok.Store(true)
		created, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: rcv.URL, Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		gate.ok.Store(false) // the plan ended
		e.emit(agent, webhooks.MatchCreated, map[string]any{"matchId": 1})
		e.run()
		ds := e.deliveries(agent, created.ID)
		if len(rcv.got()) != 0 || len(ds) != 1 || ds[0].State != "skipped" {
			t.Fatalf("while the plan lacks access: %d requests, log %+v", len(rcv.got()), ds)
		}
		if _, err := e.svc.SendTest(context.Background(), agent, created.ID); apperr.CodeOf(err) != apperr.PlanLimit {
			t.Fatalf("test event without access: %v", err)
		}
		gate.ok.Store(true)
		if _, err := e.svc.SendTest(context.Background(), agent, created.ID); err != nil {
			t.Fatal(err)
		}
		e.run()
		hits := rcv.got()
		if len(hits) != 1 || !strings.Contains(string(hits[0].body), `"type":"webhook.test"`) {
			t.Fatalf("test event: %d requests", len(hits))
		}
	})
}

func TestOnlyTheOwnerTouchesAnEndpoint(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{Dev: true})
		owner, other := e.user("a@example.com"), e.user("b@example.com")
		created, err := e.svc.Create(context.Background(), owner, webhooks.Input{URL: "http://127.0.0.1:9/", Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		off := false
		_, err1 := e.svc.Update(context.Background(), other, created.ID, webhooks.Patch{Enabled: &off})
		_, err2 := e.svc.Deliveries(context.Background(), other, created.ID)
		_, err3 := e.svc.SendTest(context.Background(), other, created.ID)
		err4 := e.svc.Delete(context.Background(), other, created.ID)
		for i, err := range []error{err1, err2, err3, err4} {
			if apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("call %d by another agent: %v", i+1, err)
			}
		}
		bad := []string{"match.deleted"}
		if _, err := e.svc.Update(context.Background(), owner, created.ID, webhooks.Patch{Events: &bad}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("unknown event: %v", err)
		}
		if err := e.svc.Delete(context.Background(), owner, created.ID); err != nil {
			t.Fatal(err)
		}
	})
}

func TestTestEventsAreRateLimited(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, webhooks.Config{Dev: true})
		agent, other := e.user("a@example.com"), e.user("b@example.com")
		a, err := e.svc.Create(context.Background(), agent, webhooks.Input{URL: "http://127.0.0.1:9/", Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		b, err := e.svc.Create(context.Background(), other, webhooks.Input{URL: "http://127.0.0.1:9/", Events: []string{webhooks.MatchCreated}})
		if err != nil {
			t.Fatal(err)
		}
		for i := range webhooks.TestBurst {
			if _, err := e.svc.SendTest(context.Background(), agent, a.ID); err != nil {
				t.Fatalf("test %d: %v", i+1, err)
			}
		}
		_, err = e.svc.SendTest(context.Background(), agent, a.ID)
		var ae *apperr.Error
		if !asAppErr(err, &ae) || ae.Code != apperr.TooManyRequests || ae.RetryAfter <= 0 {
			t.Fatalf("test %d: %v", webhooks.TestBurst+1, err)
		}
		if _, err := e.svc.SendTest(context.Background(), other, b.ID); err != nil {
			t.Fatalf("another agent is limited too: %v", err)
		}
	})
}
