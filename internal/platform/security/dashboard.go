package security

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/audit"
)

// Dashboard windows: the Suspicious IPs tab and card look back IPWindow; an
// address is suspicious there with one event of a suspicious type or at
// least IPThreshold events of any type (failed sign-ins, refusals).
const (
	IPWindow    = 7 * 24 * time.Hour
	IPThreshold = 5
)

// Summary is the dashboard's four cards.
type Summary struct {
	TotalEvents             int `json:"totalEvents"`
	SuspiciousRequestsToday int `json:"suspiciousRequestsToday"`
	AuthFailuresToday       int `json:"authFailuresToday"`
	SuspiciousIPCount       int `json:"suspiciousIpCount"`
}

// StartOfDay is midnight, India time, of the day of now (the dashboard's
// "today").
func StartOfDay(now time.Time) time.Time {
	t := now.In(india.Zone)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, india.Zone).UTC()
}

// inList returns "$n, $n+1, ..." for values, appended to args.
func inList(args []any, values []string) (string, []any) {
	marks := make([]string, len(values))
	for i, v := range values {
		args = append(args, v)
		marks[i] = "$" + strconv.Itoa(len(args))
	}
	return strings.Join(marks, ", "), args
}

// ReadSummary counts the cards at now: every event kept (the security events
// and the admin actions of the last DefaultKeep), today's suspicious requests
// and authentication failures, and the suspicious addresses of IPWindow.
func ReadSummary(ctx context.Context, q store.Querier, now time.Time) (Summary, error) {
	var s Summary
	day := StartOfDay(now)
	susp, args := inList([]any{day}, suspiciousTypes)
	auth, args := inList(args, authTypes)
	args = append(args, now.Add(-DefaultKeep))
	keep := len(args)
	err := q.QueryRowContext(ctx, fmt.Sprintf(`SELECT
		(SELECT COALESCE(SUM(count), 0) FROM security_events WHERE created_at >= $%[3]d) + (SELECT COUNT(*) FROM audit_log WHERE created_at >= $%[3]d),
		(SELECT COALESCE(SUM(count), 0) FROM security_events WHERE created_at >= $1 AND type IN (%[1]s)),
		(SELECT COALESCE(SUM(count), 0) FROM security_events WHERE created_at >= $1 AND type IN (%[2]s))`, susp, auth, keep), args...).
		Scan(&s.TotalEvents, &s.SuspiciousRequestsToday, &s.AuthFailuresToday)
	if err != nil {
		return Summary{}, apperr.Wrap(err, "security summary")
	}
	ips, err := SuspiciousIPs(ctx, q, now, 0)
	if err != nil {
		return Summary{}, err
	}
	s.SuspiciousIPCount = len(ips)
	return s, nil
}

// IPStat is one suspicious address of the Suspicious IPs tab.
type IPStat struct {
	IP           string    `json:"ip"`
	Count        int       `json:"count"`
	Suspicious   int       `json:"suspicious"`
	AuthFailures int       `json:"authFailures"`
	RateLimited  int       `json:"rateLimited"`
	FirstSeen    time.Time `json:"firstSeen"`
	LastSeen     time.Time `json:"lastSeen"`
	Blocked      bool      `json:"blocked"`
}

