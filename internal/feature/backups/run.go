package backups

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
)

// run is the backup job: it writes the file of the run the job names and
// records the result, then applies the retention. A failed run is recorded
// with its error and fails its job (it is not retried: the next run is the
// retry).
func (s *Service) run(ctx context.Context, j jobs.Job) error {
	var p jobPayload
	if err := j.Decode(&p); err != nil || p.BackupID == 0 {
		return fmt.Errorf("backups: bad job payload %s", j.Payload)
	}
	start := s.db.Time()
	var kind string
	if err := s.db.QueryRowContext(ctx, `SELECT kind FROM backups WHERE id = $1`, p.BackupID).Scan(&kind); err != nil {
		return fmt.Errorf("backups: start: %w", err)
	}
	name := fileName(start, p.BackupID, kind)
	if _, err := s.db.ExecContext(ctx, `UPDATE backups SET state = $2, started_at = $3, file_name = $4 WHERE id = $1`,
		p.BackupID, Running, start, name); err != nil {
		return fmt.Errorf("backups: start: %w", err)
	}
	m, size, err := s.write(ctx, name)
	took := s.db.Time().Sub(start)
	done := context.WithoutCancel(ctx)
	if err != nil {
		s.log.Error("backup failed", "id", p.BackupID, "err", err)
		if _, dbErr := s.db.ExecContext(done, `UPDATE backups SET state = $2, finished_at = $3, duration_ms = $4, error = $5, file_name = '' WHERE id = $1`,
			p.BackupID, Failed, s.db.Time(), took.Milliseconds(), err.Error()); dbErr != nil {
			return errors.Join(err, dbErr)
		}
		s.health.Reset()
		return err
	}
	counts := map[string]int64{}
	for _, t := range m.Tables {
		counts[t.Name] = t.Rows
	}
	summary, _ := json.Marshal(counts) // a map of strings to numbers always marshals
	offsite := ""
	if s.cfg.Offsite.On() {
		offsite = OffsitePending
	}
	err = s.db.WithTx(done, func(tx *sql.Tx) error {
		now := s.db.Time()
		if _, err := tx.ExecContext(done, `UPDATE backups SET state = $2, finished_at = $3, duration_ms = $4, size_bytes = $5, row_count = $6, tables = $7, offsite_state = $8
			WHERE id = $1`, p.BackupID, Success, now, took.Milliseconds(), size, m.Rows(), string(summary), offsite); err != nil {
			return err
		}
		if offsite == "" {
			return nil
		}
		_, err := jobs.Enqueue(done, tx, now, jobs.New{Kind: OffsiteJobKind, Key: offsiteKey(p.BackupID),
			Payload: offsitePayload(p), MaxAttempts: offsiteAttempts})
		return err
	})
	if err != nil {
		return fmt.Errorf("backups: record: %w", err)
	}
	s.health.Reset()
	if offsite != "" {
		s.queue.Wake()
	}
	s.log.Info("backup written", "id", p.BackupID, "file", name, "bytes", size, "rows", m.Rows(), "took", took)
	if err := s.prune(done); err != nil {
		s.log.Warn("backup retention", "err", err)
	}
	return nil
}

// fileName names backup id of kind, started at t:
// propmatch-YYYYMMDD-HHMMSS-ID.zip, with "-manual" before ".zip" for a
// manual one, so the off-site retention (parseCopy) keeps the kinds apart.
func fileName(t time.Time, id int64, kind string) string {
	name := "propmatch-" + dbdump.Stamp(t) + fmt.Sprintf("-%d", id)
	if kind == Manual {
		name += manualSuffix
	}
	return name + ".zip"
}

// manualSuffix marks a manual backup's file name.
const manualSuffix = "-manual"

