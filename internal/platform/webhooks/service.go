// Package webhooks sends an agent's own software signed notices of what
// happens to them (issue 23): new matches, messages received, connection
// requests and answers. An agent registers up to MaxEndpoints endpoints; the
// change that causes an event adds a delivery with Emit in its own
// transaction, and a job of the durable queue (internal/kit/jobs) sends it
// outside any transaction, signed as Standard Webhooks specifies
// (https://www.standardwebhooks.com), retried over about a day, after which
// the endpoint is turned off and the agent emailed. Endpoints may only be
// public https addresses, checked when registered and again at every
// connection. See docs/decisions.md, "Signed webhooks (issue 23)".
package webhooks

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strconv"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
)

// The events an endpoint may take.
const (
	MatchCreated        = "match.created"
	MessageReceived     = "message.received"
	ConnectionRequested = "connection.requested"
	ConnectionAnswered  = "connection.answered"
	// Test is the event "Send test event" sends; endpoints do not choose it.
	Test = "webhook.test"
)

// Events are the events an endpoint may choose, in the order forms show them.
var Events = []string{MatchCreated, MessageReceived, ConnectionRequested, ConnectionAnswered}

// MaxEndpoints is how many endpoints one agent may have.
const MaxEndpoints = 5

// LogSize is how many deliveries the log shows (and keeps) per endpoint.
const LogSize = 50

// keepDeliveries is how many attempts an endpoint keeps in the database.
const keepDeliveries = 200

// JobKind is the queue's job kind that makes one delivery attempt.
const JobKind = "webhooks.deliver"

// DefaultSchedule is the wait before each retry of a failed delivery: eight
// attempts over about a day and a half, as Standard Webhooks suggests.
var DefaultSchedule = []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour,
	5 * time.Hour, 10 * time.Hour, 14 * time.Hour}

// Config tunes the Service; zero fields take the defaults.
type Config struct {
	// Dev allows endpoints on this computer (loopback), over http too:
	// development mode only.
	Dev bool
	// Secret is the server secret the endpoints' signing secrets are sealed
	// under (services.New passes the auth secret).
	Secret []byte
	// Resolver resolves endpoint hosts (net.DefaultResolver when nil).
	Resolver Resolver
	// Timeout bounds each delivery: connecting, sending and the answer
	// (default 5 s).
	Timeout time.Duration
	// Schedule is the wait before each retry (DefaultSchedule when nil).
	Schedule []time.Duration
	// BaseURL is where the email's link points (no trailing slash).
	BaseURL string
}

// Waker wakes the job queue so a test event goes at once.
type Waker interface{ Wake() }

// Service manages an agent's endpoints and sends the deliveries.
type Service struct {
	db     *store.DB
	cfg    Config
	mail   outbound.Mailer
	log    *slog.Logger
	access limits.APIAccess
	waker  Waker
	guard  guard
	seal   sealer
	https  *http.Client
	plain  *http.Client // http to loopback, development only
	// tests limits each agent's test events (each is a request to an
	// address of their choosing): TestsPerMinute, in bursts of TestBurst.
	tests *limits.Burst[int64]
}

// TestsPerMinute and TestBurst limit each agent's test events on one instance.
const (
	TestsPerMinute = 6
	TestBurst      = 5
)

