package analytics

import (
	"cmp"
	"context"
	"database/sql"
	"slices"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// FunnelStep is one step of the conversion funnel over the matches made in
// the window: how many reached it, and that as a share of the step before
// and of the first step (0 when the base is 0).
type FunnelStep struct {
	Step         string  `json:"step"`
	Count        int     `json:"count"`
	FromPrevious float64 `json:"fromPrevious"`
	FromStart    float64 `json:"fromStart"`
}

// Performance is one listing's (or requirement's) matches, and how many of
// them the agent has contacted or found interested, by the agent's own side.
type Performance struct {
	ID         int64  `json:"id"`
	Title      string `json:"title"`
	Matches    int    `json:"matches"`
	Contacted  int    `json:"contacted"`
	Interested int    `json:"interested"`
}

// Funnel steps, in order; a match has reached every step up to its rank.
var funnelSteps = []matchengine.Status{
	matchengine.StatusNew, matchengine.StatusViewed, matchengine.StatusContacted, matchengine.StatusInterested, matchengine.StatusClosed,
}

// rank is the last funnel step (an index into funnelSteps) a match has
// reached, by one side's status and viewed flag. not_interested was decided
// on after looking at the match, so it has been viewed, but no further step
// can be assumed: statuses keep no history.
func rank(status matchengine.Status, viewed bool) int {
	switch status {
	case matchengine.StatusClosed:
		return 4
	case matchengine.StatusInterested:
		return 3
	case matchengine.StatusContacted:
		return 2
	case matchengine.StatusViewed, matchengine.StatusNotInterested:
		return 1
	}
	if viewed {
		return 1
	}
	return 0
}

// sideGroup is how many of the agent's matches made in the window on one
// side share an owning row (listing or requirement), a status and a viewed
// flag.
type sideGroup struct {
	owner  int64
	status matchengine.Status
	viewed bool
	n      int
}

// side is one side of the agent's matches and where its rows live.
type side struct {
	total  string // the all-time count
	groups string // the grouped count of the window's matches
	titles string // "SELECT id, title FROM ... WHERE id IN "
}

var (
	sellerSide = side{
		total: `SELECT COUNT(*) FROM matches WHERE seller_agent_id = $1`,
		groups: `SELECT property_id, seller_status, viewed_by_seller, COUNT(*)
			FROM matches WHERE seller_agent_id = $1 AND created_at >= $2 GROUP BY property_id, seller_status, viewed_by_seller`,
		titles: `SELECT id, title FROM properties WHERE id IN `,
	}
	buyerSide = side{
		total: `SELECT COUNT(*) FROM matches WHERE buyer_agent_id = $1`,
		groups: `SELECT requirement_id, buyer_status, viewed_by_buyer, COUNT(*)
			FROM matches WHERE buyer_agent_id = $1 AND created_at >= $2 GROUP BY requirement_id, buyer_status, viewed_by_buyer`,
		titles: `SELECT id, client_name FROM requirements WHERE id IN `,
	}
)

// matches fills the match cards, the status breakdown, the funnel and the
// performance lists from one grouped read of each side's matches made in
// the window (a range of the matches_*_analytics indexes, which cover it),
// and the all-time count of each side.
func (s *Service) matches(ctx context.Context, agentID int64, p period, r *Report) error {
	buyer, err := s.groups(ctx, buyerSide, agentID, p, &r.Cards.MatchesBuyer)
	if err != nil {
		return err
	}
	seller, err := s.groups(ctx, sellerSide, agentID, p, &r.Cards.MatchesSeller)
	if err != nil {
		return err
	}
	r.Cards.Matches = Card{Total: r.Cards.MatchesBuyer.Total + r.Cards.MatchesSeller.Total,
		InWindow: r.Cards.MatchesBuyer.InWindow + r.Cards.MatchesSeller.InWindow}
	r.MatchStatuses = statuses(buyer, seller)
	r.Funnel = funnel(append(slices.Clip(buyer), seller...))
	if r.ListingPerformance, err = s.performance(ctx, sellerSide, seller); err != nil {
		return err
	}
	r.RequirementPerformance, err = s.performance(ctx, buyerSide, buyer)
	return err
}

// groups reads one side's groups, and fills card with the side's all-time
// count and the window's.
func (s *Service) groups(ctx context.Context, sd side, agentID int64, p period, card *Card) ([]sideGroup, error) {
	if err := s.db.QueryRowPrepared(ctx, sd.total, agentID).Scan(&card.Total); err != nil {
		return nil, apperr.Wrap(err, "analytics matches")
	}
	rows, err := s.db.QueryPrepared(ctx, sd.groups, agentID, p.start)
	if err != nil {
		return nil, apperr.Wrap(err, "analytics matches")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, g *sideGroup) error {
		return rows.Scan(&g.owner, &g.status, &g.viewed, &g.n)
	})
	for _, g := range list {
		card.InWindow += g.n
	}
	return list, apperr.Wrap(err, "analytics matches")
}

