package matches

import (
	"fmt"
	"strconv"
	"strings"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
)

// The orders of an agent's match list.
const (
	SortNewest = "newest" // the newest match first (the default)
	SortScore  = "score"  // the best score first, then the newest
	SortStatus = "status" // by the caller's status in the dropdown's order (new first), then the newest
)

// Filter is which of an agent's matches a list shows, and in what order
// (docs/product.md#matches). The zero Filter is every match on both sides,
// newest first.
type Filter struct {
	Side   Side   // Buyer, Seller, or "" for both
	Status string // the caller's side's status; "" for any
	Sort   string // SortNewest (or ""), SortScore or SortStatus
	// RequirementID and PropertyID keep the matches of one requirement or
	// listing (0 for any); MinScore those scoring at least that much.
	RequirementID, PropertyID int64
	MinScore                  int
}

// ParseFilter reads a Filter from a request's query parameters, given by
// get: type, status, sort, requirementId, propertyId and minScore, any of
// which may be blank. It returns Invalid with a field error for each
// parameter it cannot read.
func ParseFilter(get func(string) string) (Filter, error) {
	f := Filter{Side: Side(get("type")), Status: get("status"), Sort: get("sort")}
	var fe apperr.Fields
	if f.Side != "" && f.Side != Buyer && f.Side != Seller {
		fe.Add("type", "Type must be buyer or seller")
	}
	if f.Status != "" && !matchengine.Status(f.Status).Valid() {
		fe.Add("status", "Status must be one of "+matchengine.StatusList())
	}
	switch f.Sort {
	case "", SortNewest, SortScore, SortStatus:
	default:
		fe.Add("sort", "Sort must be newest, score or status")
	}
	id := func(name, label string) int64 {
		v := get(name)
		if v == "" {
			return 0
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			fe.Add(name, label+" must be a positive whole number")
		}
		return n
	}
	f.RequirementID, f.PropertyID = id("requirementId", "Requirement"), id("propertyId", "Listing")
	if v := get("minScore"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 100 {
			fe.Add("minScore", "Minimum score must be a whole number from 0 to 100")
		}
		f.MinScore = n
	}
	return f, fe.Err()
}

// where selects the matches of agentID that f keeps, with agentID as $1.
// Without a status, the matches the seller agent marked not_interested are
// left out of the seller side.
func (f Filter) where(agentID int64) (string, []any) {
	args := []any{agentID}
	buyer, seller := `m.buyer_agent_id = $1`, `m.seller_agent_id = $1`
	switch {
	case f.Status != "":
		args = append(args, f.Status)
		buyer += ` AND m.buyer_status = $2`
		seller += ` AND m.seller_status = $2`
	case f.Side != Buyer:
		args = append(args, string(matchengine.StatusNotInterested))
		seller += ` AND m.seller_status <> $2`
	}
	where := `((` + buyer + `) OR (` + seller + `))`
	switch f.Side {
	case Buyer:
		where = buyer
	case Seller:
		where = seller
	}
	for _, c := range []struct {
		column string
		value  int64
	}{{"m.requirement_id", f.RequirementID}, {"m.property_id", f.PropertyID}, {"m.match_score", int64(f.MinScore)}} {
		if c.value == 0 {
			continue
		}
		args = append(args, c.value)
		op := "="
		if c.column == "m.match_score" {
			op = ">="
		}
		where += fmt.Sprintf(` AND %s %s $%d`, c.column, op, len(args))
	}
	return where, args
}

// sortKey returns the SQL key a keyed order sorts by (descending, then by
// id), and the same key of a listed match; "" for the newest-first order.
// The status key is the caller's side's stage (stageSQL), on both sides the
// expression the stage indexes hold (migration 00024).
func (f Filter) sortKey() (string, func(Match) int64) {
	switch f.Sort {
	case SortScore:
		return "m.match_score", func(m Match) int64 { return int64(m.MatchScore) }
	case SortStatus:
		key := `CASE WHEN m.buyer_agent_id = $1 THEN ` + stageSQL("m.buyer_status") + ` ELSE ` + stageSQL("m.seller_status") + ` END`
		switch f.Side {
		case Buyer:
			key = stageSQL("m.buyer_status")
		case Seller:
			key = stageSQL("m.seller_status")
		}
		return key, func(m Match) int64 { return stage(m.Status) }
	}
	return "", nil
}

// stage ranks a status for the status order: the dropdown's first
// (new) highest, so that the list, sorted descending, follows the dropdown.
// An unknown status ranks 0.
func stage(s matchengine.Status) int64 {
	for i, known := range matchengine.Statuses {
		if known == s {
			return int64(len(matchengine.Statuses) - i)
		}
	}
	return 0
}

// stageSQL is stage as an SQL expression of the status column. The statuses
// are constants, written inline so that the expression equals the indexed one.
func stageSQL(column string) string {
	var b strings.Builder
	b.WriteString("(CASE " + column)
	for _, s := range matchengine.Statuses {
		fmt.Fprintf(&b, " WHEN '%s' THEN %d", s, stage(s))
	}
	b.WriteString(" ELSE 0 END)")
	return b.String()
}

// apply adds f's order and page to where.
func (f Filter) apply(where string, args []any, page paging.Page) (string, []any, error) {
	key, _ := f.sortKey()
	if key == "" {
		if page.Keyed {
			return "", nil, apperr.Validation(apperr.FieldError{Path: "cursor", Message: "cursor belongs to another order of this list"})
		}
		q, a := page.Apply(where, "m.id", args)
		return q, a, nil
	}
	return page.ApplyKeyed(where, key, "m.id", args)
}

// next trims list to the page and returns the next page's cursor ("" for none).
func (f Filter) next(list []Match, page paging.Page) ([]Match, string) {
	_, key := f.sortKey()
	if key == nil {
		list, next := paging.Trim(list, page, func(m Match) int64 { return m.ID })
		if next == 0 {
			return list, ""
		}
		return list, paging.Cursor(next)
	}
	return paging.TrimKeyed(list, page, func(m Match) (int64, int64) { return key(m), m.ID })
}
