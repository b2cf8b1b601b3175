package property

import (
	"context"
	"database/sql"
)

// PossibleDuplicate is another agent's active listing that looks like the
// same property as a listing just saved.
type PossibleDuplicate struct {
	ID        int64   `json:"id"`
	AgentID   int64   `json:"agentId"`
	AgentName string  `json:"agentName"`
	Title     string  `json:"title"`
	Locality  string  `json:"locality"`
	City      string  `json:"city"`
	Price     float64 `json:"price"`
	// Likelihood is 0 to 1; Reasons are the signals that agreed, in words
	// ("same photo", "price within 5%").
	Likelihood float64  `json:"likelihood"`
	Reasons    []string `json:"reasons"`
}

// AlsoListed is another agent's listing of what looks like the same
// property, shown on the card that stands for both.
type AlsoListed struct {
	PropertyID int64  `json:"propertyId"`
	AgentID    int64  `json:"agentId"`
	AgentName  string `json:"agentName"`
}

// Duplicates finds a saved listing's likely duplicates among other agents'
// active listings (feature/duplicates implements it; services.New hands it
// over with UseDuplicates).
type Duplicates interface {
	// CheckTx runs in the save's transaction, after the write.
	CheckTx(ctx context.Context, tx *sql.Tx, p Property) ([]PossibleDuplicate, error)
}

// DuplicateGroups tells the lists that show listings (the marketplace,
// the matches) which of them are likely duplicates, so that one card
// stands for the same property (feature/duplicates implements it).
type DuplicateGroups interface {
	// AlsoListed returns, for each of ids that has any, the other active
	// listings of active agents paired with it as likely duplicates.
	AlsoListed(ctx context.Context, ids []int64) (map[int64][]AlsoListed, error)
}

// Group drops from list, in its order, every item that a kept item's
// AlsoListed already stands for, and returns the kept items with what
// each stands for. id returns an item's listing id. The grouping is within
// list only (one page).
func Group[T any](list []T, id func(T) int64, also map[int64][]AlsoListed, set func(*T, []AlsoListed)) []T {
	if len(also) == 0 {
		return list
	}
	covered := make(map[int64]bool)
	out := list[:0]
	for _, item := range list {
		pid := id(item)
		if covered[pid] {
			continue
		}
		if others := also[pid]; len(others) > 0 {
			for _, o := range others {
				covered[o.PropertyID] = true
			}
			set(&item, others)
		}
		covered[pid] = true
		out = append(out, item)
	}
	return out
}
