package analytics

import (
	"context"
	"database/sql"
	"strings"
	"sync"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// ResponseTime is how quickly the agent answers other agents: of the
// conversations other agents opened or re-opened in the window (a message
// from them that follows none or one of the agent's own), how many the agent
// has answered, and the median seconds to the agent's first answer (nil when
// none is answered).
type ResponseTime struct {
	Received      int      `json:"received"`
	Answered      int      `json:"answered"`
	MedianSeconds *float64 `json:"medianSeconds"`
}

// queries keeps each engine's text of the queries that differ by engine.
var queries sync.Map

type engineQueries struct{ series, response string }

func queriesFor(engine store.Engine) engineQueries {
	if q, ok := queries.Load(engine); ok {
		return q.(engineQueries)
	}
	q := engineQueries{series: seriesSQL(engine), response: responseSQL(engine)}
	queries.Store(engine, q)
	return q
}

// seriesSQL counts, per India day since $2, the matches made on each side,
// the messages sent and received and the connections accepted of agent $1.
func seriesSQL(engine store.Engine) string {
	part := func(col, from, where string, one int) string {
		cols := []string{"0 AS bm", "0 AS sm", "0 AS ms", "0 AS mr", "0 AS c"}
		cols[one] = "1" + cols[one][1:]
		return `SELECT ` + dayOf(engine, col) + ` AS day, ` + strings.Join(cols, ", ") + ` FROM ` + from + ` WHERE ` + where + ` AND ` + col + ` >= $2`
	}
	parts := []string{
		part("created_at", "matches", "buyer_agent_id = $1", 0),
		part("created_at", "matches", "seller_agent_id = $1", 1),
		part("created_at", "messages", "sender_id = $1", 2),
		part("created_at", "messages", "receiver_id = $1", 3),
		part("updated_at", "connections", "requester_id = $1 AND status = 'accepted'", 4),
		part("updated_at", "connections", "receiver_id = $1 AND status = 'accepted'", 4),
	}
	return `SELECT day, SUM(bm), SUM(sm), SUM(ms), SUM(mr), SUM(c) FROM (` + strings.Join(parts, " UNION ALL ") + `) x GROUP BY day`
}

// series fills the daily time series; days without activity are zeros.
func (s *Service) series(ctx context.Context, agentID int64, p period, r *Report) error {
	rows, err := s.db.QueryPrepared(ctx, queriesFor(s.db.Engine).series, agentID, p.start)
	if err != nil {
		return apperr.Wrap(err, "analytics series")
	}
	got, err := store.Collect(rows, func(rows *sql.Rows, d *Day) error {
		return rows.Scan(&d.Date, &d.MatchesAsBuyer, &d.MatchesAsSeller, &d.MessagesSent, &d.MessagesReceived, &d.Connections)
	})
	if err != nil {
		return apperr.Wrap(err, "analytics series")
	}
	byDate := make(map[string]Day, len(got))
	for _, d := range got {
		byDate[d.Date] = d
	}
	r.Series = make([]Day, len(p.days))
	for i, date := range p.days {
		r.Series[i] = byDate[date]
		r.Series[i].Date = date
	}
	return nil
}

// responseSQL finds agent $1's received messages since $2 that open or
// re-open a conversation (the one before it in the conversation is none or
// the agent's own), each with the time of the agent's next message in that
// conversation, and returns how many there are, how many are answered and
// the median of the answer times in seconds.
func responseSQL(engine store.Engine) string {
	return `WITH thread AS (
		SELECT sender_id, created_at,
			LAG(sender_id) OVER (PARTITION BY user_low, user_high ORDER BY id) AS prev_sender,
			MIN(CASE WHEN sender_id = $1 THEN created_at END) OVER (PARTITION BY user_low, user_high ORDER BY id
				ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) AS reply_at
		FROM messages WHERE sender_id = $1 OR receiver_id = $1
	), opened AS (
		SELECT created_at, reply_at FROM thread
		WHERE sender_id <> $1 AND (prev_sender IS NULL OR prev_sender = $1) AND created_at >= $2
	), answered AS (
		SELECT ` + secondsBetween(engine, "created_at", "reply_at") + ` AS secs FROM opened WHERE reply_at IS NOT NULL
	), ranked AS (
		SELECT secs, ROW_NUMBER() OVER (ORDER BY secs) AS rn, COUNT(*) OVER () AS n FROM answered
	)
	SELECT (SELECT COUNT(*) FROM opened), (SELECT COUNT(*) FROM answered),
		(SELECT CAST(AVG(secs) AS DOUBLE PRECISION) FROM ranked WHERE rn IN ((n + 1) / 2, (n + 2) / 2))`
}

func (s *Service) responseTime(ctx context.Context, agentID int64, p period, r *Report) error {
	rt := &r.ResponseTime
	err := s.db.QueryRowPrepared(ctx, queriesFor(s.db.Engine).response, agentID, p.start).Scan(&rt.Received, &rt.Answered, &rt.MedianSeconds)
	return apperr.Wrap(err, "analytics response time")
}
