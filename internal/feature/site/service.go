package site

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/cached"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/rera"
)

// CacheFor is how long the content and the figures are kept in memory: the
// public page reads the database at most once per period and instance.
const CacheFor = 5 * time.Minute

// Figures are the live counts the landing page shows instead of claims.
type Figures struct {
	Agents             int       `json:"agents"`
	RERAVerifiedAgents int       `json:"reraVerifiedAgents"`
	ActiveListings     int       `json:"activeListings"`
	ActiveRequirements int       `json:"activeRequirements"`
	MatchesLast30Days  int       `json:"matchesLast30Days"`
	CountedAt          time.Time `json:"countedAt"`
}

// Page is the content as stored, with when it last changed, and the
// pricing plans when billing is on.
type Page struct {
	Content
	// Billing is whether PropMatch sells plans and credits here; off, the
	// page hides its pricing and Plans is empty.
	Billing bool `json:"billing"`
	// UpdatedAt is when a part last changed; nil while every part is its
	// default.
	UpdatedAt *time.Time `json:"updatedAt"`
}

// Service reads and saves the site content and counts the figures.
type Service struct {
	db      *store.DB
	page    cached.Value[Page]
	figures cached.Value[Figures]
	// pageLoads and figureLoads count database reads (for the cache's tests).
	pageLoads, figureLoads atomic.Int64
	// plans gives the pricing plans; nil with billing off.
	plans PlanSource
}

// PlanSource returns the plans the landing page sells: billing's, the same
// rows its limits and prices are enforced from. services.New sets it when
// billing is on.
type PlanSource func(ctx context.Context) ([]Plan, error)

// UsePlans makes the page show src's plans (billing on).
func (s *Service) UsePlans(src PlanSource) { s.plans = src }

// NewService returns a Service.
func NewService(db *store.DB) *Service {
	s := &Service{db: db}
	s.page = cached.Value[Page]{For: CacheFor, Now: db.Time, Load: func(ctx context.Context) (Page, error) {
		s.pageLoads.Add(1)
		return s.loadPage(ctx)
	}}
	s.figures = cached.Value[Figures]{For: CacheFor, Now: db.Time, Load: func(ctx context.Context) (Figures, error) {
		s.figureLoads.Add(1)
		return s.countFigures(ctx)
	}}
	return s
}

// Page returns the content, from memory when read within CacheFor, with
// the plans read fresh from billing (three rows), so an admin's price
// change shows at once.
func (s *Service) Page(ctx context.Context) (Page, error) {
	pg, err := s.page.Get(ctx)
	if err != nil {
		return pg, err
	}
	pg.Plans = []Plan{}
	if s.plans != nil {
		pg.Billing = true
		if pg.Plans, err = s.plans(ctx); err != nil {
			return pg, err
		}
	}
	return pg, nil
}

// Figures returns the live figures, from memory when counted within CacheFor.
func (s *Service) Figures(ctx context.Context) (Figures, error) {
	return s.figures.Get(ctx)
}

// parts names each stored document and says how to read and write it.
type part struct {
	name  string
	value func(c *Content) any
	given func(u *Update) any // nil when the update leaves the part alone
}

var parts = []part{
	{"offers", func(c *Content) any { return &c.Offers }, func(u *Update) any { return ptr(u.Offers) }},
	{"testimonials", func(c *Content) any { return &c.Testimonials }, func(u *Update) any { return ptr(u.Testimonials) }},
	{"demo_video", func(c *Content) any { return &c.DemoVideo }, func(u *Update) any { return ptr(u.DemoVideo) }},
	{"contact", func(c *Content) any { return &c.Contact }, func(u *Update) any { return ptr(u.Contact) }},
	{"training_topics", func(c *Content) any { return &c.TrainingTopics }, func(u *Update) any { return ptr(u.TrainingTopics) }},
}

// ptr returns p as an any that is nil when p is.
func ptr[T any](p *T) any {
	if p == nil {
		return nil
	}
	return p
}

// Save validates u, stores each part it carries (one row per part, so two
// admins editing different parts do not undo each other; the last save of a
// part wins), empties the content cache and returns the content now stored.
func (s *Service) Save(ctx context.Context, adminID int64, u Update) (Page, error) {
	return s.save(ctx, &adminID, u)
}

