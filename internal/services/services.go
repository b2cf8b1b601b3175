// Package services builds PropMatch's service set once: the same
// constructor serves `propmatch serve`, the benchmark and the HTTP test
// harness, so they all run the services wired the same way.
//
// It sits below httpapi (whose Deps embeds a Set) and below commands, and imports
// neither: httpapi's external tests and the benchmark use it without an
// import cycle.
package services

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"propmatch/internal/account"
	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/admin"
	"propmatch/internal/feature/ads"
	"propmatch/internal/feature/agreements"
	"propmatch/internal/feature/analytics"
	"propmatch/internal/feature/backups"
	"propmatch/internal/feature/billing"
	"propmatch/internal/feature/dashboard"
	"propmatch/internal/feature/duplicates"
	"propmatch/internal/feature/imports"
	"propmatch/internal/feature/marketplace"
	"propmatch/internal/feature/matches"
	"propmatch/internal/feature/message"
	"propmatch/internal/feature/payments"
	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/feature/sharelinks"
	"propmatch/internal/feature/site"
	"propmatch/internal/feature/training"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/apikeys"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/media"
	"propmatch/internal/platform/network"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/razorpay"
	"propmatch/internal/platform/rera"
	"propmatch/internal/platform/security"
	"propmatch/internal/platform/settings"
	"propmatch/internal/platform/webhooks"
)

// Options are what a Set is built from besides the database.
type Options struct {
	// Auth sets the account limits, the code secret and the hashing cost.
	Auth auth.Config
	// OTP and Mail deliver codes and emails: the real senders in production,
	// the development outbox otherwise.
	OTP  outbound.OTPSender
	Mail outbound.Mailer
	// MatchLimit is how many open matches a requirement keeps
	// (matchengine.DefaultLimit when zero).
	MatchLimit int
	// Events carries live events: the match engine announces new matches on
	// it, and the network and message services publish their committed
	// changes. Nil turns live events off.
	Events events.Bus
	Log    *slog.Logger
	// Queue tunes the background job queue (its Log defaults to Log).
	Queue jobs.Config
	// MatchingDelay holds each write's matching job back this long (see
	// matchengine.Engine.Delay).
	MatchingDelay time.Duration
	// MatchingChunk is how many requirements one transaction of a
	// listing's matching job settles (0: sized by MatchingChunkTime).
	MatchingChunk int
	// MatchingChunkTime is how long such a transaction aims to run (0:
	// matchengine.DefaultChunkTime).
	MatchingChunkTime time.Duration
	// Backups configures the server's backups (directory, retention,
	// schedule).
	Backups backups.Config
	// SecurityEvents tunes the security-event recorder.
	SecurityEvents security.RecorderConfig
	// WhatsApp sends notification templates (nil sends none); Notices
	// tunes the notification digests (its Secret defaults to Auth.Secret).
	// Notices.BaseURL is also where verification links point.
	WhatsApp outbound.TemplateSender
	Notices  notifications.Config
	// Billing turns pay-per-match billing on (PROPMATCH_BILLING; serve's
	// default is on). The zero Options run without it, as an agency's
	// private installation does and as tests not about billing do.
	Billing bool
	// Gateway takes payments (Razorpay, or its local fake in development
	// and tests); nil takes none. Payments sets the supplier on invoices
	// and whether prices include GST.
	Gateway  razorpay.Gateway
	Payments payments.Config
	// Webhooks tunes the agents' signed webhooks (its Secret defaults to
	// Auth.Secret, its BaseURL to Notices.BaseURL; Dev allows loopback).
	Webhooks webhooks.Config
}