// NewService returns the webhooks service on db; mail tells an agent their
// endpoint was turned off.
func NewService(db *store.DB, mail outbound.Mailer, cfg Config, log *slog.Logger) *Service {
	if cfg.Resolver == nil {
		cfg.Resolver = net.DefaultResolver
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Schedule == nil {
		cfg.Schedule = DefaultSchedule
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	g := guard{dev: cfg.Dev, resolver: cfg.Resolver, timeout: cfg.Timeout}
	s := &Service{db: db, cfg: cfg, mail: mail, log: log, guard: g, seal: newSealer(cfg.Secret),
		tests: limits.NewBurst[int64](TestsPerMinute, TestBurst)}
	s.https, s.plain = s.client(false), s.client(true)
	return s
}

// client is the HTTP client of deliveries: no proxy, no redirects followed
// (a 3xx is a failure), connections only to allowed addresses, the whole
// exchange within the timeout, no connection kept.
func (s *Service) client(onlyLoopback bool) *http.Client {
	tr := &http.Transport{
		Proxy:                  nil,
		DialContext:            s.guard.dial(onlyLoopback),
		TLSHandshakeTimeout:    s.cfg.Timeout,
		ResponseHeaderTimeout:  s.cfg.Timeout,
		DisableKeepAlives:      true,
		MaxResponseHeaderBytes: 16 << 10,
	}
	return &http.Client{Transport: tr, Timeout: s.cfg.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// UseAccess makes the plan decide who may use webhooks (billing's plans).
func (s *Service) UseAccess(a limits.APIAccess) { s.access = a }

// UseWaker makes test events wake the queue at once.
func (s *Service) UseWaker(w Waker) { s.waker = w }

// Endpoint is one of an agent's endpoints; its secret is never in it.
type Endpoint struct {
	ID                  int64     `json:"id"`
	URL                 string    `json:"url"`
	Events              []string  `json:"events"`
	Enabled             bool      `json:"enabled"`
	DisabledReason      string    `json:"disabledReason"`
	ConsecutiveFailures int       `json:"consecutiveFailures"`
	CreatedAt           time.Time `json:"createdAt"`
	UpdatedAt           time.Time `json:"updatedAt"`
}

// Created is a new endpoint with its secret, shown this once.
type Created struct {
	Endpoint
	Secret string `json:"secret"`
}

// Delivery is one attempt at delivering one message.
type Delivery struct {
	ID          int64      `json:"id"`
	Event       string     `json:"event"`
	MsgID       string     `json:"msgId"`
	Attempt     int        `json:"attempt"`
	State       string     `json:"state"`
	StatusCode  *int       `json:"statusCode"`
	LatencyMs   *int64     `json:"latencyMs"`
	Error       string     `json:"error"`
	CreatedAt   time.Time  `json:"createdAt"`
	DeliveredAt *time.Time `json:"deliveredAt"`
}

// Input is a new endpoint.
type Input struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// Patch changes an endpoint; absent fields stay.
type Patch struct {
	URL     *string   `json:"url"`
	Events  *[]string `json:"events"`
	Enabled *bool     `json:"enabled"`
}

var (
	errNotFound = apperr.New(apperr.NotFound, "No such webhook endpoint")
	errNoAccess = apperr.New(apperr.PlanLimit, "Webhooks come with API access: choose a plan that includes it on the Billing page")
)

// gate answers 402 plan_limit when userID's plan has no API access.
func (s *Service) gate(ctx context.Context, userID int64) error {
	ok, err := limits.HasAPIAccess(ctx, s.access, userID)
	if err != nil {
		return apperr.Wrap(err, "api access")
	}
	if !ok {
		return errNoAccess
	}
	return nil
}

// checkEvents returns the events in their canonical order, or a message.
func checkEvents(in []string) ([]string, string) {
	if len(in) == 0 {
		return nil, "Choose at least one event"
	}
	out := []string{}
	for _, e := range Events {
		if slices.Contains(in, e) {
			out = append(out, e)
		}
	}
	for _, e := range in {
		if !slices.Contains(Events, e) {
			return nil, "Unknown event " + strconv.Quote(e) + ": choose from match.created, message.received, connection.requested, connection.answered"
		}
	}
	return out, ""
}

const endpointCols = `id, url, events, enabled, disabled_reason, consecutive_failures, created_at, updated_at`

func scanEndpoint(sc interface{ Scan(...any) error }, e *Endpoint) error {
	var events string
	if err := sc.Scan(&e.ID, &e.URL, &events, &e.Enabled, &e.DisabledReason, &e.ConsecutiveFailures,
		store.ScanTime(&e.CreatedAt), store.ScanTime(&e.UpdatedAt)); err != nil {
		return err
	}
	e.Events = store.StringList(events)
	return nil
}

// List returns userID's endpoints, oldest first.
func (s *Service) List(ctx context.Context, userID int64) ([]Endpoint, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+store.Qualify("e", endpointCols)+` FROM webhook_endpoints e WHERE e.user_id = $1 ORDER BY e.id`, userID)
	if err != nil {
		return nil, apperr.Wrap(err, "list webhook endpoints")
	}
	return store.Collect(rows, func(rows *sql.Rows, e *Endpoint) error { return scanEndpoint(rows, e) })
}

func (s *Service) get(ctx context.Context, q store.Querier, userID, id int64) (Endpoint, error) {
	var e Endpoint
	err := scanEndpoint(q.QueryRowContext(ctx, `SELECT `+store.Qualify("e", endpointCols)+` FROM webhook_endpoints e WHERE e.id = $1 AND e.user_id = $2`, id, userID), &e)
	if errors.Is(err, sql.ErrNoRows) {
		return Endpoint{}, errNotFound
	}
	if err != nil {
		return Endpoint{}, apperr.Wrap(err, "get webhook endpoint")
	}
	return e, nil
}

// Create registers an endpoint for userID and returns it with its secret,
// shown this once. The plan must include API access (402 plan_limit); the
// address must be a public https one; an agent has at most MaxEndpoints,
// however many requests race.
func (s *Service) Create(ctx context.Context, userID int64, in Input) (Created, error) {
	if err := s.gate(ctx, userID); err != nil {
		return Created{}, err
	}
	var f apperr.Fields
	events, msg := checkEvents(in.Events)
	if msg != "" {
		f.Add("events", msg)
	}
	u, msg := s.guard.check(ctx, in.URL)
	if msg != "" {
		f.Add("url", msg)
	}
	if err := f.Err(); err != nil {
		return Created{}, err
	}
	secret, err := newSecret(rand.Reader)
	if err != nil {
		return Created{}, apperr.Wrap(err, "webhook secret")
	}
	sealed, err := s.seal.seal(secret)
	if err != nil {
		return Created{}, apperr.Wrap(err, "seal webhook secret")
	}
	ej, _ := json.Marshal(events)
	var out Created
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		// The agent's row is the lock that keeps the count under the limit
		// on PostgreSQL; SQLite runs one write transaction at a time.
		lock := ""
		if s.db.Engine == store.Postgres {
			lock = " FOR UPDATE"
		}
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`+lock, userID).Scan(&one); err != nil {
			return apperr.Wrap(err, "lock agent")
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_endpoints WHERE user_id = $1`, userID).Scan(&n); err != nil {
			return apperr.Wrap(err, "count webhook endpoints")
		}
		if n >= MaxEndpoints {
			return apperr.New(apperr.Conflict, "You have %d webhook endpoints, the most an agent can have: delete one first", MaxEndpoints)
		}
		now := s.db.Time()
		id, err := store.InsertID(ctx, tx, "webhook_endpoints", []string{"user_id", "url", "events", "secret", "enabled", "created_at", "updated_at"},
			[]any{userID, u, string(ej), sealed, true, now, now})
		if err != nil {
			return apperr.Wrap(err, "insert webhook endpoint")
		}
		out.Endpoint, err = s.get(ctx, tx, userID, id)
		return err
	})
	out.Secret = secret
	if err != nil {
		return Created{}, err
	}
	return out, nil
}

