package auth

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/kit/apperr"
)

const rightPassword = "correct-horse-battery"

// from returns the test client with another source address.
func (e *env) from(ip string) Client {
	c := e.cli
	c.IP = ip
	return c
}

// checked counts the passwords Login has verified and found wrong: each is
// one auth_failure event.
func (e *env) checked() int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRow(`SELECT COALESCE(SUM(count), 0) FROM security_events WHERE type = 'auth_failure'`).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func retryAfter(err error) time.Duration {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return ae.RetryAfter
	}
	return 0
}

// failLogins makes n wrong guesses at identifier from c, waiting out every
// delay on the way, as a patient attacker would.
func (e *env) failLogins(identifier string, c Client, n int) {
	e.t.Helper()
	for i := 0; i < n; {
		_, _, err := e.svc.Login(e.ctx, identifier, "wrong-password-1", c)
		switch apperr.CodeOf(err) {
		case apperr.Unauthorized:
			i++
		case apperr.TooManyRequests:
			e.advance(retryAfter(err))
		default:
			e.t.Fatalf("guess %d: %v", i+1, err)
		}
	}
}

// TestLoginChecksAtMostTheFreeGuessesUnder100ConcurrentGuesses fires 100
// wrong passwords at once and counts how many were verified: the attempt is
// reserved before argon2id runs, so no more than the free ones get through.
func TestLoginChecksAtMostTheFreeGuessesUnder100ConcurrentGuesses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		guess func(i int) (identifier string, ip string)
		limit func(c Config) int
	}{
		{"OneAccountFromOneAddress", func(int) (string, string) { return "asha", "203.0.113.7" },
			func(c Config) int { return c.LoginPerPair.Free }},
		{"OneAccountFromManyAddresses", func(i int) (string, string) { return "asha", fmt.Sprintf("198.51.100.%d", i) },
			func(c Config) int { return c.LoginPerAccount.Free }},
		{"ManyAccountsFromOneAddress", func(i int) (string, string) { return fmt.Sprintf("user%d", i), "203.0.113.7" },
			func(c Config) int { return c.LoginPerIP.Free }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			each(t, func(t *testing.T, e *env) {
				e.register("asha", phoneA)
				var wg sync.WaitGroup
				var mu sync.Mutex
				answers := map[apperr.Code]int{}
				for i := range 100 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						identifier, ip := tc.guess(i)
						_, _, err := e.svc.Login(e.ctx, identifier, "wrong-password-1", e.from(ip))
						mu.Lock()
						answers[apperr.CodeOf(err)]++
						mu.Unlock()
					}()
				}
				wg.Wait()
				limit := tc.limit(e.svc.cfg)
				checked := e.checked()
				t.Logf("%d of 100 concurrent guesses checked (limit %d); answers %v", checked, limit, answers)
				if checked > limit || answers[apperr.Unauthorized] != checked || answers[apperr.TooManyRequests] != 100-checked {
					t.Fatalf("%d guesses checked, want at most %d; answers %v", checked, limit, answers)
				}
			})
		})
	}
}

// TestLoginDelaysGrowPerSource: after the free failures each further one
// doubles the wait, from 1 s up to 15 minutes; nothing locks.
func TestLoginDelaysGrowPerSource(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		e.failLogins("asha", e.cli, 5)
		var got []time.Duration
		for range 12 {
			_, _, err := e.svc.Login(e.ctx, "asha", rightPassword, e.cli)
			wantCode(t, err, apperr.TooManyRequests)
			got = append(got, retryAfter(err))
			e.advance(retryAfter(err))
			_, _, err = e.svc.Login(e.ctx, "asha", "wrong-password-1", e.cli)
			wantCode(t, err, apperr.Unauthorized)
		}
		want := "[1s 2s 4s 8s 16s 32s 1m4s 2m8s 4m16s 8m32s 15m0s 15m0s]"
		if fmt.Sprint(got) != want {
			t.Fatalf("waits %v, want %s", got, want)
		}
		e.advance(15 * time.Minute)
		if _, _, err := e.svc.Login(e.ctx, "asha", rightPassword, e.cli); err != nil {
			t.Fatalf("after the delay the right password is refused: %v", err)
		}
	})
}

func TestLoginSuccessStartsTheSourceOver(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		for range 3 {
			e.failLogins("asha", e.cli, 4)
			if _, _, err := e.svc.Login(e.ctx, "asha", rightPassword, e.cli); err != nil {
				t.Fatalf("the right password after 4 typos: %v", err)
			}
		}
	})
}

// TestLoginRightPasswordFromANewSourceWorks: a guesser at one address slows
// down only that address; the owner elsewhere waits at most the account's
// short delay, and not at all from an address they signed in from before.
func TestLoginRightPasswordFromANewSourceWorks(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		home := e.from("192.0.2.10")
		if _, _, err := e.svc.Login(e.ctx, "asha", rightPassword, home); err != nil {
			t.Fatal(err)
		}
		attacker := e.from("198.51.100.66")
		e.failLogins("asha", attacker, 30)
		_, _, err := e.svc.Login(e.ctx, "asha", rightPassword, attacker)
		wantCode(t, err, apperr.TooManyRequests)
		if retryAfter(err) < 15*time.Minute {
			t.Fatalf("the guessing address waits only %v", retryAfter(err))
		}

		t.Run("KnownSourceIsNotHeldBack", func(t *testing.T) {
			if _, _, err := e.svc.Login(e.ctx, "asha", rightPassword, home); err != nil {
				t.Fatalf("from home: %v", err)
			}
		})
		t.Run("NewSourceWaitsAtMostAMinute", func(t *testing.T) {
			e.failLogins("asha", attacker, 1) // the account's delay starts again
			phone := e.from("100.64.0.9")
			_, _, err := e.svc.Login(e.ctx, "asha", rightPassword, phone)
			if err != nil {
				wantCode(t, err, apperr.TooManyRequests)
				if w := retryAfter(err); w > time.Minute {
					t.Fatalf("a new source waits %v, want at most a minute", w)
				}
				e.advance(retryAfter(err))
				_, _, err = e.svc.Login(e.ctx, "asha", rightPassword, phone)
			}
			if err != nil {
				t.Fatalf("from a new source after the delay: %v", err)
			}
		})
	})
}

