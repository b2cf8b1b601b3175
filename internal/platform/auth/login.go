package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/security"
)

var errBadLogin = apperr.New(apperr.Unauthorized, "Invalid username or password")

// Login signs in with a username, phone number or email and a password. It
// returns Invalid for missing fields, Unauthorized for wrong credentials,
// Forbidden for a disabled account and TooManyRequests while a sign-in
// throttle makes the attempt wait (see reserveLogin). Every failure is a
// security event; enough of them on an account email its owner.
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
		subject = userSubject(u.ID)
	}
	ticket, err := s.reserveLogin(ctx, subject, c)
	if err != nil {
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
		if u.ID != 0 {
			s.noticeFailedLogins(ctx, u, ticket, c)
		}
		return User{}, Session{}, errBadLogin
	}
	if err := s.loginSucceeded(ctx, ticket); err != nil {
		return User{}, Session{}, err
	}
	if !u.IsActive {
		s.recordEvent(ctx, s.db, security.Event{Type: security.DeactivatedSignIn, IP: c.IP, URL: c.URL, Subject: subject, Detail: "deactivated account"})
		return User{}, Session{}, apperr.New(apperr.Forbidden, "This account has been deactivated by an administrator. Contact support to restore it")
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
// with its password hash; a zero User when none matches. It reads through a
// kept statement, which runs once more when its connection was lost (a
// database restart or failover), so that sign-in rides out a dropped
// connection as the session check does.
func (s *Service) findLogin(ctx context.Context, identifier string) (User, string, error) {
	phone, perr := india.NormalizeMobile(identifier)
	if perr != nil {
		phone = ""
	}
	var hash string
	u, err := scanUser(s.db.QueryRowPrepared(ctx, `SELECT `+userColumns+`, u.password_hash FROM users u
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
