package analytics

import (
	"context"

	"propmatch/internal/kit/apperr"
)

// Deals are the co-broking deals the agent is a side of (issue 27): the
// agreements accepted, those both sides closed and their final prices'
// sum, all time and in the window (by acceptance and by close).
type Deals struct {
	Agreed                   Card  `json:"agreed"`
	Closed                   Card  `json:"closed"`
	ClosedValuePaise         int64 `json:"closedValuePaise"`
	ClosedValueInWindowPaise int64 `json:"closedValueInWindowPaise"`
}

// deals counts the agent's accepted agreements and closed deals. It reads
// feature/agreements' table as the other cards read theirs: counts only.
func (s *Service) deals(ctx context.Context, agentID int64, p period, r *Report) error {
	d := &r.Deals
	err := s.db.QueryRowPrepared(ctx, `SELECT
		COUNT(*),
		COUNT(*) FILTER (WHERE answered_at >= $2),
		COUNT(*) FILTER (WHERE stage = 'closed'),
		COUNT(*) FILTER (WHERE stage = 'closed' AND closed_at >= $2),
		COALESCE(SUM(final_price_paise) FILTER (WHERE stage = 'closed'), 0),
		COALESCE(SUM(final_price_paise) FILTER (WHERE stage = 'closed' AND closed_at >= $2), 0)
		FROM agreements WHERE status = 'accepted' AND (listing_agent_id = $1 OR buyer_agent_id = $1)`, agentID, p.start).Scan(
		&d.Agreed.Total, &d.Agreed.InWindow, &d.Closed.Total, &d.Closed.InWindow, &d.ClosedValuePaise, &d.ClosedValueInWindowPaise)
	return apperr.Wrap(err, "analytics deals")
}
