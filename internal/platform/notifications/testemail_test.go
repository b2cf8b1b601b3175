package notifications_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/notifications"
)

func TestSendTestEmailChecksItsInput(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, &mailbox{}, nil, nil)
		a := notifications.Admin{ID: storetest.AddUser(t, db, "admin1", "+919800000001"), FullName: "Asha Admin"}
		for _, tc := range []struct {
			name, typ, to, ownEmail, path string
		}{
			{"an unknown type", "invoice", "qa@example.com", "", "type"},
			{"no address", "match", " ", "", "testEmail"},
			{"a bad address", "match", "not-an-address", "", "testEmail"},
			{"a test to oneself without an address", "test", "", "", "testEmail"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				a.Email = tc.ownEmail
				_, err := e.svc.SendTestEmail(context.Background(), a, notifications.TestEmail{Type: tc.typ, TestEmail: tc.to})
				var ae *apperr.Error
				if !errors.As(err, &ae) || ae.Code != apperr.Invalid || len(ae.Fields) != 1 || ae.Fields[0].Path != tc.path {
					t.Fatalf("err = %v, want one field error at %s", err, tc.path)
				}
			})
		}
		if n := len(e.mail.sent()); n != 0 {
			t.Fatalf("%d emails went out for refused input", n)
		}
		a.Email = "asha@example.com"
		out, err := e.svc.SendTestEmail(context.Background(), a, notifications.TestEmail{Type: "test"})
		if err != nil || !out.Sent || out.To != "asha@example.com" {
			t.Fatalf("a test to oneself = %+v, %v; want sent to the admin's address", out, err)
		}
		var audited int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'email.test'`).Scan(&audited); err != nil || audited != 1 {
			t.Fatalf("audit rows = %d (%v), want 1", audited, err)
		}
	})
}

func TestSendTestEmailHoldsItsHourlyLimitUnder100ConcurrentSends(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, &mailbox{}, nil, nil)
		a := notifications.Admin{ID: storetest.AddUser(t, db, "admin1", "+919800000001"), FullName: "Asha Admin"}
		var sent, throttled atomic.Int32
		var wg sync.WaitGroup
		for range 100 {
			wg.Go(func() {
				_, err := e.svc.SendTestEmail(context.Background(), a, notifications.TestEmail{Type: "match", TestEmail: "qa@example.com"})
				switch apperr.CodeOf(err) {
				case "":
					sent.Add(1)
				case apperr.TooManyRequests:
					throttled.Add(1)
				default:
					t.Errorf("unexpected error: %v", err)
				}
			})
		}
		wg.Wait()
		if sent.Load() != notifications.TestEmailsPerHour || throttled.Load() != 100-notifications.TestEmailsPerHour {
			t.Fatalf("sent %d, throttled %d; want %d sent", sent.Load(), throttled.Load(), notifications.TestEmailsPerHour)
		}
	})
}
