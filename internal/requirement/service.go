package requirement

import (
	"context"
	"database/sql"
	"fmt"

	"propmatch/internal/access"
	"propmatch/internal/apperr"
	"propmatch/internal/matching"
	"propmatch/internal/paging"
	"propmatch/internal/store"
)

// Service reads and writes client requirements.
type Service struct {
	db     *store.DB
	engine *matching.Engine
}

// NewService returns a Service whose writes run engine in the same transaction.
func NewService(db *store.DB, engine *matching.Engine) *Service {
	return &Service{db: db, engine: engine}
}

var errNotFound = apperr.New(apperr.NotFound, "Requirement not found")

func scan(rows *sql.Rows, r *Requirement) error {
	dest, finish := PublicDest(&r.Fields)
	if err := rows.Scan(append(dest, &r.ClientPhone, &r.ClientEmail)...); err != nil {
		return err
	}
	finish()
	return nil
}

func (s *Service) query(ctx context.Context, q store.Querier, where string, args ...any) ([]Requirement, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+PublicColumns("r")+`, r.client_phone, r.client_email FROM requirements r WHERE `+where, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list requirements")
	}
	list, err := store.Collect(rows, scan)
	return list, apperr.Wrap(err, "list requirements")
}

// ListMine returns a page of agentID's requirements, newest first, and the
// cursor of the next page (0 for none).
func (s *Service) ListMine(ctx context.Context, agentID int64, page paging.Page) ([]Requirement, int64, error) {
	where, args := page.Apply(`r.agent_id = $1`, "r.id", []any{agentID})
	list, err := s.query(ctx, s.db.DB, where, args...)
	if err != nil {
		return nil, 0, err
	}
	list, next := paging.Trim(list, page, func(r Requirement) int64 { return r.ID })
	return list, next, nil
}

// GetMine returns one of agentID's requirements, or NotFound.
func (s *Service) GetMine(ctx context.Context, agentID, id int64) (Requirement, error) {
	list, err := s.query(ctx, s.db.DB, `r.id = $1 AND r.agent_id = $2`, id, agentID)
	if err != nil {
		return Requirement{}, err
	}
	if len(list) == 0 {
		return Requirement{}, errNotFound
	}
	return list[0], nil
}

// Create stores a requirement owned by agentID and matches it, in one
// transaction, then tells the agents who gained matches. It returns Invalid
// with field errors for bad input (docs/product.md#requirements).
func (s *Service) Create(ctx context.Context, agentID int64, in Input) (Requirement, error) {
	r, err := in.validate()
	if err != nil {
		return Requirement{}, err
	}
	var out Requirement
	var gained matching.Gained
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		cols, vals := writeColumns(r)
		cols = append(cols, "agent_id", "created_at", "updated_at")
		vals = append(vals, agentID, now, now)
		id, err := store.InsertID(ctx, tx, "requirements", cols, vals)
		if err != nil {
			return apperr.Wrap(err, "insert requirement")
		}
		out, gained, err = s.rematch(ctx, tx, id)
		return err
	})
	if err == nil {
		s.engine.Announce(ctx, gained)
	}
	return out, err
}

// Update applies patch (the fields sent) to one of agentID's requirements,
// validates the result as a whole and rematches it, then tells the agents
// who gained matches. It returns NotFound for a requirement that does not
// exist or is another agent's.
func (s *Service) Update(ctx context.Context, agentID, id int64, patch Patch) (Requirement, error) {
	var out Requirement
	var gained matching.Gained
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		list, err := s.query(ctx, tx, `r.id = $1 AND r.agent_id = $2`, id, agentID)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return errNotFound
		}
		r, err := patch.apply(inputOf(list[0])).validate()
		if err != nil {
			return err
		}
		now := s.db.Time()
		cols, vals := writeColumns(r)
		vals = append(vals, now, id)
		_, err = tx.ExecContext(ctx, `UPDATE requirements SET `+store.SetClause(cols, 1)+fmt.Sprintf(`, updated_at = $%d WHERE id = $%d`, len(vals)-1, len(vals)), vals...)
		if err != nil {
			return apperr.Wrap(err, "update requirement")
		}
		out, gained, err = s.rematch(ctx, tx, id)
		return err
	})
	if err == nil {
		s.engine.Announce(ctx, gained)
	}
	return out, err
}

// rematch runs the match engine on requirement id and reads it back, with
// the matches the engine stored, to announce once tx commits.
func (s *Service) rematch(ctx context.Context, tx *sql.Tx, id int64) (Requirement, matching.Gained, error) {
	gained, err := s.engine.RequirementChanged(ctx, tx, s.db.Time(), id)
	if err != nil {
		return Requirement{}, nil, apperr.Wrap(err, "match requirement")
	}
	list, err := s.query(ctx, tx, `r.id = $1`, id)
	if err != nil {
		return Requirement{}, nil, err
	}
	return list[0], gained, nil
}

// Delete removes a requirement and its matches. The owner may delete it, and
// so may an admin; anyone else gets NotFound.
func (s *Service) Delete(ctx context.Context, actor access.Actor, id int64) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := access.CheckOwner(ctx, tx, "requirements", id, actor, errNotFound); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM requirements WHERE id = $1`, id)
		return apperr.Wrap(err, "delete requirement")
	})
}
