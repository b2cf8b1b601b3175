package auth

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/outbound"
)

// fakeOTP remembers the last code sent to each phone.
type fakeOTP struct {
	mu    sync.Mutex
	codes map[string]string
	fail  error
}

func (f *fakeOTP) SendOTP(_ context.Context, phone, code string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return f.fail
	}
	f.codes[phone] = code
	return nil
}

func (f *fakeOTP) last(phone string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.codes[phone]
}

// fakeMail remembers every email.
type fakeMail struct {
	mu   sync.Mutex
	sent []outbound.Email
}

func (f *fakeMail) SendEmail(_ context.Context, m outbound.Email) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, m)
	return nil
}

func (f *fakeMail) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.sent)
}

// env is one service on a fresh database with a clock the test moves.
type env struct {
	t    *testing.T
	ctx  context.Context
	db   *store.DB
	svc  *Service
	otp  *fakeOTP
	mail *fakeMail
	now  time.Time
	cli  Client
}

var testArgon = Argon2Params{Memory: 1024, Time: 1, Threads: 1}

func newEnv(t *testing.T, db *store.DB, tweak ...func(*Config)) *env {
	e := &env{t: t, ctx: context.Background(), db: db, otp: &fakeOTP{codes: map[string]string{}}, mail: &fakeMail{},
		now: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC), cli: Client{IP: "203.0.113.7", URL: "/api/test"}}
	db.Now = func() time.Time { return e.now }
	cfg := DefaultConfig()
	cfg.Argon = testArgon
	for _, f := range tweak {
		f(&cfg)
	}
	e.svc = New(db, cfg, e.otp, e.mail, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return e
}

// each runs fn on every engine with a fresh env.
func each(t *testing.T, fn func(t *testing.T, e *env), tweak ...func(*Config)) {
	storetest.Run(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db, tweak...)) })
}

func (e *env) advance(d time.Duration) { e.now = e.now.Add(d) }

// verifiedPhone sends and verifies a code for phone.
func (e *env) verifiedPhone(phone string) string {
	e.t.Helper()
	sent, err := e.svc.SendOTP(e.ctx, phone, e.cli)
	if err != nil {
		e.t.Fatalf("send otp: %v", err)
	}
	if _, err := e.svc.VerifyOTP(e.ctx, phone, e.otp.last(sent.Phone)); err != nil {
		e.t.Fatalf("verify otp: %v", err)
	}
	return sent.Phone
}

func validRegistration(username, phone string) Registration {
	return Registration{Username: username, Password: "correct-horse-battery", Email: username + "@example.in", Phone: phone,
		FullName: "Test " + username, AgentType: "buyer", State: "Telangana", City: "Hyderabad"}
}

// register makes a verified account.
func (e *env) register(username, phone string) (User, Session) {
	e.t.Helper()
	e.verifiedPhone(phone)
	u, s, err := e.svc.Register(e.ctx, validRegistration(username, phone), e.cli)
	if err != nil {
		e.t.Fatalf("register: %v", err)
	}
	return u, s
}

func wantCode(t *testing.T, err error, want apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != want {
		t.Fatalf("got error %v (code %q), want code %q", err, got, want)
	}
}

func wantField(t *testing.T, err error, path string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want a field error at %q", err, path)
	}
	for _, f := range e.Fields {
		if f.Path == path {
			return
		}
	}
	t.Fatalf("got fields %+v, want one at %q", e.Fields, path)
}
