package matches

import "propmatch/internal/kit/paging"

// ListQuery is the query List runs for the first page of f for agent, for
// the plan test (billing off).
func ListQuery(agent int64, f Filter, page paging.Page) (string, []any, error) {
	where, args := f.where(agent)
	q, args, err := f.apply(where, args, page)
	s := NewService(nil, nil)
	sel := s.selectForEither
	if f.Side == Buyer {
		sel = s.selectForBuyer
	}
	return sel + q, args, err
}
