// Package access decides who may touch an agent's row: the agent who owns
// it, and an administrator where the service allows it. The services that
// own listings, requirements and matches ask it; the HTTP layer only says
// who is asking.
package access

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// Actor is who asks to touch an agent's row: its owner may, and an admin
// may too where the caller allows it.
type Actor struct {
	ID    int64
	Admin bool
}

// CheckOwner returns notFound unless the row id of table exists and actor
// may touch it: it is theirs, or they are an admin. Another agent's row
// answers notFound too, so ids reveal nothing.
func CheckOwner(ctx context.Context, q store.Querier, table string, id int64, actor Actor, notFound error) error {
	_, err := Owner(ctx, q, table, id, actor, notFound)
	return err
}

// Owner is CheckOwner that also returns the row's owner, so a service can
// tell an admin acting on another agent's row (which it audits).
func Owner(ctx context.Context, q store.Querier, table string, id int64, actor Actor, notFound error) (int64, error) {
	var owner int64
	err := q.QueryRowContext(ctx, `SELECT agent_id FROM `+table+` WHERE id = $1`, id).Scan(&owner)
	switch {
	case errors.Is(err, sql.ErrNoRows), err == nil && owner != actor.ID && !actor.Admin:
		return 0, notFound
	case err != nil:
		return 0, apperr.Wrap(err, fmt.Sprintf("%s owner", table))
	}
	return owner, nil
}

// ActsForOther reports whether actor is an admin touching a row owner
// holds: the case the audit log records.
func (a Actor) ActsForOther(owner int64) bool { return a.Admin && owner != a.ID }
