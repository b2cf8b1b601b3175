package network

import "propmatch/internal/platform/settings"

// The privacy rules every response that carries an agent obeys
// (docs/product.md#privacy, docs/decisions.md "Settings that are obeyed"):
//
//   - an agent's phone and email reach another agent only when the agent
//     shows their contact details, or the two have an accepted connection;
//     the agent themself and administrators always see them;
//   - an agent who hides their profile leaves the directory, except for the
//     agents they are connected with.
//
// Both are SQL conditions for list queries: the settings row comes in
// through settings.JoinSQL, and the connection and administrator tests do
// not depend on the row, so each runs once per statement.

// ContactShownSQL holds when the agent whose id is the SQL expression
// viewer (a query parameter) may see the phone and email of the agent whose
// id is the SQL expression agent; alias is agent's settings row
// (settings.JoinSQL).
func ContactShownSQL(alias, agent, viewer string) string {
	return "(" + agent + " = " + viewer + " OR " + settings.ContactVisibleSQL(alias) +
		" OR " + agent + " IN (" + ConnectedAgentsSQL(viewer) + ")" +
		" OR EXISTS (SELECT 1 FROM users v WHERE v.id = " + viewer + " AND v.role = 'admin'))"
}

// ListedSQL holds when the agent whose id is the SQL expression agent
// appears in the directory of the agent whose id is viewer (a query
// parameter): they show their profile, or the two are connected. alias is
// agent's settings row (settings.JoinSQL).
func ListedSQL(alias, agent, viewer string) string {
	return "(" + settings.ProfileVisibleSQL(alias) + " OR " + agent + " IN (" + ConnectedAgentsSQL(viewer) + "))"
}

// Leads is billing's part of the contact rule (docs/product.md#billing):
// with billing on, an agent's phone and email reach another agent who is
// neither connected with them nor an administrator only once that agent has
// unlocked a match with them (paid a lead), and then only when the agent
// shows their contact details. services.New sets it from billing when
// billing is on; the zero Leads is billing off, and the rule is
// ContactShownSQL's.
type Leads struct {
	// AgentUnlockedSQL holds when viewer has unlocked a match with agent
	// (SQL expressions both).
	AgentUnlockedSQL func(agent, viewer string) string
	// MatchUnlockedSQL holds when viewer has unlocked match.
	MatchUnlockedSQL func(match, viewer string) string
}

// On is whether billing sells contacts.
func (l Leads) On() bool { return l.AgentUnlockedSQL != nil && l.MatchUnlockedSQL != nil }

// Why a contact is hidden, as responses say it (contactReason).
const (
	// ReasonLocked: a lead would reveal it (unlock the match).
	ReasonLocked = "locked"
	// ReasonPrivate: the agent shares contact details with connections only.
	ReasonPrivate = "private"
)

// Reason says why a contact is hidden: "" when shown, ReasonLocked when a
// lead would reveal it, ReasonPrivate otherwise.
func Reason(shown, locked bool) string {
	switch {
	case shown:
		return ""
	case locked:
		return ReasonLocked
	}
	return ReasonPrivate
}

// contactFreeSQL holds when viewer sees agent's contact without a lead:
// themself, a connection, or an administrator viewing.
func contactFreeSQL(agent, viewer string) string {
	return "(" + agent + " = " + viewer + " OR " + agent + " IN (" + ConnectedAgentsSQL(viewer) + ")" +
		" OR EXISTS (SELECT 1 FROM users v WHERE v.id = " + viewer + " AND v.role = 'admin'))"
}

// ContactSQL selects two columns for the agent whose id is the SQL
// expression agent as viewer sees them anywhere but on a match: whether
// their contact details are shown, and whether a lead would reveal them
// (locked). alias is agent's settings row (settings.JoinSQL).
func (l Leads) ContactSQL(alias, agent, viewer string) string {
	if !l.On() {
		return ContactShownSQL(alias, agent, viewer) + ", FALSE"
	}
	return l.contact(alias, agent, viewer, l.AgentUnlockedSQL(agent, viewer))
}

// MatchContactSQL selects three columns for the agent whose id is agent on
// the match whose id is match, as viewer (the other agent) sees them:
// shown and locked as ContactSQL's, and paid: whether contact on this match
// costs viewer nothing more (unlocked, connected, or billing off).
func (l Leads) MatchContactSQL(alias, agent, viewer, match string) string {
	if !l.On() {
		return ContactShownSQL(alias, agent, viewer) + ", FALSE, TRUE"
	}
	unlocked := l.MatchUnlockedSQL(match, viewer)
	return l.contact(alias, agent, viewer, unlocked) + ", (" + contactFreeSQL(agent, viewer) + " OR " + unlocked + ")"
}

func (l Leads) contact(alias, agent, viewer, unlocked string) string {
	free, visible := contactFreeSQL(agent, viewer), settings.ContactVisibleSQL(alias)
	return "(" + free + " OR (" + visible + " AND " + unlocked + ")), (NOT " + free + " AND " + visible + " AND NOT " + unlocked + ")"
}
