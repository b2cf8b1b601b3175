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
