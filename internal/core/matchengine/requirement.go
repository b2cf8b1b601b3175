package matchengine

import (
	"context"
	"database/sql"
	"sort"
	"time"
)

// RequirementChanged rewrites a created or edited requirement's targets and
// recomputes its matches: its open matches become its best N qualifying
// properties; matches either side moved past `new` are kept (with a fresh
// score while they qualify). It returns the new matches it stored, for
// Announce once tx commits.
func (e *Engine) RequirementChanged(ctx context.Context, tx *sql.Tx, now time.Time, requirementID int64) (Gained, error) {
	gained := Gained{}
	if err := e.syncRequirement(ctx, tx, now, requirementID, true, gained); err != nil {
		return nil, err
	}
	return gained, nil
}

// StatusChanged refills (or trims) a requirement's open matches after one of
// its matches opened or closed (see Open). Package match calls it. Matches
// a refill stores are not announced.
func (e *Engine) StatusChanged(ctx context.Context, tx *sql.Tx, now time.Time, requirementID int64) error {
	return e.syncRequirement(ctx, tx, now, requirementID, false, nil)
}

// syncRequirement makes a requirement's open matches its best N, counting
// the matches it stores in gained (nil counts none); on PostgreSQL it
// reruns when a listing it matched was deleted meanwhile (retryGone).
func (e *Engine) syncRequirement(ctx context.Context, tx *sql.Tx, now time.Time, requirementID int64, rewriteTargets bool, gained Gained) error {
	if err := e.lockRequirements(ctx, tx, []int64{requirementID}); err != nil {
		return err
	}
	var stored Gained
	err := e.retryGone(ctx, tx, func() error {
		stored = Gained{}
		return e.syncRequirementOnce(ctx, tx, now, requirementID, rewriteTargets, stored)
	})
	if err == nil {
		gained.merge(stored)
	}
	return err
}

func (e *Engine) syncRequirementOnce(ctx context.Context, tx *sql.Tx, now time.Time, requirementID int64, rewriteTargets bool, gained Gained) error {
	r, err := loadRequirement(ctx, tx, requirementID)
	if err != nil {
		return err
	}
	if rewriteTargets {
		if err := writeTargets(ctx, tx, r); err != nil {
			return err
		}
	}
	existing, err := matchesOf(ctx, tx, "requirement_id", requirementID)
	if err != nil {
		return err
	}
	type scored struct {
		p Property
		b Breakdown
	}
	var ranked []scored
	if r.Active {
		props, err := propertyCandidates(ctx, tx, r)
		if err != nil {
			return err
		}
		for _, p := range props {
			if Qualifies(p, r) {
				ranked = append(ranked, scored{p, Score(p, r)})
			}
		}
	}
	sort.Slice(ranked, func(i, j int) bool {
		return ranksAbove(ranked[i].b.Total, ranked[i].p.ID, ranked[j].b.Total, ranked[j].p.ID)
	})
	w := newWriter(tx, now, gained)
	keep := map[int64]bool{}
	slots := e.opt.Limit
	for _, s := range ranked {
		m, ok := existing[s.p.ID]
		if ok && !m.open { // kept whatever the bound; rescored while it qualifies
			keep[s.p.ID] = true
			if m.score != s.b.Total {
				if err := w.rescore(ctx, m.id, s.b); err != nil {
					return err
				}
			}
			continue
		}
		if slots == 0 {
			continue
		}
		slots--
		keep[s.p.ID] = true
		switch {
		case !ok:
			err = w.insert(ctx, s.p, r, s.b)
		case m.score != s.b.Total:
			err = w.rescore(ctx, m.id, s.b)
		}
		if err != nil {
			return err
		}
	}
	for propID, m := range existing {
		switch {
		case keep[propID]:
		case m.open:
			if err := w.deleteMatch(ctx, m.id); err != nil {
				return err
			}
		default: // kept although it no longer qualifies; its score follows the requirement
			p, err := loadProperty(ctx, tx, propID)
			if err != nil {
				return err
			}
			if b := Score(p, r); b.Total != m.score {
				if err := w.rescore(ctx, m.id, b); err != nil {
					return err
				}
			}
		}
	}
	return updateBounds(ctx, tx, []int64{requirementID})
}
