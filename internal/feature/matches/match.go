// Package matches serves the matches the engine stores: each with its
// property, requirement and both agents, read in one query; and the lead
// each of the two agents keeps on it (a status and private notes per side),
// which only this package changes.
package matches

import (
	"context"
	"database/sql"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/property"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/access"
	"propmatch/internal/platform/network"
	"propmatch/internal/platform/settings"
)

// Agent is an agent as a match shows them.
type Agent struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
	Username string `json:"username"`
	// Phone is empty and Email null when ContactHidden: the agent shares
	// contact details with connections only (network.ContactShownSQL), or,
	// with billing on, a lead would reveal them; ContactReason says which
	// ("private" or "locked").
	Phone          string  `json:"phone"`
	Email          *string `json:"email"`
	ContactHidden  bool    `json:"contactHidden"`
	ContactReason  string  `json:"contactReason,omitempty"`
	City           string  `json:"city"`
	State          string  `json:"state"`
	ReraNumber     *string `json:"reraNumber"`
	IsReraVerified bool    `json:"isReraVerified"`
	AgentType      string  `json:"agentType"`
}

// Match is a stored match with both sides and both agents, as one of its two
// agents sees it: Status and Notes are that agent's own side, and the
// requirement is shown as requirement.Public.ForViewer shows it to them.
type Match struct {
	ID             int64                 `json:"id"`
	PropertyID     int64                 `json:"propertyId"`
	RequirementID  int64                 `json:"requirementId"`
	SellerAgentID  int64                 `json:"sellerAgentId"`
	BuyerAgentID   int64                 `json:"buyerAgentId"`
	MatchScore     int                   `json:"matchScore"`
	ScoreBreakdown matchengine.Breakdown `json:"scoreBreakdown"`
	Status         matchengine.Status    `json:"status"`
	Notes          string                `json:"notes"`
	// Unlocked is whether contacting the other agent on this match costs
	// the viewer nothing more: they unlocked it, they are connected, or
	// billing is off (docs/product.md#billing).
	Unlocked bool `json:"unlocked"`
	// ClientNameShared is whether the buyer agent shared the client's full
	// name with the seller agent on this match.
	ClientNameShared bool               `json:"clientNameShared"`
	ViewedByBuyer    bool               `json:"viewedByBuyer"`
	ViewedBySeller   bool               `json:"viewedBySeller"`
	CreatedAt        time.Time          `json:"createdAt"`
	UpdatedAt        time.Time          `json:"updatedAt"`
	Property         property.Property  `json:"property"`
	Requirement      requirement.Public `json:"requirement"`
	SellerAgent      Agent              `json:"sellerAgent"`
	BuyerAgent       Agent              `json:"buyerAgent"`
	// AlsoListedBy are other agents' listings of what looks like the same
	// property, matched to the same requirement and shown as this one
	// match (docs/decisions.md#duplicate-listings-across-agents).
	AlsoListedBy []property.AlsoListed `json:"alsoListedBy,omitempty"`

	buyer, seller sideLead // both sides as stored; Status and Notes show one
}

// sideLead is one side's lead on a match.
type sideLead struct {
	status matchengine.Status
	notes  string
}

// MaxNotes is the longest lead note, in characters.
const MaxNotes = 500

// agentColumns selects an Agent from the users row a, with how the agent
// whose id is the SQL expression viewer may see their contact details on
// match m (a's settings row joined as a+"s"; network.Leads.MatchContactSQL).
func agentColumns(leads network.Leads, a, viewer string) string {
	return a + ".id, " + a + ".full_name, " + a + ".username, " + a + ".phone, " + a + ".email, " + a + ".city, " +
		a + ".state, " + a + ".rera_number, " + a + ".is_rera_verified, " + a + ".agent_type, " +
		leads.MatchContactSQL(a+"s", a+".id", viewer, "m.id")
}

// contact is how a viewer may see an agent's contact on a match.
type contact struct{ shown, locked, paid bool }

// agentDest returns the scan targets of agentColumns; c receives how the
// contact details may be seen (see hideContact).
func agentDest(a *Agent, c *contact) []any {
	return []any{&a.ID, &a.FullName, &a.Username, &a.Phone, &a.Email, &a.City, &a.State, &a.ReraNumber, &a.IsReraVerified, &a.AgentType,
		&c.shown, &c.locked, &c.paid}
}

