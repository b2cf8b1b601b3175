package auth

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/security"
)

// loginTicket is a sign-in attempt reserved on the throttles before the
// password is checked.
type loginTicket struct {
	pair, account, ip string // throttle keys
	known             bool   // the address signed in to this account before
	accountFailures   int    // failures on the account, this attempt included
}

func newLoginTicket(subject string, c Client) loginTicket {
	return loginTicket{pair: "login:pair:" + subject + "|" + c.IP, account: "login:account:" + subject, ip: "login:ip:" + c.IP}
}

// reserveLogin counts a sign-in attempt as a failure on its three throttles,
// in one transaction, before the password is checked: concurrent guesses
// each take their own place in the count, so no more than the free ones are
// checked. It returns TooManyRequests, counting nothing, while the pair
// waits out a delay or, for an address that never signed in to the account,
// while the account or the address does.
func (s *Service) reserveLogin(ctx context.Context, subject string, c Client) (loginTicket, error) {
	t := newLoginTicket(subject, c)
	now := s.db.Time()
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		pair, err := limits.Reserve(ctx, tx, t.pair, now, s.cfg.LoginPerPair, true)
		if err != nil || pair.Wait > 0 {
			return loginThrottled(pair.Wait, "for this account", err)
		}
		t.known = pair.Known
		account, err := limits.Reserve(ctx, tx, t.account, now, s.cfg.LoginPerAccount, !t.known)
		if err != nil || account.Wait > 0 {
			return loginThrottled(account.Wait, "for this account", err)
		}
		t.accountFailures = account.Failures
		ip, err := limits.Reserve(ctx, tx, t.ip, now, s.cfg.LoginPerIP, !t.known)
		if err != nil || ip.Wait > 0 {
			return loginThrottled(ip.Wait, "from your network", err)
		}
		return nil
	})
	if apperr.CodeOf(err) == apperr.TooManyRequests {
		s.recordEvent(ctx, s.db, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL, Subject: subject, Detail: "login throttled"})
	}
	return t, err
}

func loginThrottled(wait time.Duration, what string, err error) error {
	if err != nil {
		return apperr.Wrap(err, "reserve login attempt")
	}
	return apperr.Throttled(wait, "Too many failed sign-in attempts %s. Try again in %s", what, apperr.Wait(wait))
}

// loginSucceeded takes back what reserveLogin counted: the pair starts over
// and is known from now on, the account's run of failures ends, and the
// address gets its one failure back.
func (s *Service) loginSucceeded(ctx context.Context, t loginTicket) error {
	now := s.db.Time()
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := limits.Clear(ctx, tx, t.pair, now, true); err != nil {
			return err
		}
		if err := limits.Clear(ctx, tx, t.account, now, false); err != nil {
			return err
		}
		return limits.Refund(ctx, tx, t.ip, now, s.cfg.LoginPerIP)
	})
	return apperr.Wrap(err, "clear login throttles")
}

// forgetLoginFailures ends the run of failures on userID's account, so that
// sources new to it are not kept waiting (after a password reset).
func (s *Service) forgetLoginFailures(ctx context.Context, q store.Querier, userID int64) error {
	return limits.Clear(ctx, q, newLoginTicket(userSubject(userID), Client{}).account, s.db.Time(), false)
}

func userSubject(id int64) string { return "user:" + itoa(id) }

// noticeFailedLogins emails the owner of u once their account's failures
// reach LoginNoticeAfter, at most once per LoginNoticeEvery.
func (s *Service) noticeFailedLogins(ctx context.Context, u User, t loginTicket, c Client) {
	if t.accountFailures < s.cfg.LoginNoticeAfter || u.Email == nil || s.mail == nil {
		return
	}
	now := s.db.Time()
	first, err := limits.MarkNotified(ctx, s.db, t.account, now, s.cfg.LoginNoticeEvery)
	if err != nil {
		s.log.ErrorContext(ctx, "mark failed sign-in notice", "user_id", u.ID, "err", err)
	}
	if !first {
		return
	}
	msg := failedLoginsEmail(u, t.accountFailures, c.IP, now)
	s.later(ctx, "failed sign-in notice", func(ctx context.Context) {
		if err := s.mail.SendEmail(ctx, msg); err != nil {
			s.log.ErrorContext(ctx, "failed sign-in notice email failed", "user_id", u.ID, "err", err)
		}
	})
}

// FailedLoginsSubject is the subject of the email that tells an owner about
// failed sign-in attempts on their account.
const FailedLoginsSubject = "Failed sign-in attempts on your PropMatch account"

func failedLoginsEmail(u User, failures int, ip string, at time.Time) outbound.Email {
	text := fmt.Sprintf(`Hello %s,

There have been %d failed attempts to sign in to your PropMatch account (%s), the latest from the address %s at %s UTC.

If that was you, there is nothing to do. If not, someone may be guessing your password. PropMatch slows every guess down, and you can choose a new password with "Forgot password" on the sign-in page; that also signs out every session.

PropMatch - We build Families
`, u.FullName, failures, u.Username, ip, at.UTC().Format("2 Jan 2006 15:04"))
	return outbound.Email{To: *u.Email, Subject: FailedLoginsSubject, Text: text}
}

// DeleteStaleThrottles removes throttle rows and request counters that no
// longer hold anything back: failures past their forget time, addresses not
// seen signing in for KnownSourceFor, windows that have ended.
func (s *Service) DeleteStaleThrottles(ctx context.Context) (int64, error) {
	now := s.db.Time()
	forget := max(s.cfg.LoginPerPair.Forget, s.cfg.LoginPerAccount.Forget, s.cfg.LoginPerIP.Forget, s.cfg.LoginNoticeEvery)
	n, err := limits.SweepThrottles(ctx, s.db, now.Add(-forget), now.Add(-s.cfg.KnownSourceFor))
	if err != nil {
		return 0, apperr.Wrap(err, "sweep login throttles")
	}
	m, err := limits.SweepCounters(ctx, s.db, now)
	return n + m, apperr.Wrap(err, "sweep rate counters")
}
