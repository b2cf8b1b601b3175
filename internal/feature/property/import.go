package property

import (
	"context"
	"database/sql"
	"slices"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// CheckImport validates in as Create does, without writing, and returns the
// listing as it would be saved (no photos: a sheet brings none). The bulk
// import's preview shows it, and ImportTx saves the same validation's
// result.
func (s *Service) CheckImport(ctx context.Context, in Input) (Property, error) {
	if len(in.Images) > 0 {
		return Property{}, apperr.Validation(apperr.FieldError{Path: "images", Message: "A sheet cannot bring photos"})
	}
	rec, err := in.validate(ctx)
	if rec.p.Amenities == nil {
		rec.p.Amenities = []string{} // as a read gives them back
	}
	return rec.p, err
}

// importKeeps are the columns a re-import leaves as they are: the photos
// and amenities the agent added in the form, which a sheet does not carry.
var importKeeps = []string{"images", "amenities"}

// ImportTx saves one row of agentID's bulk import in the caller's
// transaction: it updates agentID's listing whose reference is ref, when
// ref is given and there is one, and otherwise creates a listing (with ref
// as its reference). It obeys the plan as Create and Update do (PlanLimit)
// and queues the listing's matching job; the caller calls Queued once tx
// commits. It returns the listing's id and whether it was an update.
func (s *Service) ImportTx(ctx context.Context, tx *sql.Tx, agentID int64, ref string, in Input) (int64, bool, error) {
	p, err := s.CheckImport(ctx, in)
	if err != nil {
		return 0, false, err
	}
	now := s.db.Time()
	id, wasActive, err := store.FindByRef(ctx, tx, "properties", agentID, ref)
	if err != nil {
		return 0, false, apperr.Wrap(err, "find listing by reference")
	}
	updated := id != 0
	cols, vals := writeColumns(p)
	if updated {
		for i := len(cols) - 1; i >= 0; i-- {
			if slices.Contains(importKeeps, cols[i]) {
				cols = slices.Delete(cols, i, i+1)
				vals = slices.Delete(vals, i, i+1)
			}
		}
	}
	if id, err = store.SaveByRef(ctx, tx, "properties", id, cols, vals, agentID, ref, now); err != nil {
		return 0, false, apperr.Wrap(err, "save property")
	}
	if p.IsActive && !wasActive {
		if err := s.checkPlan(ctx, tx, agentID); err != nil {
			return 0, false, err
		}
	}
	if err := s.engine.QueueProperty(ctx, tx, now, id); err != nil {
		return 0, false, apperr.Wrap(err, "queue matching")
	}
	return id, updated, nil
}

// Queued wakes the match engine once an import's transaction committed.
func (s *Service) Queued() { s.engine.Queued() }
