package dashboard

import (
	"context"

	"propmatch/internal/kit/apperr"
)

// UserStats are the Account Statistics of the profile page.
type UserStats struct {
	// PropertiesListed counts the agent's listings, active or not.
	PropertiesListed int `json:"propertiesListed"`
	// SuccessfulMatches counts the agent's matches whose status on the
	// agent's own side (seller status for their listing, buyer status for
	// their requirement) is interested or closed.
	SuccessfulMatches int `json:"successfulMatches"`
}

// SuccessfulStatuses are the match statuses counted as successful.
var SuccessfulStatuses = []string{"interested", "closed"}

// UserStats counts agentID's listings and successful matches in one query.
func (s *Service) UserStats(ctx context.Context, agentID int64) (UserStats, error) {
	var st UserStats
	err := s.db.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM properties WHERE agent_id = $1),
		(SELECT COUNT(*) FROM matches WHERE (seller_agent_id = $1 AND seller_status IN ($2, $3))
			OR (buyer_agent_id = $1 AND buyer_status IN ($2, $3)))`,
		agentID, SuccessfulStatuses[0], SuccessfulStatuses[1]).Scan(&st.PropertiesListed, &st.SuccessfulMatches)
	return st, apperr.Wrap(err, "user stats")
}
