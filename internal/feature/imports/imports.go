// Package imports brings an agent's spreadsheet of listings or requirements
// in (issue 26): it reads CSV and .xlsx files as a stream, detects the
// columns, reads values the way Indian agents write them (internal/india),
// previews the rows as they will be saved, and saves them on the durable
// queue in chunks through the listing and requirement services (a seam:
// Target, set by services.New), with a report of the rows it could not
// save.
package imports

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
)

// Target is where one kind's rows are saved: the listing or the requirement
// service, through services.New's adapters, so that a row obeys the same
// validation, plan limits and matching as the form. body is the form's
// JSON body as a map.
type Target interface {
	// Check validates body as the form's save would, without writing, and
	// returns the record as it would be saved; Invalid with field errors
	// otherwise.
	Check(ctx context.Context, body map[string]any) (any, error)
	// SaveTx saves body in tx for agentID: it updates the agent's record
	// whose reference is ref when there is one, and creates one otherwise.
	// It returns the record's id and whether it updated one.
	SaveTx(ctx context.Context, tx *sql.Tx, agentID int64, ref string, body map[string]any) (int64, bool, error)
	// Queued wakes the matching after a chunk committed.
	Queued()
}

// Statuses of an import.
const (
	StatusPending   = "pending"
	StatusRunning   = "running"
	StatusDone      = "done"
	StatusCancelled = "cancelled"
	StatusFailed    = "failed"
)

// JobKind is the queue's job that saves an import's rows.
const JobKind = "import_rows"

// EventType is the live event of an import's progress.
const EventType = "import"

// Chunk is how many rows one transaction of the job saves; cancellation is
// checked between chunks.
const Chunk = 200

// previewRows is how many rows a preview shows as they will be saved.
const previewRows = 20

// storeTimeout bounds the upload's write, after the file has been read.
const storeTimeout = 10 * time.Second

// maxOpen is how many imports an agent may have pending or running at once
// (each pending one keeps its file).
const maxOpen = 5

// Service previews and runs bulk imports.
type Service struct {
	db      *store.DB
	targets map[string]Target
	bus     events.Bus
	waker   interface{ Wake() }
	log     *slog.Logger
}

// NewService returns the imports service saving listings to listings and
// requirements to requirements, publishing progress on bus (nil: none) and
// waking waker's queue when an import starts.
func NewService(db *store.DB, listings, requirements Target, bus events.Bus, waker interface{ Wake() }, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	return &Service{db: db, targets: map[string]Target{Listings: listings, Requirements: requirements}, bus: bus, waker: waker, log: log}
}

// Jobs lists the import's job: Long, since it runs for minutes in chunks
// of its own transactions.
func (s *Service) Jobs() []jobs.Kind {
	return []jobs.Kind{{Name: JobKind, Long: s.run, Lease: 30 * time.Minute}}
}

// Column is one column of an uploaded sheet and the field it fills.
type Column struct {
	Index  int    `json:"index"`
	Header string `json:"header"`
	Field  string `json:"field"`
}

// PreviewRow is one row as it will be saved (Record), or its errors.
type PreviewRow struct {
	Row    int        `json:"row"`
	Ref    string     `json:"ref"`
	Record any        `json:"record"`
	Errors []RowError `json:"errors"`
}

// Preview is an uploaded file read, before anything is saved.
type Preview struct {
	ID       int64        `json:"id"`
	Kind     string       `json:"kind"`
	FileName string       `json:"fileName"`
	Columns  []Column     `json:"columns"`
	Fields   []Field      `json:"fields"`
	Preview  []PreviewRow `json:"preview"`
	Errors   []RowError   `json:"errors"`
	Good     int          `json:"good"`
	Bad      int          `json:"bad"`
	Total    int          `json:"total"`
}

// Status is an import's progress.
type Status struct {
	ID         int64      `json:"id"`
	Kind       string     `json:"kind"`
	FileName   string     `json:"fileName"`
	Status     string     `json:"status"`
	Total      int        `json:"total"`
	Done       int        `json:"done"`
	Failed     int        `json:"failed"`
	Created    int        `json:"created"`
	Updated    int        `json:"updated"`
	Errors     []RowError `json:"errors"`
	CreatedAt  time.Time  `json:"createdAt"`
	StartedAt  *time.Time `json:"startedAt"`
	FinishedAt *time.Time `json:"finishedAt"`
}

var errNotFound = apperr.New(apperr.NotFound, "Import not found")

func checkKind(kind string) error {
	if kind != Listings && kind != Requirements {
		return apperr.Validation(apperr.FieldError{Path: "kind", Message: "Kind must be listings or requirements"})
	}
	return nil
}

