// Package network is the agent directory and the connections between
// agents: who may request, accept, decline and cancel
// (docs/product.md#agent-network, docs/product.md#connections).
package network

import (
	"context"
	"database/sql"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/events"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/rera"
	"propmatch/internal/platform/settings"
)

// Summary is an agent's public name card.
type Summary struct {
	ID             int64   `json:"id"`
	FullName       string  `json:"fullName"`
	Username       string  `json:"username"`
	City           string  `json:"city"`
	State          string  `json:"state"`
	AgentType      string  `json:"agentType"`
	IsReraVerified bool    `json:"isReraVerified"`
	ProfilePicture *string `json:"profilePicture"`
}

// SummaryColumns selects a Summary from the users table aliased a.
func SummaryColumns(a string) string {
	return a + ".id, " + a + ".full_name, " + a + ".username, " + a + ".city, " + a + ".state, " +
		a + ".agent_type, " + a + ".is_rera_verified, " + a + ".profile_picture"
}

// SummaryDest returns the scan targets of SummaryColumns.
func SummaryDest(s *Summary) []any {
	return []any{&s.ID, &s.FullName, &s.Username, &s.City, &s.State, &s.AgentType, &s.IsReraVerified, &s.ProfilePicture}
}

// Agent is an agent as the directory shows them: public fields only, never
// an email, password, session or role (who is an administrator is nobody
// else's business, issue 9 F22).
type Agent struct {
	ID       int64  `json:"id"`
	FullName string `json:"fullName"`
	Username string `json:"username"`
	// Phone is empty when ContactHidden: the agent shares contact details
	// with their connections only (ContactShownSQL), or, with billing on, a
	// lead would reveal them (ContactReason says which).
	Phone          string      `json:"phone"`
	ContactHidden  bool        `json:"contactHidden"`
	ContactReason  string      `json:"contactReason,omitempty"`
	City           string      `json:"city"`
	State          string      `json:"state"`
	AgentType      string      `json:"agentType"`
	ReraNumber     *string     `json:"reraNumber"`
	IsReraVerified bool        `json:"isReraVerified"`
	ReraValidUntil *string     `json:"reraValidUntil"`
	Experience     *int        `json:"experience"`
	ActiveListings int         `json:"activeListings"`
	Specialization *string     `json:"specialization"`
	Bio            *string     `json:"bio"`
	ProfilePicture *string     `json:"profilePicture"`
	CreatedAt      time.Time   `json:"createdAt"`
	Connection     *Connection `json:"connection"`
}

// Service reads the directory and keeps connections.
type Service struct {
	db     *store.DB
	events Publisher
	leads  Leads
}

// NewService returns a Service; events tells both agents' live streams
// about each connection change once it has committed (nil tells nobody).
func NewService(db *store.DB, events Publisher) *Service {
	return &Service{db: db, events: events}
}

// UseLeads makes the directory hide contacts a lead would reveal (billing
// on); services.New calls it before serving.
func (s *Service) UseLeads(l Leads) { s.leads = l }

// Publisher hands a live event to the open streams of users. What it
// reports has committed, so it returns nothing: a failure to publish is
// the publisher's to log (services.New wraps the events.Bus).
type Publisher interface {
	Publish(ctx context.Context, users []int64, ev events.Event)
}

