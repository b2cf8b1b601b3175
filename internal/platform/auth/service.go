// Package auth holds accounts: registration with a verified phone, sign-in,
// sessions, and password reset. Every rule of docs/product.md's Registration,
// OTP, Passwords, Login, Password reset and Sessions sections lives here.
package auth

import (
	"crypto/rand"
	"io"
	"log/slog"
	"sync"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/security"
)

// Config holds the limits of the account rules. DefaultConfig gives the
// product's values.
type Config struct {
	OTPTTL             time.Duration // a code lives this long
	OTPMaxAttempts     int           // wrong tries before a code is dead
	OTPResendGap       time.Duration // minimum time between two sends to one phone
	OTPPerPhonePerHour int
	// OTPPerIPPerHour counts every send-otp request from one address that
	// gets as far as looking the phone up, sent or not.
	OTPPerIPPerHour int
	// RegisterPerIPPerHour and RegisterPerPhonePerHour count registration
	// attempts that get as far as looking up whether the username, phone or
	// email is taken.
	RegisterPerIPPerHour    int
	RegisterPerPhonePerHour int
	VerifiedPhoneWindow     time.Duration // registration must follow verification within this
	ResetTTL                time.Duration
	ResetMaxAttempts        int
	ResetPerEmailPerHour    int // reset requests per email address, whether or not an account uses it
	SessionIdle             time.Duration
	SessionMaxAge           time.Duration
	// Sign-in throttles, each a growing delay rather than a lock: per
	// (account, source address) pair, per account from sources that never
	// signed in to it, and per source address for accounts it never signed
	// in to.
	LoginPerPair    limits.Backoff
	LoginPerAccount limits.Backoff
	LoginPerIP      limits.Backoff
	// KnownSourceFor is how long an address that signed in to an account is
	// remembered as one of its known sources.
	KnownSourceFor time.Duration
	// LoginNoticeAfter failures on an account email its owner, at most once
	// per LoginNoticeEvery.
	LoginNoticeAfter int
	LoginNoticeEvery time.Duration
	// Secret keys the stored hashes of one-time codes (at least 32 bytes).
	// When empty, New makes a random one: codes then die with the process.
	Secret []byte
	// EchoOTP returns the code in the send-otp answer (development mode only).
	EchoOTP bool
	// Password hashing cost; tests lower it.
	Argon Argon2Params
}

// DefaultConfig returns the limits docs/product.md states (#registration
// through #sessions).
func DefaultConfig() Config {
	return Config{
		OTPTTL:                  10 * time.Minute,
		OTPMaxAttempts:          5,
		OTPResendGap:            30 * time.Second,
		OTPPerPhonePerHour:      5,
		OTPPerIPPerHour:         30,
		RegisterPerIPPerHour:    30,
		RegisterPerPhonePerHour: 10,
		VerifiedPhoneWindow:     30 * time.Minute,
		ResetTTL:                30 * time.Minute,
		ResetMaxAttempts:        5,
		ResetPerEmailPerHour:    5,
		SessionIdle:             7 * 24 * time.Hour,
		SessionMaxAge:           30 * 24 * time.Hour,
		LoginPerPair:            limits.Backoff{Free: 5, Base: time.Second, Max: 15 * time.Minute, Forget: 24 * time.Hour},
		LoginPerAccount:         limits.Backoff{Free: 20, Base: time.Second, Max: time.Minute, Forget: 24 * time.Hour},
		LoginPerIP:              limits.Backoff{Free: 20, Base: time.Second, Max: time.Minute, Forget: time.Hour},
		KnownSourceFor:          30 * 24 * time.Hour,
		LoginNoticeAfter:        10,
		LoginNoticeEvery:        24 * time.Hour,
		Argon:                   DefaultArgon2,
	}
}

// Service runs the account rules against the database and the senders.
type Service struct {
	db     *store.DB
	cfg    Config
	otp    outbound.OTPSender
	mail   outbound.Mailer
	log    *slog.Logger
	random io.Reader
	// codeKey keys the HMAC of stored one-time codes.
	codeKey []byte
	// dummyHash is verified against when no account matches, so that an
	// unknown username takes as long as a wrong password.
	dummyHash func() string
	// jobs runs work after the answer (see later).
	jobs jobQueue
	// events records security events off the request path (UseRecorder);
	// nil records them synchronously.
	events *security.Recorder
}

// UseRecorder makes the service record its security events through r.
func (s *Service) UseRecorder(r *security.Recorder) { s.events = r }

// New returns a Service. otp and mail deliver codes; in development mode they
// are the development outbox.
func New(db *store.DB, cfg Config, otp outbound.OTPSender, mail outbound.Mailer, log *slog.Logger) *Service {
	s := &Service{db: db, cfg: cfg, otp: otp, mail: mail, log: log, random: rand.Reader}
	s.jobs.slots = make(chan struct{}, maxJobs)
	s.codeKey = codeKey(cfg.Secret)
	s.dummyHash = sync.OnceValue(func() string {
		h, _ := hashPassword(rand.Reader, cfg.Argon, "propmatch-dummy-password")
		return h
	})
	return s
}

// Client describes who is calling, for throttles and security events.
type Client struct {
	IP        string
	UserAgent string
	URL       string
}

// Limits returns the service's configuration without its secret, for the
// security dashboard's protection status.
func (s *Service) Limits() Config {
	c := s.cfg
	c.Secret = nil
	return c
}

// CommonPasswordCount is how many commonly used passwords are refused.
func CommonPasswordCount() int { return len(commonPasswords()) }
