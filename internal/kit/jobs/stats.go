package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"propmatch/internal/kit/store"
)

// Stats are the queue's figures.
type Stats struct {
	// Depth is how many jobs are still to do (pending or running).
	Depth int `json:"depth"`
	// OldestPendingSeconds is how long the pending job due longest has
	// waited since it became due (its run_at: when it was queued plus its
	// delay, or the time of its next try): a job held back on purpose has
	// not waited yet.
	OldestPendingSeconds float64 `json:"oldestPendingSeconds"`
	// OldestPendingKind is that job's kind; empty when none is due.
	OldestPendingKind string `json:"oldestPendingKind"`
	// DoneLastMinute and FailedLastMinute count the jobs finished, and
	// failed for good, in the last minute.
	DoneLastMinute   int `json:"doneLastMinute"`
	FailedLastMinute int `json:"failedLastMinute"`
	// FailedLastDay counts the jobs that failed for good in the last 24 hours.
	FailedLastDay int `json:"failedLastDay"`
	// Failed is how many failed jobs are kept.
	Failed int `json:"failed"`
}

// zero reports whether every figure is zero.
func (s Stats) zero() bool { return s == Stats{} }

// ReadStats returns the queue's figures at now.
func ReadStats(ctx context.Context, db *store.DB) (Stats, error) {
	now := db.Time()
	minuteAgo, dayAgo := now.Add(-time.Minute), now.Add(-24*time.Hour)
	var s Stats
	err := db.QueryRowContext(ctx, `SELECT
			COUNT(*) FILTER (WHERE state IN ('pending', 'running')),
			COUNT(*) FILTER (WHERE state = 'done' AND updated_at >= $1),
			COUNT(*) FILTER (WHERE state = 'failed' AND updated_at >= $1),
			COUNT(*) FILTER (WHERE state = 'failed' AND updated_at >= $2),
			COUNT(*) FILTER (WHERE state = 'failed')
		FROM jobs`, minuteAgo, dayAgo).Scan(&s.Depth, &s.DoneLastMinute, &s.FailedLastMinute, &s.FailedLastDay, &s.Failed)
	if err != nil {
		return s, fmt.Errorf("jobs: stats: %w", err)
	}
	// The first entry of jobs_due, the index the claim reads.
	var due time.Time
	var kind string
	err = db.QueryRowContext(ctx, `SELECT run_at, kind FROM jobs WHERE state = 'pending' ORDER BY run_at, id LIMIT 1`).
		Scan(store.ScanTime(&due), &kind)
	switch {
	case err == nil:
		s.OldestPendingSeconds = max(0, now.Sub(due).Seconds())
		if s.OldestPendingSeconds > 0 {
			s.OldestPendingKind = kind
		}
	case !errors.Is(err, sql.ErrNoRows):
		return s, fmt.Errorf("jobs: stats: %w", err)
	}
	return s, nil
}

// FailedJobs returns the newest failed jobs, at most limit.
func FailedJobs(ctx context.Context, db *store.DB, limit int) ([]Job, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, kind, key, attempts, max_attempts, last_error, created_at, updated_at
		FROM jobs WHERE state = 'failed' ORDER BY updated_at DESC, id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("jobs: failed: %w", err)
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, j *Job) error {
		j.State = Failed
		return rows.Scan(&j.ID, &j.Kind, &j.Key, &j.Attempts, &j.MaxAttempts, &j.LastError, store.ScanTime(&j.CreatedAt), store.ScanTime(&j.UpdatedAt))
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: failed: %w", err)
	}
	return list, nil
}

// keepDone is how long done jobs are kept for the figures.
const keepDone = time.Hour

// report logs the figures once a minute when any is non-zero, and forgets
// done jobs older than keepDone, until ctx ends.
func (q *Queue) report(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		s, err := ReadStats(ctx, q.db)
		if err != nil {
			q.cfg.Log.Warn("job queue figures", "err", err)
			continue
		}
		if !s.zero() {
			q.cfg.Log.Info("job queue", "depth", s.Depth, "oldest_pending_s", s.OldestPendingSeconds,
				"done_last_minute", s.DoneLastMinute, "failed_last_minute", s.FailedLastMinute, "failed_kept", s.Failed)
		}
		if _, err := q.db.ExecContext(ctx, `DELETE FROM jobs WHERE state = 'done' AND updated_at < $1`, q.db.Time().Add(-keepDone)); err != nil {
			q.cfg.Log.Warn("job queue cleanup", "err", err)
		}
	}
}

// Stats returns the figures of the queue's database.
func (q *Queue) Stats(ctx context.Context) (Stats, error) { return ReadStats(ctx, q.db) }

// RecentFor is how long RecentStats keeps the figures it read.
const RecentFor = 5 * time.Second

// RecentStats returns the figures read at most RecentFor ago: what metric
// scrapes and readiness probes read, so that however often they come they
// cost one read of the jobs table per period.
func (q *Queue) RecentStats(ctx context.Context) (Stats, error) { return q.recent.Get(ctx) }

// Failed returns the newest failed jobs, at most limit.
func (q *Queue) Failed(ctx context.Context, limit int) ([]Job, error) {
	return FailedJobs(ctx, q.db, limit)
}