// Set is every PropMatch service, sharing one database and one match engine.
type Set struct {
	Auth         *auth.Service
	Properties   *property.Service
	Requirements *requirement.Service
	Matches      *matches.Service
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
	Notices      *notifications.Service
	// Billing is pay-per-match billing; Billing.Enabled() is false when
	// it is off (its routes answer 404 and nothing is limited or hidden).
	Billing *billing.Service
	// Payments sells packs and plans through the gateway and issues the
	// invoices.
	Payments *payments.Service
	// Agreements keeps the co-broking agreements on matches and their deals.
	Agreements *agreements.Service
	// Webhooks manages agents' webhook endpoints and sends the deliveries.
	Webhooks *webhooks.Service
	// Rera is RERA verification: submissions, the admins' review, the
	// badge, its reminders and its lapse.
	Rera *rera.Service
	// ShareLinks shares listings with clients (issue 27).
	ShareLinks *sharelinks.Service
	// Mail is the mailer every email leaves through (the email test page
	// uses it directly).
	Mail    outbound.Mailer
	Account *account.Service
	// Imports brings an agent's spreadsheet of listings or requirements in.
	Imports *imports.Service
	// Settings reads and changes an agent's saved settings.
	Settings *settings.Service
	// Duplicates finds other agents' listings of the same property
	// (issue 26); listings, the marketplace and matches use it through
	// their hooks.
	Duplicates *duplicates.Service
	// APIKeys are agents' personal API keys (issue 23).
	APIKeys *apikeys.Service
	// Security serves the security dashboard and the IP blocks.
	Security *security.Service
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
	if o.Queue.Log == nil {
		o.Queue.Log = o.Log
	}
	queue := jobs.NewQueue(db, o.Queue)
	var pub network.Publisher
	var announcer matchengine.Announcer
	if o.Events != nil {
		announcer = events.MatchAnnouncer{Bus: o.Events, Log: o.Log}
		pub = publisher{bus: o.Events, log: o.Log}
	}
	engine := matchengine.New(db, matchengine.Options{
		Limit:     o.MatchLimit,
		LockRows:  db.Engine == store.Postgres,
		Delay:     o.MatchingDelay,
		Chunk:     o.MatchingChunk,
		ChunkTime: o.MatchingChunkTime,
		Record: func(ctx context.Context, tx *sql.Tx, now time.Time, g matchengine.Gained) error {
			if err := notifications.MatchesGained(ctx, tx, now, g); err != nil {
				return err
			}
			return webhooks.MatchesGained(ctx, tx, now, g)
		},
		Announcer: announcer,
		Waker:     queue,
	})
	authSvc := auth.New(db, o.Auth, o.OTP, o.Mail, o.Log)
	recorder := security.NewRecorder(db, o.SecurityEvents, o.Log)
	authSvc.UseRecorder(recorder)
	if o.Notices.Secret == nil {
		o.Notices.Secret = o.Auth.Secret
	}
	notes := notifications.NewService(db, o.Mail, o.WhatsApp, o.Notices, o.Log)
	backupSvc := backups.New(db, queue, o.Backups, o.Log)
	billingSvc := billing.NewService(db, o.Billing)
	billingSvc.UseMatches(matches.Sides)
	if o.Webhooks.Secret == nil {
		o.Webhooks.Secret = o.Auth.Secret
	}
	if o.Webhooks.BaseURL == "" {
		o.Webhooks.BaseURL = o.Notices.BaseURL
	}
	hooks := webhooks.NewService(db, o.Mail, o.Webhooks, o.Log)
	hooks.UseWaker(queue)
	reraSvc := rera.NewService(db, o.Mail, o.WhatsApp, rera.Config{BaseURL: o.Notices.BaseURL,
		Template: o.Notices.Templates[settings.Updates], Unsubscribe: notes.UnsubscribeURL}, o.Log)
	// Every background job, in one place: each package lists its own.
	for _, kinds := range [][]jobs.Kind{
		engine.Jobs(),
		authSvc.Jobs(o.Notices.BaseURL),
		notes.Jobs(),
		backupSvc.Jobs(),
		billingSvc.Jobs(),
		hooks.Jobs(),
		reraSvc.Jobs(),
	} {
		queue.Add(kinds...)
	}
	set := Set{
		Auth:         authSvc,
		Properties:   property.NewService(db, engine),
		Requirements: requirement.NewService(db, engine),
		Matches:      matches.NewService(db, engine),
		Marketplace:  marketplace.NewService(db),
		Dashboard:    dashboard.NewService(db),
		Analytics:    analytics.NewService(db),
		Network:      network.NewService(db, pub),
		Messages:     message.NewService(db, engine, pub),
		Media:        media.NewService(db),
		Settings:     settings.NewService(db),
		Security:     security.NewService(db),
		Training:     training.NewService(db),
		Site:         site.NewService(db),
		Ads:          ads.NewService(db),
		Admin:        admin.NewService(db, authSvc, engine),
		Backups:      backupSvc,
		Notices:      notes,
		Billing:      billingSvc,
		Webhooks:     hooks,
		Rera:         reraSvc,
		Mail:         o.Mail,
		Events:       o.Events,
		Queue:        queue,

		SecurityEvents: recorder,
	}
	set.APIKeys = apikeys.NewService(db, authSvc, o.Auth.Secret)
	set.APIKeys.UseRecorder(recorder)
	set.Imports = imports.NewService(db, listingImports{set.Properties}, requirementImports{set.Requirements}, o.Events, queue, o.Log)
	queue.Add(set.Imports.Jobs()...)
	set.Payments = payments.NewService(db, o.Gateway, set.Billing, o.Payments, o.Log)
	set.Agreements = agreements.NewService(db, pub)
	set.ShareLinks = sharelinks.NewService(db, sharelinks.Config{Secret: o.Auth.Secret})
	set.ShareLinks.UseMatches(matches.BuyerListings)
	set.ShareLinks.UsePublisher(pub)
	set.Account = account.NewService(db, authSvc, set.Properties, set.Requirements, engine)
	set.Duplicates = duplicates.NewService(db)
	set.Properties.UseDuplicates(set.Duplicates)
	set.Marketplace.UseDuplicates(set.Duplicates)
	set.Matches.UseDuplicates(set.Duplicates)
	if billingSvc.Enabled() {
		// Billing's rules reach the features through these hooks, so
		// no feature imports billing (docs/architecture.md#seams).
		leads := billingSvc.Leads()
		set.Network.UseLeads(leads)
		set.Marketplace.UseLeads(leads)
		set.Matches.UseLeads(leads)
		set.Messages.UseLeads(billingSvc)
		set.Properties.UsePlanLimits(billingSvc)
		set.Requirements.UsePlanLimits(billingSvc)
		set.Site.UsePlans(sitePlans(billingSvc))
		set.APIKeys.UseAPIAccess(billingSvc)
		hooks.UseAccess(billingSvc)
	}
	return set
}

// sitePlans is the landing page's pricing made from billing's plans: the
// page shows the rows billing enforces, never text of its own.
func sitePlans(b *billing.Service) site.PlanSource {
	return func(ctx context.Context) ([]site.Plan, error) {
		list, err := b.Plans(ctx)
		if err != nil {
			return nil, err
		}
		out := make([]site.Plan, len(list))
		for i, p := range list {
			out[i] = site.Plan{Name: p.Name, Price: p.PriceText, Period: p.PeriodText, Description: p.Description,
				Features: p.Highlights, Popular: p.Popular}
		}
		return out, nil
	}
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
