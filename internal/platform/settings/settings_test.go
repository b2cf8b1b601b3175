package settings_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/settings"
)

// TestSettings: an agent who never saved reads the defaults, the database's
// column defaults agree with Defaults, a save replaces everything and is read
// back whole, a bad theme is refused, and StopEmail turns off one kind's email
// only, with or without a saved row, also when 100 run at once.
func TestSettings(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		asha := storetest.AddUser(t, db, "asha", "+919800000001")
		ravi := storetest.AddUser(t, db, "ravi", "+919800000002")

		got, err := settings.Get(ctx, db, asha)
		if err != nil || got != settings.Defaults() {
			t.Fatalf("Get without a row = %+v, %v; want the defaults", got, err)
		}

		// A row with only the column defaults reads as Defaults too.
		if err := settings.StopEmail(ctx, db, db.Time(), ravi, settings.Updates); err != nil {
			t.Fatal(err)
		}
		want := settings.Defaults()
		want.Notifications.Updates.Email = false
		if got, err := settings.Get(ctx, db, ravi); err != nil || got != want {
			t.Fatalf("after StopEmail(updates) = %+v, %v; want %+v", got, err, want)
		}

		s := settings.Settings{
			Notifications: settings.Notifications{
				Matches:  settings.Notification{On: true, Email: false, WhatsApp: true},
				Messages: settings.Notification{On: false, Email: true, WhatsApp: false},
				Updates:  settings.Notification{On: true, Email: true, WhatsApp: true},
			},
			Privacy:     settings.Privacy{ProfileVisible: false, ContactVisible: false},
			Preferences: settings.Preferences{Theme: settings.Dark, AutoSync: false},
		}
		if err := settings.Save(ctx, db, db.Time(), asha, s); err != nil {
			t.Fatal(err)
		}
		if got, err := settings.Get(ctx, db, asha); err != nil || got != s {
			t.Fatalf("read back %+v, %v; want %+v", got, err, s)
		}
		bad := s
		bad.Preferences.Theme = "neon"
		if err := settings.Save(ctx, db, db.Time(), asha, bad); !errors.Is(err, settings.ErrInvalidTheme) {
			t.Fatalf("Save(theme neon) = %v, want ErrInvalidTheme", err)
		}
		if err := settings.StopEmail(ctx, db, db.Time(), asha, "spam"); !errors.Is(err, settings.ErrUnknownKind) {
			t.Fatalf("StopEmail(spam) = %v, want ErrUnknownKind", err)
		}

		var wg sync.WaitGroup
		errs := make(chan error, 100)
		for range 100 {
			wg.Go(func() { errs <- settings.StopEmail(ctx, db, db.Time(), asha, settings.Updates) })
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		s.Notifications.Updates.Email = false
		if got, err := settings.Get(ctx, db, asha); err != nil || got != s {
			t.Fatalf("after 100 concurrent StopEmail = %+v, %v; want %+v", got, err, s)
		}
		if got := s.Notifications.Of(settings.Messages); got != s.Notifications.Messages {
			t.Errorf("Of(messages) = %+v", got)
		}
		if got := s.Notifications.Of("spam"); got != (settings.Notification{}) {
			t.Errorf("Of(spam) = %+v, want off", got)
		}
	})
}
