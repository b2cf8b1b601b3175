package notifications

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/settings"
)

// DefaultInterval is the least time between two digests of one kind to
// one agent.
const DefaultInterval = 15 * time.Minute

// Config tunes the Service.
type Config struct {
	// Interval is the least time between two digests of new matches, or of
	// messages, to one agent (DefaultInterval when zero). Connection
	// updates go at once.
	Interval time.Duration
	// BaseURL is the origin links in emails point at (no trailing slash).
	BaseURL string
	// Secret signs unsubscribe tokens (the server secret).
	Secret []byte
	// Templates are the approved WhatsApp template names per kind; a kind
	// without one gets no WhatsApp message.
	Templates map[settings.Kind]string
	// Dev says the mailer is the development outbox, so a test email is
	// reported as captured rather than sent.
	Dev bool
}

// Service sends the digests.
type Service struct {
	db   *store.DB
	mail outbound.Mailer
	wa   outbound.TemplateSender
	cfg  Config
	log  *slog.Logger
}

// NewService returns a Service sending email through mail and WhatsApp
// through wa (nil sends none).
func NewService(db *store.DB, mail outbound.Mailer, wa outbound.TemplateSender, cfg Config, log *slog.Logger) *Service {
	if cfg.Interval <= 0 {
		cfg.Interval = DefaultInterval
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if len(cfg.Secret) == 0 { // tests without a server secret: tokens last this process's life
		cfg.Secret = make([]byte, 32)
		_, _ = rand.Read(cfg.Secret)
	}
	return &Service{db: db, mail: mail, wa: wa, cfg: cfg, log: log}
}

// Jobs lists the digest jobs, for the queue (jobs.Queue.Add).
func (s *Service) Jobs() []jobs.Kind { return []jobs.Kind{{Name: JobKind, Prepare: s.prepare}} }

// interval is how long kind's digests wait after the last one.
func (s *Service) interval(kind settings.Kind) time.Duration {
	if kind == settings.Updates {
		return 0
	}
	return s.cfg.Interval
}

type pending struct {
	id, refID int64
	item      string
	count     int
	emailed   bool
	at        time.Time
}

// recipient is what the digest needs of its agent.
type recipient struct {
	name, phone   string
	email         *string
	emailVerified bool
	phoneVerified bool
	active        bool
}

func done(context.Context, *sql.Tx, jobs.Job) (func(context.Context), error) { return nil, nil }

// prepare sends userID's digest of kind, outside the job's transaction,
// and returns the handler that forgets the items it carried. Too early
// (within the interval of the last digest), it queues the digest for its
// time instead. A failed send returns the error: the job is retried with
// backoff and the items stay; items already emailed are not emailed again.
func (s *Service) prepare(ctx context.Context, j jobs.Job) (jobs.Handler, error) {
	userID, kind, err := parseKey(j.Key)
	if err != nil {
		return nil, err
	}
	items, err := s.items(ctx, userID, kind)
	if err != nil || len(items) == 0 {
		return done, err
	}
	now := s.db.Time()
	var last time.Time
	err = s.db.QueryRowContext(ctx, `SELECT last_sent_at FROM notify_digests WHERE user_id = $1 AND kind = $2`, userID, string(kind)).Scan(store.ScanTime(&last))
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if due := last.Add(s.interval(kind)); err == nil && now.Before(due) {
		return func(ctx context.Context, tx *sql.Tx, _ jobs.Job) (func(context.Context), error) {
			_, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: JobKind, Key: j.Key, Join: true, Delay: due.Sub(now)})
			return nil, err
		}, nil
	}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.id
	}
	forget := func(sent bool) jobs.Handler {
		return func(ctx context.Context, tx *sql.Tx, _ jobs.Job) (func(context.Context), error) {
			if _, err := tx.ExecContext(ctx, `DELETE FROM notify_items WHERE id IN (`+store.Placeholders(1, len(ids))+`)`, anys(ids)...); err != nil {
				return nil, err
			}
			if !sent {
				return nil, nil
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO notify_digests (user_id, kind, last_sent_at) VALUES ($1, $2, $3)
				ON CONFLICT (user_id, kind) DO UPDATE SET last_sent_at = excluded.last_sent_at`, userID, string(kind), s.db.Time())
			return nil, err
		}
	}
	r, err := s.recipient(ctx, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return forget(false), nil
	}
	if err != nil {
		return nil, err
	}
	st, err := settings.Get(ctx, s.db, userID)
	if err != nil {
		return nil, err
	}
	sw := st.Notifications.Of(kind)
	if !sw.On || !r.active {
		return forget(false), nil
	}
	sent := false
	var toEmail []pending
	for _, it := range items {
		if !it.emailed {
			toEmail = append(toEmail, it)
		}
	}
	if sw.Email && r.email != nil && r.emailVerified && len(toEmail) > 0 && s.mail != nil {
		n, ok, err := s.compose(ctx, userID, kind, r.name, toEmail)
		if err != nil {
			return nil, err
		}
		if ok {
			n.Unsubscribe = s.UnsubscribeURL(userID, kind)
			n.Why, n.About = whyLabel(kind), aboutLabel(kind)
			msg, err := outbound.NoticeEmail(*r.email, n)
			if err != nil {
				return nil, err
			}
			if err := s.mail.SendEmail(ctx, msg); err != nil {
				return nil, fmt.Errorf("notices: email digest: %w", err)
			}
			sent = true
		}
		emailedIDs := make([]int64, len(toEmail))
		for i, it := range toEmail {
			emailedIDs[i] = it.id
		}
		if _, err := s.db.ExecContext(ctx, `UPDATE notify_items SET emailed = TRUE WHERE id IN (`+store.Placeholders(1, len(emailedIDs))+`)`, anys(emailedIDs)...); err != nil {
			return nil, err
		}
	}
	if tmpl := s.cfg.Templates[kind]; sw.WhatsApp && s.wa != nil && tmpl != "" && r.phoneVerified {
		n, ok, err := s.compose(ctx, userID, kind, r.name, items)
		if err != nil {
			return nil, err
		}
		if ok {
			params := []string{firstName(r.name), n.Intro, n.ActionURL}
			if err := s.wa.SendTemplate(ctx, r.phone, tmpl, params); err != nil {
				return nil, fmt.Errorf("notices: whatsapp digest: %w", err)
			}
			sent = true
		}
	}
	return forget(sent), nil
}

func (s *Service) items(ctx context.Context, userID int64, kind settings.Kind) ([]pending, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, item, ref_id, count, emailed, created_at FROM notify_items
		WHERE user_id = $1 AND kind = $2 ORDER BY id`, userID, string(kind))
	if err != nil {
		return nil, err
	}
	return store.Collect(rows, func(rows *sql.Rows, p *pending) error {
		return rows.Scan(&p.id, &p.item, &p.refID, &p.count, &p.emailed, store.ScanTime(&p.at))
	})
}

func (s *Service) recipient(ctx context.Context, userID int64) (recipient, error) {
	var r recipient
	var verifiedAt sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT full_name, phone, email, CAST(email_verified_at AS TEXT), is_phone_verified, is_active
		FROM users WHERE id = $1`, userID).Scan(&r.name, &r.phone, &r.email, &verifiedAt, &r.phoneVerified, &r.active)
	r.emailVerified = verifiedAt.Valid
	return r, err
}

func anys(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

func whyLabel(kind settings.Kind) string {
	switch kind {
	case settings.Matches:
		return "New Matches by email"
	case settings.Messages:
		return "Messages by email"
	}
	return "Property Updates by email"
}

// aboutLabel says what the emails of kind are about, for their footer: a
// connection request's names connection requests and clients' interest,
// not property updates.
func aboutLabel(kind settings.Kind) string {
	switch kind {
	case settings.Matches:
		return "new matches"
	case settings.Messages:
		return "new messages"
	}
	return "connection requests and their answers, and clients' interest in listings you share"
}
