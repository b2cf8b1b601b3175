// Package auth holds accounts: registration with a verified phone, sign-in,
// sessions, and password reset. Every rule under "Accounts and security" in
// product-rules.md lives here.
package auth

import (
	"crypto/rand"
	"io"
	"log/slog"
	"sync"
	"time"

	"propmatch/internal/notify"
	"propmatch/internal/store"
)

// Config holds the limits of the account rules. DefaultConfig gives the
// product's values.
type Config struct {
	OTPTTL               time.Duration // a code lives this long
	OTPMaxAttempts       int           // wrong tries before a code is dead
	OTPResendGap         time.Duration // minimum time between two sends to one phone
	OTPPerPhonePerHour   int
	OTPPerIPPerHour      int
	VerifiedPhoneWindow  time.Duration // registration must follow verification within this
	ResetTTL             time.Duration
	ResetMaxAttempts     int
	ResetPerEmailPerHour int
	SessionIdle          time.Duration
	SessionMaxAge        time.Duration
	LoginWindow          time.Duration // failures are counted over this window
	LoginMaxPerAccount   int
	LoginMaxPerIP        int
	// EchoOTP returns the code in the send-otp answer (development mode only).
	EchoOTP bool
	// Password hashing cost; tests lower it.
	Argon Argon2Params
}

// DefaultConfig returns the limits product-rules.md sets.
func DefaultConfig() Config {
	return Config{
		OTPTTL:               10 * time.Minute,
		OTPMaxAttempts:       5,
		OTPResendGap:         30 * time.Second,
		OTPPerPhonePerHour:   5,
		OTPPerIPPerHour:      30,
		VerifiedPhoneWindow:  30 * time.Minute,
		ResetTTL:             30 * time.Minute,
		ResetMaxAttempts:     5,
		ResetPerEmailPerHour: 5,
		SessionIdle:          7 * 24 * time.Hour,
		SessionMaxAge:        30 * 24 * time.Hour,
		LoginWindow:          15 * time.Minute,
		LoginMaxPerAccount:   5,
		LoginMaxPerIP:        20,
		Argon:                DefaultArgon2,
	}
}

// Service runs the account rules against the database and the senders.
type Service struct {
	db     *store.DB
	cfg    Config
	otp    notify.OTPSender
	mail   notify.Mailer
	log    *slog.Logger
	random io.Reader
	// dummyHash is verified against when no account matches, so that an
	// unknown username takes as long as a wrong password.
	dummyHash func() string
}

// New returns a Service. otp and mail deliver codes; in development mode they
// are the development outbox.
func New(db *store.DB, cfg Config, otp notify.OTPSender, mail notify.Mailer, log *slog.Logger) *Service {
	s := &Service{db: db, cfg: cfg, otp: otp, mail: mail, log: log, random: rand.Reader}
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
