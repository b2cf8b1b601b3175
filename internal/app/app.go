// Package app wires PropMatch together and runs its commands: serve,
// migrate, demo and users set-role.
package app

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
	"time"

	"propmatch/internal/apperr"
	"propmatch/internal/auth"
	"propmatch/internal/dashboard"
	"propmatch/internal/events"
	"propmatch/internal/httpapi"
	"propmatch/internal/marketplace"
	"propmatch/internal/match"
	"propmatch/internal/matching"
	"propmatch/internal/message"
	"propmatch/internal/network"
	"propmatch/internal/notify"
	"propmatch/internal/property"
	"propmatch/internal/requirement"
	"propmatch/internal/security"
	"propmatch/internal/store"
)

const usage = `PropMatch: matching properties with buyers, for agents.

Usage:
  propmatch serve [--addr ADDR] [--demo]   run the server (migrates first)
  propmatch migrate                        bring the database schema up to date
  propmatch demo [--agents N] [--properties N] [--requirements N] [--seed S] [--append]
                                           fill the database with a generated demo market
  propmatch users set-role USERNAME ROLE   make a user an admin or an agent

Configuration is read from the environment; see the README.
`

// WebFS is the built web app; main sets it from the embedded files.
var WebFS fs.FS

// Run runs the command in args (without the program name). It returns when
// the command ends or ctx is cancelled.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	switch args[0] {
	case "serve":
		TuneGC(getenv)
		return serve(ctx, cfg, args[1:], log, stdout, stderr)
	case "migrate":
		db, err := openDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		fmt.Fprintf(stdout, "%s database is up to date\n", db.Engine)
		return nil
	case "demo":
		return demoCommand(ctx, cfg, args[1:], stdout, stderr)
	case "users":
		return usersCommand(ctx, cfg, args[1:], log, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}