func statuses(buyer, seller []sideGroup) []StatusCount {
	out := make([]StatusCount, len(matchengine.Statuses))
	index := map[matchengine.Status]int{}
	for i, st := range matchengine.Statuses {
		out[i].Status = string(st)
		index[st] = i
	}
	for _, g := range buyer {
		out[index[g.status]].AsBuyer += g.n
	}
	for _, g := range seller {
		out[index[g.status]].AsSeller += g.n
	}
	for i := range out {
		out[i].Total = out[i].AsBuyer + out[i].AsSeller
	}
	return out
}

// funnel counts the matches made in the window that reached each step.
func funnel(groups []sideGroup) []FunnelStep {
	out := make([]FunnelStep, len(funnelSteps))
	for i, st := range funnelSteps {
		out[i].Step = string(st)
	}
	for _, g := range groups {
		for i := 0; i <= rank(g.status, g.viewed); i++ {
			out[i].Count += g.n
		}
	}
	for i := range out {
		out[i].FromStart = share(out[i].Count, out[0].Count)
		out[i].FromPrevious = 1
		if i > 0 {
			out[i].FromPrevious = share(out[i].Count, out[i-1].Count)
		}
		if out[0].Count == 0 {
			out[i].FromPrevious = 0
		}
	}
	return out
}

// share is n/of rounded to four places, or 0 when of is 0.
func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n*10000/of) / 10000
}

// performance sums the groups per owning row and returns the TopN rows with
// the most matches (ties: the newest first), with their titles.
func (s *Service) performance(ctx context.Context, sd side, groups []sideGroup) ([]Performance, error) {
	byOwner := map[int64]*Performance{}
	for _, g := range groups {
		p := byOwner[g.owner]
		if p == nil {
			p = &Performance{ID: g.owner}
			byOwner[g.owner] = p
		}
		p.Matches += g.n
		if r := rank(g.status, g.viewed); r >= 2 {
			p.Contacted += g.n
			if r >= 3 {
				p.Interested += g.n
			}
		}
	}
	list := make([]Performance, 0, len(byOwner))
	for _, p := range byOwner {
		list = append(list, *p)
	}
	slices.SortFunc(list, func(a, b Performance) int {
		return cmp.Or(cmp.Compare(b.Matches, a.Matches), cmp.Compare(b.ID, a.ID))
	})
	list = list[:min(TopN, len(list))]
	if len(list) == 0 {
		return list, nil
	}
	args := make([]any, len(list))
	for i, p := range list {
		args[i] = p.ID
	}
	rows, err := s.db.QueryContext(ctx, sd.titles+"("+store.Placeholders(1, len(args))+")", args...)
	if err != nil {
		return nil, apperr.Wrap(err, "analytics titles")
	}
	titles := map[int64]string{}
	_, err = store.Collect(rows, func(rows *sql.Rows, _ *struct{}) error {
		var id int64
		var title string
		err := rows.Scan(&id, &title)
		titles[id] = title
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err, "analytics titles")
	}
	for i := range list {
		list[i].Title = titles[list[i].ID]
	}
	return list, nil
}
