package commands

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/metrics"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/razorpay"
	"propmatch/internal/platform/security"
	"propmatch/internal/platform/settings"
	"propmatch/internal/platform/webhooks"
	"propmatch/internal/services"
)

// productionSenders returns the real WhatsApp and SMTP senders. It returns
// an error naming every missing setting, before anything else starts.
func productionSenders(cfg Config) (outbound.OTPSender, outbound.Mailer, error) {
	wa, errWA := outbound.NewWhatsAppSender(cfg.WhatsApp)
	if errWA != nil {
		errWA = fmt.Errorf("production mode needs the WhatsApp OTP provider (PROPMATCH_WHATSAPP_TOKEN, PROPMATCH_WHATSAPP_PHONE_NUMBER_ID, PROPMATCH_WHATSAPP_OTP_TEMPLATE): %w", errWA)
	}
	mail, errMail := outbound.NewSMTPMailer(cfg.SMTP)
	if errMail != nil {
		errMail = fmt.Errorf("production mode needs SMTP (PROPMATCH_SMTP_HOST, PROPMATCH_SMTP_FROM, ...): %w", errMail)
	}
	if err := errors.Join(errWA, errMail); err != nil {
		return nil, nil, err
	}
	return wa, mail, nil
}

// serverSecret returns the secret that keys stored one-time codes:
// PROPMATCH_SECRET, else the file PROPMATCH_SECRET_FILE (by default
// propmatch.secret next to the SQLite database, or in ./data), made with a
// random secret at first start.
func serverSecret(cfg Config) ([]byte, error) {
	file := cfg.SecretFile
	if file == "" {
		file = security.DefaultSecretFile(cfg.DatabaseURL)
	}
	return security.LoadSecret(cfg.Secret, file)
}

// serveFlags are the options of `propmatch serve`.
type serveFlags struct {
	addr string
	demo bool
}

var serveCommand = command{name: "serve", summary: "run the server (migrates first)",
	define: func(fl *flag.FlagSet) runner {
		var f serveFlags
		fl.StringVar(&f.addr, "addr", "", "the `ADDR` to listen on (default PROPMATCH_ADDR, else 127.0.0.1:8080)")
		fl.BoolVar(&f.demo, "demo", false, "add demo data to an empty database (development mode only)")
		return func(ctx context.Context, c call, _ []string) error {
			TuneGC(c.getenv)
			return serve(ctx, c.cfg, c.web, f, c.log, c.stdout, c.stderr)
		}
	}}

