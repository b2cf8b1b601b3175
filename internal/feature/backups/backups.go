// Package backups runs the server's backups: scheduled and manual runs as
// jobs on the durable queue (internal/kit/jobs), their files in one directory,
// their history in the backups table, and the retention of the last N. The
// file format is internal/kit/dbdump's.
//
// A run is a row in the backups table, written when it is queued, in the
// transaction that queues its job. A scheduled run's row carries its slot
// (the scheduled time), which is unique: every instance's scheduler tries
// to queue each slot, and the one whose insert wins queues the job, so a
// slot runs once however many instances share a PostgreSQL database. All
// runs share one job key, so they run one at a time. See docs/decisions.md,
// "Scheduled backups and the backup page (issue 14)".
package backups

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/cached"
	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/limits"
)

// JobKind is the queue's kind for a backup run.
const JobKind = "backup"

// jobKey is every backup job's key: runs never overlap.
const jobKey = "backups"

// Lease bounds one backup run: the job is another worker's only after it.
const Lease = 2 * time.Hour

// Run triggers and states.
const (
	Scheduled = "scheduled"
	Manual    = "manual"

	Queued  = "queued"
	Running = "running"
	Success = "success"
	Failed  = "failed"
)

// Defaults.
const (
	DefaultDir         = "data/backups"
	DefaultKeep        = 7
	DefaultKeepManual  = 3
	DefaultManualEvery = 10 * time.Minute
)

// Config is the backups' configuration.
type Config struct {
	// Dir holds the backup files (DefaultDir when empty).
	Dir string
	// Keep is how many successful scheduled backups are kept (DefaultKeep
	// when zero).
	Keep int
	// KeepManual is how many successful manual backups are kept, apart
	// from the scheduled ones, so manual runs never rotate those out
	// (DefaultKeepManual when zero).
	KeepManual int
	// ManualEvery is the least time between two manual backups, whoever
	// starts them (DefaultManualEvery when zero).
	ManualEvery time.Duration
	// Schedule is when scheduled runs happen (DefaultSchedule, in the
	// server's zone, when zero).
	Schedule Schedule
	// Offsite is where each successful backup is copied (off when zero).
	Offsite Offsite
	// Key signs the backups' manifests: dbdump.KeyFrom(the server secret).
	// When empty (tests that do not restore), a random key of this process
	// signs them, which no restore accepts without --trust-unsigned.
	Key dbdump.Key
}

// Service runs and lists backups.
type Service struct {
	db    *store.DB
	queue *jobs.Queue
	cfg   Config
	log   *slog.Logger
	// health keeps the last runs' outcome for readiness probes and scrapes.
	health *cached.Value[Health]
}

