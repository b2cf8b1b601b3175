// Package account is what an agent can do with all PropMatch holds about
// them, as India's Digital Personal Data Protection Act 2023 gives them the
// right to: download it (Export) and delete their account (Delete). See
// docs/product.md#your-data and docs/decisions.md, "Agents' own data and
// off-site backups (issue 14)".
package account

import (
	"context"
	"fmt"
	"time"

	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/security"
)

// DefaultExportsPerHour is how many downloads of their data an agent may
// start per hour when Service.ExportsPerHour is zero.
const DefaultExportsPerHour = 3

// Waker is told that jobs were queued (the match engine: the refills a
// deletion queues run at once).
type Waker interface{ Queued() }

// Service exports and deletes agents' accounts.
type Service struct {
	db           *store.DB
	auth         *auth.Service
	properties   *property.Service
	requirements *requirement.Service
	waker        Waker
	// ExportsPerHour bounds each agent's downloads of their data
	// (DefaultExportsPerHour when zero).
	ExportsPerHour int
}

// NewService returns the service. Listings and requirements are deleted
// through their own services, so their matches go and the other agents'
// requirements refill as any deletion does; waker runs the queued refills.
func NewService(db *store.DB, a *auth.Service, p *property.Service, r *requirement.Service, waker Waker) *Service {
	return &Service{db: db, auth: a, properties: p, requirements: r, waker: waker}
}

// AllowExport counts one download of userID's data and refuses it
// (TooManyRequests, with a rate_limit_hit security event) past
// ExportsPerHour in an hour. The count is one database statement, so the
// limit holds across instances and concurrent requests.
func (s *Service) AllowExport(ctx context.Context, userID int64, c auth.Client) error {
	limit := s.ExportsPerHour
	if limit <= 0 {
		limit = DefaultExportsPerHour
	}
	now := s.db.Time()
	ok, wait, err := limits.Take(ctx, s.db, fmt.Sprintf("export:user:%d", userID), now, limits.Window{Max: limit, Every: time.Hour})
	if err != nil {
		return apperr.Wrap(err, "count data downloads")
	}
	if ok {
		return nil
	}
	_ = security.Record(ctx, s.db, now, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL,
		Subject: fmt.Sprintf("user:%d", userID), Detail: "data download limit"}) // the refusal stands without its record
	return apperr.Throttled(wait, "You can download your data %d times an hour. Try again in %s", limit, apperr.Wait(wait))
}
