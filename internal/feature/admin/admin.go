// Package admin serves the admin console: the platform's figures, the
// searchable lists of users, listings, requirements and matches, and the
// deactivation of an account with everything it takes off the marketplace.
// Every change it makes is recorded in the audit log (package audit) in the
// change's own transaction. Only admins reach it: the HTTP layer checks the
// role on every /api/admin route.
package admin

import (
	"context"
	"database/sql"
	"slices"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/training"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/notifications"
)

// Service is the admin console's reads and account changes.
type Service struct {
	db     *store.DB
	auth   *auth.Service
	engine *matchengine.Engine
}

// NewService returns a Service; engine queues the rematching of a
// deactivated or reactivated agent's listings and requirements.
func NewService(db *store.DB, a *auth.Service, engine *matchengine.Engine) *Service {
	return &Service{db: db, auth: a, engine: engine}
}

// Stats are the figures of the admin overview, each counted by the database.
type Stats struct {
	TotalUsers        int `json:"totalUsers"`
	TotalProperties   int `json:"totalProperties"`
	TotalRequirements int `json:"totalRequirements"`
	TotalMatches      int `json:"totalMatches"`
	// TotalCourses is the courses agents can take (training.StatusAvailable:
	// the agents' own count); ComingSoonCourses those listed as coming soon.
	TotalCourses      int `json:"totalCourses"`
	ComingSoonCourses int `json:"comingSoonCourses"`
	ActiveConnections int `json:"activeConnections"`
	// SignupsLast30Days counts accounts created in the last 30 days.
	SignupsLast30Days int `json:"signupsLast30Days"`
	// ActiveAgentsLast7Days counts active agents who, in the last 7 days,
	// used a session or wrote something: a listing or requirement created
	// or edited, or a message sent.
	ActiveAgentsLast7Days int `json:"activeAgentsLast7Days"`
	// Queue is the background queue's jobs still to do, by what they are.
	Queue     QueueFigures `json:"queue"`
	CountedAt time.Time    `json:"countedAt"`
}

// QueueFigures are the background jobs still to do in three groups, so
// that the admin's queue card never calls a digest "matching".
type QueueFigures struct {
	// Matching is the match engine's jobs (a listing or requirement to
	// match, requirements to refill).
	Matching QueueGroup `json:"matching"`
	// Digests is the notification digests, most of them scheduled: each
	// waits for its agent's digest interval on purpose.
	Digests QueueGroup `json:"digests"`
	// Other is every other kind: backups, off-site copies, verification emails.
	Other QueueGroup `json:"other"`
}

// QueueGroup is one group's jobs: due ones wait for a worker (their wait
// counts from when they became due, as /readyz's queue_stuck counts it),
// scheduled ones are held back until their time.
type QueueGroup struct {
	Due              int        `json:"due"`
	Running          int        `json:"running"`
	Scheduled        int        `json:"scheduled"`
	OldestDueSeconds float64    `json:"oldestDueSeconds"`
	NextAt           *time.Time `json:"nextAt"`
}

// add counts k's jobs in g.
func (g *QueueGroup) add(k jobs.KindStats) {
	g.Due += k.Due
	g.Running += k.Running
	g.Scheduled += k.Scheduled
	g.OldestDueSeconds = max(g.OldestDueSeconds, k.OldestDueSeconds)
	if k.NextAt != nil && (g.NextAt == nil || k.NextAt.Before(*g.NextAt)) {
		g.NextAt = k.NextAt
	}
}

// queueFigures groups the queue's kinds: the match engine's, the digests,
// and the rest.
func queueFigures(kinds map[string]jobs.KindStats) QueueFigures {
	var q QueueFigures
	for name, k := range kinds {
		switch {
		case slices.Contains(matchengine.Kinds, name):
			q.Matching.add(k)
		case name == notifications.JobKind:
			q.Digests.add(k)
		default:
			q.Other.add(k)
		}
	}
	return q
}

