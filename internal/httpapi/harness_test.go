package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"propmatch/internal/feature/backups"
	"propmatch/internal/httpapi"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/metrics"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/razorpay"
	"propmatch/internal/platform/security"
	"propmatch/internal/platform/webhooks"
	"propmatch/internal/services"
)

// apiTest is one PropMatch HTTP server on a fresh database, with a browser-like
// client (cookie jar) and every log line captured. Every response a test reads
// through do is checked against docs/openapi.yaml.
type apiTest struct {
	t      *testing.T
	db     *store.DB
	auth   *auth.Service
	outbox *outbound.DBOutbox
	srv    *httptest.Server
	client *http.Client // has a cookie jar, like a browser
	bare   *http.Client // no cookie jar
	logs   *syncBuffer
	clock  *fakeClock
	bus    events.Bus
	// queue runs the background jobs: do drains it after every write unless
	// apiOptions.manualQueue (see drain).
	queue       *jobs.Queue
	manualQueue bool
	// metrics is the server's metrics when apiOptions.metrics, else nil.
	metrics *metrics.Metrics
	// recorder writes security events; do flushes it after every request,
	// so that a test reads the events of the requests it made.
	recorder *security.Recorder
	// fake is the fake payment gateway when apiOptions.payments, else nil.
	fake *razorpay.Fake
}

// apiOptions changes how newAPITest builds the server.
type apiOptions struct {
	production bool               // Dev false, no outbox, no OTP echo
	tls        bool               // httptest.NewTLSServer
	web        fs.FS              // Deps.Web
	authConfig func(*auth.Config) // tweaks the auth limits
	wrap       func(http.Handler) http.Handler
	otp        outbound.OTPSender // replaces the development WhatsApp outbox
	// authRate and authBurst set the per-IP burst limit (off when zero).
	authRate, authBurst int
	// verifyRate and verifyBurst set the public certificate check's
	// per-IP limit (the default when zero).
	verifyRate, verifyBurst int
	// bus carries live events (a fresh in-process hub when nil).
	bus events.Bus
	// heartbeat is the event streams' ping interval (25 s when zero).
	heartbeat time.Duration
	// matchLimit is how many new matches a requirement keeps
	// (matching.DefaultLimit when zero).
	matchLimit int
	// dbTimeout, publicOrigin and maxStreams set the Deps fields of those names.
	dbTimeout    time.Duration
	publicOrigin string
	maxStreams   int
	// quotas limits each agent's writes and daily creations (off when zero).
	quotas httpapi.Quotas
	// manualQueue leaves queued jobs (matching) pending until the test
	// calls drain; by default do drains the queue after every write, so a
	// write's matches are readable when it returns, as before the queue.
	manualQueue bool
	// metrics turns the Prometheus metrics on (Deps.Metrics).
	metrics bool
	// blockCacheFor sets Deps.BlockCacheFor.
	blockCacheFor time.Duration
	// billing turns pay-per-match billing on. Tests run without it unless
	// they are about billing, as PROPMATCH_BILLING=off does: contacts as
	// before billing, no limits, the billing routes absent.
	billing bool
	// trustProxy takes the client address from X-Forwarded-For.
	trustProxy bool
	// mail replaces the development email outbox.
	mail outbound.Mailer
	// payments turns billing on with the fake Razorpay gateway (apiTest.fake),
	// served on its own test server and mounted at /dev/razorpay.
	payments bool
	// resolver resolves webhook endpoint hosts (the system's when nil);
	// hooksProduction checks their addresses as production does.
	resolver        webhooks.Resolver
	hooksProduction bool
}

// testArgon is a cheap argon2id cost so that tests stay fast.
var testArgon = auth.Argon2Params{Memory: 1024, Time: 1, Threads: 1}

// eachEngine runs fn with a fresh server on every engine under test.
func eachEngine(t *testing.T, opts apiOptions, fn func(t *testing.T, a *apiTest)) {
	t.Helper()
	storetest.Run(t, func(t *testing.T, db *store.DB) { fn(t, newAPITest(t, db, opts)) })
}

