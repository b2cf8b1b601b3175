package security

import (
	"context"
	"database/sql"
	"fmt"

	"propmatch/internal/kit/store"
)

// CountByType returns how many security events are kept, per type (the
// sum of the rows' counts).
func CountByType(ctx context.Context, q store.Querier) (map[string]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT type, SUM(count) FROM security_events GROUP BY type`)
	if err != nil {
		return nil, fmt.Errorf("security: count events: %w", err)
	}
	type count struct {
		typ string
		n   int
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, c *count) error { return rows.Scan(&c.typ, &c.n) })
	if err != nil {
		return nil, fmt.Errorf("security: count events: %w", err)
	}
	counts := make(map[string]int, len(list))
	for _, c := range list {
		counts[c.typ] = c.n
	}
	return counts, nil
}
