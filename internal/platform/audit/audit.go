// Package audit records every admin action: who did what to which row,
// with the row before and after, when and from which address. It is the one
// owner of the audit_log table. Services call Record inside the transaction
// of the action itself, so an action and its record commit or fail together.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
)

// CLI is the actor label of actions taken on the command line.
const CLI = "cli"

// Entry is one admin action to record.
type Entry struct {
	ActorID    int64  // the admin; 0 for the command line
	ActorLabel string // used when ActorID is 0 (CLI); else the admin's username
	Action     string // e.g. "user.role", "course.delete"
	TargetType string // e.g. "user", "course"
	TargetID   int64  // 0 when the target has no id (the site content)
	Before     any    // the target before (nil for a creation)
	After      any    // the target after (nil for a deletion)
}

// Event is a recorded action as GET /api/admin/audit shows it.
type Event struct {
	ID         int64           `json:"id"`
	ActorID    *int64          `json:"actorId"`
	ActorLabel string          `json:"actorLabel"`
	Action     string          `json:"action"`
	TargetType string          `json:"targetType"`
	TargetID   *int64          `json:"targetId"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
	IP         string          `json:"ip"`
	CreatedAt  time.Time       `json:"createdAt"`
	// Summary is the action in the log's words with its target
	// ("Deactivated user · user #12"); Actor who took it, never empty (see Who).
	Summary string `json:"summary"`
	Actor   string `json:"actor"`
}

type ipKey struct{}

// WithIP returns ctx carrying the client address Record stores.
func WithIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, ipKey{}, ip)
}

func ipOf(ctx context.Context) string {
	ip, _ := ctx.Value(ipKey{}).(string)
	return ip
}

// Record stores e in q, which must be the transaction of the action.
func Record(ctx context.Context, q store.Querier, now time.Time, e Entry) error {
	before, err := document(e.Before)
	if err != nil {
		return apperr.Wrap(err, "audit before")
	}
	after, err := document(e.After)
	if err != nil {
		return apperr.Wrap(err, "audit after")
	}
	var actor, target *int64
	if e.ActorID != 0 {
		actor = &e.ActorID
	}
	if e.TargetID != 0 {
		target = &e.TargetID
	}
	_, err = q.ExecContext(ctx, `INSERT INTO audit_log (actor_id, actor_label, action, target_type, target_id, before_json, after_json, ip, created_at)
		VALUES ($1, COALESCE((SELECT username FROM users WHERE id = $1), $2), $3, $4, $5, $6, $7, $8, $9)`,
		actor, e.ActorLabel, e.Action, e.TargetType, target, before, after, ipOf(ctx), now)
	return apperr.Wrap(err, "record audit")
}

// secret reports whether a key names something never stored in the log,
// whatever the caller passed: passwords and their hashes, tokens, secrets,
// OTPs and codes.
func secret(key string) bool {
	k := strings.ToLower(key)
	for _, w := range []string{"password", "token", "secret", "otp"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return k == "code" || k == "hash" || strings.HasSuffix(k, "_hash") || strings.HasSuffix(k, "codehash")
}

// document returns v as JSON with every secret-looking key removed, or nil.
func document(v any) (*string, error) {
	if v == nil {
		return nil, nil
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return nil, err
	}
	raw, err = json.Marshal(scrub(generic))
	if err != nil {
		return nil, err
	}
	s := string(raw)
	return &s, nil
}

func scrub(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			if secret(k) {
				delete(t, k)
				continue
			}
			t[k] = scrub(x)
		}
	case []any:
		for i := range t {
			t[i] = scrub(t[i])
		}
	}
	return v
}

// List returns the log newest first, a page at a time.
func List(ctx context.Context, q store.Querier, p paging.Page) ([]Event, int64, error) {
	query, args := p.Apply(`SELECT a.id, a.actor_id, a.actor_label, a.action, a.target_type, a.target_id, a.before_json, a.after_json,
		a.ip, a.created_at, u.deleted_at IS NOT NULL
		FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id WHERE 1 = 1`, "a.id", nil)
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list audit")
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, e *Event) error {
		var before, after sql.NullString
		var deleted sql.NullBool
		if err := rows.Scan(&e.ID, &e.ActorID, &e.ActorLabel, &e.Action, &e.TargetType, &e.TargetID, &before, &after, &e.IP,
			store.ScanTime(&e.CreatedAt), &deleted); err != nil {
			return fmt.Errorf("scan audit: %w", err)
		}
		e.Before, e.After = raw(before), raw(after)
		e.Summary, e.Actor = Summary(e.Action, e.TargetType, e.TargetID), Who(e.ActorLabel, e.ActorID, deleted.Bool)
		return nil
	})
	if err != nil {
		return nil, 0, apperr.Wrap(err, "list audit")
	}
	list, next := paging.Trim(list, p, func(e Event) int64 { return e.ID })
	return list, next, nil
}

func raw(s sql.NullString) json.RawMessage {
	if !s.Valid {
		return json.RawMessage("null")
	}
	return json.RawMessage(s.String)
}
