package app

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/notify"
)

// Config is everything PropMatch reads from its environment, parsed once.
type Config struct {
	Addr        string
	DatabaseURL string
	Env         string // development or production
	TrustProxy  bool
	LogFormat   string // text or json
	LogLevel    string

	OTPPerIPPerHour       int
	AuthRatePerMinute     int
	AuthBurst             int
	MatchesPerRequirement int
	SessionIdle           time.Duration
	SessionMaxAge         time.Duration

	SMTP     notify.SMTPConfig
	WhatsApp notify.WhatsAppConfig
}

// Dev reports whether PropMatch runs in development mode.
func (c Config) Dev() bool { return c.Env == "development" }

// loadConfig reads the environment through getenv. It returns an error naming
// every variable that is malformed.
func loadConfig(getenv func(string) string) (Config, error) {
	var errs []error
	str := func(key, def string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return def
	}
	num := func(key string, def int) int {
		v := getenv(key)
		if v == "" {
			return def
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			errs = append(errs, fmt.Errorf("%s must be a whole number, got %q", key, v))
		}
		return n
	}
	dur := func(key string, def time.Duration) time.Duration {
		v := getenv(key)
		if v == "" {
			return def
		}
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			errs = append(errs, fmt.Errorf("%s must be a duration such as 168h, got %q", key, v))
		}
		return d
	}
	c := Config{
		Addr:                  str("PROPMATCH_ADDR", "127.0.0.1:8080"),
		DatabaseURL:           str("DATABASE_URL", "sqlite:data/propmatch.db"),
		Env:                   str("PROPMATCH_ENV", "development"),
		TrustProxy:            str("PROPMATCH_TRUST_PROXY", "false") == "true",
		LogFormat:             str("PROPMATCH_LOG_FORMAT", "text"),
		LogLevel:              str("PROPMATCH_LOG_LEVEL", "info"),
		OTPPerIPPerHour:       num("PROPMATCH_OTP_PER_IP_PER_HOUR", 30),
		AuthRatePerMinute:     num("PROPMATCH_AUTH_RATE_PER_MINUTE", 30),
		AuthBurst:             num("PROPMATCH_AUTH_BURST", 20),
		MatchesPerRequirement: num("PROPMATCH_MATCHES_PER_REQUIREMENT", 100),
		SessionIdle:           dur("PROPMATCH_SESSION_IDLE", 7*24*time.Hour),
		SessionMaxAge:         dur("PROPMATCH_SESSION_MAX_AGE", 30*24*time.Hour),
		SMTP: notify.SMTPConfig{
			Host:     str("PROPMATCH_SMTP_HOST", ""),
			Port:     num("PROPMATCH_SMTP_PORT", 0),
			Username: str("PROPMATCH_SMTP_USERNAME", ""),
			Password: getenv("PROPMATCH_SMTP_PASSWORD"),
			From:     str("PROPMATCH_SMTP_FROM", ""),
			TLS:      str("PROPMATCH_SMTP_TLS", "starttls"),
		},
		WhatsApp: notify.WhatsAppConfig{
			BaseURL:       str("PROPMATCH_WHATSAPP_API_URL", ""),
			APIVersion:    str("PROPMATCH_WHATSAPP_API_VERSION", ""),
			PhoneNumberID: str("PROPMATCH_WHATSAPP_PHONE_NUMBER_ID", ""),
			AccessToken:   getenv("PROPMATCH_WHATSAPP_TOKEN"),
			TemplateName:  str("PROPMATCH_WHATSAPP_OTP_TEMPLATE", ""),
			Language:      str("PROPMATCH_WHATSAPP_LANGUAGE", ""),
		},
	}
	if c.Env != "development" && c.Env != "production" {
		errs = append(errs, fmt.Errorf("PROPMATCH_ENV must be development or production, got %q", c.Env))
	}
	if c.AuthRatePerMinute > 0 && c.AuthBurst < 1 {
		errs = append(errs, fmt.Errorf("PROPMATCH_AUTH_BURST must be at least 1 while PROPMATCH_AUTH_RATE_PER_MINUTE is set"))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("PROPMATCH_LOG_FORMAT must be text or json, got %q", c.LogFormat))
	}
	return c, errors.Join(errs...)
}
