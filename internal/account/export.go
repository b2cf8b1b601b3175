package account

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"

	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/store"
)

// ExportFormat names the file Export writes; ExportVersion is its version.
const (
	ExportFormat  = "propmatch-agent-data"
	ExportVersion = 1
)

// section is one part of an agent's data: the rows of a table that are
// theirs, without the columns that are secrets, internal bookkeeping, or
// another agent's private data.
type section struct {
	name  string
	table string
	where string // on the table's columns; $1 is the agent's id
	omit  []string
}

// sections are everything PropMatch holds about an agent, in the file's
// order. Left out: password and token hashes, reset codes, search keys,
// the match engine's bookkeeping, the other side's status and notes on a
// match, and the images' bytes (each is at /media/ID while the account
// exists).
var sections = []section{
	{"sessions", "sessions", "user_id = $1", []string{"token_hash"}},
	{"listings", "properties", "agent_id = $1", []string{"search_text", "city_key"}},
	{"requirements", "requirements", "agent_id = $1", []string{"search_text", "new_matches", "floor_score", "floor_property_id"}},
	{"matchesOnYourRequirements", "matches", "buyer_agent_id = $1", []string{"seller_status", "seller_notes"}},
	{"matchesOnYourListings", "matches", "seller_agent_id = $1", []string{"buyer_status", "buyer_notes"}},
	{"messagesSent", "messages", "sender_id = $1", []string{"user_low", "user_high"}},
	{"messagesReceived", "messages", "receiver_id = $1", []string{"user_low", "user_high"}},
	{"connections", "connections", "requester_id = $1 OR receiver_id = $1", []string{"user_low", "user_high"}},
	{"enrolments", "enrollments", "user_id = $1", nil},
	{"moduleProgress", "module_progress", "user_id = $1", nil},
	{"certificates", "certificates", "user_id = $1", nil},
	{"images", "media", "owner_id = $1", []string{"data"}},
	{"billingAccount", "billing_accounts", "user_id = $1", nil},
	{"creditLedger", "billing_ledger", "user_id = $1", nil},
	{"unlockedMatches", "billing_unlocks", "user_id = $1", nil},
	{"planChanges", "billing_plan_changes", "user_id = $1", nil},
	{"payments", "payments", "user_id = $1", nil},
	{"invoices", "invoices", "user_id = $1", nil},
	{"apiKeys", "api_keys", "user_id = $1", []string{"key_hash"}},
	{"webhookEndpoints", "webhook_endpoints", "user_id = $1", []string{"secret"}},
	{"shareLinks", "share_links", "user_id = $1", []string{"token_hash"}},
}

// Export writes everything PropMatch holds about userID to w as one JSON
// document: {"format", "formatVersion", "exportedAt", "account": {...},
// "sessions": [...], "listings": [...], ...}, each row an object of its
// columns (snake_case, as stored). It reads in one read-only transaction,
// so the parts agree, and streams row by row: nothing is held in memory.
func (s *Service) Export(ctx context.Context, userID int64, w io.Writer) error {
	opts := &sql.TxOptions{ReadOnly: true}
	if s.db.Engine == store.Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.db.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("account: export: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // read-only: nothing to commit
	schema, err := dbdump.ReadSchema(ctx, tx, s.db.Engine)
	if err != nil {
		return fmt.Errorf("account: export: %w", err)
	}
	bw := bufio.NewWriterSize(w, 32<<10)
	head, _ := json.Marshal(map[string]any{"format": ExportFormat, "formatVersion": ExportVersion, "exportedAt": s.db.Time()}) // plain values always marshal
	if _, err := bw.Write(head[:len(head)-1]); err != nil {
		return err
	}
	if _, err := bw.WriteString(`,"account":`); err != nil {
		return err
	}
	found := false
	err = schema.Objects(ctx, tx, "users", "id = $1", []any{userID}, []string{"password_hash"}, func(obj []byte) error {
		found = true
		_, err := bw.Write(obj)
		return err
	})
	if err != nil {
		return fmt.Errorf("account: export: %w", err)
	}
	if !found {
		return fmt.Errorf("account: export: no user %d", userID)
	}
	for _, sec := range sections {
		if _, err := fmt.Fprintf(bw, ",\n%q:[", sec.name); err != nil {
			return err
		}
		n := 0
		err := schema.Objects(ctx, tx, sec.table, sec.where, []any{userID}, sec.omit, func(obj []byte) error {
			if n > 0 {
				if err := bw.WriteByte(','); err != nil {
					return err
				}
			}
			n++
			if err := bw.WriteByte('\n'); err != nil {
				return err
			}
			_, err := bw.Write(obj)
			return err
		})
		if err != nil {
			return fmt.Errorf("account: export %s: %w", sec.name, err)
		}
		if _, err := bw.WriteString("]"); err != nil {
			return err
		}
	}
	if _, err := bw.WriteString("}\n"); err != nil {
		return err
	}
	return bw.Flush()
}
