package property

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/audit"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/media"
)

// Service reads and writes listings.
type Service struct {
	db     *store.DB
	engine *matchengine.Engine
	plan   limits.Plan
	dups   Duplicates
}

// NewService returns a Service whose writes queue engine's matching jobs.
func NewService(db *store.DB, engine *matchengine.Engine) *Service {
	return &Service{db: db, engine: engine}
}

// UsePlanLimits makes adds and re-activations obey the agent's plan
// (billing on); services.New calls it before serving.
func (s *Service) UsePlanLimits(p limits.Plan) { s.plan = p }

// UseDuplicates makes creates and updates look for other agents' listings
// of the same property; services.New calls it before serving.
func (s *Service) UseDuplicates(d Duplicates) { s.dups = d }

// checkDuplicates sets out's possible duplicates, in tx after the write.
func (s *Service) checkDuplicates(ctx context.Context, tx *sql.Tx, out *Property) error {
	if s.dups == nil {
		return nil
	}
	found, err := s.dups.CheckTx(ctx, tx, *out)
	if err != nil {
		return err
	}
	if found == nil {
		found = []PossibleDuplicate{}
	}
	out.PossibleDuplicates = &found
	return nil
}

// checkPlan asks the plan limit, in tx after the write, whether agentID may
// have one more active listing.
func (s *Service) checkPlan(ctx context.Context, tx *sql.Tx, agentID int64) error {
	if s.plan == nil {
		return nil
	}
	return s.plan.CheckActiveTx(ctx, tx, agentID, limits.Listings)
}

var errNotFound = apperr.New(apperr.NotFound, "Property not found")

// ListMine returns a page of agentID's own listings, newest first, and the
// cursor of the next page (0 for none).
func (s *Service) ListMine(ctx context.Context, agentID int64, page paging.Page) ([]Property, int64, error) {
	q, args := page.Apply(`SELECT `+Columns("p")+` FROM properties p WHERE p.agent_id = $1`, "p.id", []any{agentID})
	list, err := s.query(ctx, s.db.DB, q, args...)
	if err != nil {
		return nil, 0, err
	}
	list, next := paging.Trim(list, page, func(p Property) int64 { return p.ID })
	list, err = s.withProgress(ctx, s.db.DB, list)
	return list, next, err
}

func (s *Service) query(ctx context.Context, q store.Querier, query string, args ...any) ([]Property, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list properties")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, p *Property) error {
		dest, finish := Dest(p)
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		finish()
		return nil
	})
	return list, apperr.Wrap(err, "list properties")
}

func (s *Service) get(ctx context.Context, tx *sql.Tx, id int64) (Property, error) {
	list, err := s.query(ctx, tx, `SELECT `+Columns("p")+` FROM properties p WHERE p.id = $1`, id)
	if err != nil {
		return Property{}, err
	}
	if len(list) == 0 {
		return Property{}, errNotFound
	}
	return list[0], nil
}

// Create stores a listing owned by agentID and queues its matching job, in
// one transaction; the queue's workers match it and tell the agents who
// gained matches. It returns Invalid with field errors for bad input, and
// PlanLimit (402) when an active listing would be over the agent's plan.
func (s *Service) Create(ctx context.Context, agentID int64, in Input) (Property, error) {
	rec, err := in.validate(ctx)
	if err != nil {
		return Property{}, err
	}
	var out Property
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		now := s.db.Time()
		if err := s.storePhotos(ctx, tx, agentID, &rec); err != nil {
			return err
		}
		cols, vals := writeColumns(rec.p)
		cols = append(cols, "agent_id", "created_at", "updated_at")
		vals = append(vals, agentID, now, now)
		id, err := store.InsertID(ctx, tx, "properties", cols, vals)
		if err != nil {
			return apperr.Wrap(err, "insert property")
		}
		if rec.p.IsActive {
			if err := s.checkPlan(ctx, tx, agentID); err != nil {
				return err
			}
		}
		if out, err = s.queueMatching(ctx, tx, now, id); err != nil {
			return err
		}
		return s.checkDuplicates(ctx, tx, &out)
	})
	if err == nil {
		s.engine.Queued()
	}
	return out, err
}