// SuspiciousIPs ranks the suspicious addresses of the IPWindow before now,
// most events first, at most limit of them (all when limit is 0).
func SuspiciousIPs(ctx context.Context, q store.Querier, now time.Time, limit int) ([]IPStat, error) {
	susp, args := inList([]any{now.Add(-IPWindow), IPThreshold}, suspiciousTypes)
	auth, args := inList(args, authTypes)
	args = append(args, RateLimitHit)
	query := fmt.Sprintf(`SELECT ip, SUM(count),
			SUM(CASE WHEN type IN (%[1]s) THEN count ELSE 0 END),
			SUM(CASE WHEN type IN (%[2]s) THEN count ELSE 0 END),
			SUM(CASE WHEN type = $%[3]d THEN count ELSE 0 END),
			MIN(created_at), MAX(last_at)
		FROM security_events WHERE created_at >= $1 AND ip <> ''
		GROUP BY ip
		HAVING SUM(CASE WHEN type IN (%[1]s) THEN 1 ELSE 0 END) > 0 OR SUM(count) >= $2
		ORDER BY SUM(count) DESC, MAX(last_at) DESC, ip`, susp, auth, len(args))
	if limit > 0 {
		args = append(args, limit)
		query += fmt.Sprintf(" LIMIT $%d", len(args))
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, apperr.Wrap(err, "suspicious ips")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, s *IPStat) error {
		return rows.Scan(&s.IP, &s.Count, &s.Suspicious, &s.AuthFailures, &s.RateLimited, store.ScanTime(&s.FirstSeen), store.ScanTime(&s.LastSeen))
	})
	if err != nil {
		return nil, apperr.Wrap(err, "suspicious ips")
	}
	if list == nil {
		list = []IPStat{}
	}
	return list, nil
}

// Shown is one event as the dashboard lists it: a stored security event or
// an admin action from the audit log. A stored event stands for Count
// events of its source and type within one minute, from Timestamp to
// LastSeen (the URL, user and detail are the first one's); an admin action
// is one.
type Shown struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	IP        string    `json:"ip"`
	URL       string    `json:"url"`
	User      string    `json:"user"`
	Detail    string    `json:"detail"`
	Timestamp time.Time `json:"timestamp"`
	Count     int       `json:"count"`
	LastSeen  time.Time `json:"lastSeen"`

	src int
	key int64
}

// EventPage asks for one page of the newest events: of Type ("" for all),
// at most Limit, those after the cursor After ("" for the first page).
type EventPage struct {
	Type  string
	Limit int
	After string
}

// Event page sizes.
const (
	DefaultEventPage = 50
	MaxEventPage     = 200
)

// ParseEventPage reads and checks a page request; field errors at type,
// limit and cursor.
func ParseEventPage(typ, limit, cursor string) (EventPage, error) {
	p := EventPage{Type: typ, Limit: DefaultEventPage, After: cursor}
	var f apperr.Fields
	if typ != "" && !isType(typ) {
		f.Add("type", "Type must be one of "+strings.Join(Types, ", "))
	}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > MaxEventPage {
			f.Add("limit", fmt.Sprintf("limit must be a whole number from 1 to %d", MaxEventPage))
		}
		p.Limit = n
	}
	if cursor != "" {
		if _, _, _, ok := decodeCursor(cursor); !ok {
			f.Add("cursor", "Cursor is not one this server gave out")
		}
	}
	return p, f.Err()
}

func isType(t string) bool {
	for _, x := range Types {
		if x == t {
			return true
		}
	}
	return false
}

// The cursor names the last event of a page: its time, its source (0 a
// security event, 1 an admin action) and its id.
func encodeCursor(at time.Time, src int, id int64) string {
	return base64.RawURLEncoding.EncodeToString(fmt.Appendf(nil, "%d.%d.%d", at.UnixMicro(), src, id))
}

func decodeCursor(c string) (time.Time, int, int64, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return time.Time{}, 0, 0, false
	}
	parts := strings.Split(string(raw), ".")
	if len(parts) != 3 {
		return time.Time{}, 0, 0, false
	}
	us, err1 := strconv.ParseInt(parts[0], 10, 64)
	src, err2 := strconv.Atoi(parts[1])
	id, err3 := strconv.ParseInt(parts[2], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || (src != 0 && src != 1) || id <= 0 {
		return time.Time{}, 0, 0, false
	}
	return time.UnixMicro(us).UTC(), src, id, true
}

