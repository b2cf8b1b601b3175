package metrics

import (
	"context"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"propmatch/internal/feature/backups"
	"propmatch/internal/kit/cached"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/security"
)

var (
	jobsDepth = prometheus.NewDesc("propmatch_jobs_depth",
		"Background jobs still to do (pending or running), in the shared database.", nil, nil)
	jobsOldest = prometheus.NewDesc("propmatch_jobs_oldest_pending_seconds",
		"How long the pending background job due longest has waited since it became due (0 when none waits).", nil, nil)
	jobsFailedDay = prometheus.NewDesc("propmatch_jobs_failed_last_day",
		"Background jobs that failed for good in the last 24 hours.", nil, nil)
	jobsFailed = prometheus.NewDesc("propmatch_jobs_failed",
		"Background jobs kept as failed for good.", nil, nil)
	securityEvents = prometheus.NewDesc("propmatch_security_events",
		"Security events kept in the shared database (failed sign-ins, rate-limit refusals, suspicious requests...), by type.",
		[]string{"type"}, nil)
	backupAge = prometheus.NewDesc("propmatch_backup_last_success_age_seconds",
		"Seconds since the last successful backup finished (absent before the first).", nil, nil)
	backupFailed = prometheus.NewDesc("propmatch_backup_last_run_failed",
		"1 when the newest finished backup run failed, 0 when it succeeded or none has run.", nil, nil)
	backupOffsiteFailed = prometheus.NewDesc("propmatch_backup_offsite_failed",
		"1 when the last successful backup's off-site copy failed for good, else 0.", nil, nil)
	sourceUp = prometheus.NewDesc("propmatch_metrics_source_up",
		"1 when the figures of source could be read from the database at this scrape, 0 when not.", []string{"source"}, nil)
)

// dbCollector reports the figures that live in the database: the job
// queue's (jobs.Queue.RecentStats keeps them jobs.RecentFor) and the
// security events per type (kept CacheFor). Each read has ReadTimeout; a
// failed one leaves its figures out and sets its source_up to 0.
type dbCollector struct {
	queue   *jobs.Queue
	events  *cached.Value[map[string]int]
	backups *cached.Value[backups.Health]
	now     func() time.Time
	log     *slog.Logger
}

func newDBCollector(db *store.DB, queue *jobs.Queue, log *slog.Logger) *dbCollector {
	return &dbCollector{queue: queue, log: log, now: db.Time,
		events: &cached.Value[map[string]int]{For: CacheFor, Now: db.Time,
			Load: func(ctx context.Context) (map[string]int, error) { return security.CountByType(ctx, db) }},
		backups: &cached.Value[backups.Health]{For: CacheFor, Now: db.Time,
			Load: func(ctx context.Context) (backups.Health, error) { return backups.ReadHealth(ctx, db) }}}
}

// Describe implements prometheus.Collector.
func (c *dbCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{jobsDepth, jobsOldest, jobsFailedDay, jobsFailed, securityEvents, backupAge, backupFailed, backupOffsiteFailed, sourceUp} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *dbCollector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	up := func(source string, err error) bool {
		if err != nil {
			c.log.Warn("metrics: read figures from the database", "source", source, "err", err)
			gauge(sourceUp, 0, source)
			return false
		}
		gauge(sourceUp, 1, source)
		return true
	}
	if s, err := read(c.queue.RecentStats); up("jobs", err) {
		gauge(jobsDepth, float64(s.Depth))
		gauge(jobsOldest, s.OldestPendingSeconds)
		gauge(jobsFailedDay, float64(s.FailedLastDay))
		gauge(jobsFailed, float64(s.Failed))
	}
	if counts, err := read(c.events.Get); up("security_events", err) {
		// Every stored type, at zero when none is kept, so that a rate or
		// an alert on a type has a series before its first event.
		for _, typ := range security.StoredTypes {
			gauge(securityEvents, float64(counts[typ]), typ)
		}
	}
	if h, err := read(c.backups.Get); up("backups", err) {
		if h.LastSuccessAt != nil {
			gauge(backupAge, c.now().Sub(*h.LastSuccessAt).Seconds())
		}
		gauge(backupFailed, boolValue(h.LastFailed))
		gauge(backupOffsiteFailed, boolValue(h.OffsiteFail))
	}
}

// read returns what get returns within ReadTimeout.
func read[T any](get func(context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), ReadTimeout)
	defer cancel()
	return get(ctx)
}

func boolValue(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
