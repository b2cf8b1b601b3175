// Package services builds PropMatch's service set once: the same
// constructor serves `propmatch serve`, the benchmark and the HTTP test
// harness, so they all run the services wired the same way.
//
// It sits below httpapi (whose Deps embeds a Set) and below app, and imports
// neither: httpapi's external tests and the benchmark use it without an
// import cycle.
package services

import (
	"context"
	"log/slog"
	"time"

	"propmatch/internal/account"
	"propmatch/internal/admin"
	"propmatch/internal/ads"
	"propmatch/internal/analytics"
	"propmatch/internal/auth"
	"propmatch/internal/backups"
	"propmatch/internal/dashboard"
	"propmatch/internal/events"
	"propmatch/internal/jobs"
	"propmatch/internal/marketplace"
	"propmatch/internal/match"
	"propmatch/internal/matching"
	"propmatch/internal/media"
	"propmatch/internal/message"
	"propmatch/internal/network"
	"propmatch/internal/notices"
	"propmatch/internal/notify"
	"propmatch/internal/property"
	"propmatch/internal/requirement"
	"propmatch/internal/security"
	"propmatch/internal/site"
	"propmatch/internal/store"
	"propmatch/internal/training"
)

// Options are what a Set is built from besides the database.
type Options struct {
	// Auth sets the account limits, the code secret and the hashing cost.
	Auth auth.Config
	// OTP and Mail deliver codes and emails: the real senders in production,
	// the development outbox otherwise.
	OTP  notify.OTPSender
	Mail notify.Mailer
	// MatchLimit is how many open matches a requirement keeps
	// (matching.DefaultLimit when zero).
	MatchLimit int
	// Events carries live events: the match engine announces new matches on
	// it, and the network and message services publish their committed
	// changes. Nil turns live events off.
	Events events.Bus
	Log    *slog.Logger
	// Queue tunes the background job queue (its Log defaults to Log).
	Queue jobs.Config
	// MatchingDelay holds each write's matching job back this long (see
	// matching.Engine.Delay).
	MatchingDelay time.Duration
	// MatchingChunk is how many requirements one transaction of a
	// listing's matching job settles (0: matching.PropertyChunk).
	MatchingChunk int
	// Backups configures the server's backups (directory, retention,
	// schedule).
	Backups backups.Config
	// SecurityEvents tunes the security-event recorder.
	SecurityEvents security.RecorderConfig
	// WhatsApp sends notification templates (nil sends none); Notices
	// tunes the notification digests (its Secret defaults to Auth.Secret).
	// Notices.BaseURL is also where verification links point.
	WhatsApp notify.TemplateSender
	Notices  notices.Config
}

// Set is every PropMatch service, sharing one database and one match engine.
type Set struct {
	Auth         *auth.Service
	Properties   *property.Service
	Requirements *requirement.Service
	Matches      *match.Service
	Marketplace  *marketplace.Service
	Dashboard    *dashboard.Service
	Analytics    *analytics.Service
	Network      *network.Service
	Messages     *message.Service
	Media        *media.Service
	Training     *training.Service
	Site         *site.Service
	Ads          *ads.Service
	Admin        *admin.Service
	Backups      *backups.Service
	Notices      *notices.Service
	// Mail is the mailer every email leaves through (the email test page
	// uses it directly).
	Mail    notify.Mailer
	Account *account.Service
	// Events carries live events to open streams; nil turns them off.
	Events events.Bus
	// Queue runs background jobs, matching among them: serve runs it
	// (Queue.Run); tests drain it with Queue.RunPending.
	Queue *jobs.Queue
	// SecurityEvents records security events off the request path; its
	// owner closes it (Close) when the server stops.
	SecurityEvents *security.Recorder
}

// New builds the service set on db.
func New(db *store.DB, o Options) Set {
	engine := matching.NewEngine(o.MatchLimit)
	engine.Serialize = db.Engine == store.Postgres
	engine.Delay = o.MatchingDelay
	engine.Chunk = o.MatchingChunk
	if o.Queue.Log == nil {
		o.Queue.Log = o.Log
	}
	queue := jobs.NewQueue(db, o.Queue)
	engine.Register(queue, db)
	engine.Waker = queue
	var pub network.Publisher
	if o.Events != nil {
		engine.Announcer = events.MatchAnnouncer{Bus: o.Events, Log: o.Log}
		pub = publisher{bus: o.Events, log: o.Log}
	}
	authSvc := auth.New(db, o.Auth, o.OTP, o.Mail, o.Log)
	recorder := security.NewRecorder(db, o.SecurityEvents, o.Log)
	authSvc.UseRecorder(recorder)
	authSvc.RegisterVerification(queue, o.Notices.BaseURL)
	if o.Notices.Secret == nil {
		o.Notices.Secret = o.Auth.Secret
	}
	notes := notices.NewService(db, o.Mail, o.WhatsApp, o.Notices, o.Log)
	notes.Register(queue)
	set := Set{
		Auth:         authSvc,
		Properties:   property.NewService(db, engine),
		Requirements: requirement.NewService(db, engine),
		Matches:      match.NewService(db, engine),
		Marketplace:  marketplace.NewService(db),
		Dashboard:    dashboard.NewService(db),
		Analytics:    analytics.NewService(db),
		Network:      network.NewService(db, pub),
		Messages:     message.NewService(db, engine, pub),
		Media:        media.NewService(db),
		Training:     training.NewService(db),
		Site:         site.NewService(db),
		Ads:          ads.NewService(db),
		Admin:        admin.NewService(db, authSvc, engine),
		Backups:      backups.New(db, queue, o.Backups, o.Log),
		Notices:      notes,
		Mail:         o.Mail,
		Events:       o.Events,
		Queue:        queue,

		SecurityEvents: recorder,
	}
	set.Account = account.NewService(db, authSvc, set.Properties, set.Requirements, engine)
	return set
}

// publisher is the network.Publisher of the network and message services:
// it publishes on bus after the write has committed, so it outlives the
// request's cancellation and logs a failure rather than returning it.
type publisher struct {
	bus events.Bus
	log *slog.Logger
}

// Publish implements network.Publisher.
func (p publisher) Publish(ctx context.Context, users []int64, ev events.Event) {
	if err := p.bus.Publish(context.WithoutCancel(ctx), users, ev); err != nil && p.log != nil {
		p.log.Warn("publish event", "type", ev.Type, "err", err)
	}
}

// EventBus returns the bus for live events on db, whose address is url:
// PostgreSQL LISTEN/NOTIFY when instances may share the database, otherwise
// one in-process hub. The caller closes it.
func EventBus(ctx context.Context, db *store.DB, url string, log *slog.Logger) (events.Bus, error) {
	if db.Engine != store.Postgres {
		return events.NewHub(), nil
	}
	return events.NewPGBus(ctx, db.DB, url, events.DefaultChannel, log)
}
