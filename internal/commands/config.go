package commands

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/backups"
	"propmatch/internal/metrics"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/security"
)

// Config is everything PropMatch reads from its environment, parsed once.
type Config struct {
	Addr        string
	DatabaseURL string
	Env         string // development or production
	TrustProxy  bool
	// TrustedProxies are the proxies whose X-Forwarded-For entries are
	// believed with TrustProxy (PROPMATCH_TRUSTED_PROXIES).
	TrustedProxies []netip.Prefix
	LogFormat      string // text or json
	LogLevel       slog.Level

	OTPPerIPPerHour       int
	AuthRatePerMinute     int
	AuthBurst             int
	MatchesPerRequirement int
	WritesPerMinute       int
	WriteBurst            int
	CreationsPerDay       int
	SessionIdle           time.Duration
	SessionMaxAge         time.Duration

	// PublicURL is the origin browsers reach PropMatch at
	// (scheme://host[:port], lower case, no default port); production needs it.
	PublicURL string
	// DBTimeout bounds each request's work; DrainTimeout bounds shutdown.
	DBTimeout    time.Duration
	DrainTimeout time.Duration
	// QueueWorkers is how many background jobs (matching) this instance
	// runs at once; QueueLease is how long a job may run before another
	// worker takes it again (a killed instance's jobs run again after it).
	QueueWorkers int
	QueueLease   time.Duration
	// MatchingDelay holds a write's matching job back, so that a burst of
	// edits of one object is matched once (0: match at once).
	MatchingDelay time.Duration
	// QueueStuckAfter is how long the oldest pending job may wait before
	// /readyz warns that the queue is stuck.
	QueueStuckAfter time.Duration
	// MatchingChunk is how many requirements one transaction of a
	// listing's matching job settles; 0 sizes the transactions by
	// MatchingChunkTime (see matchengine.DefaultChunkTime).
	MatchingChunk int
	// MatchingChunkTime is how long one transaction of a listing's
	// matching job aims to hold the writer when MatchingChunk is 0.
	MatchingChunkTime time.Duration
	// StreamsPerAgent caps one agent's open event streams per instance.
	StreamsPerAgent int
	// MetricsAddr is where GET /metrics (Prometheus) is served, on its own
	// listener, never the public one; empty serves no metrics.
	MetricsAddr string
	// MetricsAuth is the optional bearer token and basic-auth credentials
	// scrapes of /metrics must present.
	MetricsAuth metrics.Auth
	// Secret keys the stored hashes of one-time codes. When it is empty the
	// secret is read from SecretFile (made at first start), by default
	// propmatch.secret next to the SQLite database or in ./data.
	Secret     string
	SecretFile string

	// Backups are the server's scheduled and manual backups: their
	// directory, how many are kept and the schedule.
	Backups backups.Config

	// Billing is pay-per-match billing (PROPMATCH_BILLING, on by default;
	// off runs an agency's private installation without credits, limits
	// or unlocks).
	Billing bool
	// Payments are Razorpay's credentials and the invoices' supplier.
	Payments PaymentsConfig

	SMTP     outbound.SMTPConfig
	WhatsApp outbound.WhatsAppConfig
	// DigestInterval is the least time between two notification emails (or
	// WhatsApp messages) of one kind to one agent.
	DigestInterval time.Duration
	// WhatsAppTemplates are the approved template names of the match,
	// message and update notifications ("" sends none of that kind).
	WhatsAppMatchTemplate, WhatsAppMessageTemplate, WhatsAppUpdateTemplate string
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
		OTPPerIPPerHour:       num("PROPMATCH_OTP_PER_IP_PER_HOUR", 30),
		AuthRatePerMinute:     num("PROPMATCH_AUTH_RATE_PER_MINUTE", 30),
		AuthBurst:             num("PROPMATCH_AUTH_BURST", 20),
		MatchesPerRequirement: num("PROPMATCH_MATCHES_PER_REQUIREMENT", 100),
		WritesPerMinute:       num("PROPMATCH_WRITES_PER_MINUTE", 60),
		WriteBurst:            num("PROPMATCH_WRITE_BURST", 30),
		CreationsPerDay:       num("PROPMATCH_CREATIONS_PER_DAY", 500),
		SessionIdle:           dur("PROPMATCH_SESSION_IDLE", 7*24*time.Hour),
		SessionMaxAge:         dur("PROPMATCH_SESSION_MAX_AGE", 30*24*time.Hour),
		SMTP: outbound.SMTPConfig{
			Host:     str("PROPMATCH_SMTP_HOST", ""),
			Port:     num("PROPMATCH_SMTP_PORT", 0),
			Username: str("PROPMATCH_SMTP_USERNAME", ""),
			Password: getenv("PROPMATCH_SMTP_PASSWORD"),
			From:     str("PROPMATCH_SMTP_FROM", ""),
			TLS:      str("PROPMATCH_SMTP_TLS", "starttls"),
		},
		WhatsApp: outbound.WhatsAppConfig{
			BaseURL:       str("PROPMATCH_WHATSAPP_API_URL", ""),
			APIVersion:    str("PROPMATCH_WHATSAPP_API_VERSION", ""),
			PhoneNumberID: str("PROPMATCH_WHATSAPP_PHONE_NUMBER_ID", ""),
			AccessToken:   getenv("PROPMATCH_WHATSAPP_TOKEN"),
			TemplateName:  str("PROPMATCH_WHATSAPP_OTP_TEMPLATE", ""),
			Language:      str("PROPMATCH_WHATSAPP_LANGUAGE", ""),
		},
	}
	var err error
	if c.TrustedProxies, err = security.ParseTrustedProxies(str("PROPMATCH_TRUSTED_PROXIES", security.DefaultTrustedProxies)); err != nil {
		errs = append(errs, fmt.Errorf("PROPMATCH_TRUSTED_PROXIES must be comma-separated CIDR ranges such as 10.0.0.0/8: %w", err))
	}
	c.DBTimeout = dur("PROPMATCH_DB_TIMEOUT", 5*time.Second)
	c.DrainTimeout = dur("PROPMATCH_DRAIN_TIMEOUT", 20*time.Second)
	c.StreamsPerAgent = num("PROPMATCH_STREAMS_PER_AGENT", 10)
	c.QueueWorkers = num("PROPMATCH_QUEUE_WORKERS", 2)
	c.QueueLease = dur("PROPMATCH_QUEUE_LEASE", time.Minute)
	c.MatchingDelay = dur("PROPMATCH_MATCHING_DELAY", 0)
	c.QueueStuckAfter = dur("PROPMATCH_QUEUE_STUCK_AFTER", 15*time.Minute)
	c.MetricsAddr = str("PROPMATCH_METRICS_ADDR", "")
	if err := checkMetricsAddr(c.MetricsAddr, c.Addr); err != nil {
		errs = append(errs, err)
	}
	c.MetricsAuth = metrics.Auth{Token: strings.TrimSpace(getenv("PROPMATCH_METRICS_TOKEN")),
		Username: str("PROPMATCH_METRICS_USERNAME", ""), Password: getenv("PROPMATCH_METRICS_PASSWORD")}
	if err := checkMetricsAuth(c.MetricsAuth); err != nil {
		errs = append(errs, err)
	}
	c.MatchingChunk = num("PROPMATCH_MATCHING_CHUNK", 0)
	c.MatchingChunkTime = dur("PROPMATCH_MATCHING_CHUNK_TIME", matchengine.DefaultChunkTime)
	c.DigestInterval = dur("PROPMATCH_NOTIFY_DIGEST_INTERVAL", 15*time.Minute)
	c.WhatsAppMatchTemplate = str("PROPMATCH_WHATSAPP_MATCH_TEMPLATE", "")
	c.WhatsAppMessageTemplate = str("PROPMATCH_WHATSAPP_MESSAGE_TEMPLATE", "")
	c.WhatsAppUpdateTemplate = str("PROPMATCH_WHATSAPP_UPDATE_TEMPLATE", "")
	if c.QueueWorkers < 1 {
		errs = append(errs, fmt.Errorf("PROPMATCH_QUEUE_WORKERS must be at least 1"))
	}
	if c.MatchingChunk < 0 {
		errs = append(errs, fmt.Errorf("PROPMATCH_MATCHING_CHUNK must be 0 (sized by time) or more"))
	}
	if c.MatchingChunkTime <= 0 {
		errs = append(errs, fmt.Errorf("PROPMATCH_MATCHING_CHUNK_TIME must be positive"))
	}
	c.Backups.Dir = str("PROPMATCH_BACKUP_DIR", backups.DefaultDir)
	c.Backups.Keep = num("PROPMATCH_BACKUP_KEEP", backups.DefaultKeep)
	if c.Backups.Keep < 1 {
		errs = append(errs, fmt.Errorf("PROPMATCH_BACKUP_KEEP must be at least 1"))
	}
	c.Backups.KeepManual = num("PROPMATCH_BACKUP_KEEP_MANUAL", backups.DefaultKeepManual)
	if c.Backups.KeepManual < 1 {
		errs = append(errs, fmt.Errorf("PROPMATCH_BACKUP_KEEP_MANUAL must be at least 1"))
	}
	c.Backups.ManualEvery = dur("PROPMATCH_BACKUP_MANUAL_INTERVAL", backups.DefaultManualEvery)
	c.Backups.Offsite = backups.Offsite{
		Endpoint:  str("PROPMATCH_BACKUP_S3_ENDPOINT", ""),
		Bucket:    str("PROPMATCH_BACKUP_S3_BUCKET", ""),
		Region:    str("PROPMATCH_BACKUP_S3_REGION", ""),
		AccessKey: str("PROPMATCH_BACKUP_S3_ACCESS_KEY", ""),
		SecretKey: getenv("PROPMATCH_BACKUP_S3_SECRET_KEY"),
		Prefix:    str("PROPMATCH_BACKUP_S3_PREFIX", ""),
	}
	switch v := str("PROPMATCH_BACKUP_S3_PATH_STYLE", "false"); v {
	case "true", "1":
		c.Backups.Offsite.PathStyle = true
	case "false", "0", "":
	default:
		errs = append(errs, fmt.Errorf("PROPMATCH_BACKUP_S3_PATH_STYLE must be true or false, got %q", v))
	}
	if err := c.Backups.Offsite.Check(); err != nil {
		errs = append(errs, err)
	}
	if c.Backups.Schedule, err = backups.ParseSchedule(str("PROPMATCH_BACKUP_SCHEDULE", backups.DefaultSchedule), time.Local); err != nil {
		errs = append(errs, err)
	}
	switch v := str("PROPMATCH_BILLING", "on"); v {
	case "on":
		c.Billing = true
	case "off":
	default:
		errs = append(errs, fmt.Errorf("PROPMATCH_BILLING must be on or off, got %q", v))
	}
	errs = append(errs, loadPayments(&c, getenv)...)
	c.Secret, c.SecretFile = getenv("PROPMATCH_SECRET"), str("PROPMATCH_SECRET_FILE", "")
	if c.StreamsPerAgent < 1 {
		errs = append(errs, fmt.Errorf("PROPMATCH_STREAMS_PER_AGENT must be at least 1"))
	}
	if c.PublicURL, err = parseOrigin(str("PROPMATCH_PUBLIC_URL", "")); err != nil {
		errs = append(errs, err)
	} else if u, err := url.Parse(c.PublicURL); err == nil {
		c.SMTP.Hostname = u.Hostname() // Message-IDs and EHLO name the public host
	}
	if c.Env != "development" && c.Env != "production" {
		errs = append(errs, fmt.Errorf("PROPMATCH_ENV must be development or production, got %q", c.Env))
	}
	if c.AuthRatePerMinute > 0 && c.AuthBurst < 1 {
		errs = append(errs, fmt.Errorf("PROPMATCH_AUTH_BURST must be at least 1 while PROPMATCH_AUTH_RATE_PER_MINUTE is set"))
	}
	if c.WritesPerMinute > 0 && c.WriteBurst < 1 {
		errs = append(errs, fmt.Errorf("PROPMATCH_WRITE_BURST must be at least 1 while PROPMATCH_WRITES_PER_MINUTE is set"))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("PROPMATCH_LOG_FORMAT must be text or json, got %q", c.LogFormat))
	}
	if level := str("PROPMATCH_LOG_LEVEL", "info"); c.LogLevel.UnmarshalText([]byte(level)) != nil {
		errs = append(errs, fmt.Errorf("PROPMATCH_LOG_LEVEL must be debug, info, warn or error, got %q", level))
	}
	return c, errors.Join(errs...)
}

