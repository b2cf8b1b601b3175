// Package marketplace serves what every agent sees of everyone's work: all
// active listings and requirements (never a client's contact, and other
// agents' clients only as requirement.Public.ForViewer shows them).
package marketplace

import (
	"context"
	"database/sql"

	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/network"
	"propmatch/internal/platform/settings"
)

// Service reads the marketplace.
type Service struct {
	db    *store.DB
	leads network.Leads
	dups  property.DuplicateGroups
}

// NewService returns a Service.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// UseLeads makes the marketplace hide contacts a lead would reveal (billing
// on); services.New calls it before serving.
func (s *Service) UseLeads(l network.Leads) { s.leads = l }

// UseDuplicates makes Properties show likely duplicates as one card;
// services.New calls it before serving.
func (s *Service) UseDuplicates(d property.DuplicateGroups) { s.dups = d }

// Properties returns a page of every agent's active listings, newest first,
// optionally those whose title, locality, city or type contains q. An
// agent's listings stay here when they hide their profile (that switch is
// about the directory); their phone is blanked for viewerID when they hide
// it from them (network.ContactShownSQL).
func (s *Service) Properties(ctx context.Context, viewerID int64, q string, page paging.Page) ([]property.Marketplace, int64, error) {
	where, args := store.Contains("p.search_text", q, []any{viewerID})
	query, args := page.Apply(`SELECT `+property.Columns("p")+`, u.full_name, u.phone, `+s.leads.ContactSQL("us", "u.id", "$1")+`
		FROM properties p JOIN users u ON u.id = p.agent_id`+settings.JoinSQL("us", "u.id")+`
		WHERE p.is_active = TRUE AND u.is_active = TRUE`+where, "p.id", args)
	rows, err := s.db.QueryPrepared(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace properties")
	}
	list, err := store.Collect(rows, scanProperty)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace properties")
	}
	list, next := paging.Trim(list, page, func(m property.Marketplace) int64 { return m.ID })
	list, err = s.group(ctx, list)
	return list, next, err
}

// group shows the likely duplicates on one page as one card: the newest
// listing stands for the others on the page, and its AlsoListedBy names
// every other agent's active listing paired with it, on this page or not
// (docs/product.md#duplicate-listings). The cursor is the page's as read,
// so no listing is skipped; one paired with a listing of another page
// shows there as well.
func (s *Service) group(ctx context.Context, list []property.Marketplace) ([]property.Marketplace, error) {
	if s.dups == nil || len(list) == 0 {
		return list, nil
	}
	ids := make([]int64, len(list))
	for i, m := range list {
		ids[i] = m.ID
	}
	also, err := s.dups.AlsoListed(ctx, ids)
	if err != nil {
		return nil, err
	}
	return property.Group(list, func(m property.Marketplace) int64 { return m.ID }, also,
		func(m *property.Marketplace, a []property.AlsoListed) { m.AlsoListedBy = a }), nil
}

func scanProperty(rows *sql.Rows, m *property.Marketplace) error {
	var shown, locked bool
	dest, done := property.Dest(&m.Property)
	if err := rows.Scan(append(dest, &m.AgentName, &m.AgentPhone, &shown, &locked)...); err != nil {
		return err
	}
	done()
	if !shown {
		m.AgentPhone, m.AgentContactHidden, m.AgentContactReason = "", true, network.Reason(shown, locked)
	}
	return nil
}

// Requirements returns a page of every agent's active requirements as agent
// viewerID may see them, newest first and without client contact; with q,
// those whose cities, localities or types contain q, or whose client name
// does when the requirement is viewerID's own. Like Properties, the agent's
// phone is blanked when they hide it from viewerID.
func (s *Service) Requirements(ctx context.Context, viewerID int64, q string, page paging.Page) ([]requirement.Public, int64, error) {
	where, args := store.Contains(requirement.SearchSQL("r", "$1"), q, []any{viewerID})
	query, args := page.Apply(`SELECT `+requirement.PublicColumns("r")+`, u.full_name, u.phone, `+requirement.NameRevealedSQL("r", "$1")+`,
		`+s.leads.ContactSQL("us", "u.id", "$1")+`
		FROM requirements r JOIN users u ON u.id = r.agent_id`+settings.JoinSQL("us", "u.id")+`
		WHERE r.is_active = TRUE AND u.is_active = TRUE`+where, "r.id", args)
	rows, err := s.db.QueryPrepared(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace requirements")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, r *requirement.Public) error {
		var nameRevealed, shown, locked bool
		dest, done := requirement.PublicDest(&r.Fields)
		if err := rows.Scan(append(dest, &r.AgentName, &r.AgentPhone, &nameRevealed, &shown, &locked)...); err != nil {
			return err
		}
		done()
		if !shown {
			r.AgentPhone, r.AgentContactHidden, r.AgentContactReason = "", true, network.Reason(shown, locked)
		}
		*r = r.ForViewer(viewerID, nameRevealed)
		return nil
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "marketplace requirements")
	}
	list, next := paging.Trim(list, page, func(r requirement.Public) int64 { return r.ID })
	return list, next, nil
}