// serve runs the HTTP server until ctx ends, then shuts it down cleanly.
// web is the built web app (index.html at its root); without one, pages
// answer 404 saying the app is not built in.
func serve(ctx context.Context, cfg Config, web fs.FS, f serveFlags, log *slog.Logger, stdout, stderr io.Writer) (err error) {
	if f.demo && !cfg.Dev() {
		return errors.New("--demo is only for development mode: demo accounts have published passwords")
	}
	if f.addr == "" {
		f.addr = cfg.Addr
	}
	cfg.Addr = f.addr // development links in emails point at the address served
	send, err := pickSenders(cfg)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	bus, err := services.EventBus(ctx, db, cfg.DatabaseURL, log)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, bus.Close()) }()
	outbox := &outbound.DBOutbox{DB: db}
	if cfg.Dev() {
		// Development mode sends nothing: the outbox captures every message.
		send = senders{&outbound.DevWhatsApp{Store: outbox}, &outbound.DevMailer{Store: outbox}}
	}
	send = send.logged(log)
	gateway, fakeGateway, err := paymentGateway(cfg, f.addr, log)
	if err != nil {
		return err
	}
	set, err := newServices(cfg, db, send, bus, gateway, log)
	if err != nil {
		return err
	}
	defer func() {
		// Events of the last requests are written before the database closes.
		closeCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := set.SecurityEvents.Close(closeCtx); err != nil {
			log.Warn("shutdown: security events not written", "err", err)
		}
	}()
	if f.demo {
		if err := seedDemo(ctx, db, set.Auth, set.Site, set.Payments, cfg, stdout); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	if !httpapi.HasWebApp(web) {
		log.Warn("the web app is not built into this binary: pages answer 404 (make build embeds it)")
	}
	deps := handlerDeps(cfg, db, set, web, log)
	if cfg.Dev() {
		deps.Outbox = outbox
		deps.RazorpayFake = fakeGateway
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return err
	}
	if cfg.MetricsAddr != "" {
		deps.Metrics = metrics.New(db, set.Queue, log)
		deps.Metrics.CountSecurityEvents(set.SecurityEvents)
		stopMetrics, err := serveMetrics(ctx, cfg.MetricsAddr, deps.Metrics, cfg.MetricsAuth, log, stderr)
		if err != nil {
			return errors.Join(err, ln.Close())
		}
		// The metrics listener outlives the drain, so scrapes see it.
		defer stopMetrics()
	}
	if cfg.Dev() {
		warnIfReachable(ln.Addr(), log, stderr)
	} else {
		warnIfPlainHTTP(cfg.PublicURL, log, stderr)
	}
	srv := newHTTPServer(ctx, httpapi.New(deps), log)
	// Open event streams never go idle: end them when shutdown begins.
	srv.RegisterOnShutdown(func() {
		if err := bus.Close(); err != nil {
			log.Warn("shutdown: closing live events", "err", err)
		}
	})
	go sweepSessions(ctx, set.Auth, log)
	// The job queue's workers stop taking jobs when ctx ends and finish or
	// give back the running ones within the drain time, alongside requests.
	queueCtx, stopQueue := context.WithCancel(ctx)
	queued := make(chan struct{})
	go func() { defer close(queued); set.Queue.Run(queueCtx) }()
	defer func() { stopQueue(); <-queued }()
	go set.Backups.RunScheduler(queueCtx)
	log.Info("PropMatch is listening", "url", "http://"+ln.Addr().String(), "env", cfg.Env, "database", string(db.Engine))
	return serveUntilDone(ctx, srv, ln, set.Auth, cfg.DrainTimeout, log)
}

// serveMetrics serves GET /metrics of m on its own listener at addr (and
// nothing else: every other path is 404), to scrapes that present auth when
// it is on, until the returned stop is called. A listener other machines
// can reach gets a warning on stderr and in the log.
func serveMetrics(ctx context.Context, addr string, m *metrics.Metrics, auth metrics.Auth, log *slog.Logger, stderr io.Writer) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics listener (PROPMATCH_METRICS_ADDR): %w", err)
	}
	warnIfMetricsReachable(ln.Addr(), auth.On(), log, stderr)
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Protect(m.Handler(), auth))
	srv := newHTTPServer(ctx, mux, log)
	served := make(chan struct{})
	go func() {
		defer close(served)
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener stopped", "err", err)
		}
	}()
	log.Info("metrics are served", "url", "http://"+ln.Addr().String()+"/metrics")
	return func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(stopCtx); err != nil {
			log.Warn("shutdown: metrics listener", "err", errors.Join(err, srv.Close()))
		}
		<-served
	}, nil
}

// senders deliver one-time codes and emails.
type senders struct {
	otp  outbound.OTPSender
	mail outbound.Mailer
}

// logged returns s with a log line at info for every message sent (warn
// for one that failed), addresses masked.
func (s senders) logged(log *slog.Logger) senders {
	if wa, ok := s.otp.(outbound.WhatsApp); ok {
		s.otp = outbound.LogWhatsApp(wa, log)
	}
	if s.mail != nil {
		s.mail = outbound.LogMailer(s.mail, log)
	}
	return s
}

// pickSenders returns the real senders in production mode, with an error
// naming every missing setting, before anything else starts; none in
// development mode (serve gives it the outbox's).
func pickSenders(cfg Config) (senders, error) {
	if cfg.Dev() {
		return senders{}, needPayments(cfg)
	}
	otp, mail, err := productionSenders(cfg)
	return senders{otp, mail}, errors.Join(err, needPublicURL(cfg), needPayments(cfg))
}

