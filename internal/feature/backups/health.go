package backups

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"propmatch/internal/kit/store"
)

// Health is the outcome of the last runs, for the readiness probe and the
// metrics.
type Health struct {
	// LastSuccessAt is when the newest successful backup finished; nil
	// before the first.
	LastSuccessAt *time.Time
	// LastFailed is true when the newest finished run failed, with its id
	// and error.
	LastFailed  bool
	LastID      int64
	LastError   string
	LastFinish  *time.Time
	OffsiteFail bool // the newest successful backup's off-site copy failed for good
	OffsiteErr  string
}

// ReadHealth reads the newest finished run and the newest successful one.
func ReadHealth(ctx context.Context, q store.Querier) (Health, error) {
	var h Health
	var state string
	var finished nullTime
	err := q.QueryRowContext(ctx, `SELECT id, state, error, COALESCE(finished_at, NULL) FROM backups WHERE state IN ('success', 'failed')
		ORDER BY id DESC LIMIT 1`).Scan(&h.LastID, &state, &h.LastError, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return h, nil
	}
	if err != nil {
		return h, fmt.Errorf("backups: read the last run: %w", err)
	}
	h.LastFailed, h.LastFinish = state == Failed, finished.ptr()
	var success nullTime
	var offsite string
	err = q.QueryRowContext(ctx, `SELECT COALESCE(finished_at, NULL), offsite_state, offsite_error FROM backups WHERE state = 'success'
		ORDER BY id DESC LIMIT 1`).Scan(&success, &offsite, &h.OffsiteErr)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return h, fmt.Errorf("backups: read the last success: %w", err)
	}
	h.LastSuccessAt, h.OffsiteFail = success.ptr(), offsite == OffsiteFailed
	return h, nil
}

// Health returns the last runs' outcome, read at most a few seconds ago.
func (s *Service) Health(ctx context.Context) (Health, error) { return s.health.Get(ctx) }

// staleGrace is how long after its scheduled time a run may take before
// the last success counts as stale.
const staleGrace = time.Hour

// StaleAt returns when a successful backup finished at t becomes stale:
// once two scheduled runs have come after it, plus staleGrace for the
// second to finish. With the default daily schedule that is about two
// days; it follows the schedule, so @hourly allows about two hours.
func (s *Service) StaleAt(t time.Time) (time.Time, error) {
	first, err := s.cfg.Schedule.Next(t)
	if err != nil {
		return time.Time{}, err
	}
	second, err := s.cfg.Schedule.Next(first)
	if err != nil {
		return time.Time{}, err
	}
	return second.Add(staleGrace), nil
}

// Warning is a condition of the backups an operator should look at.
type Warning struct {
	Check   string
	Message string
}

// Warnings returns what is wrong with the backups now: the last run failed,
// the last success is older than two scheduled runs (see StaleAt), or its
// off-site copy failed for good. None before the first run.
func (s *Service) Warnings(ctx context.Context) ([]Warning, error) {
	h, err := s.Health(ctx)
	if err != nil {
		return nil, err
	}
	var out []Warning
	if h.LastFailed {
		msg := h.LastError
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		out = append(out, Warning{Check: "backup_failed", Message: fmt.Sprintf("The last backup (%d) failed: %s. See the backup page (/backup-monitor).", h.LastID, msg)})
	}
	if h.LastSuccessAt != nil {
		stale, err := s.StaleAt(*h.LastSuccessAt)
		if err == nil && s.db.Time().After(stale) {
			out = append(out, Warning{Check: "backup_stale", Message: fmt.Sprintf(
				"The last successful backup finished at %s UTC, and two scheduled runs (%s) have come since without one. See the backup page (/backup-monitor).",
				h.LastSuccessAt.UTC().Format("2006-01-02 15:04"), s.cfg.Schedule.String())})
		}
	}
	if h.OffsiteFail {
		out = append(out, Warning{Check: "backup_offsite_failed", Message: "The last successful backup could not be copied off-site: " + h.OffsiteErr})
	}
	return out, nil
}
