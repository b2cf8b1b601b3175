// Package notifications tells agents, by email and WhatsApp, about new matches,
// new messages, connection requests and answers, and a client's interest in
// a listing they shared, on the channels their
// settings (internal/platform/settings) allow. The change that causes a notice adds
// it with Add in its own transaction; a job of the durable queue
// (internal/kit/jobs) per agent and kind sends what gathered, at most once per
// digest interval, retried with backoff while a provider is down. See
// docs/decisions.md, "Notifications and email verification (issue 12)".
package notifications

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/kit/jobs"
	"propmatch/internal/platform/settings"
)

// JobKind is the queue's job kind that sends an agent's digest of one kind.
const JobKind = "notices.digest"

// The items a notice is about.
const (
	ItemMatches           = "match"              // Count new matches
	ItemMessage           = "message"            // RefID is the message
	ItemConnectionRequest = "connection_request" // RefID is the connection
	ItemConnectionAnswer  = "connection_answer"  // RefID is the connection
	// ItemShareInterest is a client's "I'm interested" on a listing of a
	// share link (internal/feature/sharelinks), a property update; RefID
	// is the share_link_interest row.
	ItemShareInterest = "share_interest"
)

// Item is one thing to tell agent UserID about.
type Item struct {
	UserID int64
	Kind   settings.Kind
	Type   string
	RefID  int64
	Count  int // matches only; 1 otherwise
}

// Key is the job key of userID's digest of kind.
func Key(userID int64, kind settings.Kind) string {
	return "notices:" + strconv.FormatInt(userID, 10) + ":" + string(kind)
}

func parseKey(key string) (int64, settings.Kind, error) {
	parts := strings.Split(key, ":")
	if len(parts) != 3 || parts[0] != "notices" {
		return 0, "", fmt.Errorf("notices: bad job key %q", key)
	}
	id, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return 0, "", fmt.Errorf("notices: bad job key %q", key)
	}
	return id, settings.Kind(parts[2]), nil
}

// Add records it in tx, the transaction of the change it tells of, and
// queues the agent's digest of its kind (joining the one already queued).
// Nothing is recorded when the agent's settings turn the kind, or both its
// email and WhatsApp channels, off: in-app delivery is the live stream's.
func Add(ctx context.Context, tx *sql.Tx, now time.Time, it Item) error {
	st, err := settings.Get(ctx, tx, it.UserID)
	if err != nil {
		return err
	}
	if n := st.Notifications.Of(it.Kind); !n.On || (!n.Email && !n.WhatsApp) {
		return nil
	}
	if it.Count <= 0 {
		it.Count = 1
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO notify_items (user_id, kind, item, ref_id, count, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, it.UserID, string(it.Kind), it.Type, it.RefID, it.Count, now); err != nil {
		return fmt.Errorf("notices: add: %w", err)
	}
	if _, err := jobs.Enqueue(ctx, tx, now, jobs.New{Kind: JobKind, Key: Key(it.UserID, it.Kind), Join: true}); err != nil {
		return fmt.Errorf("notices: queue: %w", err)
	}
	return nil
}

// MatchesGained adds, in tx, a matches item for each agent of perAgent (an
// agent id and how many new matches they gained), in agent order.
func MatchesGained(ctx context.Context, tx *sql.Tx, now time.Time, perAgent map[int64]int) error {
	ids := make([]int64, 0, len(perAgent))
	for id := range perAgent {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		if err := Add(ctx, tx, now, Item{UserID: id, Kind: settings.Matches, Type: ItemMatches, Count: perAgent[id]}); err != nil {
			return err
		}
	}
	return nil
}