// New returns the service on db, which queues its jobs on queue; the queue
// runs them once services.New has added Jobs to it.
func New(db *store.DB, queue *jobs.Queue, cfg Config, log *slog.Logger) *Service {
	if cfg.Dir == "" {
		cfg.Dir = DefaultDir
	}
	if cfg.Keep <= 0 {
		cfg.Keep = DefaultKeep
	}
	if cfg.KeepManual <= 0 {
		cfg.KeepManual = DefaultKeepManual
	}
	if cfg.ManualEvery <= 0 {
		cfg.ManualEvery = DefaultManualEvery
	}
	if cfg.Schedule.expr == "" {
		cfg.Schedule, _ = ParseSchedule(DefaultSchedule, time.Local) // a constant that parses
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if len(cfg.Key) == 0 {
		cfg.Key = make(dbdump.Key, 32)
		_, _ = rand.Read(cfg.Key) // never fails (crypto/rand)
		log.Warn("backups are signed with a key of this process only: no restore will trust them without --trust-unsigned")
	}
	s := &Service{db: db, queue: queue, cfg: cfg, log: log}
	s.health = &cached.Value[Health]{For: jobs.RecentFor, Now: db.Time, Load: func(ctx context.Context) (Health, error) { return ReadHealth(ctx, db) }}
	return s
}

// Jobs lists the backup jobs, for the queue (jobs.Queue.Add): a backup run
// and an off-site copy, each a long job outside any transaction.
func (s *Service) Jobs() []jobs.Kind {
	return []jobs.Kind{
		{Name: JobKind, Long: s.run, Lease: Lease},
		{Name: OffsiteJobKind, Long: s.upload, Lease: offsiteLease},
	}
}

// Settings are the backups' configuration as an admin sees it.
type Settings struct {
	Schedule string `json:"schedule"`
	// Keep is how many scheduled backups are kept, KeepManual how many
	// manual ones; ManualEverySeconds is the least time between two manual
	// backups.
	Keep               int    `json:"keep"`
	KeepManual         int    `json:"keepManual"`
	ManualEverySeconds int64  `json:"manualEverySeconds"`
	Dir                string `json:"dir"`
	TimeZone           string `json:"timeZone"`
	// Offsite is where backups are copied, without keys; nil when off.
	Offsite *OffsiteSettings `json:"offsite"`
}

// Settings returns the configuration in force.
func (s *Service) Settings() Settings {
	return Settings{Schedule: s.cfg.Schedule.String(), Keep: s.cfg.Keep, KeepManual: s.cfg.KeepManual,
		ManualEverySeconds: int64(s.cfg.ManualEvery / time.Second), Dir: s.cfg.Dir, TimeZone: zoneName(s.cfg.Schedule.loc, s.db.Time()),
		Offsite: s.cfg.Offsite.settings()}
}

// zoneName names loc as of t for people: its IANA name when it has one
// (not "Local"), then its abbreviation and offset, e.g. "Asia/Kolkata, IST
// UTC+05:30" or "UTC".
func zoneName(loc *time.Location, t time.Time) string {
	t = t.In(loc)
	var parts []string
	if name := loc.String(); name != "" && name != "Local" && name != "UTC" {
		parts = append(parts, name+",")
	}
	abbr, offset := t.Zone()
	if abbr == "UTC" && offset == 0 {
		return strings.Join(append(parts, "UTC"), " ")
	}
	if abbr != "" && abbr[0] != '+' && abbr[0] != '-' {
		parts = append(parts, abbr)
	}
	return strings.Join(append(parts, t.Format("UTC-07:00")), " ")
}

// NextRun returns the next scheduled time after now.
func (s *Service) NextRun() (time.Time, error) { return s.cfg.Schedule.Next(s.db.Time()) }

// errTaken says another instance queued the slot first.
var errTaken = errors.New("backups: slot already queued")

// EnqueueScheduled queues the run of the scheduled time slot unless some
// instance already has; it reports whether this call queued it.
func (s *Service) EnqueueScheduled(ctx context.Context, slot time.Time) (bool, error) {
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO backups (slot, kind, state, queued_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (slot) DO NOTHING RETURNING id`, slotKey(slot), Scheduled, Queued, now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return errTaken
		}
		if err != nil {
			return err
		}
		return s.enqueue(ctx, tx, id, now)
	})
	if errors.Is(err, errTaken) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("backups: queue scheduled run: %w", err)
	}
	s.queue.Wake()
	return true, nil
}

// manualKey is the rate counter of manual backups: one for the server,
// whichever admin starts them.
const manualKey = "backup:manual"

// StartManual queues a manual run for admin userID and returns it. One
// starts at most every ManualEvery: another is TooManyRequests, saying when
// to retry. The count is the run's own transaction's first statement, one
// INSERT … ON CONFLICT on the rate counter (limits.Take), so concurrent
// requests on any instance queue one run between them.
func (s *Service) StartManual(ctx context.Context, userID int64) (Backup, error) {
	var id int64
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		ok, wait, err := limits.Take(ctx, tx, manualKey, now, limits.Window{Max: 1, Every: s.cfg.ManualEvery})
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Throttled(wait, "A manual backup was started less than %s ago. Start another in %s",
				apperr.Wait(s.cfg.ManualEvery), apperr.Wait(wait))
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO backups (kind, state, created_by, queued_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			Manual, Queued, userID, now).Scan(&id); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, now, audit.Entry{ActorID: userID, Action: "backup.manual", TargetType: "backup", TargetID: id}); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, id, now)
	})
	if apperr.CodeOf(err) == apperr.TooManyRequests {
		return Backup{}, err
	}
	if err != nil {
		return Backup{}, fmt.Errorf("backups: queue manual run: %w", err)
	}
	s.queue.Wake()
	return s.Get(ctx, id)
}

// jobPayload is a backup job's payload.
type jobPayload struct {
	BackupID int64 `json:"backupId"`
}

func (s *Service) enqueue(ctx context.Context, tx *sql.Tx, id int64, now time.Time) error {
	jobID, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: JobKind, Key: jobKey, Payload: jobPayload{BackupID: id}, MaxAttempts: 1})
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE backups SET job_id = $2 WHERE id = $1`, id, jobID)
	return err
}
