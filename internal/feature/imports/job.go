package imports

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
)

// errStopped ends a run whose import was cancelled meanwhile.
var errStopped = errors.New("import cancelled")

// run is the import job: it reads the kept file again with the preview's
// layout and saves its rows in chunks of Chunk rows, one transaction each,
// recording each bad row's errors and the progress in the same
// transaction. A run that stopped half way (a restart) resumes after the
// rows already counted. Between chunks it stops when the import was
// cancelled.
func (s *Service) run(ctx context.Context, j jobs.Job) error {
	var p jobPayload
	if err := j.Decode(&p); err != nil {
		return fmt.Errorf("import job payload: %w", err)
	}
	var (
		agentID          int64
		status, format   string
		raw              string
		file             []byte
		done, failedRows int
	)
	err := s.db.QueryRowContext(ctx, `SELECT user_id, status, format, mapping, file, done, failed FROM imports WHERE id = $1`, p.ImportID).
		Scan(&agentID, &status, &format, &raw, &file, &done, &failedRows)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && status != StatusRunning) {
		return nil // deleted with its agent, or cancelled
	}
	if err != nil {
		return fmt.Errorf("read import: %w", err)
	}
	var l layout
	if err := json.Unmarshal([]byte(raw), &l); err != nil {
		return s.fail(ctx, agentID, p.ImportID, "its column mapping could not be read")
	}
	target := s.targets[l.Kind]
	skip := done
	var chunk [][]string
	var nums []int
	flush := func() error {
		if len(chunk) == 0 {
			return nil
		}
		err := s.saveChunk(ctx, target, l, agentID, p.ImportID, nums, chunk)
		chunk, nums = chunk[:0], nums[:0]
		return err
	}
	err = sheetRows(format, file, func([]string) error { return nil }, func(num int, cells []string) error {
		if skip > 0 {
			skip--
			return nil
		}
		chunk = append(chunk, cells)
		nums = append(nums, num)
		if len(chunk) >= Chunk {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	switch {
	case errors.Is(err, errStopped):
		return nil
	case apperr.CodeOf(err) == apperr.Invalid:
		return s.fail(ctx, agentID, p.ImportID, apperr.MessageOf(err))
	case err != nil:
		return err // the database: the queue retries, and the run resumes
	}
	res, err := s.db.ExecContext(ctx, `UPDATE imports SET status = 'done', file = NULL, finished_at = $1 WHERE id = $2 AND status = 'running'`, s.db.Time(), p.ImportID)
	if err != nil {
		return fmt.Errorf("finish import: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		if st, err := s.Get(ctx, agentID, p.ImportID); err == nil {
			s.publish(ctx, agentID, st)
		}
	}
	return nil
}

// fail marks an import failed with why, as its one error.
func (s *Service) fail(ctx context.Context, agentID, id int64, why string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE imports SET status = 'failed', file = NULL, finished_at = $1 WHERE id = $2 AND status = 'running'`, s.db.Time(), id)
	if err != nil {
		return fmt.Errorf("fail import: %w", err)
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO import_errors (import_id, row_number, col, value, message) VALUES ($1, 0, '', '', $2)`, id, "The file could not be read again: "+why)
	if err != nil {
		return fmt.Errorf("fail import: %w", err)
	}
	if st, err := s.Get(ctx, agentID, id); err == nil {
		s.publish(ctx, agentID, st)
	}
	return nil
}

// saveChunk saves rows (numbered nums) in one transaction: each good row
// through target under a savepoint, so that a row the plan refuses is
// undone alone; each bad row's errors, with its cells for the report; and
// the progress. It returns errStopped when the import is no longer running.
func (s *Service) saveChunk(ctx context.Context, target Target, l layout, agentID, id int64, nums []int, rows [][]string) error {
	var st Status
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var status string
		if err := tx.QueryRowContext(ctx, `SELECT status FROM imports WHERE id = $1`, id).Scan(&status); err != nil {
			return fmt.Errorf("read import: %w", err)
		}
		if status != StatusRunning {
			return errStopped
		}
		failed, created, updated := 0, 0, 0
		for i, cells := range rows {
			r, _, err := l.check(ctx, target, nums[i], cells)
			if err != nil {
				return err
			}
			errs := r.errs
			if len(errs) == 0 {
				if _, err := tx.ExecContext(ctx, `SAVEPOINT import_row`); err != nil {
					return fmt.Errorf("savepoint: %w", err)
				}
				_, wasUpdate, err := target.SaveTx(ctx, tx, agentID, r.ref, r.body)
				if err != nil {
					if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT import_row`); rerr != nil {
						return fmt.Errorf("rollback to savepoint: %w", rerr)
					}
					var ok bool
					if errs, ok = l.rowErrors(nums[i], cells, err); !ok {
						return err
					}
				}
				if _, err := tx.ExecContext(ctx, `RELEASE SAVEPOINT import_row`); err != nil {
					return fmt.Errorf("release savepoint: %w", err)
				}
				if len(errs) == 0 {
					if wasUpdate {
						updated++
					} else {
						created++
					}
				}
			}
			if len(errs) > 0 {
				failed++
				if err := recordErrors(ctx, tx, id, cells, errs); err != nil {
					return err
				}
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE imports SET done = done + $1, failed = failed + $2, created = created + $3, updated = updated + $4 WHERE id = $5`,
			len(rows), failed, created, updated, id)
		if err != nil {
			return fmt.Errorf("count import progress: %w", err)
		}
		return tx.QueryRowContext(ctx, `SELECT id, status, total, done, failed FROM imports WHERE id = $1`, id).Scan(&st.ID, &st.Status, &st.Total, &st.Done, &st.Failed)
	})
	if err != nil {
		return err
	}
	target.Queued()
	s.publish(ctx, agentID, st)
	return nil
}

// recordErrors stores a bad row's errors; the first carries the row's
// cells, for the report.
func recordErrors(ctx context.Context, tx *sql.Tx, id int64, cells []string, errs []RowError) error {
	for i, e := range errs {
		c := []byte("[]")
		if i == 0 {
			c, _ = json.Marshal(cells)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO import_errors (import_id, row_number, col, value, message, cells) VALUES ($1, $2, $3, $4, $5, $6)`,
			id, e.Row, e.Column, e.Value, e.Message, string(c)); err != nil {
			return fmt.Errorf("record import error: %w", err)
		}
	}
	return nil
}