// TestLoginPerAddressLimitIsADelayNotALock: many failures from one office
// address slow down new sign-ins from it by at most a minute, and do not
// touch colleagues who signed in from there before.
func TestLoginPerAddressLimitIsADelayNotALock(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		e.register("ravi", "+919876543211")
		office := e.from("203.0.113.50")
		if _, _, err := e.svc.Login(e.ctx, "asha", rightPassword, office); err != nil {
			t.Fatal(err)
		}
		for i := range 30 {
			e.failLogins(fmt.Sprintf("typo%d", i), office, 1)
		}
		if _, _, err := e.svc.Login(e.ctx, "asha", rightPassword, office); err != nil {
			t.Fatalf("a colleague known at this address: %v", err)
		}
		_, _, err := e.svc.Login(e.ctx, "ravi", rightPassword, office)
		if err != nil {
			wantCode(t, err, apperr.TooManyRequests)
			if !strings.Contains(apperr.MessageOf(err), "network") || retryAfter(err) > time.Minute {
				t.Fatalf("got %v (wait %v), want a network delay of at most a minute", err, retryAfter(err))
			}
			e.advance(retryAfter(err))
			_, _, err = e.svc.Login(e.ctx, "ravi", rightPassword, office)
		}
		if err != nil {
			t.Fatalf("a new colleague after the delay: %v", err)
		}
	})
}

func TestLoginUnknownAccountIsThrottledTheSameWay(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		var waits []time.Duration
		for i, name := range []string{"asha", "nobody"} {
			c := e.from(fmt.Sprintf("198.51.100.%d", 10+i))
			e.failLogins(name, c, 5)
			_, _, err := e.svc.Login(e.ctx, name, "wrong-password-1", c)
			wantCode(t, err, apperr.TooManyRequests)
			waits = append(waits, retryAfter(err))
		}
		if waits[0] != waits[1] {
			t.Fatalf("waits %v differ between a real and an unknown account", waits)
		}
	})
}

// TestFailedLoginsEmailTheOwner: the owner hears once when the failures pass
// the threshold, not at every failure, and again after a quiet day.
func TestFailedLoginsEmailTheOwner(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		attacker := e.from("198.51.100.66")
		e.failLogins("asha", attacker, 9)
		e.svc.Drain(e.ctx)
		if n := e.mail.count(); n != 0 {
			t.Fatalf("%d emails before the threshold", n)
		}
		e.failLogins("asha", attacker, 1)
		e.svc.Drain(e.ctx)
		if n := e.mail.count(); n != 1 {
			t.Fatalf("%d emails at the threshold, want 1", n)
		}
		m := e.mail.sent[0]
		if m.To != "asha@example.in" || m.Subject != FailedLoginsSubject || !strings.Contains(m.Text, "10 failed attempts") ||
			!strings.Contains(m.Text, attacker.IP) || strings.Contains(m.Text, "wrong-password-1") {
			t.Fatalf("notice %+v", m)
		}
		e.failLogins("asha", e.from("198.51.100.67"), 10)
		e.svc.Drain(e.ctx)
		if n := e.mail.count(); n != 1 {
			t.Fatalf("%d emails, want still 1 within the day", n)
		}
		e.advance(25 * time.Hour)
		e.failLogins("asha", attacker, 10)
		e.svc.Drain(e.ctx)
		if n := e.mail.count(); n != 2 {
			t.Fatalf("%d emails, want a second one a day later", n)
		}
	})
}

func TestPasswordResetLiftsTheAccountDelay(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		e.failLogins("asha", e.from("198.51.100.66"), 30)
		code := e.resetCode("asha@example.in")
		if err := e.svc.ResetPassword(e.ctx, "asha@example.in", code, "a-brand-new-secret"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.svc.Login(e.ctx, "asha", "a-brand-new-secret", e.from("100.64.0.9")); err != nil {
			t.Fatalf("a new source right after the reset: %v", err)
		}
	})
}

func TestDeleteStaleThrottles(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		e.failLogins("nobody", e.cli, 1)
		if _, _, err := e.svc.Login(e.ctx, "asha", rightPassword, e.cli); err != nil {
			t.Fatal(err)
		}
		e.advance(25 * time.Hour)
		e.svc.DeleteStaleThrottles(e.ctx)
		var rows int
		e.db.QueryRow(`SELECT COUNT(*) FROM login_throttles`).Scan(&rows)
		if rows != 1 { // asha's known address
			t.Fatalf("%d throttle rows left after a day, want the known source only", rows)
		}
		e.advance(30 * 24 * time.Hour)
		e.svc.DeleteStaleThrottles(e.ctx)
		e.db.QueryRow(`SELECT COUNT(*) FROM login_throttles`).Scan(&rows)
		if rows != 0 {
			t.Fatalf("%d throttle rows left after 31 days", rows)
		}
	})
}
