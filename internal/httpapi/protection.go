package httpapi

import (
	"net/http"
	"time"

	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/security"
)

// protection is the Protection Status tab: the settings this server runs
// with, read from its configuration and constants, never copied.
type protection struct {
	ProductionMode bool           `json:"productionMode"`
	TrustProxy     bool           `json:"trustProxy"`
	HTTPS          bool           `json:"https"`
	PublicOrigin   string         `json:"publicOrigin"`
	Cookie         cookieFlags    `json:"cookie"`
	Headers        []headerValue  `json:"headers"`
	RateLimits     []rateLimit    `json:"rateLimits"`
	Passwords      passwordRules  `json:"passwords"`
	OTP            codeRules      `json:"otp"`
	ResetCode      codeRules      `json:"resetCode"`
	Sessions       sessionRules   `json:"sessions"`
	Blocking       blockingFacts  `json:"blocking"`
	Events         eventRecording `json:"events"`
}

type cookieFlags struct {
	Name     string `json:"name"`
	HTTPOnly bool   `json:"httpOnly"`
	SameSite string `json:"sameSite"`
	// Secure is whether this request's cookie is Secure; SecureAlways
	// whether every one is (production mode).
	Secure       bool `json:"secure"`
	SecureAlways bool `json:"secureAlways"`
}

type headerValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type rateLimit struct {
	Name   string `json:"name"`
	Limit  string `json:"limit"`
	Scope  string `json:"scope"`
	Active bool   `json:"active"`
}

type passwordRules struct {
	MinLength       int    `json:"minLength"`
	MaxLength       int    `json:"maxLength"`
	CommonRefused   int    `json:"commonRefused"`
	Hashing         string `json:"hashing"`
	SignInThrottles string `json:"signInThrottles"`
}

type codeRules struct {
	Digits        int `json:"digits"`
	ValidMinutes  int `json:"validMinutes"`
	MaxAttempts   int `json:"maxAttempts"`
	PerHourLimit  int `json:"perHourLimit"`
	ResendSeconds int `json:"resendSeconds,omitempty"`
	PerIPPerHour  int `json:"perIpPerHour,omitempty"`
}

type sessionRules struct {
	IdleDays   int `json:"idleDays"`
	MaxAgeDays int `json:"maxAgeDays"`
}

type blockingFacts struct {
	CacheSeconds int `json:"cacheSeconds"`
	MaxDays      int `json:"maxDays"`
}

type eventRecording struct {
	KeepDays int    `json:"keepDays"`
	Written  uint64 `json:"written"`
	Dropped  uint64 `json:"dropped"`
	Capped   uint64 `json:"capped"`
	// PerAddressPerHour is how many rows one address may start an hour.
	PerAddressPerHour int `json:"perAddressPerHour"`
}

// headerNames are the security headers the tab shows, as securityHeaders
// sets them.
var headerNames = []string{"Content-Security-Policy", "Strict-Transport-Security", "X-Content-Type-Options",
	"X-Frame-Options", "Referrer-Policy", "Permissions-Policy"}

// headerSink is a ResponseWriter that keeps only the headers.
type headerSink struct{ h http.Header }

func (w headerSink) Header() http.Header       { return w.h }
func (headerSink) Write(b []byte) (int, error) { return len(b), nil }
func (headerSink) WriteHeader(int)             {}

func (s *server) securityProtection(w http.ResponseWriter, r *http.Request, _ auth.User) {
	// The headers are those securityHeaders sets on this very request.
	sink := headerSink{http.Header{}}
	s.securityHeaders(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).ServeHTTP(sink, r)
	var headers []headerValue
	for _, n := range headerNames {
		v := sink.h.Get(n)
		if v == "" {
			v = "not sent on this request"
		}
		headers = append(headers, headerValue{n, v})
	}
	c := s.Auth.Limits()
	out := protection{
		ProductionMode: !s.Dev, TrustProxy: s.TrustProxy, HTTPS: s.isHTTPS(r), PublicOrigin: s.PublicOrigin,
		Cookie:  cookieFlags{Name: SessionCookie, HTTPOnly: true, SameSite: "Lax", Secure: s.secureCookies(r), SecureAlways: !s.Dev},
		Headers: headers,
		RateLimits: []rateLimit{
			{"Account requests (sign-in, codes, registration)", perMinute(s.AuthRatePerMinute, s.AuthBurst), "per IP, per instance", s.AuthRatePerMinute > 0},
			{"Writes", perMinute(s.Quotas.WritesPerMinute, s.Quotas.WriteBurst), "per agent, per instance", s.Quotas.WritesPerMinute > 0},
			{"New listings and requirements", itoa(s.Quotas.CreationsPerDay) + " a day", "per agent, all instances", s.Quotas.CreationsPerDay > 0},
			{"Phone codes sent", itoa(c.OTPPerPhonePerHour) + " an hour", "per phone, all instances", true},
			{"Phone codes sent", itoa(c.OTPPerIPPerHour) + " an hour", "per IP, all instances", c.OTPPerIPPerHour > 0},
			{"Registrations", itoa(c.RegisterPerIPPerHour) + " an hour", "per IP, all instances", c.RegisterPerIPPerHour > 0},
			{"Password-reset codes", itoa(c.ResetPerEmailPerHour) + " an hour", "per email, all instances", true},
		},
		Passwords: passwordRules{MinLength: auth.MinPasswordLength, MaxLength: auth.MaxPasswordLength,
			CommonRefused: auth.CommonPasswordCount(), Hashing: "argon2id",
			SignInThrottles: backoffText(c.LoginPerPair) + " per account and address"},
		OTP: codeRules{Digits: 6, ValidMinutes: minutes(c.OTPTTL), MaxAttempts: c.OTPMaxAttempts, PerHourLimit: c.OTPPerPhonePerHour,
			ResendSeconds: int(c.OTPResendGap / time.Second), PerIPPerHour: c.OTPPerIPPerHour},
		ResetCode: codeRules{Digits: 6, ValidMinutes: minutes(c.ResetTTL), MaxAttempts: c.ResetMaxAttempts, PerHourLimit: c.ResetPerEmailPerHour},
		Sessions:  sessionRules{IdleDays: days(c.SessionIdle), MaxAgeDays: days(c.SessionMaxAge)},
		Blocking:  blockingFacts{CacheSeconds: int(s.blocks.Every() / time.Second), MaxDays: security.MaxBlockMinutes / (24 * 60)},
		Events:    eventRecording{KeepDays: days(security.DefaultKeep), PerAddressPerHour: security.DefaultPerAddress},
	}
	if s.SecurityEvents != nil {
		out.Events.Written, out.Events.Dropped = s.SecurityEvents.Written(), s.SecurityEvents.Dropped()
		out.Events.Capped = s.SecurityEvents.Capped()
	}
	writeJSON(w, http.StatusOK, out)
}

func perMinute(n, burst int) string {
	if n <= 0 {
		return "off"
	}
	return itoa(n) + " a minute, bursts of " + itoa(max(burst, 1))
}

func backoffText(b limits.Backoff) string {
	return itoa(b.Free) + " free failures, then delays from " + b.Base.String() + " doubling up to " + b.Max.String()
}

func itoa(n int) string           { return idString(int64(n)) }
func minutes(d time.Duration) int { return int(d / time.Minute) }
func days(d time.Duration) int    { return int(d / (24 * time.Hour)) }
