package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
)

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
