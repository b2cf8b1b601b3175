// Package security records security events (failed sign-ins, rate-limit hits,
// suspicious requests) in the database, where every instance sees them, and
// keeps the throttles that must hold across instances and under concurrent
// requests: fixed-window counters (Take), growing sign-in delays (Reserve),
// and the server secret (LoadSecret).
package security

import (
	"context"
	"time"

	"propmatch/internal/store"
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

// Record stores e at time now. It returns the database error, if any.
func Record(ctx context.Context, q store.Querier, now time.Time, e Event) error {
	_, err := q.ExecContext(ctx,
		`INSERT INTO security_events (type, ip, url, subject, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
		e.Type, e.IP, e.URL, e.Subject, e.Detail, now)
	return err
}