func newLogger(cfg Config, w io.Writer) *slog.Logger {
	var level slog.Level
	level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDB opens the configured database and migrates it.
func openDB(ctx context.Context, cfg Config) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// productionSenders returns the real WhatsApp and SMTP senders. It returns
// an error naming every missing setting, before anything else starts.
func productionSenders(cfg Config) (notify.OTPSender, notify.Mailer, error) {
	wa, errWA := notify.NewWhatsAppSender(cfg.WhatsApp)
	if errWA != nil {
		errWA = fmt.Errorf("production mode needs the WhatsApp OTP provider (PROPMATCH_WHATSAPP_TOKEN, PROPMATCH_WHATSAPP_PHONE_NUMBER_ID, PROPMATCH_WHATSAPP_OTP_TEMPLATE): %w", errWA)
	}
	mail, errMail := notify.NewSMTPMailer(cfg.SMTP)
	if errMail != nil {
		errMail = fmt.Errorf("production mode needs SMTP (PROPMATCH_SMTP_HOST, PROPMATCH_SMTP_FROM, ...): %w", errMail)
	}
	if err := errors.Join(errWA, errMail); err != nil {
		return nil, nil, err
	}
	return wa, mail, nil
}

func authConfig(cfg Config) auth.Config {
	ac := auth.DefaultConfig()
	ac.OTPPerIPPerHour = cfg.OTPPerIPPerHour
	ac.SessionIdle = cfg.SessionIdle
	ac.SessionMaxAge = cfg.SessionMaxAge
	ac.EchoOTP = cfg.Dev()
	return ac
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

// eventBus returns the bus for live events: PostgreSQL LISTEN/NOTIFY when
// instances may share the database, otherwise one in-process hub.
func eventBus(ctx context.Context, db *store.DB, cfg Config, log *slog.Logger) (events.Bus, error) {
	if db.Engine != store.Postgres {
		return events.NewHub(), nil
	}
	return events.NewPGBus(ctx, db.DB, cfg.DatabaseURL, events.DefaultChannel, log)
}

func serve(ctx context.Context, cfg Config, args []string, log *slog.Logger, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fl.String("addr", cfg.Addr, "listen address (env PROPMATCH_ADDR)")
	demo := fl.Bool("demo", false, "add demo data to an empty database (development mode only)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *demo && !cfg.Dev() {
		return errors.New("--demo is only for development mode: demo accounts have published passwords")
	}
	var otp notify.OTPSender
	var mail notify.Mailer
	if !cfg.Dev() {
		var err error
		otp, mail, err = productionSenders(cfg)
		if err = errors.Join(err, needPublicURL(cfg)); err != nil {
			return err
		}
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	outbox := &notify.DBOutbox{DB: db}
	if cfg.Dev() {
		// Development mode sends nothing: the outbox captures every message.
		otp, mail = &notify.DevWhatsApp{Store: outbox}, &notify.DevMailer{Store: outbox}
	}
	ac := authConfig(cfg)
	if ac.Secret, err = serverSecret(cfg); err != nil {
		return err
	}
	authSvc := auth.New(db, ac, otp, mail, log)
	if *demo {
		if err := seedDemo(ctx, db, authSvc, cfg, stdout); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	engine := matching.NewEngine(cfg.MatchesPerRequirement)
	bus, err := eventBus(ctx, db, cfg, log)
	if err != nil {
		return err
	}
	defer bus.Close()
	engine.Announcer = events.MatchAnnouncer{Bus: bus, Log: log}
	deps := httpapi.Deps{DB: db, Auth: authSvc, Log: log,
		Properties:   property.NewService(db, engine),
		Requirements: requirement.NewService(db, engine),
		Matches:      match.NewService(db, engine),
		Marketplace:  marketplace.NewService(db),
		Dashboard:    dashboard.NewService(db),
		Network:      network.NewService(db),
		Messages:     message.NewService(db, engine),
		Events:       bus,
		Web:          WebFS, Dev: cfg.Dev(), TrustProxy: cfg.TrustProxy,
		AuthRatePerMinute: cfg.AuthRatePerMinute, AuthBurst: cfg.AuthBurst,
		Quotas: httpapi.Quotas{WritesPerMinute: cfg.WritesPerMinute, WriteBurst: cfg.WriteBurst, CreationsPerDay: cfg.CreationsPerDay}}
	deps.PublicOrigin, deps.DBTimeout, deps.MaxStreamsPerUser = cfg.PublicURL, cfg.DBTimeout, cfg.StreamsPerAgent
	if cfg.Dev() {
		deps.Outbox = outbox
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if cfg.Dev() {
		warnIfReachable(ln.Addr(), log, stderr)
	}
	// Event streams lift the read and write deadlines for themselves.
	srv := &http.Server{
		Handler:           httpapi.New(deps),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	// Open event streams never go idle: end them when shutdown begins.
	srv.RegisterOnShutdown(func() { bus.Close() })
	go sweepSessions(ctx, authSvc, log)
	log.Info("PropMatch is listening", "url", "http://"+ln.Addr().String(), "env", cfg.Env, "database", string(db.Engine))
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining requests in flight", "drain", cfg.DrainTimeout)
	drainCtx, cancel := context.WithTimeout(context.Background(), cfg.DrainTimeout)
	defer cancel()
	if err := srv.Shutdown(drainCtx); err != nil {
		// Slow clients had their chance: a stop is not a failure.
		log.Warn("shutdown: connections still open after the drain were closed", "drain", cfg.DrainTimeout, "err", err)
		srv.Close()
	}
	// Reset codes and notices already queued still go out, within the drain.
	if err := authSvc.Drain(drainCtx); err != nil {
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
	fmt.Fprintf(stderr, `
!!! WARNING: PropMatch is in DEVELOPMENT mode and listens on %s, which other machines can reach.
!!! Development mode is for one developer's machine: demo accounts have published passwords and no
!!! real message is sent. The outbox and echoed codes answer only on this machine (loopback).
!!! Serve on 127.0.0.1, or set PROPMATCH_ENV=production for anything others can reach.

`, addr)
	log.Warn("development mode is reachable from other machines: serve on 127.0.0.1 or set PROPMATCH_ENV=production", "addr", addr.String())
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

func usersCommand(ctx context.Context, cfg Config, args []string, log *slog.Logger, stdout io.Writer) error {
	if len(args) != 3 || args[0] != "set-role" {
		return errors.New("usage: propmatch users set-role USERNAME admin|agent")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := auth.New(db, authConfig(cfg), nil, nil, log)
	u, err := svc.SetRole(ctx, args[1], args[2])
	if apperr.CodeOf(err) == apperr.Internal {
		return err
	}
	if err != nil {
		return errors.New(apperr.MessageOf(err))
	}
	fmt.Fprintf(stdout, "%s is now %s\n", u.Username, u.Role)
	return nil
}