// Upload reads an agent's file of kind, detects its columns (mapping, by
// column title, overrides the detection and is remembered), checks every
// row as the form would, and keeps the file for Start. Nothing is saved
// but the pending import. A file that is not a readable spreadsheet, or
// is too large, is refused with a message.
func (s *Service) Upload(ctx context.Context, agentID int64, kind, fileName string, data []byte, mapping map[string]string) (Preview, error) {
	if err := checkKind(kind); err != nil {
		return Preview{}, err
	}
	format, err := detectFormat(data)
	if err != nil {
		return Preview{}, err
	}
	var f apperr.Fields
	for col, key := range mapping {
		if _, ok := fieldByKey(kind, key); !ok && key != "" {
			f.Add("mapping."+col, fmt.Sprintf("%q is not a field of %s", key, kind))
		}
	}
	if err := f.Err(); err != nil {
		return Preview{}, err
	}
	remembered, err := s.remembered(ctx, agentID, kind)
	if err != nil {
		return Preview{}, err
	}
	for col, key := range mapping {
		remembered[headerKey(col)] = key
	}
	target := s.targets[kind]
	p := Preview{Kind: kind, FileName: cleanName(fileName), Fields: Fields(kind), Preview: []PreviewRow{}, Errors: []RowError{}}
	var l layout
	err = sheetRows(format, data, func(header []string) error {
		l = layout{Kind: kind, Header: header, Mapping: Detect(kind, header, remembered)}
		return nil
	}, func(num int, cells []string) error {
		r, rec, err := l.check(ctx, target, num, cells)
		if err != nil {
			return err
		}
		p.Total++
		if len(r.errs) > 0 {
			p.Bad++
			p.Errors = append(p.Errors, r.errs...)
		} else {
			p.Good++
		}
		if len(p.Preview) < previewRows {
			p.Preview = append(p.Preview, PreviewRow{Row: num, Ref: r.ref, Record: rec, Errors: orEmpty(r.errs)})
		}
		return nil
	})
	if err != nil {
		return Preview{}, err
	}
	for i, h := range l.Header {
		p.Columns = append(p.Columns, Column{Index: i, Header: h, Field: l.Mapping[i]})
	}
	lay, _ := json.Marshal(l)
	// Reading 10,000 rows may outlast the request's database deadline
	// (withDeadline in httpapi) though it touches no database: the write
	// gets a deadline of its own from here.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), storeTimeout)
	defer cancel()
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.lockAgent(ctx, tx, agentID); err != nil {
			return err
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM imports WHERE user_id = $1 AND status IN ('pending', 'running')`, agentID).Scan(&open); err != nil {
			return apperr.Wrap(err, "count imports")
		}
		if open >= maxOpen {
			return apperr.New(apperr.Conflict, "You have %d imports waiting or running; start or cancel one first", open)
		}
		now := s.db.Time()
		p.ID, err = store.InsertID(ctx, tx, "imports",
			[]string{"user_id", "kind", "file_name", "format", "file", "total", "mapping", "created_at"},
			[]any{agentID, kind, p.FileName, format, data, p.Total, string(lay), now})
		if err != nil {
			return apperr.Wrap(err, "store import")
		}
		if len(mapping) > 0 {
			return s.remember(ctx, tx, agentID, l)
		}
		return nil
	})
	if err != nil {
		return Preview{}, err
	}
	return p, nil
}

func orEmpty(errs []RowError) []RowError {
	if errs == nil {
		return []RowError{}
	}
	return errs
}

// cleanName keeps a file name's last part, short, for display.
func cleanName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, name)
	if r := []rune(name); len(r) > 120 {
		name = string(r[:120])
	}
	return name
}

// lockAgent serialises an agent's import writes on PostgreSQL (SQLite has
// one writer), so that the open-import limit holds under concurrency.
func (s *Service) lockAgent(ctx context.Context, tx *sql.Tx, agentID int64) error {
	if s.db.Engine != store.Postgres {
		return nil
	}
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, agentID).Scan(&one)
	return apperr.Wrap(err, "lock agent")
}

// remembered returns the agent's remembered mapping of kind: column title
// key to field key ("" for a column the agent left out).
func (s *Service) remembered(ctx context.Context, agentID int64, kind string) (map[string]string, error) {
	var raw string
	err := s.db.QueryRowContext(ctx, `SELECT mapping FROM import_mappings WHERE user_id = $1 AND kind = $2`, agentID, kind).Scan(&raw)
	out := map[string]string{}
	if errors.Is(err, sql.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return nil, apperr.Wrap(err, "read import mapping")
	}
	_ = json.Unmarshal([]byte(raw), &out)
	return out, nil
}

// remember keeps l's mapping as the agent's choice for kind, merged into
// what was remembered of other titles.
func (s *Service) remember(ctx context.Context, tx *sql.Tx, agentID int64, l layout) error {
	var raw string
	err := tx.QueryRowContext(ctx, `SELECT mapping FROM import_mappings WHERE user_id = $1 AND kind = $2`, agentID, l.Kind).Scan(&raw)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return apperr.Wrap(err, "read import mapping")
	}
	m := map[string]string{}
	_ = json.Unmarshal([]byte(raw), &m)
	for i, h := range l.Header {
		if k := headerKey(h); k != "" {
			m[k] = l.Mapping[i]
		}
	}
	b, _ := json.Marshal(m)
	_, err = tx.ExecContext(ctx, `INSERT INTO import_mappings (user_id, kind, mapping, updated_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, kind) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`, agentID, l.Kind, string(b), s.db.Time())
	return apperr.Wrap(err, "remember import mapping")
}

// Start queues the saving of agentID's pending import id and remembers its
// mapping. It returns NotFound for another agent's import, and Conflict
// for one already started, finished or cancelled.
func (s *Service) Start(ctx context.Context, agentID, id int64) (Status, error) {
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var status, raw string
		err := tx.QueryRowContext(ctx, `SELECT status, mapping FROM imports WHERE id = $1 AND user_id = $2`, id, agentID).Scan(&status, &raw)
		if errors.Is(err, sql.ErrNoRows) {
			return errNotFound
		}
		if err != nil {
			return apperr.Wrap(err, "read import")
		}
		if status != StatusPending {
			return apperr.New(apperr.Conflict, "This import is %s; upload the file again to import it again", status)
		}
		now := s.db.Time()
		res, err := tx.ExecContext(ctx, `UPDATE imports SET status = 'running', started_at = $1 WHERE id = $2 AND status = 'pending'`, now, id)
		if err != nil {
			return apperr.Wrap(err, "start import")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return apperr.New(apperr.Conflict, "This import has already started")
		}
		var l layout
		if err := json.Unmarshal([]byte(raw), &l); err == nil {
			if err := s.remember(ctx, tx, agentID, l); err != nil {
				return err
			}
		}
		_, err = jobs.Enqueue(ctx, tx, now, jobs.New{Kind: JobKind, Key: jobKey(id), Payload: jobPayload{ImportID: id}, MaxAttempts: 5})
		return apperr.Wrap(err, "queue import")
	})
	if err != nil {
		return Status{}, err
	}
	if s.waker != nil {
		s.waker.Wake()
	}
	return s.Get(ctx, agentID, id)
}

func jobKey(id int64) string { return fmt.Sprintf("import:%d", id) }

type jobPayload struct {
	ImportID int64 `json:"importId"`
}

// Get returns agentID's import id with its first errors.
func (s *Service) Get(ctx context.Context, agentID, id int64) (Status, error) {
	var st Status
	err := s.db.QueryRowContext(ctx, `SELECT id, kind, file_name, status, total, done, failed, created, updated, created_at, started_at, finished_at
		FROM imports WHERE id = $1 AND user_id = $2`, id, agentID).Scan(&st.ID, &st.Kind, &st.FileName, &st.Status, &st.Total, &st.Done,
		&st.Failed, &st.Created, &st.Updated, &st.CreatedAt, &st.StartedAt, &st.FinishedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Status{}, errNotFound
	}
	if err != nil {
		return Status{}, apperr.Wrap(err, "read import")
	}
	st.Errors, err = s.errors(ctx, id, previewRows)
	return st, err
}

// errors returns the first limit errors of import id, in row order.
func (s *Service) errors(ctx context.Context, id int64, limit int) ([]RowError, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT row_number, col, value, message FROM import_errors WHERE import_id = $1 ORDER BY row_number, id LIMIT $2`, id, limit)
	if err != nil {
		return nil, apperr.Wrap(err, "read import errors")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, e *RowError) error {
		return rows.Scan(&e.Row, &e.Column, &e.Value, &e.Message)
	})
	return orEmpty(list), apperr.Wrap(err, "read import errors")
}

