package settings_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/settings"
)

// TestUpdate: Update changes what change changes and keeps the rest, refuses
// an unknown theme with a field error and saves nothing then, and concurrent
// updates of different switches all land (none is lost to another's
// read-modify-write), from no row and from a saved one: 100 in all.
func TestUpdate(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		asha := storetest.AddUser(t, db, "asha", "+919800000001")

		got, err := settings.NewService(db).Update(ctx, asha, func(s *settings.Settings) error {
			s.Privacy.ContactVisible = false
			return nil
		})
		want := settings.Defaults()
		want.Privacy.ContactVisible = false
		if err != nil || got != want {
			t.Fatalf("Update = %+v, %v; want %+v", got, err, want)
		}

		_, err = settings.NewService(db).Update(ctx, asha, func(s *settings.Settings) error {
			s.Preferences.Theme = "purple"
			s.Privacy.ProfileVisible = false
			return nil
		})
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != apperr.Invalid || len(ae.Fields) != 1 || ae.Fields[0].Path != "preferences.theme" {
			t.Fatalf("unknown theme: err = %v, want a field error at preferences.theme", err)
		}
		if got, _ := settings.Get(ctx, db, asha); got != want {
			t.Fatalf("after a refused update = %+v, want %+v unchanged", got, want)
		}

		// In each of 20 rounds, five concurrent updates each turn a different
		// switch off (100 updates in all); a lost update leaves one on.
		offs := []func(*settings.Settings){
			func(s *settings.Settings) { s.Notifications.Matches.Email = false },
			func(s *settings.Settings) { s.Notifications.Messages.On = false },
			func(s *settings.Settings) { s.Notifications.Updates.Email = false },
			func(s *settings.Settings) { s.Privacy.ProfileVisible = false },
			func(s *settings.Settings) { s.Preferences.AutoSync = false },
		}
		ravi := storetest.AddUser(t, db, "ravi", "+919800000002")
		for round := range 20 {
			user := asha
			if round%2 == 1 {
				// From no row at all, half the time.
				user = ravi
				if _, err := db.Exec(`DELETE FROM user_settings WHERE user_id = $1`, ravi); err != nil {
					t.Fatal(err)
				}
			} else if err := settings.Save(ctx, db, db.Time(), asha, settings.Defaults()); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make(chan error, len(offs))
			for _, off := range offs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := settings.NewService(db).Update(ctx, user, func(s *settings.Settings) error {
						time.Sleep(2 * time.Millisecond) // a slow change widens the window a lost update needs
						off(s)
						return nil
					})
					errs <- err
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			got, err := settings.Get(ctx, db, user)
			if err != nil {
				t.Fatal(err)
			}
			n := got.Notifications
			if n.Matches.Email || n.Messages.On || n.Updates.Email || got.Privacy.ProfileVisible || got.Preferences.AutoSync {
				t.Fatalf("round %d: after five concurrent updates = %+v: an update was lost", round, got)
			}
		}
	})
}
