// Package paging is how every list is read one page at a time, newest
// first: the page a client asks for, the cursor that names the next page,
// and the SQL that reads one page. The HTTP layer parses pages from
// requests; services apply them to their queries.
package paging

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"propmatch/internal/kit/apperr"
)

// Page sizes: what a list returns when the client names none, and the most
// it may ask for.
const (
	DefaultSize = 25
	MaxSize     = 500
)

// Page asks for one page of a list ordered newest first (by id, descending),
// or by a key and then id, both descending (ApplyKeyed). Before is the id
// the previous page ended at (0 for the first page); on a keyed list,
// BeforeKey is that row's key and Keyed is set (KeyCursor made the cursor).
type Page struct {
	Limit     int
	Before    int64
	BeforeKey int64
	Keyed     bool
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
		idText := string(raw)
		var err2 error
		if key, rest, keyed := strings.Cut(idText, "."); keyed {
			p.Keyed, idText = true, rest
			p.BeforeKey, err2 = strconv.ParseInt(key, 10, 64)
		}
		id, err3 := strconv.ParseInt(idText, 10, 64)
		if err != nil || err2 != nil || err3 != nil || id <= 0 {
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

// KeyCursor returns the cursor of the page of a keyed list (ApplyKeyed)
// that follows the one ending at the row with this key and id.
func KeyCursor(key, id int64) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(key, 10) + "." + strconv.FormatInt(id, 10)))
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

// ApplyKeyed is Apply for a list ordered by the SQL expression key and then
// idColumn, both descending: the page starts after the row (BeforeKey,
// Before), compared as one row value so that an index on (…, key, id)
// bounds the scan on both engines. It returns Invalid at "cursor" for a
// cursor of an unkeyed list (Cursor), which names no key.
func (p Page) ApplyKeyed(query, key, idColumn string, args []any) (string, []any, error) {
	if p.Before > 0 && !p.Keyed {
		return "", nil, apperr.Validation(apperr.FieldError{Path: "cursor", Message: "cursor belongs to another order of this list"})
	}
	if p.Keyed {
		args = append(args, p.BeforeKey, p.Before)
		query += fmt.Sprintf(" AND (%s, %s) < ($%d, $%d)", key, idColumn, len(args)-1, len(args))
	}
	args = append(args, p.Limit+1)
	return query + fmt.Sprintf(" ORDER BY %s DESC, %s DESC LIMIT $%d", key, idColumn, len(args)), args, nil
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

// TrimKeyed is Trim for a keyed list: it returns the next page's cursor
// (KeyCursor of the last item's key and id), or "" on the last page.
func TrimKeyed[T any](items []T, p Page, keyID func(T) (int64, int64)) ([]T, string) {
	if len(items) <= p.Limit {
		return items, ""
	}
	items = items[:p.Limit]
	return items, KeyCursor(keyID(items[len(items)-1]))
}
