// Package security records security events (failed sign-ins, rate-limit hits,
// suspicious requests) in the database, where every instance sees them, and
// counts them for throttling and for the admin security dashboard.
package security

import (
	"context"
	"database/sql"
	"time"
)

// Event types, as the security dashboard names them.
const (
	AuthFailure       = "auth_failure"
	RateLimitHit      = "rate_limit_hit"
	SuspiciousRequest = "suspicious_request"
)

// Event is one security-relevant happening. Subject names what it concerns
// (such as "user:42" or "login:someone"); it never holds a secret.
type Event struct {
	Type    string
	IP      string
	URL     string
	Subject string
	Detail  string
}

// Querier is what Record and the counters need: a *sql.DB or a *sql.Tx.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Record stores e at time now. It returns the database error, if any.
func Record(ctx context.Context, q Querier, now time.Time, e Event) error {
	_, err := q.ExecContext(ctx,
		`INSERT INTO security_events (type, ip, url, subject, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		e.Type, e.IP, e.URL, e.Subject, e.Detail, now)
	return err
}

// CountBySubject returns how many events of type typ concern subject since since,
// and the time of the oldest of them (zero when there are none).
func CountBySubject(ctx context.Context, q Querier, typ, subject string, since time.Time) (int, time.Time, error) {
	return count(ctx, q, `subject`, typ, subject, since)
}

// CountByIP returns how many events of type typ came from ip since since,
// and the time of the oldest of them (zero when there are none).
func CountByIP(ctx context.Context, q Querier, typ, ip string, since time.Time) (int, time.Time, error) {
	return count(ctx, q, `ip`, typ, ip, since)
}

func count(ctx context.Context, q Querier, column, typ, value string, since time.Time) (int, time.Time, error) {
	var n int
	where := ` FROM security_events WHERE type = $1 AND ` + column + ` = $2 AND created_at > $3`
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+where, typ, value, since).Scan(&n); err != nil || n == 0 {
		return n, time.Time{}, err
	}
	var oldest time.Time
	err := q.QueryRowContext(ctx, `SELECT created_at`+where+` ORDER BY created_at LIMIT 1`, typ, value, since).Scan(&oldest)
	return n, oldest, err
}