// Agents returns a page of active agents other than viewerID, newest first,
// optionally those whose name, city, state or agent type contains q, leaving
// out those who hide their profile unless connected with viewerID, and
// blanking the phone of those who hide it from viewerID (ListedSQL,
// ContactShownSQL). Each carries the latest connection between viewerID and
// them.
func (s *Service) Agents(ctx context.Context, viewerID int64, q string, page paging.Page) ([]Agent, int64, error) {
	where, args := store.Contains(`lower(u.full_name || ' ' || u.city || ' ' || u.state || ' ' || u.agent_type)`, q, []any{viewerID})
	query, args := page.Apply(`SELECT u.id, u.full_name, u.username, u.phone, u.city, u.state, u.agent_type, u.rera_number,
		u.is_rera_verified, `+rera.ValidUntilSQL("u")+`, u.experience_years, u.specialization, u.bio, u.profile_picture, u.created_at,
		(SELECT count(*) FROM properties p WHERE p.agent_id = u.id AND p.is_active = TRUE), `+s.leads.ContactSQL("us", "u.id", "$1")+`
		FROM users u`+settings.JoinSQL("us", "u.id")+` WHERE u.is_active = TRUE AND u.id <> $1 AND `+ListedSQL("us", "u.id", "$1")+where, "u.id", args)
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "agents")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, a *Agent) error {
		var shown, locked bool
		if err := rows.Scan(&a.ID, &a.FullName, &a.Username, &a.Phone, &a.City, &a.State, &a.AgentType, &a.ReraNumber,
			&a.IsReraVerified, &a.ReraValidUntil, &a.Experience, &a.Specialization, &a.Bio, &a.ProfilePicture, &a.CreatedAt,
			&a.ActiveListings, &shown, &locked); err != nil {
			return err
		}
		if !shown {
			a.Phone, a.ContactHidden, a.ContactReason = "", true, Reason(shown, locked)
		}
		return nil
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "agents")
	}
	list, next := paging.Trim(list, page, func(a Agent) int64 { return a.ID })
	if err := s.attachConnections(ctx, viewerID, list); err != nil {
		return nil, 0, err
	}
	return list, next, nil
}

// attachConnections sets each agent's latest connection with viewerID.
func (s *Service) attachConnections(ctx context.Context, viewerID int64, agents []Agent) error {
	if len(agents) == 0 {
		return nil
	}
	args := []any{viewerID}
	for _, a := range agents {
		args = append(args, a.ID)
	}
	in := store.Placeholders(2, len(agents))
	conns, err := s.query(ctx, `c.id IN (SELECT max(id) FROM connections
		WHERE (requester_id = $1 AND receiver_id IN (`+in+`)) OR (receiver_id = $1 AND requester_id IN (`+in+`))
		GROUP BY user_low, user_high)`, args...)
	if err != nil {
		return err
	}
	byAgent := map[int64]*Connection{}
	for i := range conns {
		c := &conns[i]
		byAgent[c.RequesterID+c.ReceiverID-viewerID] = c
	}
	for i := range agents {
		agents[i].Connection = byAgent[agents[i].ID]
	}
	return nil
}

// Users returns the name cards of ids (unknown ids are left out), or a page
// of every active user viewerID may find in the directory when ids is empty:
// themself and the agents ListedSQL lets them see. A name card carries no
// contact details, so naming ids (a conversation's or a match's agents)
// shows them whatever their profile switch.
func (s *Service) Users(ctx context.Context, viewerID int64, ids []int64, page paging.Page) ([]Summary, int64, error) {
	from, args := ` FROM users u`, []any{}
	var where string
	if len(ids) > 0 {
		for _, id := range ids {
			args = append(args, id)
		}
		where = ` AND u.id IN (` + store.Placeholders(1, len(ids)) + `)`
		page = paging.Page{Limit: len(ids)}
	} else {
		args = append(args, viewerID)
		from += settings.JoinSQL("us", "u.id")
		where = ` AND (u.id = $1 OR ` + ListedSQL("us", "u.id", "$1") + `)`
	}
	query, args := page.Apply(`SELECT `+SummaryColumns("u")+from+` WHERE u.is_active = TRUE`+where, "u.id", args)
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "users")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, u *Summary) error { return rows.Scan(SummaryDest(u)...) })
	if err != nil {
		return nil, 0, apperr.Wrap(err, "users")
	}
	list, next := paging.Trim(list, page, func(u Summary) int64 { return u.ID })
	return list, next, nil
}

// ActiveAgent returns NotFound unless id is an active user.
func ActiveAgent(ctx context.Context, q store.Querier, id int64) error {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE id = $1 AND is_active = TRUE`, id).Scan(&n); err != nil {
		return apperr.Wrap(err, "find agent")
	}
	if n == 0 {
		return apperr.New(apperr.NotFound, "Agent not found")
	}
	return nil
}