// newServices builds the service set the server runs.
func newServices(cfg Config, db *store.DB, s senders, bus events.Bus, gateway razorpay.Gateway, log *slog.Logger) (services.Set, error) {
	ac := authConfig(cfg)
	var err error
	if ac.Secret, err = serverSecret(cfg); err != nil {
		return services.Set{}, err
	}
	wa, _ := s.otp.(outbound.TemplateSender)
	bc := cfg.Backups
	bc.Key = dbdump.KeyFrom(ac.Secret) // signs the server's backups and exports
	return services.New(db, services.Options{Auth: ac, OTP: s.otp, Mail: s.mail, WhatsApp: wa, Notices: noticesConfig(cfg),
		MatchLimit: cfg.MatchesPerRequirement, Events: bus, Log: log, MatchingDelay: cfg.MatchingDelay,
		MatchingChunk: cfg.MatchingChunk, MatchingChunkTime: cfg.MatchingChunkTime, Backups: bc, Billing: cfg.Billing,
		Gateway: gateway, Payments: cfg.Payments.Invoices, Webhooks: webhooks.Config{Dev: cfg.Dev()},
		Queue: jobs.Config{Workers: cfg.QueueWorkers, Lease: cfg.QueueLease, Drain: cfg.DrainTimeout, Log: log}}), nil
}

// noticesConfig returns the notification settings: links point at the
// public URL (in development, at the listen address), and in development
// every kind has a WhatsApp template name, so the outbox shows them.
func noticesConfig(cfg Config) notifications.Config {
	base := cfg.PublicURL
	if base == "" {
		base = "http://" + cfg.Addr
	}
	templates := map[settings.Kind]string{
		settings.Matches: cfg.WhatsAppMatchTemplate, settings.Messages: cfg.WhatsAppMessageTemplate, settings.Updates: cfg.WhatsAppUpdateTemplate,
	}
	if cfg.Dev() { // the outbox shows what WhatsApp would get, named as the README suggests
		for kind, name := range map[settings.Kind]string{settings.Matches: "propmatch_new_matches",
			settings.Messages: "propmatch_new_messages", settings.Updates: "propmatch_network_update"} {
			if templates[kind] == "" {
				templates[kind] = name
			}
		}
	}
	return notifications.Config{Interval: cfg.DigestInterval, BaseURL: base, Templates: templates, Dev: cfg.Dev()}
}

// handlerDeps returns what the HTTP layer needs, from the configuration.
func handlerDeps(cfg Config, db *store.DB, set services.Set, web fs.FS, log *slog.Logger) httpapi.Deps {
	return httpapi.Deps{DB: db, Set: set, Log: log, Web: web, Dev: cfg.Dev(), TrustProxy: cfg.TrustProxy, TrustedProxies: cfg.TrustedProxies,
		AuthRatePerMinute: cfg.AuthRatePerMinute, AuthBurst: cfg.AuthBurst,
		Quotas:       httpapi.Quotas{WritesPerMinute: cfg.WritesPerMinute, WriteBurst: cfg.WriteBurst, CreationsPerDay: cfg.CreationsPerDay},
		PublicOrigin: cfg.PublicURL, DBTimeout: cfg.DBTimeout, MaxStreamsPerUser: cfg.StreamsPerAgent,
		QueueStuckAfter: cfg.QueueStuckAfter}
}

// newHTTPServer returns the server for h, with its timeouts. Event streams
// lift the read and write deadlines for themselves.
func newHTTPServer(ctx context.Context, h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
}

// serveUntilDone serves on ln until ctx ends, then drains requests in
// flight and queued emails for up to drain.
func serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener, a *auth.Service, drain time.Duration, log *slog.Logger) error {
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining requests in flight", "drain", drain)
	drainCtx, cancel := context.WithTimeout(context.Background(), drain)
	defer cancel()
	if err := srv.Shutdown(drainCtx); err != nil {
		// Slow clients had their chance: a stop is not a failure.
		log.Warn("shutdown: connections still open after the drain were closed", "drain", drain, "err", errors.Join(err, srv.Close()))
	}
	// Reset codes and notices already queued still go out, within the drain.
	if err := a.Drain(drainCtx); err != nil {
		log.Warn("shutdown: emails still being sent were abandoned", "err", err)
	}
	log.Info("stopped")
	return nil
}