// hideContact blanks a's phone and email unless shown.
func (a *Agent) hideContact(c contact) {
	if !c.shown {
		a.Phone, a.Email, a.ContactHidden, a.ContactReason = "", nil, true, network.Reason(c.shown, c.locked)
	}
}

// selectMatches reads matches with everything a Match shows; nameRevealed is
// an SQL condition telling whether the viewer may see the client's full
// name (it only matters where the viewer is the seller agent). The viewer's
// id is the query's first parameter.
func selectMatches(leads network.Leads, nameRevealed string) string {
	return `SELECT m.id, m.property_id, m.requirement_id, m.seller_agent_id, m.buyer_agent_id, m.match_score, m.breakdown,
	m.buyer_status, m.seller_status, m.buyer_notes, m.seller_notes, m.client_name_shared, ` + nameRevealed + `,
	m.viewed_by_buyer, m.viewed_by_seller, ` + store.Qualify("m", "created_at, updated_at") + `, ` +
		property.Columns("p") + `, ` + requirement.PublicColumns("r") + `, ` + agentColumns(leads, "s", "$1") + `, ` + agentColumns(leads, "b", "$1") + `
	FROM matches m
	JOIN properties p ON p.id = m.property_id
	JOIN requirements r ON r.id = m.requirement_id
	JOIN users s ON s.id = m.seller_agent_id
	JOIN users b ON b.id = m.buyer_agent_id` + settings.JoinSQL("ss", "s.id") + settings.JoinSQL("bs", "b.id") + `
	WHERE `
}

// Service reads matches and changes each side's lead.
type Service struct {
	db     *store.DB
	engine *matchengine.Engine
	// selectForBuyer reads matches for their buyer agent, who owns the
	// requirement: there is nothing to reveal. selectForEither reads
	// matches for either of their agents.
	selectForBuyer, selectForEither string
	dups                            property.DuplicateGroups
}

// NewService returns a Service; status changes refill through engine.
func NewService(db *store.DB, engine *matchengine.Engine) *Service {
	s := &Service{db: db, engine: engine}
	s.UseLeads(network.Leads{})
	return s
}

// UseLeads makes match lists hide contacts a lead would reveal (billing
// on); services.New calls it before serving.
func (s *Service) UseLeads(l network.Leads) {
	s.selectForBuyer = selectMatches(l, "TRUE")
	s.selectForEither = selectMatches(l, requirement.NameRevealedSQL("r", "$1"))
}

// UseDuplicates makes the lists show one match where a requirement matched
// several agents' listings of the same property; services.New calls it
// before serving.
func (s *Service) UseDuplicates(d property.DuplicateGroups) { s.dups = d }

// collapse keeps, of the matches of one requirement with listings that are
// likely duplicates of each other, the first in list's order (the best or
// newest) and names the others on it: a requirement is never offered the
// same physical property twice at once. Within the list (one page) only.
func (s *Service) collapse(ctx context.Context, list []Match) ([]Match, error) {
	if s.dups == nil || len(list) < 2 {
		return list, nil
	}
	ids := make([]int64, 0, len(list))
	seen := make(map[int64]bool, len(list))
	for _, m := range list {
		if !seen[m.PropertyID] {
			seen[m.PropertyID] = true
			ids = append(ids, m.PropertyID)
		}
	}
	also, err := s.dups.AlsoListed(ctx, ids)
	if err != nil || len(also) == 0 {
		return list, err
	}
	type key struct{ requirement, property int64 }
	covered := make(map[key]bool)
	out := list[:0]
	for _, m := range list {
		k := key{m.RequirementID, m.PropertyID}
		if covered[k] {
			continue
		}
		covered[k] = true
		for _, o := range also[m.PropertyID] {
			covered[key{m.RequirementID, o.PropertyID}] = true
		}
		m.AlsoListedBy = also[m.PropertyID]
		out = append(out, m)
	}
	return out, nil
}

// queryFunc runs a query: a transaction's QueryContext, or the database's
// QueryPrepared for the lists read on every page view.
type queryFunc func(context.Context, string, ...any) (*sql.Rows, error)