func newAPITest(t *testing.T, db *store.DB, opts apiOptions) *apiTest {
	t.Helper()
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	clock := &fakeClock{now: time.Now().UTC()}
	db.Now = clock.Now
	cfg := auth.DefaultConfig()
	cfg.Argon = testArgon
	cfg.EchoOTP = !opts.production
	if opts.authConfig != nil {
		opts.authConfig(&cfg)
	}
	outbox := &outbound.DBOutbox{DB: db}
	var otp outbound.OTPSender = &outbound.DevWhatsApp{Store: outbox}
	if opts.otp != nil {
		otp = opts.otp
	}
	var mail outbound.Mailer = &outbound.DevMailer{Store: outbox}
	if opts.mail != nil {
		mail = opts.mail
	}
	bus := opts.bus
	if bus == nil {
		bus = events.NewHub()
	}
	fake, gateway := testGateway(t, opts)
	set := services.New(db, services.Options{Auth: cfg, OTP: otp, Mail: mail,
		MatchLimit: opts.matchLimit, Events: bus, Log: log, Backups: backups.Config{Dir: t.TempDir()},
		Billing: opts.billing || opts.payments, Gateway: gateway, Payments: testPayments,
		Webhooks: webhooks.Config{Dev: !opts.production && !opts.hooksProduction, Resolver: opts.resolver}})
	deps := httpapi.Deps{DB: db, Set: set, Log: log, Web: opts.web, Dev: !opts.production,
		AuthRatePerMinute: opts.authRate, AuthBurst: opts.authBurst, VerifyRatePerMinute: opts.verifyRate, VerifyBurst: opts.verifyBurst, Quotas: opts.quotas, Heartbeat: opts.heartbeat,
		DBTimeout: opts.dbTimeout, PublicOrigin: opts.publicOrigin, MaxStreamsPerUser: opts.maxStreams}
	if !opts.production {
		deps.Outbox = outbox
		if fake != nil {
			deps.RazorpayFake = fake
		}
	}
	if opts.metrics {
		deps.Metrics = metrics.New(db, set.Queue, log)
		deps.Metrics.CountSecurityEvents(set.SecurityEvents)
	}
	deps.BlockCacheFor, deps.TrustProxy = opts.blockCacheFor, opts.trustProxy
	t.Cleanup(func() { set.SecurityEvents.Close(context.Background()) })
	h := httpapi.New(deps)
	if opts.wrap != nil {
		h = opts.wrap(h)
	}
	var srv *httptest.Server
	if opts.tls {
		srv = httptest.NewTLSServer(h)
	} else {
		srv = httptest.NewServer(h)
	}
	t.Cleanup(srv.Close)
	if fake != nil {
		fake.WebhookURL = srv.URL + "/api/billing/webhooks/razorpay"
		fake.HTTPClient = srv.Client()
	}
	// Cleanups run last first: end open event streams, or Close would wait on them.
	t.Cleanup(func() { deps.Events.Close() })
	jar, _ := cookiejar.New(nil)
	client := srv.Client()
	bare := *client
	client.Jar = jar
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	bare.CheckRedirect = client.CheckRedirect
	return &apiTest{t: t, db: db, auth: set.Auth, outbox: outbox, srv: srv, client: client, bare: &bare, logs: logs, clock: clock, bus: deps.Events,
		queue: set.Queue, manualQueue: opts.manualQueue, metrics: deps.Metrics, recorder: set.SecurityEvents, fake: fake}
}

// drain runs every queued job that is due, synchronously.
func (a *apiTest) drain() {
	a.t.Helper()
	if err := a.queue.RunPending(context.Background()); err != nil {
		a.t.Fatalf("drain the job queue: %v", err)
	}
}

// sub returns a copy of a that reports to t, for use inside t.Run.
func (a *apiTest) sub(t *testing.T) *apiTest {
	c := *a
	c.t = t
	return &c
}

// response is what a test reads of an HTTP answer.
type response struct {
	status  int
	header  http.Header
	body    []byte
	cookies []*http.Cookie
}

// json decodes the body into a generic value (object, array, ...).
func (r response) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body is not a JSON object: %v\n%s", err, r.body)
	}
	return m
}

// list decodes the body as a JSON array.
func (r response) list(t *testing.T) []any {
	t.Helper()
	var l []any
	if err := json.Unmarshal(r.body, &l); err != nil {
		t.Fatalf("body is not a JSON array: %v\n%s", err, r.body)
	}
	return l
}

// cookie returns the session cookie the response set, or nil.
func (r response) cookie() *http.Cookie {
	for _, c := range r.cookies {
		if c.Name == httpapi.SessionCookie {
			return c
		}
	}
	return nil
}

// reqOption changes one request.
type reqOption func(*reqSettings)

type reqSettings struct {
	header       http.Header
	token        *string // send this session token and no jar cookies
	undocumented bool    // the route is deliberately not in the document
	invalid      bool    // the request deliberately breaks the document
}

func withHeader(k, v string) reqOption {
	return func(s *reqSettings) { s.header.Set(k, v) }
}

// withToken sends token as the session cookie, bypassing the cookie jar.
func withToken(token string) reqOption {
	return func(s *reqSettings) { s.token = &token }
}

// undocumented marks a request to a route that docs/openapi.yaml rightly does
// not describe (the web app, unknown paths); the test asserts its answer itself.
func undocumented() reqOption {
	return func(s *reqSettings) { s.undocumented = true }
}

