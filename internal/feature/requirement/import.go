package requirement

import (
	"context"
	"database/sql"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// CheckImport validates in as Create does, without writing, and returns the
// requirement as it would be saved. The bulk import's preview shows it, and
// ImportTx saves the same validation's result.
func (s *Service) CheckImport(in Input) (Requirement, error) {
	r, err := in.validate()
	// As a read gives them back: lists never null.
	for _, l := range []*[]string{&r.PropertyTypes, &r.PreferredCities, &r.PreferredLocalities} {
		if *l == nil {
			*l = []string{}
		}
	}
	return r, err
}

// ImportTx saves one row of agentID's bulk import in the caller's
// transaction: it updates agentID's requirement whose reference is ref,
// when ref is given and there is one, and otherwise creates one (with ref as
// its reference). It obeys the plan as Create and Update do (PlanLimit) and
// queues the requirement's matching job; the caller calls Queued once tx
// commits. It returns the requirement's id and whether it was an update.
func (s *Service) ImportTx(ctx context.Context, tx *sql.Tx, agentID int64, ref string, in Input) (int64, bool, error) {
	r, err := in.validate()
	if err != nil {
		return 0, false, err
	}
	now := s.db.Time()
	id, wasActive, err := store.FindByRef(ctx, tx, "requirements", agentID, ref)
	if err != nil {
		return 0, false, apperr.Wrap(err, "find requirement by reference")
	}
	updated := id != 0
	cols, vals := writeColumns(r)
	if id, err = store.SaveByRef(ctx, tx, "requirements", id, cols, vals, agentID, ref, now); err != nil {
		return 0, false, apperr.Wrap(err, "save requirement")
	}
	if r.IsActive && !wasActive {
		if err := s.checkPlan(ctx, tx, agentID); err != nil {
			return 0, false, err
		}
	}
	if err := s.engine.QueueRequirement(ctx, tx, now, id); err != nil {
		return 0, false, apperr.Wrap(err, "queue matching")
	}
	return id, updated, nil
}

// Queued wakes the match engine once an import's transaction committed.
func (s *Service) Queued() { s.engine.Queued() }