// Update changes userID's endpoint id: its address (checked as at
// registration), its events, or whether it is on. Turning it on again
// clears its failures.
func (s *Service) Update(ctx context.Context, userID, id int64, p Patch) (Endpoint, error) {
	var f apperr.Fields
	sets := map[string]any{}
	if p.Events != nil {
		events, msg := checkEvents(*p.Events)
		if msg != "" {
			f.Add("events", msg)
		}
		ej, _ := json.Marshal(events)
		sets["events"] = string(ej)
	}
	if p.URL != nil {
		u, msg := s.guard.check(ctx, *p.URL)
		if msg != "" {
			f.Add("url", msg)
		}
		sets["url"] = u
	}
	if err := f.Err(); err != nil {
		return Endpoint{}, err
	}
	if p.Enabled != nil {
		sets["enabled"] = *p.Enabled
		if *p.Enabled {
			sets["disabled_reason"], sets["consecutive_failures"] = "", 0
		} else {
			sets["disabled_reason"] = "Turned off by you"
		}
	}
	var out Endpoint
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.get(ctx, tx, userID, id); err != nil {
			return err
		}
		if len(sets) > 0 {
			cols := []string{"updated_at"}
			vals := []any{s.db.Time()}
			for _, c := range []string{"url", "events", "enabled", "disabled_reason", "consecutive_failures"} {
				if v, ok := sets[c]; ok {
					cols, vals = append(cols, c), append(vals, v)
				}
			}
			vals = append(vals, id)
			if _, err := tx.ExecContext(ctx, `UPDATE webhook_endpoints SET `+store.SetClause(cols, 1)+` WHERE id = $`+strconv.Itoa(len(vals)), vals...); err != nil {
				return apperr.Wrap(err, "update webhook endpoint")
			}
		}
		var err error
		out, err = s.get(ctx, tx, userID, id)
		return err
	})
	return out, err
}

