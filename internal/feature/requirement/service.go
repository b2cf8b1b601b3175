package requirement

import (
	"context"
	"database/sql"
	"fmt"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/limits"
)

// Service reads and writes client requirements.
type Service struct {
	db     *store.DB
	engine *matchengine.Engine
	plan   limits.Plan
}

// NewService returns a Service whose writes queue engine's matching jobs.
func NewService(db *store.DB, engine *matchengine.Engine) *Service {
	return &Service{db: db, engine: engine}
}

// UsePlanLimits makes adds and re-activations obey the agent's plan
// (billing on); services.New calls it before serving.
func (s *Service) UsePlanLimits(p limits.Plan) { s.plan = p }

// checkPlan asks the plan limit, in tx after the write, whether agentID may
// have one more active requirement.
func (s *Service) checkPlan(ctx context.Context, tx *sql.Tx, agentID int64) error {
	if s.plan == nil {
		return nil
	}
	return s.plan.CheckActiveTx(ctx, tx, agentID, limits.Requirements)
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
	list, err = s.withProgress(ctx, s.db.DB, list)
	return list, next, err
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

// Create stores a requirement owned by agentID and queues its matching
// job, in one transaction; the queue's workers match it and tell the agents
// who gained matches. It returns Invalid with field errors for bad input
// (docs/product.md#requirements), and PlanLimit (402) when an active
// requirement would be over the agent's plan.
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
		if r.IsActive {
			if err := s.checkPlan(ctx, tx, agentID); err != nil {
				return err
			}
		}
		out, err = s.queueMatching(ctx, tx, id)
		return err
	})
	if err == nil {
		s.engine.Queued()
	}
	return out, err
}

// Update applies patch (the fields sent) to one of agentID's requirements,
// validates the result as a whole and queues its matching job. It returns
// NotFound for a requirement that does not exist or is another agent's, and
// PlanLimit (402) when it re-activates one over the agent's plan.
func (s *Service) Update(ctx context.Context, agentID, id int64, patch Patch) (Requirement, error) {
	var out Requirement
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
		if r.IsActive && !list[0].IsActive {
			if err := s.checkPlan(ctx, tx, agentID); err != nil {
				return err
			}
		}
		out, err = s.queueMatching(ctx, tx, id)
		return err
	})
	if err == nil {
		s.engine.Queued()
	}
	return out, err
}

// queueMatching queues requirement id's matching job in tx and reads the
// requirement back, pending.
func (s *Service) queueMatching(ctx context.Context, tx *sql.Tx, id int64) (Requirement, error) {
	if err := s.engine.QueueRequirement(ctx, tx, s.db.Time(), id); err != nil {
		return Requirement{}, apperr.Wrap(err, "queue matching")
	}
	list, err := s.query(ctx, tx, `r.id = $1`, id)
	if err != nil {
		return Requirement{}, err
	}
	list, err = s.withProgress(ctx, tx, list)
	if err != nil {
		return Requirement{}, err
	}
	return list[0], nil
}

// withProgress sets each requirement's matching progress.
func (s *Service) withProgress(ctx context.Context, q store.Querier, list []Requirement) ([]Requirement, error) {
	ids := make([]int64, len(list))
	for i, r := range list {
		ids[i] = r.ID
	}
	progress, err := matchengine.Progresses(ctx, q, matchengine.RequirementSide, ids)
	if err != nil {
		return nil, apperr.Wrap(err, "read matching progress")
	}
	for i := range list {
		list[i].Progress = progress[list[i].ID]
	}
	return list, nil
}

// Progress returns requirement id's matching progress.
func (s *Service) Progress(ctx context.Context, id int64) (matchengine.Progress, error) {
	progress, err := matchengine.Progresses(ctx, s.db.DB, matchengine.RequirementSide, []int64{id})
	if err != nil {
		return matchengine.Progress{}, apperr.Wrap(err, "read matching progress")
	}
	return progress[id], nil
}

// Delete removes a requirement and its matches, and drops its pending
// matching jobs. The owner may delete it, and so may an admin; anyone else
// gets NotFound.
func (s *Service) Delete(ctx context.Context, actor access.Actor, id int64) error {
	return s.db.WithTx(ctx, func(tx *sql.Tx) error { return s.DeleteIn(ctx, tx, actor, id) })
}

// DeleteIn is Delete in the caller's transaction (an account's deletion
// removes every requirement in one).
func (s *Service) DeleteIn(ctx context.Context, tx *sql.Tx, actor access.Actor, id int64) error {
	owner, err := access.Owner(ctx, tx, "requirements", id, actor, errNotFound)
	if err != nil {
		return err
	}
	if actor.ActsForOther(owner) {
		before, err := s.query(ctx, tx, `r.id = $1`, id)
		if err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: actor.ID, Action: "requirement.delete", TargetType: "requirement", TargetID: id, Before: before[0]}); err != nil {
			return err
		}
	}
	if err := s.engine.RequirementDeleting(ctx, tx, id); err != nil {
		return apperr.Wrap(err, "cancel matching")
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM requirements WHERE id = $1`, id)
	return apperr.Wrap(err, "delete requirement")
}
