package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Querier runs SQL: a *sql.DB, a *sql.Tx or a *DB. Helpers that work the
// same inside a transaction and outside one take a Querier.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Collect reads every row of rows into a list, filling each new item in
// place with scan, and closes rows. It returns the list (empty, never nil,
// when there are no rows), or the first error of scan or of reading.
// Scanning in place costs no allocation or copy of the item per row.
func Collect[T any](rows *sql.Rows, scan func(rows *sql.Rows, item *T) error) ([]T, error) {
	defer func() { _ = rows.Close() }()
	list := []T{}
	for rows.Next() {
		var zero T
		list = append(list, zero)
		if err := scan(rows, &list[len(list)-1]); err != nil {
			return nil, err
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return list, nil
}

// Contains returns a WHERE fragment (" AND col LIKE $n") matching q anywhere
// in col, with q lower-cased and LIKE's wildcards in it escaped, and args
// with the pattern appended. col must hold lower-cased text. A blank q
// matches everything: the fragment is empty and args are unchanged.
func Contains(col, q string, args []any) (string, []any) {
	q = strings.TrimSpace(q)
	if q == "" {
		return "", args
	}
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	args = append(args, "%"+r.Replace(strings.ToLower(q))+"%")
	return " AND " + col + " LIKE $" + strconv.Itoa(len(args)) + ` ESCAPE '\'`, args
}

// InsertID inserts one row of cols and vals into table in tx and returns
// its new id.
func InsertID(ctx context.Context, tx *sql.Tx, table string, cols []string, vals []any) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO `+table+` (`+strings.Join(cols, ", ")+`) VALUES (`+
		Placeholders(1, len(cols))+`) RETURNING id`, vals...).Scan(&id)
	return id, err
}

// Placeholders returns "$first, $first+1, ..." for n arguments.
func Placeholders(first, n int) string {
	b := make([]byte, 0, n*4)
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = fmt.Appendf(b, "$%d", first+i)
	}
	return string(b)
}

// SetClause returns "a = $first, b = $first+1, ..." for an UPDATE.
func SetClause(cols []string, first int) string {
	b := make([]byte, 0, len(cols)*16)
	for i, c := range cols {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = fmt.Appendf(b, "%s = $%d", c, first+i)
	}
	return string(b)
}

// SaveByRef writes an agent's row of table the way an import does: when id
// is not 0 it sets cols to vals and updated_at to now on that row;
// otherwise it inserts cols with the owner (agent_id), the agent's own
// reference (external_ref, NULL when empty) and both timestamps. It returns
// the row's id.
func SaveByRef(ctx context.Context, tx *sql.Tx, table string, id int64, cols []string, vals []any, owner int64, ref string, now time.Time) (int64, error) {
	if id != 0 {
		vals = append(vals, now, id)
		_, err := tx.ExecContext(ctx, `UPDATE `+table+` SET `+SetClause(cols, 1)+
			fmt.Sprintf(`, updated_at = $%d WHERE id = $%d`, len(vals)-1, len(vals)), vals...)
		return id, err
	}
	var refArg any
	if ref != "" {
		refArg = ref
	}
	cols = append(cols, "agent_id", "external_ref", "created_at", "updated_at")
	vals = append(vals, owner, refArg, now, now)
	return InsertID(ctx, tx, table, cols, vals)
}

// FindByRef finds the agent's row of table with their own reference ref
// (external_ref), and whether it is active; id is 0 when ref is empty or
// there is none. SaveByRef then writes it.
func FindByRef(ctx context.Context, tx *sql.Tx, table string, owner int64, ref string) (id int64, active bool, err error) {
	if ref == "" {
		return 0, false, nil
	}
	err = tx.QueryRowContext(ctx, `SELECT id, is_active FROM `+table+` WHERE agent_id = $1 AND external_ref = $2`, owner, ref).Scan(&id, &active)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return id, active, err
}
