package auth

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/apperr"
	"propmatch/internal/india"
	"propmatch/internal/security"
)

var errBadLogin = apperr.New(apperr.Unauthorized, "Invalid username or password")

// Login signs in with a username, phone number or email and a password. It
// returns Invalid for missing fields, Unauthorized for wrong credentials,
// Forbidden for a disabled account and TooManyRequests when failures from
// the account or the IP pass their limit. Every failure is a security event.
func (s *Service) Login(ctx context.Context, identifier, password string, c Client) (User, Session, error) {
	identifier = strings.TrimSpace(identifier)
	var f apperr.Fields
	if identifier == "" {
		f.Add("username", "Username is required")
	}
	if password == "" {
		f.Add("password", "Password is required")
	}
	if err := f.Err(); err != nil {
		return User{}, Session{}, err
	}
	u, hash, err := s.findLogin(ctx, identifier)
	if err != nil {
		return User{}, Session{}, err
	}
	subject := "login:" + strings.ToLower(identifier)
	if u.ID != 0 {
		subject = "user:" + strconv.FormatInt(u.ID, 10)
	}
	if err := s.checkLoginThrottle(ctx, subject, c); err != nil {
		return User{}, Session{}, err
	}
	if hash == "" {
		hash = s.dummyHash()
	}
	ok, verr := verifyPassword(hash, password)
	if verr != nil && u.ID != 0 {
		s.log.ErrorContext(ctx, "stored password hash is malformed", "user_id", u.ID)
	}
	if !ok || u.ID == 0 {
		detail := "wrong password"
		if u.ID == 0 {
			detail = "unknown account"
		}
		s.recordEvent(ctx, s.db, security.Event{Type: security.AuthFailure, IP: c.IP, URL: c.URL, Subject: subject, Detail: detail})
		return User{}, Session{}, errBadLogin
	}
	if !u.IsActive {
		return User{}, Session{}, apperr.New(apperr.Forbidden, "This account has been disabled. Contact support")
	}
	var sess Session
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		sess, err = s.startSession(ctx, tx, u.ID, c)
		return err
	})
	return u, sess, err
}

// findLogin returns the account whose username, phone or email is identifier,
// with its password hash; a zero User when none matches.
func (s *Service) findLogin(ctx context.Context, identifier string) (User, string, error) {
	phone, perr := india.NormalizeMobile(identifier)
	if perr != nil {
		phone = ""
	}
	var hash string
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+`, u.password_hash FROM users u
		WHERE lower(u.username) = lower($1) OR lower(u.email) = lower($1) OR u.phone = $2
		ORDER BY CASE WHEN lower(u.username) = lower($1) THEN 0 ELSE 1 END LIMIT 1`, identifier, phone), &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, "", nil
	}
	if err != nil {
		return User{}, "", apperr.Wrap(err, "find login")
	}
	return u, hash, nil
}

// checkLoginThrottle refuses a sign-in while the account or the IP has too
// many recent failures.
func (s *Service) checkLoginThrottle(ctx context.Context, subject string, c Client) error {
	since := s.db.Time().Add(-s.cfg.LoginWindow)
	checks := []struct {
		count func() (int, time.Time, error)
		limit int
		what  string
	}{
		{func() (int, time.Time, error) {
			return security.CountBySubject(ctx, s.db, security.AuthFailure, subject, since)
		}, s.cfg.LoginMaxPerAccount, "for this account"},
		{func() (int, time.Time, error) {
			return security.CountByIP(ctx, s.db, security.AuthFailure, c.IP, since)
		}, s.cfg.LoginMaxPerIP, "from your network"},
	}
	for _, ch := range checks {
		n, oldest, err := ch.count()
		if err != nil {
			return apperr.Wrap(err, "count login failures")
		}
		if n >= ch.limit {
			wait := oldest.Add(s.cfg.LoginWindow).Sub(s.db.Time())
			s.recordEvent(ctx, s.db, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL, Subject: subject, Detail: "login throttled"})
			return apperr.Throttled(wait, "Too many failed sign-in attempts %s. Try again in %s", ch.what, humanWait(wait))
		}
	}
	return nil
}