// write writes a backup to name in the directory: to a temporary file
// beside it, renamed once complete, so a file under a backup's name is
// always whole.
func (s *Service) write(ctx context.Context, name string) (m dbdump.Manifest, size int64, err error) {
	if err := os.MkdirAll(s.cfg.Dir, 0o750); err != nil {
		return m, 0, err
	}
	f, err := os.CreateTemp(s.cfg.Dir, ".propmatch-backup-*.partial")
	if err != nil {
		return m, 0, err
	}
	defer func() {
		if err != nil {
			_ = f.Close()           // the backup's error is the one to report
			_ = os.Remove(f.Name()) // a partial file is of no use
		}
	}()
	if m, err = dbdump.Write(ctx, s.db, f, s.cfg.Key, nil); err != nil {
		return m, 0, err
	}
	if err = f.Sync(); err != nil {
		return m, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		return m, 0, err
	}
	if err = f.Close(); err != nil {
		return m, 0, err
	}
	if err = os.Rename(f.Name(), filepath.Join(s.cfg.Dir, name)); err != nil {
		return m, 0, err
	}
	return m, info.Size(), nil
}

// prune deletes the successful backups of each kind older than its
// newest Keep (scheduled) or KeepManual (manual), files first, and the
// failed runs of the kind older than its oldest backup kept: manual runs,
// however many, never rotate out the scheduled ones.
func (s *Service) prune(ctx context.Context) error {
	for _, k := range []struct {
		kind string
		keep int
	}{{Scheduled, s.cfg.Keep}, {Manual, s.cfg.KeepManual}} {
		if err := s.pruneKind(ctx, k.kind, k.keep); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) pruneKind(ctx context.Context, kind string, keep int) error {
	rows, err := s.db.QueryContext(ctx, `SELECT id, file_name FROM backups WHERE state = $1 AND kind = $2 ORDER BY id DESC`, Success, kind)
	if err != nil {
		return err
	}
	type old struct {
		id   int64
		name string
	}
	var all []old
	for rows.Next() {
		var o old
		if err := rows.Scan(&o.id, &o.name); err != nil {
			_ = rows.Close()
			return err
		}
		all = append(all, o)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return err
	}
	if len(all) <= keep {
		return nil
	}
	for _, o := range all[keep:] {
		if err := s.remove(ctx, s.db, o.id, o.name); err != nil {
			return err
		}
		s.log.Info("old backup deleted: only the newest are kept", "id", o.id, "file", o.name, "kind", kind, "keep", keep)
	}
	oldest := all[keep-1].id
	_, err = s.db.ExecContext(ctx, `DELETE FROM backups WHERE state = $1 AND kind = $2 AND id < $3`, Failed, kind, oldest)
	return err
}

// remove deletes a backup's file, then its row.
func (s *Service) remove(ctx context.Context, q store.Querier, id int64, name string) error {
	if name != "" && name == filepath.Base(name) { // the server's own names have no directory
		if err := os.Remove(filepath.Join(s.cfg.Dir, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	_, err := q.ExecContext(ctx, `DELETE FROM backups WHERE id = $1`, id)
	return err
}

// sweep marks failed the runs whose job is no longer to do (its worker
// stopped while it ran, or the job was dropped), so none shows as running
// for ever.
func (s *Service) sweep(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE backups SET state = $1, error = $2, finished_at = $3
		WHERE state IN ('queued', 'running')
		AND NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.id = backups.job_id AND jobs.state IN ('pending', 'running'))`,
		Failed, "the server stopped while this backup ran", s.db.Time())
	return err
}

// RunScheduler queues each scheduled run at its time until ctx ends. Every
// instance runs one; each slot is queued once (EnqueueScheduled).
func (s *Service) RunScheduler(ctx context.Context) {
	for {
		now := s.db.Time()
		next, err := s.cfg.Schedule.Next(now)
		if err != nil {
			s.log.Error("backup schedule has no next run", "schedule", s.cfg.Schedule.String(), "err", err)
			return
		}
		t := time.NewTimer(next.Sub(now))
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		if _, err := s.EnqueueScheduled(ctx, next); err != nil && ctx.Err() == nil {
			s.log.Error("scheduled backup not queued", "slot", slotKey(next), "err", err)
		}
		if err := s.sweep(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("backup sweep", "err", err)
		}
	}
}