// Delete removes userID's endpoint id with its log; its queued deliveries
// find it gone and do nothing.
func (s *Service) Delete(ctx context.Context, userID, id int64) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM webhook_endpoints WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return apperr.Wrap(err, "delete webhook endpoint")
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errNotFound
	}
	return nil
}

const deliveryCols = `id, event, msg_id, attempt, state, status_code, latency_ms, error, created_at, delivered_at`

func scanDelivery(sc interface{ Scan(...any) error }, d *Delivery) error {
	var code, latency sql.NullInt64
	var delivered any
	if err := sc.Scan(&d.ID, &d.Event, &d.MsgID, &d.Attempt, &d.State, &code, &latency, &d.Error,
		store.ScanTime(&d.CreatedAt), &delivered); err != nil {
		return err
	}
	if code.Valid {
		c := int(code.Int64)
		d.StatusCode = &c
	}
	if latency.Valid {
		d.LatencyMs = &latency.Int64
	}
	if delivered != nil {
		var at time.Time
		if err := store.ScanTime(&at).Scan(delivered); err != nil {
			return err
		}
		d.DeliveredAt = &at
	}
	return nil
}

// Deliveries returns the last LogSize attempts of userID's endpoint id,
// newest first.
func (s *Service) Deliveries(ctx context.Context, userID, id int64) ([]Delivery, error) {
	if _, err := s.get(ctx, s.db, userID, id); err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+store.Qualify("d", deliveryCols)+` FROM webhook_deliveries d WHERE d.endpoint_id = $1 ORDER BY d.id DESC LIMIT $2`, id, LogSize)
	if err != nil {
		return nil, apperr.Wrap(err, "list webhook deliveries")
	}
	return store.Collect(rows, func(rows *sql.Rows, d *Delivery) error { return scanDelivery(rows, d) })
}

// SendTest queues a webhook.test message to userID's endpoint id, on or
// off, and wakes the queue so it goes at once. It is tried once. An agent
// sends at most TestBurst at once, TestsPerMinute a minute (429 beyond).
func (s *Service) SendTest(ctx context.Context, userID, id int64) (Delivery, error) {
	if err := s.gate(ctx, userID); err != nil {
		return Delivery{}, err
	}
	if wait, _ := s.tests.Take(userID, time.Now()); wait > 0 {
		return Delivery{}, apperr.Throttled(wait, "You sent several test events just now: try again in %s", apperr.Wait(wait))
	}
	var out Delivery
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		e, err := s.get(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		now := s.db.Time()
		did, err := enqueue(ctx, tx, now, e.ID, Test, map[string]any{"endpointId": e.ID, "message": "A test event from PropMatch"})
		if err != nil {
			return err
		}
		return scanDelivery(tx.QueryRowContext(ctx, `SELECT `+store.Qualify("d", deliveryCols)+` FROM webhook_deliveries d WHERE d.id = $1`, did), &out)
	})
	if err == nil && s.waker != nil {
		s.waker.Wake()
	}
	return out, err
}

// body is what a delivery carries, as Standard Webhooks lays it out.
type body struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      any       `json:"data"`
}

// newMsgID returns a fresh message id: msg_ and 26 base32 characters.
func newMsgID() string {
	return "msg_" + rand.Text()
}

// enqueue adds the first attempt of a new message of event to endpoint
// in tx and queues its job.
func enqueue(ctx context.Context, tx *sql.Tx, now time.Time, endpointID int64, event string, data any) (int64, error) {
	payload, err := json.Marshal(body{Type: event, Timestamp: now, Data: data})
	if err != nil {
		return 0, fmt.Errorf("webhooks: payload: %w", err)
	}
	return addAttempt(ctx, tx, now, endpointID, event, newMsgID(), string(payload), 1, 0)
}

// addAttempt adds attempt n of message msgID and queues its job after delay.
func addAttempt(ctx context.Context, tx *sql.Tx, now time.Time, endpointID int64, event, msgID, payload string, n int, delay time.Duration) (int64, error) {
	id, err := store.InsertID(ctx, tx, "webhook_deliveries", []string{"endpoint_id", "event", "msg_id", "payload", "attempt", "state", "created_at"},
		[]any{endpointID, event, msgID, payload, n, "pending", now.Add(delay)})
	if err != nil {
		return 0, fmt.Errorf("webhooks: add delivery: %w", err)
	}
	// Each attempt is its own job: the queue's own retries (MaxAttempts 3)
	// cover a database error, the schedule covers the endpoint's failures.
	if _, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: JobKind, Key: "webhook:" + strconv.FormatInt(id, 10),
		Payload: job{Delivery: id}, MaxAttempts: 3, Delay: delay}); err != nil {
		return 0, fmt.Errorf("webhooks: queue delivery: %w", err)
	}
	return id, nil
}

