package sharelinks_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"propmatch/internal/feature/sharelinks"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/notifications"
	"propmatch/internal/platform/settings"
)

// TestShareLinkInterestAddsOneNotice: the first "I'm interested" of a
// client adds one Property Updates notice for the sharing agent in the
// interest's transaction; the same client again adds none; with Property
// Updates off the interest counts and no notice is added.
func TestShareLinkInterestAddsOneNotice(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		var agent int64
		var props []int64
		err := db.WithTx(ctx, func(tx *sql.Tx) error {
			var err error
			if agent, err = store.InsertID(ctx, tx, "users", []string{"username", "password_hash", "full_name", "phone", "created_at", "updated_at"},
				[]any{"sunita", "x", "Sunita Sharer", "+919876500001", now, now}); err != nil {
				return err
			}
			for _, title := range []string{"3 BHK in Baner", "Villa in Aundh"} {
				id, err := store.InsertID(ctx, tx, "properties",
					[]string{"agent_id", "title", "property_type", "listing_purpose", "price", "locality", "city", "state", "created_at", "updated_at"},
					[]any{agent, title, "apartment", "for_sale", 9000000, strings.Fields(title)[2], "Pune", "Maharashtra", now, now})
				if err != nil {
					return err
				}
				props = append(props, id)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		svc := sharelinks.NewService(db, sharelinks.Config{Secret: []byte(strings.Repeat("k", 32))})
		link, err := svc.Create(ctx, agent, sharelinks.Input{PropertyIDs: []input.Int{{Value: props[0], Set: true}, {Value: props[1], Set: true}}})
		if err != nil {
			t.Fatal(err)
		}
		notices := func() (n int) {
			t.Helper()
			if err := db.QueryRow(`SELECT COUNT(*) FROM notify_items WHERE user_id = $1 AND kind = $2 AND item = $3`,
				agent, string(settings.Updates), notifications.ItemShareInterest).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if err := svc.Interest(ctx, link.Token, props[0], "203.0.113.7"); err != nil {
			t.Fatal(err)
		}
		if n := notices(); n != 1 {
			t.Fatalf("%d notices after the first tap; want 1", n)
		}
		var jobs int
		if err := db.QueryRow(`SELECT COUNT(*) FROM jobs WHERE key = $1`, notifications.Key(agent, settings.Updates)).Scan(&jobs); err != nil || jobs != 1 {
			t.Errorf("%d digest jobs queued (%v); want 1", jobs, err)
		}
		if err := svc.Interest(ctx, link.Token, props[0], "203.0.113.7"); err != nil {
			t.Fatal(err)
		}
		if n := notices(); n != 1 {
			t.Errorf("%d notices after a second tap by the same client; want still 1", n)
		}
		s := settings.Defaults()
		s.Notifications.Updates.On = false
		if err := settings.Save(ctx, db, now, agent, s); err != nil {
			t.Fatal(err)
		}
		if err := svc.Interest(ctx, link.Token, props[1], "203.0.113.7"); err != nil {
			t.Fatal(err)
		}
		if n := notices(); n != 1 {
			t.Errorf("%d notices with Property Updates off; want still 1", n)
		}
		var counted int
		if err := db.QueryRow(`SELECT COUNT(*) FROM share_link_interest`).Scan(&counted); err != nil || counted != 2 {
			t.Errorf("%d interests counted (%v); want 2", counted, err)
		}
	})
}
