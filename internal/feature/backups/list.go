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

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
)

// Backup is one run as an admin sees it.
type Backup struct {
	ID         int64            `json:"id"`
	Trigger    string           `json:"trigger"`
	State      string           `json:"state"`
	FileName   string           `json:"fileName"`
	SizeBytes  int64            `json:"sizeBytes"`
	DurationMs int64            `json:"durationMs"`
	Rows       int64            `json:"rowCount"`
	Tables     map[string]int64 `json:"tables"`
	Error      string           `json:"error"`
	QueuedAt   time.Time        `json:"queuedAt"`
	StartedAt  *time.Time       `json:"startedAt"`
	FinishedAt *time.Time       `json:"finishedAt"`
	// Offsite is the off-site copy's state: "" (off-site copies are off),
	// pending, copied or failed; OffsiteError is its last upload's error.
	Offsite      string     `json:"offsite"`
	OffsiteError string     `json:"offsiteError"`
	OffsiteAt    *time.Time `json:"offsiteAt"`
}

const backupCols = `id, kind, state, file_name, size_bytes, duration_ms, row_count, tables, error, COALESCE(queued_at, NULL), COALESCE(started_at, NULL), COALESCE(finished_at, NULL),
	offsite_state, offsite_error, COALESCE(offsite_at, NULL)`

func scanBackup(row interface{ Scan(...any) error }, b *Backup) error {
	var tables string
	var started, finished, copied nullTime
	if err := row.Scan(&b.ID, &b.Trigger, &b.State, &b.FileName, &b.SizeBytes, &b.DurationMs, &b.Rows, &tables, &b.Error,
		store.ScanTime(&b.QueuedAt), &started, &finished, &b.Offsite, &b.OffsiteError, &copied); err != nil {
		return err
	}
	b.StartedAt, b.FinishedAt, b.OffsiteAt = started.ptr(), finished.ptr(), copied.ptr()
	b.Tables = map[string]int64{}
	if err := json.Unmarshal([]byte(tables), &b.Tables); err != nil {
		return fmt.Errorf("backups: row counts of %d: %w", b.ID, err)
	}
	return nil
}

// nullTime scans a time column that may be NULL.
type nullTime struct {
	t     time.Time
	valid bool
}

func (n *nullTime) Scan(v any) error {
	if v == nil {
		n.valid = false
		return nil
	}
	n.valid = true
	return store.ScanTime(&n.t).Scan(v)
}

func (n nullTime) ptr() *time.Time {
	if !n.valid {
		return nil
	}
	t := n.t.UTC()
	return &t
}

// Get returns backup id, or NotFound.
func (s *Service) Get(ctx context.Context, id int64) (Backup, error) {
	var b Backup
	err := scanBackup(s.db.QueryRowContext(ctx, `SELECT `+backupCols+` FROM backups WHERE id = $1`, id), &b)
	if errors.Is(err, sql.ErrNoRows) {
		return b, apperr.New(apperr.NotFound, "No backup %d", id)
	}
	return b, err
}

// historyShown bounds the history listed.
const historyShown = 100

// Status is the backups page's state.
type Status struct {
	// LastSuccess is the newest successful backup, if any.
	LastSuccess *Backup `json:"lastSuccess"`
	// Last is the newest finished run, successful or not.
	Last *Backup `json:"last"`
	// Active is true while a run is queued or running.
	Active  bool      `json:"active"`
	NextRun time.Time `json:"nextRun"`
	// History is the newest runs first, failures with their errors.
	History  []Backup `json:"history"`
	Settings Settings `json:"settings"`
}

// Status returns the backups' state, the history newest first.
func (s *Service) Status(ctx context.Context) (Status, error) {
	if err := s.sweep(ctx); err != nil {
		return Status{}, fmt.Errorf("backups: sweep: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+backupCols+` FROM backups ORDER BY id DESC LIMIT $1`, historyShown)
	if err != nil {
		return Status{}, fmt.Errorf("backups: list: %w", err)
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, b *Backup) error { return scanBackup(rows, b) })
	if err != nil {
		return Status{}, fmt.Errorf("backups: list: %w", err)
	}
	st := Status{History: list, Settings: s.Settings()}
	if st.History == nil {
		st.History = []Backup{}
	}
	for i := range list {
		b := &list[i]
		switch {
		case b.State == Queued || b.State == Running:
			st.Active = true
		case st.Last == nil:
			st.Last = b
		}
		if b.State == Success && st.LastSuccess == nil {
			st.LastSuccess = b
		}
	}
	if st.NextRun, err = s.NextRun(); err != nil {
		return Status{}, err
	}
	return st, nil
}

// Open opens the file of successful backup id for reading by admin
// adminID, and records the download in the audit log.
func (s *Service) Open(ctx context.Context, adminID, id int64) (*os.File, Backup, error) {
	b, err := s.Get(ctx, id)
	if err != nil {
		return nil, b, err
	}
	if b.State != Success || b.FileName == "" {
		return nil, b, apperr.New(apperr.NotFound, "Backup %d has no file: it is %s", id, b.State)
	}
	// The name is the server's own (see run); never a request's.
	f, err := os.Open(filepath.Join(s.cfg.Dir, filepath.Base(b.FileName)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, b, apperr.New(apperr.NotFound, "The file of backup %d is no longer in %s", id, s.cfg.Dir)
	}
	if err != nil {
		return nil, b, err
	}
	if err := audit.Record(ctx, s.db, s.db.Time(), audit.Entry{ActorID: adminID, Action: "backup.download", TargetType: "backup", TargetID: id}); err != nil {
		_ = f.Close() // only read
		return nil, b, err
	}
	return f, b, nil
}

// Delete removes backup id and its file for admin adminID, recording it in
// the audit log; a run still to finish cannot be.
func (s *Service) Delete(ctx context.Context, adminID, id int64) (Backup, error) {
	b, err := s.Get(ctx, id)
	if err != nil {
		return b, err
	}
	if b.State == Queued || b.State == Running {
		return b, apperr.New(apperr.Conflict, "Backup %d is still %s; delete it once it has finished", id, b.State)
	}
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: adminID, Action: "backup.delete", TargetType: "backup", TargetID: id, Before: b}); err != nil {
			return err
		}
		return s.remove(ctx, tx, b.ID, b.FileName)
	})
	if err != nil {
		return b, fmt.Errorf("backups: delete %d: %w", id, err)
	}
	return b, nil
}
