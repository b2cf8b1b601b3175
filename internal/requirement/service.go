package requirement

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"propmatch/internal/apperr"
	"propmatch/internal/matching"
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

func scan(rows interface{ Scan(...any) error }) (Requirement, error) {
	var r Requirement
	dest, finish := PublicDest(&r.Fields)
	if err := rows.Scan(append(dest, &r.ClientPhone, &r.ClientEmail)...); err != nil {
		return r, err
	}
	finish()
	return r, nil
}

func (s *Service) query(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, where string, args ...any) ([]Requirement, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+PublicColumns("r")+`, r.client_phone, r.client_email FROM requirements r WHERE `+where, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list requirements")
	}
	defer rows.Close()
	list := []Requirement{}
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, apperr.Wrap(err, "scan requirement")
		}
		list = append(list, r)
	}
	return list, apperr.Wrap(rows.Err(), "list requirements")
}

// ListMine returns a page of agentID's requirements, newest first, and the
// cursor of the next page (0 for none).
func (s *Service) ListMine(ctx context.Context, agentID int64, page store.Page) ([]Requirement, int64, error) {
	where, args := page.Apply(`r.agent_id = $1`, "r.id", []any{agentID})
	list, err := s.query(ctx, s.db.DB, where, args...)
	if err != nil {
		return nil, 0, err
	}
	list, next := store.Trim(list, page, func(r Requirement) int64 { return r.ID })
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
// transaction. It returns Invalid with the spec's field messages for bad input.
func (s *Service) Create(ctx context.Context, agentID int64, in Input) (Requirement, error) {
	r, err := in.validate()
	if err != nil {
		return Requirement{}, err
	}
	var out Requirement
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		cols, vals := writeColumns(r)
		cols = append(cols, "agent_id", "created_at", "updated_at")
		vals = append(vals, agentID, now, now)
		id, err := store.InsertID(ctx, tx, "requirements", cols, vals)
		if err != nil {
			return apperr.Wrap(err, "insert requirement")
		}
		return s.rematch(ctx, tx, id, &out)
	})
	return out, err
}

// Update applies patch (the fields sent) to one of agentID's requirements,
// validates the result and rematches it. It returns NotFound for a
// requirement that does not exist or is another agent's.
func (s *Service) Update(ctx context.Context, agentID, id int64, patch map[string]json.RawMessage) (Requirement, error) {
	var out Requirement
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		list, err := s.query(ctx, tx, `r.id = $1 AND r.agent_id = $2`, id, agentID)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return errNotFound
		}
		in, err := overlay(list[0], patch)
		if err != nil {
			return err
		}
		r, err := in.validate()
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
		return s.rematch(ctx, tx, id, &out)
	})
	return out, err
}

// overlay returns the input that results from applying patch to r.
func overlay(r Requirement, patch map[string]json.RawMessage) (Input, error) {
	base, _ := json.Marshal(r)
	var fields map[string]json.RawMessage
	json.Unmarshal(base, &fields)
	for k, v := range patch {
		fields[k] = v
	}
	merged, _ := json.Marshal(fields)
	var in Input
	if err := json.Unmarshal(merged, &in); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return in, apperr.Validation(apperr.FieldError{Path: typ.Field, Message: typ.Field + " has the wrong type"})
		}
		return in, apperr.New(apperr.Invalid, "Request body is not valid")
	}
	return in, nil
}

func (s *Service) rematch(ctx context.Context, tx *sql.Tx, id int64, out *Requirement) error {
	if err := s.engine.RequirementChanged(ctx, tx, s.db.Time(), id); err != nil {
		return apperr.Wrap(err, "match requirement")
	}
	list, err := s.query(ctx, tx, `r.id = $1`, id)
	if err != nil {
		return err
	}
	*out = list[0]
	return nil
}

// Delete removes a requirement and its matches. The owner may delete it, and
// so may an admin; anyone else gets NotFound.
func (s *Service) Delete(ctx context.Context, actor store.Actor, id int64) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := store.CheckOwner(ctx, tx, "requirements", id, actor, errNotFound); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM requirements WHERE id = $1`, id)
		return apperr.Wrap(err, "delete requirement")
	})
}
