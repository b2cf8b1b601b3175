package store

import "fmt"

// Page asks for one page of a list ordered newest first (by id, descending).
// Before is the id the previous page ended at (0 for the first page).
type Page struct {
	Limit  int
	Before int64
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

// Trim cuts items to the page's limit and returns the cursor of the next
// page: the last item's id, or 0 when this is the last page.
func Trim[T any](items []T, p Page, id func(T) int64) ([]T, int64) {
	if len(items) <= p.Limit {
		return items, 0
	}
	items = items[:p.Limit]
	return items, id(items[len(items)-1])
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
