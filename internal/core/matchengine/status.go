package matchengine

import (
	"slices"
	"strings"
)

// Status is one side's lead status on a match. The buyer agent (who owns the
// requirement) and the seller agent (who owns the listing) each keep their
// own; see docs/decisions.md, "Each side of a match keeps its own lead".
// Package matches owns the changes; the engine only reads them.
type Status string

// The lead statuses.
const (
	StatusNew           Status = "new"
	StatusViewed        Status = "viewed"
	StatusContacted     Status = "contacted"
	StatusInterested    Status = "interested"
	StatusNotInterested Status = "not_interested"
	StatusClosed        Status = "closed"
)

// Statuses are the lead statuses, in the order the dropdown shows them.
var Statuses = []Status{StatusNew, StatusViewed, StatusContacted, StatusInterested, StatusNotInterested, StatusClosed}

// Valid reports whether s is one of Statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// StatusList is Statuses as text ("new, viewed, ..."), for messages.
func StatusList() string {
	names := make([]string, len(Statuses))
	for i, s := range Statuses {
		names[i] = string(s)
	}
	return strings.Join(names, ", ")
}

// Open reports whether a match whose buyer side is buyer and seller side is
// seller holds one of its requirement's slots: neither agent has moved it
// past new. Only open matches count toward a requirement's best N, can be
// pushed out by a better newcomer, and are removed when the pair stops
// qualifying; a match either agent has worked on is kept, so neither agent's
// status or notes are lost by an edit of the other's side.
func Open(buyer, seller Status) bool { return buyer == StatusNew && seller == StatusNew }

// openSQL is Open as an SQL condition on the matches row named alias (no
// qualifier when alias is "").
func openSQL(alias string) string {
	if alias != "" {
		alias += "."
	}
	return alias + "buyer_status = '" + string(StatusNew) + "' AND " + alias + "seller_status = '" + string(StatusNew) + "'"
}
