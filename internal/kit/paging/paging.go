// Package paging is how every list is read one page at a time, newest
// first: the page a client asks for, the cursor that names the next page,
// and the SQL that reads one page. The HTTP layer parses pages from
// requests; services apply them to their queries.
package paging

import (
	"encoding/base64"
	"fmt"
	"strconv"

	"propmatch/internal/kit/apperr"
)

// Page sizes: what a list returns when the client names none, and the most
// it may ask for.
const (
	DefaultSize = 25
	MaxSize     = 500
)

// Page asks for one page of a list ordered newest first (by id, descending).
// Before is the id the previous page ended at (0 for the first page).
type Page struct {
	Limit  int
	Before int64
}

// Parse reads the page a client asked for from its limit and cursor, either
// of which may be blank. It returns Invalid with field errors (at "limit"
// and "cursor") for a limit outside 1 to MaxSize or a cursor that Cursor
// did not make.
func Parse(limit, cursor string) (Page, error) {
	p := Page{Limit: DefaultSize}
	var f apperr.Fields
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > MaxSize {
			f.Add("limit", fmt.Sprintf("limit must be a whole number from 1 to %d", MaxSize))
		}
		p.Limit = n
	}
	if cursor != "" {
		raw, err := base64.RawURLEncoding.DecodeString(cursor)
		id, err2 := strconv.ParseInt(string(raw), 10, 64)
		if err != nil || err2 != nil || id <= 0 {
			f.Add("cursor", "Cursor is not one this server gave out")
		}
		p.Before = id
	}
	return p, f.Err()
}

// Cursor returns the cursor of the page that follows the one ending at id.
func Cursor(id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(id, 10)))
}

// Apply appends the page's id bound, order and limit to query, whose other
// arguments are args. It fetches one row more than the limit, so Trim can
// tell whether another page follows.
func (p Page) Apply(query, idColumn string, args []any) (string, []any) {
	if p.Before > 0 {
		args = append(args, p.Before)
		query += fmt.Sprintf(" AND %s < $%d", idColumn, len(args))
	}
	args = append(args, p.Limit+1)
	return query + fmt.Sprintf(" ORDER BY %s DESC LIMIT $%d", idColumn, len(args)), args
}

// Trim cuts items to the page's limit and returns where the next page
// starts (its Before): the last item's id, or 0 when this is the last page.
func Trim[T any](items []T, p Page, id func(T) int64) ([]T, int64) {
	if len(items) <= p.Limit {
		return items, 0
	}
	items = items[:p.Limit]
	return items, id(items[len(items)-1])
}