// invalid marks a request that deliberately breaks docs/openapi.yaml (a
// missing field, a wrong type, a body too large): it is not checked against
// the document, and its answer must be an error (4xx or 503). A body given as
// an io.Reader (a stream of unknown length) counts as invalid.
func invalid() reqOption {
	return func(s *reqSettings) { s.invalid = true }
}

// do sends a request and returns the answer, failing the test when the
// request or the answer does not match docs/openapi.yaml (a request that
// means to, see invalid, is exempt). body is sent as is when it is a string or
// []byte, as JSON otherwise, and not at all when nil.
func (a *apiTest) do(method, path string, body any, opts ...reqOption) response {
	a.t.Helper()
	set := reqSettings{header: http.Header{}}
	for _, o := range opts {
		o(&set)
	}
	var sent []byte
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		sent = []byte(b)
	case []byte:
		sent = b
	case io.Reader:
		// Sent as a stream, chunked; its content is the test's own to check.
		r, set.invalid = b, true
	default:
		j, err := json.Marshal(b)
		if err != nil {
			a.t.Fatalf("marshal body: %v", err)
		}
		sent = j
	}
	if sent != nil {
		r = bytes.NewReader(sent)
	}
	req, err := http.NewRequest(method, a.srv.URL+path, r)
	if err != nil {
		a.t.Fatalf("new request: %v", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range set.header {
		req.Header[k] = v
	}
	if !set.undocumented && !set.invalid {
		checkRequest(a.t, req, sent)
	}
	client := a.client
	if set.token != nil {
		client = a.bare
		req.AddCookie(&http.Cookie{Name: httpapi.SessionCookie, Value: *set.token})
	}
	resp, err := client.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		a.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	res := response{status: resp.StatusCode, header: resp.Header, body: data, cookies: resp.Cookies()}
	if resp.StatusCode >= 500 && resp.StatusCode != http.StatusServiceUnavailable {
		a.t.Errorf("%s %s answered %d: %s", method, path, resp.StatusCode, data)
	}
	if !set.undocumented {
		checkContract(a.t, req, res)
	}
	checkWords(a.t, req, res)
	if set.invalid && res.status < 400 {
		a.t.Errorf("%s %s was marked invalid() but answered %d: the document, the test or the server is wrong", method, path, res.status)
	}
	if method != http.MethodGet && !a.manualQueue {
		a.drain()
	}
	a.flushEvents()
	return res
}

// flushEvents writes the security events recorded so far.
func (a *apiTest) flushEvents() {
	a.t.Helper()
	if err := a.recorder.Flush(context.Background()); err != nil {
		a.t.Fatalf("flush security events: %v", err)
	}
}

// signUp registers a verified agent through the API and returns its password.
func (a *apiTest) signUp(username, phone, email string) (password string) {
	a.t.Helper()
	password = "Tr1cky-" + username + "-pass"
	sent := a.do("POST", "/api/send-otp", map[string]any{"phone": phone})
	wantStatus(a.t, sent, 200)
	code, _ := sent.json(a.t)["otp"].(string)
	wantStatus(a.t, a.do("POST", "/api/verify-otp", map[string]any{"phone": phone, "otp": code}), 200)
	reg := a.do("POST", "/api/register", registration(username, password, phone, email))
	wantStatus(a.t, reg, 201)
	return password
}

// registration is a valid register body.
func registration(username, password, phone, email string) map[string]any {
	return map[string]any{
		"username": username, "password": password, "phone": phone, "email": email,
		"fullName": "Test " + username, "agentType": "both", "state": "Telangana", "city": "Hyderabad",
	}
}

// newestOutbox returns the newest captured message on channel.
func (a *apiTest) newestOutbox(channel string) map[string]any {
	a.t.Helper()
	a.auth.Drain(context.Background()) // emails are sent after the answer
	res := a.do("GET", "/api/dev/outbox", nil)
	wantStatus(a.t, res, 200)
	for _, m := range res.list(a.t) {
		if msg := m.(map[string]any); msg["channel"] == channel {
			return msg
		}
	}
	a.t.Fatalf("no %s message in the outbox: %s", channel, res.body)
	return nil
}

func wantStatus(t *testing.T, r response, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("status = %d, want %d; body: %s", r.status, want, r.body)
	}
}

