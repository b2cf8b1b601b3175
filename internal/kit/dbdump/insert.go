package dbdump

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/kit/store"
)

// Batch limits: rows per INSERT, bound parameters per INSERT, and bytes
// of row data held before a batch is sent. SQLite's driver binds a
// statement's parameters in time that grows with the square of their
// number (400 listings of 52 columns in one INSERT took 3 s, in batches of
// 1,000 parameters 0.1 s), so its batches are smaller.
const (
	maxBatchRows          = 500
	maxBatchParmsSQLite   = 1000
	maxBatchParmsPostgres = 10_000
	maxBatchBytes         = 4 << 20
)

// inserter inserts one table's rows in multi-row INSERTs, reusing one
// prepared statement for every full batch.
type inserter struct {
	ctx   context.Context
	tx    *sql.Tx
	t     table
	size  int // rows in a full batch
	full  *sql.Stmt
	args  []any
	rows  int
	bytes int
}

func newInserter(ctx context.Context, tx *sql.Tx, engine store.Engine, t table) *inserter {
	parms := maxBatchParmsSQLite
	if engine == store.Postgres {
		parms = maxBatchParmsPostgres
	}
	size := max(1, min(maxBatchRows, parms/len(t.columns)))
	return &inserter{ctx: ctx, tx: tx, t: t, size: size, args: make([]any, 0, size*len(t.columns))}
}

// add queues one row; size is its line's length, for the batch's byte limit.
func (in *inserter) add(vals []any, size int) error {
	in.args = append(in.args, vals...)
	in.rows++
	in.bytes += size
	if in.rows == in.size {
		if in.full == nil {
			stmt, err := in.tx.PrepareContext(in.ctx, in.insert(in.size))
			if err != nil {
				return err
			}
			in.full = stmt
		}
		if _, err := in.full.ExecContext(in.ctx, in.args...); err != nil {
			return err
		}
		in.reset()
		return nil
	}
	if in.bytes >= maxBatchBytes {
		return in.flush()
	}
	return nil
}

// flush inserts the queued rows.
func (in *inserter) flush() error {
	if in.rows == 0 {
		return nil
	}
	if _, err := in.tx.ExecContext(in.ctx, in.insert(in.rows), in.args...); err != nil {
		return err
	}
	in.reset()
	return nil
}

func (in *inserter) reset() {
	clear(in.args)
	in.args = in.args[:0]
	in.rows, in.bytes = 0, 0
}

func (in *inserter) close() {
	if in.full != nil {
		_ = in.full.Close() // the transaction's outcome is what counts
	}
}

// insert returns an INSERT of n rows.
func (in *inserter) insert(n int) string {
	cols := make([]string, len(in.t.columns))
	for i, c := range in.t.columns {
		cols[i] = quote(c.Name)
	}
	var b strings.Builder
	b.WriteString("INSERT INTO " + quote(in.t.name) + " (" + strings.Join(cols, ", ") + ") VALUES ")
	p := 1
	for r := 0; r < n; r++ {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(")
		b.WriteString(store.Placeholders(p, len(cols)))
		b.WriteString(")")
		p += len(cols)
	}
	return b.String()
}

// decodeRow reads one canonical line into values for the driver, each of
// its column's kind.
func decodeRow(line []byte, cols []Column) ([]any, error) {
	var raw []json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return nil, err
	}
	if len(raw) != len(cols) {
		return nil, fmt.Errorf("%d values for %d columns", len(raw), len(cols))
	}
	vals := make([]any, len(cols))
	for i, r := range raw {
		v, err := decodeValue(r, cols[i].Kind)
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", cols[i].Name, err)
		}
		vals[i] = v
	}
	return vals, nil
}

func decodeValue(r json.RawMessage, kind Kind) (any, error) {
	s := string(r)
	if s == "null" {
		return nil, nil
	}
	switch kind {
	case KindInt:
		return strconv.ParseInt(s, 10, 64)
	case KindFloat:
		return strconv.ParseFloat(s, 64)
	case KindBool:
		switch s {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("%s is not a boolean", s)
	}
	var str string
	if err := json.Unmarshal(r, &str); err != nil {
		return nil, err
	}
	switch kind {
	case KindTime:
		return time.Parse(time.RFC3339Nano, str)
	case KindBytes:
		return base64.StdEncoding.DecodeString(str)
	}
	return str, nil
}
