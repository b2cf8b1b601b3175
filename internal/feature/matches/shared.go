package matches

import (
	"context"
	"strconv"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// BuyerListings reports which of ids are listings of matches on agentID's
// own requirements, read with q: the other agents' listings agentID may
// share with a client (sharelinks, through services.New).
func BuyerListings(ctx context.Context, q store.Querier, agentID int64, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	args := []any{agentID}
	marks := make([]string, len(ids))
	for i, id := range ids {
		args = append(args, id)
		marks[i] = "$" + strconv.Itoa(i+2)
	}
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT property_id FROM matches
		WHERE buyer_agent_id = $1 AND property_id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "matched listings")
	}
	defer func() { _ = rows.Close() }() // read-only: the rows' error is rows.Err
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, apperr.Wrap(err, "matched listings")
		}
		out[id] = true
	}
	return out, apperr.Wrap(rows.Err(), "matched listings")
}
