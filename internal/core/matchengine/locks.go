package matchengine

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"propmatch/internal/kit/store"
)

// On PostgreSQL the matching jobs run in parallel, on every worker of
// every instance (issue 24; docs/decisions.md, "Matching in parallel on
// PostgreSQL"). What two of them contend for is a requirement's slots: its
// bound (new_matches and floor) and its open matches. So every write that
// settles a requirement first locks that requirement's row, and a write
// that settles many locks them in ascending id order, which no two such
// writes can do crosswise: no deadlock between them, and a requirement is
// settled by one transaction at a time, as the one advisory lock did for
// all of them before. Under READ COMMITTED each statement after the lock
// reads the committed state, so the set-based statements see the bound
// the last holder left.

// lockRange locks the requirements in [lo, hi] that listing p may settle:
// its candidates by target (purpose, type, city, band) and those it has a
// match with.
func (e *Engine) lockRange(ctx context.Context, tx *sql.Tx, p Property, lo, hi int64) error {
	if !e.opt.LockRows {
		return nil
	}
	q, args := bind(`SELECT id FROM requirements WHERE id IN (
		SELECT t.requirement_id FROM requirement_targets t WHERE t.listing_purpose = @purpose AND t.property_type = @type
			AND t.city_key = @city AND (t.price_low IS NULL OR t.price_low <= CAST(@price AS DOUBLE PRECISION))
			AND (t.price_high IS NULL OR t.price_high >= CAST(@price AS DOUBLE PRECISION)) AND t.requirement_id BETWEEN @low AND @high
		UNION SELECT m.requirement_id FROM matches m WHERE m.property_id = @property AND m.requirement_id BETWEEN @low AND @high)
		ORDER BY id FOR UPDATE`, map[string]any{"purpose": string(p.Purpose), "type": p.Type, "city": CityKey(p.City),
		"price": p.Price, "low": lo, "high": hi, "property": p.ID})
	return lockRows(ctx, tx, q, args...)
}

// lockRequirements locks the requirements in ids.
func (e *Engine) lockRequirements(ctx context.Context, tx *sql.Tx, ids []int64) error {
	if !e.opt.LockRows || len(ids) == 0 {
		return nil
	}
	return lockRows(ctx, tx, `SELECT id FROM requirements WHERE id = ANY(CAST($1 AS BIGINT[])) ORDER BY id FOR UPDATE`, ids)
}

// A listing's job and the listing's delete meet on the listing's row: each
// chunk of the job holds it FOR KEY SHARE (the lock its inserts' foreign
// keys take anyway) from its start, and the delete takes it FOR UPDATE
// before anything else, so the delete waits for a running chunk and then
// sees all its matches (and refills their requirements), and a later
// chunk finds the listing gone. Both take it first, holding nothing the
// other waits for.

// holdProperty locks listing propertyID FOR KEY SHARE for a chunk of its
// job; errGone when it no longer exists.
func (e *Engine) holdProperty(ctx context.Context, tx *sql.Tx, propertyID int64) error {
	return e.lockProperty(ctx, tx, propertyID, "KEY SHARE")
}

// lockPropertyForDelete locks listing propertyID FOR UPDATE before its delete.
func (e *Engine) lockPropertyForDelete(ctx context.Context, tx *sql.Tx, propertyID int64) error {
	return e.lockProperty(ctx, tx, propertyID, "UPDATE")
}

func (e *Engine) lockProperty(ctx context.Context, tx *sql.Tx, propertyID int64, mode string) error {
	if !e.opt.LockRows {
		return nil
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM properties WHERE id = $1 FOR `+mode, propertyID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return errGone
	}
	if err != nil {
		return fmt.Errorf("lock property: %w", err)
	}
	return nil
}

// retryGone runs fn in a savepoint, and again from the savepoint when it
// meets a listing that a concurrent delete removed: an insert's foreign
// key waits for the delete to commit and then fails, and the rerun reads
// the candidates without it. Only PostgreSQL's writers run concurrently.
func (e *Engine) retryGone(ctx context.Context, tx *sql.Tx, fn func() error) error {
	if !e.opt.LockRows {
		return fn()
	}
	for attempt := 1; ; attempt++ {
		if _, err := tx.ExecContext(ctx, `SAVEPOINT matching`); err != nil {
			return fmt.Errorf("savepoint: %w", err)
		}
		err := fn()
		if err == nil {
			_, err = tx.ExecContext(ctx, `RELEASE SAVEPOINT matching`)
			return err
		}
		if !store.IsForeignKeyViolation(err) || attempt == 5 {
			return err
		}
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT matching`); err != nil {
			return fmt.Errorf("rollback to savepoint: %w", err)
		}
	}
}

// lockRows runs a locking SELECT of requirement ids and reads it through.
func lockRows(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("lock requirements: %w", err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("lock requirements: %w", err)
	}
	return nil
}

// LockMatchRequirement locks the requirement of match matchID. A caller
// that changes a match and then settles its requirement (StatusChanged)
// calls it before touching the match: a listing's job locks requirements
// first and their matches after, and the two must take them in that same
// order, or each could hold what the other waits for.
func (e *Engine) LockMatchRequirement(ctx context.Context, tx *sql.Tx, matchID int64) error {
	if !e.opt.LockRows {
		return nil
	}
	return lockRows(ctx, tx, `SELECT id FROM requirements WHERE id = (SELECT requirement_id FROM matches WHERE id = $1) FOR UPDATE`, matchID)
}