type job struct {
	Delivery int64 `json:"delivery"`
}

// Emit adds, in tx (the transaction of the change it tells of), a message
// of event about data to each of userID's endpoints that are on and take
// event. It sends nothing itself: the queue does, after tx commits.
func Emit(ctx context.Context, tx *sql.Tx, now time.Time, userID int64, event string, data any) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, events FROM webhook_endpoints WHERE user_id = $1 AND enabled = TRUE ORDER BY id`, userID)
	if err != nil {
		return fmt.Errorf("webhooks: endpoints: %w", err)
	}
	type ep struct {
		id     int64
		events string
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, e *ep) error { return rows.Scan(&e.id, &e.events) })
	if err != nil {
		return fmt.Errorf("webhooks: endpoints: %w", err)
	}
	for _, e := range list {
		if !slices.Contains(store.StringList(e.events), event) {
			continue
		}
		if _, err := enqueue(ctx, tx, now, e.id, event, data); err != nil {
			return err
		}
	}
	return nil
}

// maxMatchEvents bounds the match.created messages one matching transaction
// sends one agent (a new listing can match hundreds of requirements).
const maxMatchEvents = 100

// MatchCreatedData is match.created's data: the new match, and which side
// of it the agent is on.
type MatchCreatedData struct {
	MatchID       int64  `json:"matchId"`
	PropertyID    int64  `json:"propertyId"`
	RequirementID int64  `json:"requirementId"`
	Score         int    `json:"score"`
	Side          string `json:"side"`
}

// MatchesGained emits match.created, in the matching job's transaction tx,
// for each match stored at now to each agent of perAgent (the engine's
// Gained) that has an endpoint on for it.
func MatchesGained(ctx context.Context, tx *sql.Tx, now time.Time, perAgent map[int64]int) error {
	if len(perAgent) == 0 {
		return nil
	}
	ids := make([]any, 0, len(perAgent))
	for id := range perAgent {
		ids = append(ids, id)
	}
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT user_id FROM webhook_endpoints WHERE enabled = TRUE AND user_id IN (`+store.Placeholders(1, len(ids))+`) ORDER BY user_id`, ids...)
	if err != nil {
		return fmt.Errorf("webhooks: agents with endpoints: %w", err)
	}
	agents, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
	if err != nil {
		return fmt.Errorf("webhooks: agents with endpoints: %w", err)
	}
	for _, agent := range agents {
		rows, err := tx.QueryContext(ctx, `SELECT id, property_id, requirement_id, match_score, seller_agent_id FROM matches
			WHERE created_at = $1 AND (seller_agent_id = $2 OR buyer_agent_id = $2) ORDER BY id LIMIT $3`, now, agent, maxMatchEvents)
		if err != nil {
			return fmt.Errorf("webhooks: new matches: %w", err)
		}
		list, err := store.Collect(rows, func(rows *sql.Rows, m *MatchCreatedData) error {
			var seller int64
			if err := rows.Scan(&m.MatchID, &m.PropertyID, &m.RequirementID, &m.Score, &seller); err != nil {
				return err
			}
			m.Side = "buyer"
			if seller == agent {
				m.Side = "seller"
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("webhooks: new matches: %w", err)
		}
		for _, m := range list {
			if err := Emit(ctx, tx, now, agent, MatchCreated, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// MessageReceivedData is message.received's data: the message the agent got.
type MessageReceivedData struct {
	MessageID int64     `json:"messageId"`
	SenderID  int64     `json:"senderId"`
	MatchID   *int64    `json:"matchId"`
	Content   string    `json:"content"`
	CreatedAt time.Time `json:"createdAt"`
}

// ConnectionRequestedData is connection.requested's data: a request the
// agent received.
type ConnectionRequestedData struct {
	ConnectionID int64  `json:"connectionId"`
	RequesterID  int64  `json:"requesterId"`
	Message      string `json:"message"`
}

// ConnectionAnsweredData is connection.answered's data: the answer to a
// request the agent sent ("accepted" or "rejected").
type ConnectionAnsweredData struct {
	ConnectionID int64  `json:"connectionId"`
	ReceiverID   int64  `json:"receiverId"`
	Status       string `json:"status"`
}
