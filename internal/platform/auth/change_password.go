package auth

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/security"
)

// PasswordChange is the body of POST /api/user/password.
type PasswordChange struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// ChangePassword sets u's password to p.NewPassword once p.CurrentPassword
// proves it is them. A wrong current password is a field error and counts
// as a failed sign-in on the account's throttles (TooManyRequests while
// they make it wait). The new password follows CheckPassword. On success
// every other session of u ends (the one with currentToken stays) and u is
// emailed a notice. It returns how many sessions ended.
func (s *Service) ChangePassword(ctx context.Context, u User, currentToken string, p PasswordChange, c Client) (int64, error) {
	var f apperr.Fields
	if p.CurrentPassword == "" {
		f.Add("currentPassword", "Current password is required")
	}
	if p.NewPassword == "" {
		f.Add("newPassword", "New password is required")
	}
	if err := f.Err(); err != nil {
		return 0, err
	}
	subject := userSubject(u.ID)
	ticket, err := s.reserveLogin(ctx, subject, c)
	if err != nil {
		return 0, err
	}
	var hash string
	if err := s.db.QueryRowContext(ctx, `SELECT password_hash FROM users WHERE id = $1`, u.ID).Scan(&hash); err != nil {
		return 0, apperr.Wrap(err, "read password hash")
	}
	if ok, _ := verifyPassword(hash, p.CurrentPassword); !ok {
		s.recordEvent(ctx, s.db, security.Event{Type: security.AuthFailure, IP: c.IP, URL: c.URL, Subject: subject, Detail: "wrong current password"})
		s.noticeFailedLogins(ctx, u, ticket, c)
		return 0, apperr.Validation(apperr.FieldError{Path: "currentPassword", Message: "Current password is incorrect"})
	}
	if err := s.loginSucceeded(ctx, ticket); err != nil {
		return 0, err
	}
	if p.NewPassword == p.CurrentPassword {
		return 0, apperr.Validation(apperr.FieldError{Path: "newPassword", Message: "New password must be different from the current one"})
	}
	newHash, err := hashPassword(s.random, s.cfg.Argon, p.NewPassword)
	if err != nil {
		return 0, apperr.Wrap(err, "hash password")
	}
	var ended int64
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.checkNewPassword(ctx, tx, u.ID, p.NewPassword); err != nil {
			return err
		}
		now := s.db.Time()
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3`, newHash, now, u.ID); err != nil {
			return apperr.Wrap(err, "set password")
		}
		var err error
		ended, err = s.endOtherSessions(ctx, tx, u.ID, currentToken)
		return err
	})
	if err != nil {
		return 0, err
	}
	s.log.InfoContext(ctx, "password changed", "user_id", u.ID, "sessions_ended", ended)
	if u.Email != nil && s.mail != nil {
		msg := passwordChangedEmail(u, ended, c.IP, s.db.Time())
		s.later(ctx, "password changed notice", func(ctx context.Context) {
			if err := s.mail.SendEmail(ctx, msg); err != nil {
				s.log.ErrorContext(ctx, "password changed notice email failed", "user_id", u.ID, "err", err)
			}
		})
	}
	return ended, nil
}

// PasswordChangedSubject is the subject of the notice a password change sends.
const PasswordChangedSubject = "Your PropMatch password was changed" //nolint:gosec // an email subject, not a credential

func passwordChangedEmail(u User, ended int64, ip string, at time.Time) outbound.Email {
	text := fmt.Sprintf(`Hello %s,

The password of your PropMatch account (%s) was changed from the address %s at %s UTC. %d other signed-in session(s) were signed out.

If that was you, there is nothing to do. If not, choose a new password at once with "Forgot password" on the sign-in page, which signs out every session, and contact support.

PropMatch - We build Families
`, u.FullName, u.Username, ip, at.UTC().Format("2 Jan 2006 15:04"), ended)
	return outbound.Email{To: *u.Email, Subject: PasswordChangedSubject, Text: text}
}