// Seed saves u as Save does, by no one: the demo data's content.
func (s *Service) Seed(ctx context.Context, u Update) (Page, error) { return s.save(ctx, nil, u) }

func (s *Service) save(ctx context.Context, by *int64, u Update) (Page, error) {
	if err := u.Validate(); err != nil {
		return Page{}, err
	}
	now := s.db.Time()
	var before Page
	if by != nil {
		var err error
		if before, err = s.loadPage(ctx); err != nil {
			return Page{}, err
		}
	}
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		for _, p := range parts {
			v := p.given(&u)
			if v == nil {
				continue
			}
			body, err := json.Marshal(v)
			if err != nil {
				return err
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO site_content (name, body, updated_at, updated_by) VALUES ($1, $2, $3, $4)
				ON CONFLICT (name) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
				p.name, string(body), now, by)
			if err != nil {
				return err
			}
		}
		if by == nil {
			return nil
		}
		return audit.Record(ctx, tx, now, audit.Entry{ActorID: *by, Action: "site.update", TargetType: "site_content",
			Before: before.Content, After: u})
	})
	if err != nil {
		return Page{}, apperr.Wrap(err, "save site content")
	}
	s.page.Reset()
	return s.Page(ctx)
}

// loadPage reads every part in one query. A part with no row reads as its
// default (defaults.json): the spec's offers, plans and topics, and no
// testimonials or contact details, which only a real customer and the
// business itself can supply.
func (s *Service) loadPage(ctx context.Context) (Page, error) {
	var pg Page
	for _, p := range parts {
		if err := json.Unmarshal(defaults[p.name], p.value(&pg.Content)); err != nil {
			return pg, apperr.Wrap(fmt.Errorf("default %s: %w", p.name, err), "read site content")
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT s.name, s.body, `+store.Qualify("s", "updated_at")+` FROM site_content s`)
	if err != nil {
		return pg, apperr.Wrap(err, "read site content")
	}
	type row struct {
		name, body string
		at         time.Time
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, r *row) error {
		return rows.Scan(&r.name, &r.body, store.ScanTime(&r.at))
	})
	if err != nil {
		return pg, apperr.Wrap(err, "read site content")
	}
	for _, r := range list {
		for _, p := range parts {
			if p.name != r.name {
				continue
			}
			if err := json.Unmarshal([]byte(r.body), p.value(&pg.Content)); err != nil {
				return pg, apperr.Wrap(fmt.Errorf("part %s: %w", r.name, err), "read site content")
			}
		}
		if pg.UpdatedAt == nil || r.at.After(*pg.UpdatedAt) {
			pg.UpdatedAt = &r.at
		}
	}
	// Lists are never null in the answer.
	pg.Offers = nonNil(pg.Offers)
	pg.Testimonials = nonNil(pg.Testimonials)
	pg.TrainingTopics = nonNil(pg.TrainingTopics)
	return pg, nil
}

func nonNil[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}

// countFigures counts every figure in one round trip.
func (s *Service) countFigures(ctx context.Context) (Figures, error) {
	now := s.db.Time()
	f := Figures{CountedAt: now}
	err := s.db.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM users WHERE role = 'agent' AND is_active = TRUE),
		(SELECT COUNT(*) FROM users u WHERE u.role = 'agent' AND u.is_active = TRUE AND `+rera.VerifiedCondition("u", 2)+`),
		(SELECT COUNT(*) FROM properties WHERE is_active = TRUE),
		(SELECT COUNT(*) FROM requirements WHERE is_active = TRUE),
		(SELECT COUNT(*) FROM matches WHERE created_at >= $1)`, now.AddDate(0, 0, -30), rera.Today(now)).
		Scan(&f.Agents, &f.RERAVerifiedAgents, &f.ActiveListings, &f.ActiveRequirements, &f.MatchesLast30Days)
	return f, apperr.Wrap(err, "count site figures")
}

// Loads reports how many times the content and the figures were read from
// the database: what the tests of the cache count.
func (s *Service) Loads() (page, figures int) {
	return int(s.pageLoads.Load()), int(s.figureLoads.Load())
}