// Update replaces one of agentID's listings with in and queues its
// matching job. It returns NotFound when the listing does not exist or is
// another agent's, and PlanLimit (402) when it re-activates a listing over
// the agent's plan (an edit of an active listing is never refused).
func (s *Service) Update(ctx context.Context, agentID, id int64, in Input) (Property, error) {
	rec, err := in.validate(ctx)
	if err != nil {
		return Property{}, err
	}
	var out Property
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := access.CheckOwner(ctx, tx, "properties", id, access.Actor{ID: agentID}, errNotFound); err != nil {
			return err
		}
		var wasActive bool
		if err := tx.QueryRowContext(ctx, `SELECT is_active FROM properties WHERE id = $1`, id).Scan(&wasActive); err != nil {
			return apperr.Wrap(err, "read property")
		}
		if err := s.storePhotos(ctx, tx, agentID, &rec); err != nil {
			return err
		}
		now := s.db.Time()
		cols, vals := writeColumns(rec.p)
		vals = append(vals, now, id)
		_, err := tx.ExecContext(ctx, `UPDATE properties SET `+store.SetClause(cols, 1)+fmt.Sprintf(`, updated_at = $%d WHERE id = $%d`, len(vals)-1, len(vals)), vals...)
		if err != nil {
			return apperr.Wrap(err, "update property")
		}
		if rec.p.IsActive && !wasActive {
			if err := s.checkPlan(ctx, tx, agentID); err != nil {
				return err
			}
		}
		if out, err = s.queueMatching(ctx, tx, now, id); err != nil {
			return err
		}
		return s.checkDuplicates(ctx, tx, &out)
	})
	if err == nil {
		s.engine.Queued()
	}
	return out, err
}

// queueMatching queues listing id's matching job in tx and reads the
// listing back, pending.
func (s *Service) queueMatching(ctx context.Context, tx *sql.Tx, now time.Time, id int64) (Property, error) {
	if err := s.engine.QueueProperty(ctx, tx, now, id); err != nil {
		return Property{}, apperr.Wrap(err, "queue matching")
	}
	p, err := s.get(ctx, tx, id)
	if err != nil {
		return Property{}, err
	}
	list, err := s.withProgress(ctx, tx, []Property{p})
	if err != nil {
		return Property{}, err
	}
	return list[0], nil
}

// withProgress sets each listing's matching progress.
func (s *Service) withProgress(ctx context.Context, q store.Querier, list []Property) ([]Property, error) {
	ids := make([]int64, len(list))
	for i, p := range list {
		ids[i] = p.ID
	}
	progress, err := matchengine.Progresses(ctx, q, matchengine.PropertySide, ids)
	if err != nil {
		return nil, apperr.Wrap(err, "read matching progress")
	}
	for i := range list {
		list[i].Progress = progress[list[i].ID]
	}
	return list, nil
}

// Delete removes a listing and its matches, and queues the refill of the
// requirements that lose an open match. The owner may delete it, and so may
// an admin; anyone else gets NotFound.
func (s *Service) Delete(ctx context.Context, actor access.Actor, id int64) error {
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error { return s.DeleteIn(ctx, tx, actor, id) })
	if err == nil {
		s.engine.Queued()
	}
	return err
}

// DeleteIn is Delete in the caller's transaction (an account's deletion
// removes every listing in one); the caller calls Queued on the match
// engine once tx commits, so the refills it queued run.
func (s *Service) DeleteIn(ctx context.Context, tx *sql.Tx, actor access.Actor, id int64) error {
	owner, err := access.Owner(ctx, tx, "properties", id, actor, errNotFound)
	if err != nil {
		return err
	}
	if actor.ActsForOther(owner) {
		before, err := s.get(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, s.db.Time(), audit.Entry{ActorID: actor.ID, Action: "property.delete", TargetType: "property", TargetID: id, Before: before}); err != nil {
			return err
		}
	}
	if err := s.engine.QueuePropertyDeleting(ctx, tx, s.db.Time(), id); err != nil {
		return apperr.Wrap(err, "unmatch property")
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM properties WHERE id = $1`, id)
	return apperr.Wrap(err, "delete property")
}

// storePhotos saves the new uploads and checks that each kept /media/ URL
// is one of the agent's own images, and sets the listing's images to the
// photos' URLs in the order sent.
func (s *Service) storePhotos(ctx context.Context, tx *sql.Tx, agentID int64, rec *record) error {
	urls := make([]string, 0, len(rec.photos))
	for _, ph := range rec.photos {
		if ph.upload != nil {
			url, err := media.Save(ctx, tx, s.db.Time(), agentID, *ph.upload)
			if err != nil {
				return apperr.Wrap(err, "store image")
			}
			urls = append(urls, url)
			continue
		}
		ok, err := media.OwnedBy(ctx, tx, media.IDFromURL(ph.url), agentID)
		if err != nil {
			return apperr.Wrap(err, "check image")
		}
		if !ok {
			return apperr.Validation(apperr.FieldError{Path: fmt.Sprintf("images.%d", ph.index), Message: "That image no longer exists; upload it again"})
		}
		urls = append(urls, ph.url)
	}
	rec.p.Images = urls
	return nil
}
