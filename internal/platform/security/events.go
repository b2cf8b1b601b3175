// Package security records security events (failed sign-ins, rate-limit hits,
// suspicious requests) in the database, where every instance sees them, and
// keeps the server secret (LoadSecret), the admins' IP block list
// (blocks.go) and the security dashboard's figures (dashboard.go). The
// throttles and rate limits are package limits'.
package security

import (
	"context"
	"fmt"
	"strings"
	"time"

	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
)

// Event types, as the security dashboard names them. AdminAction is never
// stored in security_events: the dashboard reads admin actions from the audit
// log (internal/audit).
const (
	AuthFailure       = "auth_failure"         // a failed sign-in (or a wrong current password)
	OTPFailure        = "otp_failure"          // a wrong, expired or spent phone code
	ResetCodeFailure  = "reset_code_failure"   // a wrong, expired or spent password-reset code
	DeactivatedSignIn = "deactivated_sign_in"  // the right password for a deactivated account
	RateLimitHit      = "rate_limit_hit"       // a request refused by a rate limit
	CrossSiteRefused  = "cross_site_refused"   // a cross-origin write refused
	AdminRouteByAgent = "admin_route_by_agent" // a signed-in agent calling an admin-only route
	SuspiciousRequest = "suspicious_request"   // a scanner-like request (see Suspicious)
	AdminAction       = "admin_action"         // an admin action, from the audit log
)

// StoredTypes are the types security_events holds (its CHECK constraint
// names the same list).
var StoredTypes = []string{AuthFailure, OTPFailure, ResetCodeFailure, DeactivatedSignIn, RateLimitHit,
	CrossSiteRefused, AdminRouteByAgent, SuspiciousRequest}

// Types are every type the dashboard shows: the stored ones and AdminAction.
var Types = append(append([]string{}, StoredTypes...), AdminAction)

// authTypes count as the dashboard's "Auth Failures"; suspiciousTypes as its
// "Suspicious Today" and make an address suspicious on their own.
var (
	authTypes       = []string{AuthFailure, OTPFailure, ResetCodeFailure, DeactivatedSignIn}
	suspiciousTypes = []string{SuspiciousRequest, CrossSiteRefused, AdminRouteByAgent}
)

// Event is one security-relevant happening. Subject names what it concerns
// (such as "user:42" or "login:someone"); it never holds a secret.
type Event struct {
	Type    string
	IP      string
	URL     string
	Subject string
	Detail  string
	// At is when it happened (Recorder.Add sets it when zero).
	At time.Time
}

// Record stores e at time now, synchronously, as one more of its source's
// events of its type in now's minute (see upsertEvents). Use it only where
// the event must be part of the caller's transaction; everything else goes
// through a Recorder, off the request path, where the per-address cap
// holds. It returns the database error, if any.
func Record(ctx context.Context, q store.Querier, now time.Time, e Event) error {
	return upsertEvents(ctx, q, []row{{e: e, first: now, last: now, count: 1}})
}

// row is one row of security_events as the recorder adds to it: the first
// event of a source, type and minute, its time, the latest time and how
// many events.
type row struct {
	e           Event
	first, last time.Time
	count       int
}

// minuteOf is the minute a row at t counts in.
func minuteOf(t time.Time) time.Time { return t.UTC().Truncate(time.Minute) }

// upsertEvents adds rows to security_events in one statement: a row whose
// source, type and minute are stored already adds its count to that row
// (and moves its last_at on), so that repeats cost no space. rows must not
// repeat a key.
func upsertEvents(ctx context.Context, q store.Querier, rows []row) error {
	var sb strings.Builder
	sb.WriteString(`INSERT INTO security_events (type, ip, url, subject, detail, created_at, last_at, minute_at, count) VALUES `)
	args := make([]any, 0, len(rows)*9)
	for i, r := range rows {
		if i > 0 {
			sb.WriteString(", ")
		}
		n := len(args)
		fmt.Fprintf(&sb, "($%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6, n+7, n+8, n+9)
		e := r.e
		args = append(args, e.Type, input.Header(e.IP, maxIP), input.Header(e.URL, maxText), input.Header(e.Subject, maxText), input.Header(e.Detail, maxText),
			r.first.UTC(), r.last.UTC(), minuteOf(r.first), r.count)
	}
	sb.WriteString(` ON CONFLICT (ip, type, minute_at) DO UPDATE SET count = security_events.count + excluded.count,
		last_at = CASE WHEN excluded.last_at > security_events.last_at THEN excluded.last_at ELSE security_events.last_at END`)
	_, err := q.ExecContext(ctx, sb.String(), args...)
	return err
}

// maxText is the longest URL, subject or detail stored: a scanner's
// request line can be long, and the dashboard needs only its start.
const maxText = 512

// maxIP is the longest source address stored.
const maxIP = 64