// RecentEvents returns one page of the events kept at now, newest first,
// and the cursor of the next page ("" when this is the last). Admin actions
// are read from the audit log, not copied.
func RecentEvents(ctx context.Context, q store.Querier, now time.Time, p EventPage) ([]Shown, string, error) {
	args := []any{now.Add(-DefaultKeep)}
	where := "created_at >= $1"
	if p.Type != "" {
		args = append(args, p.Type)
		where += fmt.Sprintf(" AND type = $%d", len(args))
	}
	if at, src, id, ok := decodeCursor(p.After); ok {
		args = append(args, at, src, id)
		n := len(args)
		where += fmt.Sprintf(" AND (created_at < $%d OR (created_at = $%d AND (src < $%d OR (src = $%d AND id < $%d))))", n-2, n-2, n-1, n-1, n)
	}
	args = append(args, p.Limit+1)
	// An admin action is shown in the audit log's words (audit.Summary, audit.Who).
	query := `SELECT src, id, type, ip, url, who, detail, created_at, count, last_at, action, target_type, target_id, actor_id, gone FROM (
			SELECT 0 AS src, id, type, ip, url, subject AS who, detail, created_at, count, last_at,
				'' AS action, '' AS target_type, CAST(NULL AS BIGINT) AS target_id, CAST(NULL AS BIGINT) AS actor_id, 0 AS gone FROM security_events
			UNION ALL
			SELECT 1 AS src, a.id, '` + AdminAction + `' AS type, a.ip, '' AS url, a.actor_label AS who, '' AS detail, a.created_at,
				1 AS count, a.created_at AS last_at, a.action, a.target_type, a.target_id, a.actor_id,
				CASE WHEN u.deleted_at IS NULL THEN 0 ELSE 1 END AS gone
				FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
		) e WHERE ` + where + fmt.Sprintf(` ORDER BY created_at DESC, src DESC, id DESC LIMIT $%d`, len(args))
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, "", apperr.Wrap(err, "recent security events")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, e *Shown) error {
		var action, targetType string
		var targetID, actorID *int64
		var gone int
		if err := rows.Scan(&e.src, &e.key, &e.Type, &e.IP, &e.URL, &e.User, &e.Detail, store.ScanTime(&e.Timestamp), &e.Count,
			store.ScanTime(&e.LastSeen), &action, &targetType, &targetID, &actorID, &gone); err != nil {
			return err
		}
		if e.src == 1 {
			e.Detail, e.User = audit.Summary(action, targetType, targetID), audit.Who(e.User, actorID, gone == 1)
		}
		return nil
	})
	if err != nil {
		return nil, "", apperr.Wrap(err, "recent security events")
	}
	next := ""
	if len(list) > p.Limit {
		list = list[:p.Limit]
		last := list[len(list)-1]
		next = encodeCursor(last.Timestamp, last.src, last.key)
	}
	for i := range list {
		list[i].ID = fmt.Sprintf("%c%d", "sa"[list[i].src], list[i].key)
	}
	if err := nameUsers(ctx, q, list); err != nil {
		return nil, "", err
	}
	if list == nil {
		list = []Shown{}
	}
	return list, next, nil
}

// nameUsers replaces the subjects "user:ID" of list with the usernames.
func nameUsers(ctx context.Context, q store.Querier, list []Shown) error {
	var ids []string
	for _, e := range list {
		if id, ok := strings.CutPrefix(e.User, "user:"); ok {
			if _, err := strconv.ParseInt(id, 10, 64); err == nil {
				ids = append(ids, id)
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	marks, args := inList(nil, ids)
	rows, err := q.QueryContext(ctx, `SELECT CAST(id AS TEXT), CASE WHEN deleted_at IS NULL THEN username ELSE '' END FROM users
		WHERE CAST(id AS TEXT) IN (`+marks+`)`, args...)
	if err != nil {
		return apperr.Wrap(err, "name event users")
	}
	type pair struct{ id, name string }
	pairs, err := store.Collect(rows, func(rows *sql.Rows, p *pair) error { return rows.Scan(&p.id, &p.name) })
	if err != nil {
		return apperr.Wrap(err, "name event users")
	}
	names := make(map[string]string, len(pairs))
	for _, p := range pairs {
		names["user:"+p.id] = cmp.Or(p.name, audit.Who("", nil, true))
	}
	for i, e := range list {
		if n, ok := names[e.User]; ok {
			list[i].User = n
		}
	}
	return nil
}