// wantError checks an error answer: status, a non-empty message and, when
// paths are given, a field error at each of them.
func wantError(t *testing.T, r response, status int, paths ...string) {
	t.Helper()
	wantStatus(t, r, status)
	if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q, want JSON", ct)
	}
	body := r.json(t)
	if msg, _ := body["message"].(string); msg == "" {
		t.Errorf("error has no message: %s", r.body)
	}
	var got []string
	if list, ok := body["errors"].([]any); ok {
		for _, e := range list {
			fe := e.(map[string]any)
			if m, _ := fe["message"].(string); m == "" {
				t.Errorf("field error without a message: %s", r.body)
			}
			p, _ := fe["path"].(string)
			got = append(got, p)
		}
	}
	for _, p := range paths {
		if !slices.Contains(got, p) {
			t.Errorf("no field error at %q; errors at %q: %s", p, got, r.body)
		}
	}
}

// ---- the contract: docs/openapi.yaml -----------------------------------

type contract struct {
	doc    *openapi3.T
	router routers.Router
}

var loadContract = sync.OnceValues(func() (*contract, error) {
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "..", "..", "docs", "openapi.yaml")
	// HTML pages (the unsubscribe page, the email preview) are strings.
	openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder)
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(path)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		return nil, fmt.Errorf("%s is not a valid OpenAPI document: %w", path, err)
	}
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("router for %s: %w", path, err)
	}
	return &contract{doc: doc, router: router}, nil
})

// findRoute returns the document's operation for req (whose address may be
// absolute) and a copy of req that kin-openapi reads.
func findRoute(c *contract, req *http.Request) (*http.Request, *routers.Route, map[string]string, error) {
	u, _ := url.Parse(req.URL.String())
	u.Scheme, u.Host = "", ""
	r := req.Clone(context.Background())
	r.URL = u
	r.Host = ""
	route, params, err := c.router.FindRoute(r)
	return r, route, params, err
}

// checkRequest fails t when req, with body, is not a request that
// docs/openapi.yaml allows: a client built from the document must be able to
// send what the tests send, so the document cannot require what the server
// does not. Authentication is the server's to check (tests send no cookie on
// purpose), so the security schemes are not.
func checkRequest(t *testing.T, req *http.Request, body []byte) {
	t.Helper()
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	r, route, params, err := findRoute(c, req)
	if err != nil {
		t.Errorf("CONTRACT: %s %s: docs/openapi.yaml does not describe this route: %v", req.Method, req.URL.Path, err)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	in := &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route,
		Options: &openapi3filter.Options{MultiError: true, AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
			RejectWhenRequestBodyNotSpecified: true, SkipSettingDefaults: true}}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		t.Errorf("CONTRACT: the request %s %s is not one docs/openapi.yaml allows (mark it invalid() if it means to be): %v\nbody: %s", req.Method, req.URL.Path, err, body)
	}
}

// checkContract fails t when res, the answer to req, is not what
// docs/openapi.yaml says: an undescribed route, an undocumented status
// , a wrong content type, body or header.
func checkContract(t *testing.T, req *http.Request, res response) {
	t.Helper()
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	r, route, params, err := findRoute(c, req)
	if err != nil {
		t.Errorf("CONTRACT: %s %s answered %d but docs/openapi.yaml does not describe this route: %v", req.Method, req.URL.Path, res.status, err)
		return
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: r, PathParams: params, Route: route},
		Status:                 res.status,
		Header:                 res.header,
		Body:                   io.NopCloser(bytes.NewReader(res.body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	err = openapi3filter.ValidateResponse(context.Background(), in)
	if err == nil {
		return
	}
	t.Errorf("CONTRACT: %s %s answered %d, which docs/openapi.yaml does not allow: %v\nbody: %s", req.Method, req.URL.Path, res.status, err, res.body)
}

// jsonName is a field's name as JSON spells it (websiteUrl, displayOrder).
var jsonName = regexp.MustCompile(`\b[a-z]+[A-Z][A-Za-z]*\b`)

// checkWords fails t when an error answer names a field as JSON spells it
// ("websiteUrl must be…"): a person reads these messages (issue 25).
func checkWords(t *testing.T, req *http.Request, res response) {
	t.Helper()
	if res.status < 400 || res.status >= 500 || !strings.HasPrefix(res.header.Get("Content-Type"), "application/json") {
		return
	}
	var body struct {
		Message string `json:"message"`
		Errors  []struct {
			Message string `json:"message"`
		} `json:"errors"`
	}
	if json.Unmarshal(res.body, &body) != nil {
		return
	}
	for _, m := range append([]string{body.Message}, func() (out []string) {
		for _, e := range body.Errors {
			out = append(out, e.Message)
		}
		return out
	}()...) {
		if w := jsonName.FindString(m); w != "" {
			t.Errorf("%s %s: the message %q names the field %q as JSON spells it", req.Method, req.URL.Path, m, w)
		}
	}
}

// ---- small helpers -----------------------------------------------------

// syncBuffer is a bytes.Buffer that the server's goroutines can share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// fakeClock is the database clock; tests move it forward.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
