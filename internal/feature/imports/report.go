package imports

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/csvsafe"
)

// Report writes the rows of agentID's import id that were not saved, as
// CSV: the row's number, its cells as written under the sheet's titles,
// and a Reason column. A cell a spreadsheet would read as a formula is
// escaped with an apostrophe (csvsafe). NotFound for another agent's.
func (s *Service) Report(ctx context.Context, agentID, id int64, w io.Writer) error {
	var raw string
	err := s.db.QueryRowContext(ctx, `SELECT mapping FROM imports WHERE id = $1 AND user_id = $2`, id, agentID).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return errNotFound
	}
	if err != nil {
		return apperr.Wrap(err, "read import")
	}
	var l layout
	_ = json.Unmarshal([]byte(raw), &l)
	rows, err := s.db.QueryContext(ctx, `SELECT row_number, message, cells FROM import_errors WHERE import_id = $1 ORDER BY row_number, id`, id)
	if err != nil {
		return apperr.Wrap(err, "read import errors")
	}
	defer func() { _ = rows.Close() }()
	out := csv.NewWriter(w)
	header := append(append([]string{"Row"}, l.Header...), "Reason")
	if err := out.Write(csvsafe.Row(header)); err != nil {
		return err
	}
	var cur []string
	var reasons []string
	curRow := -1
	emit := func() error {
		if curRow < 0 {
			return nil
		}
		line := make([]string, 0, len(l.Header)+2)
		line = append(line, strconv.Itoa(curRow))
		for i := range l.Header {
			v := ""
			if i < len(cur) {
				v = cur[i]
			}
			line = append(line, v)
		}
		line = append(line, strings.Join(reasons, "; "))
		return out.Write(csvsafe.Row(line))
	}
	for rows.Next() {
		var num int
		var msg, cells string
		if err := rows.Scan(&num, &msg, &cells); err != nil {
			return apperr.Wrap(err, "read import errors")
		}
		if num != curRow {
			if err := emit(); err != nil {
				return err
			}
			curRow, cur, reasons = num, nil, nil
		}
		var c []string
		if json.Unmarshal([]byte(cells), &c) == nil && len(c) > 0 {
			cur = c
		}
		reasons = append(reasons, msg)
	}
	if err := rows.Err(); err != nil {
		return apperr.Wrap(err, "read import errors")
	}
	if err := emit(); err != nil {
		return err
	}
	out.Flush()
	return out.Error()
}
