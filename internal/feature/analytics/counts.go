package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"propmatch/internal/core/listing"
	"propmatch/internal/feature/requirement"
	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// cards counts the agent's listings, requirements, accepted connections and
// sent messages, all time and in the window, in one round trip. The match
// cards come from s.matches.
func (s *Service) cards(ctx context.Context, agentID int64, p period, r *Report) error {
	c := &r.Cards
	err := s.db.QueryRowPrepared(ctx, `SELECT
		(SELECT COUNT(*) FROM properties WHERE agent_id = $1),
		(SELECT COUNT(*) FROM properties WHERE agent_id = $1 AND created_at >= $2),
		(SELECT COUNT(*) FROM requirements WHERE agent_id = $1),
		(SELECT COUNT(*) FROM requirements WHERE agent_id = $1 AND created_at >= $2),
		(SELECT COUNT(*) FROM connections WHERE requester_id = $1 AND status = 'accepted') +
			(SELECT COUNT(*) FROM connections WHERE receiver_id = $1 AND status = 'accepted'),
		(SELECT COUNT(*) FROM connections WHERE requester_id = $1 AND status = 'accepted' AND updated_at >= $2) +
			(SELECT COUNT(*) FROM connections WHERE receiver_id = $1 AND status = 'accepted' AND updated_at >= $2),
		(SELECT COUNT(*) FROM messages WHERE sender_id = $1),
		(SELECT COUNT(*) FROM messages WHERE sender_id = $1 AND created_at >= $2)`, agentID, p.start).Scan(
		&c.Properties.Total, &c.Properties.InWindow, &c.Requirements.Total, &c.Requirements.InWindow,
		&c.Connections.Total, &c.Connections.InWindow, &c.MessagesSent.Total, &c.MessagesSent.InWindow)
	return apperr.Wrap(err, "analytics cards")
}

// listings counts the agent's listings per type and per purpose, and their
// requirements per timeline; every known value is listed, with 0 when none.
func (s *Service) listings(ctx context.Context, agentID int64, _ period, r *Report) error {
	types := make([]string, len(listing.PropertyTypes))
	for i, t := range listing.PropertyTypes {
		types[i] = string(t)
	}
	purposes := make([]string, len(listing.Purposes))
	for i, p := range listing.Purposes {
		purposes[i] = string(p)
	}
	var err error
	if r.PropertyTypes, err = s.countBy(ctx, `SELECT property_type, COUNT(*) FROM properties WHERE agent_id = $1 GROUP BY property_type`, agentID, types); err != nil {
		return err
	}
	if r.ListingPurposes, err = s.countBy(ctx, `SELECT listing_purpose, COUNT(*) FROM properties WHERE agent_id = $1 GROUP BY listing_purpose`, agentID, purposes); err != nil {
		return err
	}
	r.RequirementTimelines, err = s.countBy(ctx, `SELECT timeline, COUNT(*) FROM requirements WHERE agent_id = $1 GROUP BY timeline`, agentID, requirement.Timelines)
	return err
}

// countBy runs query, which yields (value, count) rows, and returns the
// counts in the order of values, with 0 for a value without rows.
func (s *Service) countBy(ctx context.Context, query string, agentID int64, values []string) ([]Count, error) {
	rows, err := s.db.QueryPrepared(ctx, query, agentID)
	if err != nil {
		return nil, apperr.Wrap(err, "analytics counts")
	}
	got, err := store.Collect(rows, func(rows *sql.Rows, c *Count) error { return rows.Scan(&c.Value, &c.Count) })
	if err != nil {
		return nil, apperr.Wrap(err, "analytics counts")
	}
	byValue := make(map[string]int, len(got))
	for _, c := range got {
		byValue[c.Value] += c.Count
	}
	out := make([]Count, len(values))
	for i, v := range values {
		out[i] = Count{Value: v, Count: byValue[v]}
	}
	return out, nil
}

// indiaOffsetMinutes is India's offset from UTC (no daylight saving).
var indiaOffsetMinutes = func() int {
	_, off := time.Now().In(india.Zone).Zone()
	return off / 60
}()

// dayOf returns an SQL expression for the India calendar date (YYYY-MM-DD)
// of the time column col.
func dayOf(engine store.Engine, col string) string {
	if engine == store.Postgres {
		return fmt.Sprintf("to_char((%s AT TIME ZONE 'UTC') + interval '%d minutes', 'YYYY-MM-DD')", col, indiaOffsetMinutes)
	}
	return fmt.Sprintf("date(%s, '%+d minutes')", col, indiaOffsetMinutes)
}

// secondsBetween returns an SQL expression for the whole seconds from the
// time a to the later time b.
func secondsBetween(engine store.Engine, a, b string) string {
	if engine == store.Postgres {
		return fmt.Sprintf("CAST(ROUND(EXTRACT(EPOCH FROM (%s - %s))) AS BIGINT)", b, a)
	}
	return fmt.Sprintf("CAST(ROUND((julianday(%s) - julianday(%s)) * 86400.0) AS BIGINT)", b, a)
}