// parseOrigin returns the origin of raw, a public URL such as
// https://propmatch.example.com, the way browsers write it in the Origin
// header: scheme and host in lower case, without a default port. It
// returns "" for "".
func parseOrigin(raw string) (string, error) {
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("PROPMATCH_PUBLIC_URL must be an origin such as https://propmatch.example.com (no path), got %q", raw)
	}
	origin := strings.ToLower(u.Scheme + "://" + u.Host)
	origin = strings.TrimSuffix(origin, map[string]string{"https": ":443", "http": ":80"}[u.Scheme])
	return origin, nil
}

// checkMetricsAddr returns an error when addr, the metrics listen address,
// is set but is no host:port, or is the public address itself.
func checkMetricsAddr(addr, public string) error {
	if addr == "" {
		return nil
	}
	_, port, err := net.SplitHostPort(addr)
	if n, errPort := strconv.Atoi(port); err != nil || errPort != nil || n < 0 || n > 65535 {
		return fmt.Errorf("PROPMATCH_METRICS_ADDR must be a listen address such as 127.0.0.1:9090, got %q", addr)
	}
	if addr == public {
		return fmt.Errorf("PROPMATCH_METRICS_ADDR must differ from PROPMATCH_ADDR (%s): metrics are never served on the public listener", public)
	}
	return nil
}

// minMetricsSecret is the shortest metrics token or password accepted.
const minMetricsSecret = 16

// checkMetricsAuth returns an error when the metrics credentials are half
// set or too short to resist guessing.
func checkMetricsAuth(a metrics.Auth) error {
	var errs []error
	if a.Token != "" && len(a.Token) < minMetricsSecret {
		errs = append(errs, fmt.Errorf("PROPMATCH_METRICS_TOKEN must be at least %d characters", minMetricsSecret))
	}
	switch {
	case a.Username == "" && a.Password != "":
		errs = append(errs, errors.New("PROPMATCH_METRICS_PASSWORD is set without PROPMATCH_METRICS_USERNAME"))
	case a.Username != "" && a.Password == "":
		errs = append(errs, errors.New("PROPMATCH_METRICS_USERNAME is set without PROPMATCH_METRICS_PASSWORD"))
	case a.Username != "" && len(a.Password) < minMetricsSecret:
		errs = append(errs, fmt.Errorf("PROPMATCH_METRICS_PASSWORD must be at least %d characters", minMetricsSecret))
	}
	return errors.Join(errs...)
}
