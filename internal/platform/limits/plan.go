package limits

import (
	"context"
	"database/sql"
)

// Item is what a plan limits: an agent's active listings or requirements.
type Item string

// The items plans limit.
const (
	Listings     Item = "listings"
	Requirements Item = "requirements"
)

// Plan is the plan limit on an agent's active items (billing's plans,
// docs/product.md#billing). The property and requirement services call it
// in the transaction that adds or re-activates an item, after the write;
// it returns a plan_limit error (402) when the agent is now over their
// plan's limit, so the write rolls back. services.New sets it; a service
// without one has no limit (billing off, or a test of something else).
type Plan interface {
	CheckActiveTx(ctx context.Context, tx *sql.Tx, agentID int64, item Item) error
}

// APIAccess is the plan's API-access feature (billing's plans): personal API
// keys and webhooks work only while it answers true. services.New sets
// billing's; a service without one allows everyone (billing off).
type APIAccess interface {
	APIAccess(ctx context.Context, agentID int64) (bool, error)
}

// HasAPIAccess asks gate, allowing everyone when there is none.
func HasAPIAccess(ctx context.Context, gate APIAccess, agentID int64) (bool, error) {
	if gate == nil {
		return true, nil
	}
	return gate.APIAccess(ctx, agentID)
}