// query reads the matches that sel (selectForBuyer or selectForEither)
// finds by where, as agent viewer sees them; size is how many are expected
// (a Match is large, so growing the list by doubling would copy it often).
// It keeps its own loop rather than store.Collect for that reason: the list
// is made at its expected size and each match is scanned in place.
func (s *Service) query(ctx context.Context, run queryFunc, viewer int64, sel string, size int, where string, args ...any) ([]Match, error) {
	rows, err := run(ctx, sel+where, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "list matches")
	}
	defer func() { _ = rows.Close() }()
	list := make([]Match, 0, size)
	for rows.Next() {
		list = append(list, Match{})
		m := &list[len(list)-1]
		var breakdown string
		var nameRevealed bool
		var sellerShown, buyerShown contact
		pDest, pDone := property.Dest(&m.Property)
		rDest, rDone := requirement.PublicDest(&m.Requirement.Fields)
		dest := []any{&m.ID, &m.PropertyID, &m.RequirementID, &m.SellerAgentID, &m.BuyerAgentID, &m.MatchScore, &breakdown,
			&m.buyer.status, &m.seller.status, &m.buyer.notes, &m.seller.notes, &m.ClientNameShared, &nameRevealed,
			&m.ViewedByBuyer, &m.ViewedBySeller, store.ScanTime(&m.CreatedAt), store.ScanTime(&m.UpdatedAt)}
		dest = append(append(append(append(dest, pDest...), rDest...), agentDest(&m.SellerAgent, &sellerShown)...), agentDest(&m.BuyerAgent, &buyerShown)...)
		if err := rows.Scan(dest...); err != nil {
			return nil, apperr.Wrap(err, "scan match")
		}
		pDone()
		rDone()
		m.SellerAgent.hideContact(sellerShown)
		m.BuyerAgent.hideContact(buyerShown)
		m.ScoreBreakdown = matchengine.ParseBreakdown(breakdown)
		m.showTo(viewer, nameRevealed)
		m.Unlocked = sellerShown.paid
		if viewer == m.SellerAgentID {
			m.Unlocked = buyerShown.paid
		}
	}
	return list, apperr.Wrap(rows.Err(), "list matches")
}

// showTo sets what agent viewer, one of m's two agents, sees: their own
// side's status and notes, and the requirement as its owner lets them see it.
func (m *Match) showTo(viewer int64, nameRevealed bool) {
	own := m.seller
	if viewer == m.BuyerAgentID {
		own = m.buyer
	}
	m.Status, m.Notes = own.status, own.notes
	m.Requirement = m.Requirement.ForViewer(viewer, nameRevealed)
}

// List returns a page of agentID's matches that f keeps, in f's order
// (newest first by default): as buyer agent, as seller agent, or both. A
// match the seller agent marked not_interested is hidden from their lists
// unless they ask for that status. It returns the next page's cursor ("" on
// the last page), and Invalid for a cursor of another order.
func (s *Service) List(ctx context.Context, agentID int64, f Filter, page paging.Page) ([]Match, string, error) {
	where, args := f.where(agentID)
	sel := s.selectForEither
	if f.Side == Buyer {
		sel = s.selectForBuyer
	}
	q, args, err := f.apply(where, args, page)
	if err != nil {
		return nil, "", err
	}
	list, err := s.query(ctx, s.db.QueryPrepared, agentID, sel, page.Limit+1, q, args...)
	if err != nil {
		return nil, "", err
	}
	list, next := f.next(list, page)
	list, err = s.collapse(ctx, list)
	return list, next, err
}

// ForRequirement returns the matches of one of agentID's requirements, best
// first. It returns NotFound when the requirement is not theirs.
func (s *Service) ForRequirement(ctx context.Context, agentID, requirementID int64) ([]Match, error) {
	if err := access.CheckOwner(ctx, s.db, "requirements", requirementID, access.Actor{ID: agentID}, apperr.New(apperr.NotFound, "Requirement not found")); err != nil {
		return nil, err
	}
	list, err := s.query(ctx, s.db.QueryPrepared, agentID, s.selectForBuyer, matchengine.DefaultLimit,
		`m.requirement_id = $2 ORDER BY m.match_score DESC, m.property_id DESC`, agentID, requirementID)
	if err != nil {
		return nil, err
	}
	return s.collapse(ctx, list)
}