// Cancel stops agentID's import id: a pending one never runs, a running one
// stops before its next chunk (the rows saved so far stay saved). It
// returns NotFound for another agent's import and Conflict for a finished
// one.
func (s *Service) Cancel(ctx context.Context, agentID, id int64) (Status, error) {
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status FROM imports WHERE id = $1 AND user_id = $2`, id, agentID).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return errNotFound
		}
		if err != nil {
			return apperr.Wrap(err, "read import")
		}
		if status != StatusPending && status != StatusRunning {
			return apperr.New(apperr.Conflict, "This import is %s already", status)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE imports SET status = 'cancelled', file = NULL, finished_at = $1
			WHERE id = $2 AND status IN ('pending', 'running')`, s.db.Time(), id); err != nil {
			return apperr.Wrap(err, "cancel import")
		}
		return apperr.Wrap(jobs.Cancel(ctx, tx, jobKey(id)), "cancel import job")
	})
	if err != nil {
		return Status{}, err
	}
	st, err := s.Get(ctx, agentID, id)
	if err == nil {
		s.publish(ctx, agentID, st)
	}
	return st, err
}

// publish tells the agent's open tabs of an import's progress.
func (s *Service) publish(ctx context.Context, agentID int64, st Status) {
	if s.bus == nil {
		return
	}
	ev := events.New(EventType, map[string]any{"id": st.ID, "status": st.Status, "total": st.Total, "done": st.Done, "failed": st.Failed})
	if err := s.bus.Publish(context.WithoutCancel(ctx), []int64{agentID}, ev); err != nil {
		s.log.Warn("publish import progress", "err", err)
	}
}