// needPublicURL returns an error when production mode lacks its public URL.
func needPublicURL(cfg Config) error {
	if cfg.PublicURL == "" {
		return errors.New("production mode needs PROPMATCH_PUBLIC_URL, the address browsers use (for example https://propmatch.example.com): writes from any other origin are refused")
	}
	return nil
}

// warnIfReachable warns, on stderr and in the log, when a development server
// listens where other machines can reach it. Development mode's outbox and
// echoed codes answer loopback clients only, but its demo accounts have
// published passwords and it sends no real messages.
func warnIfReachable(addr net.Addr, log *slog.Logger, stderr io.Writer) {
	if tcp, ok := addr.(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		return
	}
	// The log below carries the warning too: a failed write here loses nothing.
	_, _ = fmt.Fprintf(stderr, `
!!! WARNING: PropMatch is in DEVELOPMENT mode and listens on %s, which other machines can reach.
!!! Development mode is for one developer's machine: demo accounts have published passwords and no
!!! real message is sent. The outbox and echoed codes answer only on this machine (loopback).
!!! Serve on 127.0.0.1, or set PROPMATCH_ENV=production for anything others can reach.

`, addr)
	log.Warn("development mode is reachable from other machines: serve on 127.0.0.1 or set PROPMATCH_ENV=production", "addr", addr.String())
}

// warnIfPlainHTTP warns, on stderr and in the log, when production's
// public URL is plain http:// on a host other than loopback: session
// cookies are Secure in production, so browsers would not send them back
// over it, and passwords and codes would cross the network unencrypted.
func warnIfPlainHTTP(publicURL string, log *slog.Logger, stderr io.Writer) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Scheme != "http" || isLoopbackHost(u.Hostname()) {
		return
	}
	// The log below carries the warning too: a failed write here loses nothing.
	_, _ = fmt.Fprintf(stderr, `
!!! WARNING: PROPMATCH_PUBLIC_URL is %s, plain HTTP on a host other machines reach.
!!! Production sessions use Secure cookies, which browsers send only over HTTPS, so nobody
!!! stays signed in, and passwords and codes would cross the network unencrypted.
!!! Serve PropMatch behind HTTPS (a reverse proxy with a certificate) and set an https:// URL.

`, publicURL)
	log.Warn("PROPMATCH_PUBLIC_URL is plain http:// on a host other machines reach: serve it over HTTPS", "public_url", publicURL)
}

// isLoopbackHost reports whether host is localhost or a loopback address.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// warnIfMetricsReachable warns, on stderr and in the log, when the metrics
// listener is on an address other machines can reach (0.0.0.0, ::, or any
// address but loopback): metrics tell an attacker the routes, their traffic
// and the database's state. Without a token or basic auth it says so.
func warnIfMetricsReachable(addr net.Addr, authOn bool, log *slog.Logger, stderr io.Writer) {
	if tcp, ok := addr.(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		return
	}
	protection := "and NO credentials are required: set PROPMATCH_METRICS_TOKEN (or PROPMATCH_METRICS_USERNAME and PROPMATCH_METRICS_PASSWORD),"
	if authOn {
		protection = "behind the configured credentials; still,"
	}
	// The log below carries the warning too: a failed write here loses nothing.
	_, _ = fmt.Fprintf(stderr, `
!!! WARNING: metrics (PROPMATCH_METRICS_ADDR) are served on %s, which other machines can reach,
!!! %s keep the metrics listener on loopback or a private network only your Prometheus reaches.

`, addr, protection)
	log.Warn("metrics are reachable from other machines: serve them on loopback or a private network", "addr", addr.String(), "auth", authOn)
}

// sweepSessions deletes expired sessions and stale sign-in throttles every
// hour until ctx ends.
func sweepSessions(ctx context.Context, a *auth.Service, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := a.DeleteExpiredSessions(ctx); err != nil && ctx.Err() == nil {
			log.Warn("session sweep failed", "err", err)
		} else if n > 0 {
			log.Info("expired sessions removed", "count", n)
		}
		if _, err := a.DeleteStaleThrottles(ctx); err != nil && ctx.Err() == nil {
			log.Warn("throttle sweep failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