// Stats counts the figures in one round trip, plus the queue's figures.
func (s *Service) Stats(ctx context.Context) (Stats, error) {
	now := s.db.Time()
	st := Stats{CountedAt: now}
	week := now.AddDate(0, 0, -7)
	err := s.db.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM users),
		(SELECT COUNT(*) FROM properties),
		(SELECT COUNT(*) FROM requirements),
		(SELECT COUNT(*) FROM matches),
		(SELECT COUNT(*) FROM courses WHERE tab = $3 AND status = $4),
		(SELECT COUNT(*) FROM courses WHERE tab = $3 AND status <> $4),
		(SELECT COUNT(*) FROM connections WHERE status = 'accepted'),
		(SELECT COUNT(*) FROM users WHERE created_at >= $1),
		(SELECT COUNT(*) FROM users u WHERE u.role = 'agent' AND u.is_active = TRUE AND (
			EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.last_seen_at >= $2)
			OR EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = u.id AND p.updated_at >= $2)
			OR EXISTS (SELECT 1 FROM requirements r WHERE r.agent_id = u.id AND r.updated_at >= $2)
			OR EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = u.id AND m.created_at >= $2)))`,
		now.AddDate(0, 0, -30), week, training.Tab, training.StatusAvailable).Scan(&st.TotalUsers, &st.TotalProperties,
		&st.TotalRequirements, &st.TotalMatches, &st.TotalCourses, &st.ComingSoonCourses, &st.ActiveConnections, &st.SignupsLast30Days, &st.ActiveAgentsLast7Days)
	if err != nil {
		return Stats{}, apperr.Wrap(err, "count admin stats")
	}
	kinds, err := jobs.ReadKinds(ctx, s.db)
	if err != nil {
		return Stats{}, apperr.Wrap(err, "read queue figures")
	}
	st.Queue = queueFigures(kinds)
	return st, nil
}

// SetActive deactivates (active false) or reactivates user id. A
// deactivated agent cannot sign in and all their sessions end at once (see
// auth.Service.SetActive); their listings and requirements stay stored
// but leave the marketplace and matching, which read an owner's account
// state. In the same transaction each of them is queued for matching, so
// their open matches are removed and the other side's requirements refilled
// (deactivation), or they are matched again (reactivation).
func (s *Service) SetActive(ctx context.Context, by auth.Admin, id int64, active bool) (auth.User, error) {
	var u auth.User
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		if u, err = s.auth.SetActive(ctx, tx, by, id, active); err != nil {
			return err
		}
		return s.rematch(ctx, tx, id)
	})
	if err == nil {
		s.engine.Queued()
	}
	return u, err
}

// rematch queues the matching of every listing and requirement of agent id.
func (s *Service) rematch(ctx context.Context, tx *sql.Tx, id int64) error {
	now := s.db.Time()
	for _, side := range []struct {
		table string
		queue func(context.Context, *sql.Tx, time.Time, int64) error
	}{{"properties", s.engine.QueueProperty}, {"requirements", s.engine.QueueRequirement}} {
		rows, err := tx.QueryContext(ctx, `SELECT id FROM `+side.table+` WHERE agent_id = $1 ORDER BY id`, id)
		if err != nil {
			return apperr.Wrap(err, "list "+side.table)
		}
		ids, err := store.Collect(rows, func(rows *sql.Rows, id *int64) error { return rows.Scan(id) })
		if err != nil {
			return apperr.Wrap(err, "list "+side.table)
		}
		for _, row := range ids {
			if err := side.queue(ctx, tx, now, row); err != nil {
				return apperr.Wrap(err, "queue matching")
			}
		}
	}
	return nil
}

// Audit returns a page of the audit log, newest first.
func (s *Service) Audit(ctx context.Context, page paging.Page) ([]audit.Event, int64, error) {
	return audit.List(ctx, s.db, page)
}
