package auth

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/platform/security"
)

// ResetCodeSentMessage is the one answer to send-reset-code, whether or not
// an account uses the email.
const ResetCodeSentMessage = "If an account uses that email, we have sent a 6-digit reset code to it. It is valid for 30 minutes."

var errBadResetCode = apperr.New(apperr.Invalid, "Invalid or expired code")

// SendResetCode emails a 6-digit reset code when an account uses email. It
// answers the same, after the same work, whether or not one does: it counts
// the request against the address's hourly limit and queues the rest (the
// lookup, the code, the email) to run after the answer. Only a malformed
// email is an error.
func (s *Service) SendResetCode(ctx context.Context, email string, c Client) error {
	email = strings.TrimSpace(email)
	if email == "" {
		return apperr.Validation(apperr.FieldError{Path: "email", Message: "Email is required"})
	}
	if msg := checkEmail(email); msg != "" {
		return apperr.Validation(apperr.FieldError{Path: "email", Message: msg})
	}
	key := "reset:email:" + strings.ToLower(email)
	ok, _, err := limits.Take(ctx, s.db, key, s.db.Time(), limits.Window{Max: s.cfg.ResetPerEmailPerHour, Every: time.Hour})
	if err != nil {
		return apperr.Wrap(err, "count reset requests")
	}
	if !ok {
		// Silently: a different answer would tell that the account exists.
		s.recordEvent(ctx, s.db, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL, Subject: key, Detail: "reset code limit"})
		return nil
	}
	s.later(ctx, "reset code", func(ctx context.Context) { s.sendResetCode(ctx, email) })
	return nil
}

// sendResetCode stores a new reset code for the account that uses email, if
// any, and emails it. It runs after the answer; failures are logged.
func (s *Service) sendResetCode(ctx context.Context, email string) {
	var u User
	var code string
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE lower(u.email) = lower($1)`, email))
		if err != nil {
			return err
		}
		if code, err = newCode(s.random); err != nil {
			return err
		}
		// A new code replaces any earlier one.
		now := s.db.Time()
		if _, err := tx.ExecContext(ctx, `UPDATE password_reset_codes SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL`, now, u.ID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO password_reset_codes (email, user_id, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
			*u.Email, u.ID, s.hashCode(strings.ToLower(*u.Email), code), now.Add(s.cfg.ResetTTL), now)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return
	}
	if err == nil {
		var msg outbound.Email
		if msg, err = outbound.ResetCodeEmail(*u.Email, u.FullName, code); err == nil {
			err = s.mail.SendEmail(ctx, msg)
		}
	}
	if err != nil {
		// The answer has gone; the failure is for the operators.
		s.log.ErrorContext(ctx, "reset code email failed", "user_id", u.ID, "err", err)
	}
}

// VerifyResetCode checks a reset code without using it up. A wrong code uses
// one of its tries. It returns Invalid for a wrong, expired, used or dead code.
func (s *Service) VerifyResetCode(ctx context.Context, email, code string) error {
	_, err := s.checkResetCode(ctx, email, code, func(tx *sql.Tx, id, userID int64) error { return nil })
	return err
}

// ResetPassword sets a new password with a valid reset code, uses the code
// up, ends every session of the account and forgets the failed sign-ins on
// it. It returns Invalid for a bad code or a password that breaks the rules.
func (s *Service) ResetPassword(ctx context.Context, email, code, newPassword string) error {
	if newPassword == "" {
		return apperr.Validation(apperr.FieldError{Path: "newPassword", Message: "New password is required"})
	}
	if reason := CheckPassword(newPassword, PasswordContext{Email: email}); reason != "" {
		return apperr.Validation(apperr.FieldError{Path: "newPassword", Message: reason})
	}
	hash, err := hashPassword(s.random, s.cfg.Argon, newPassword)
	if err != nil {
		return apperr.Wrap(err, "hash password")
	}
	userID, err := s.checkResetCode(ctx, email, code, func(tx *sql.Tx, id, userID int64) error {
		if err := s.checkNewPassword(ctx, tx, userID, newPassword); err != nil {
			return err
		}
		now := s.db.Time()
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3`, hash, now, userID); err != nil {
			return apperr.Wrap(err, "set password")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE password_reset_codes SET used_at = $1, verified = TRUE WHERE id = $2`, now, id); err != nil {
			return apperr.Wrap(err, "use reset code")
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
			return apperr.Wrap(err, "end sessions")
		}
		return apperr.Wrap(s.forgetLoginFailures(ctx, tx, userID), "forget failed sign-ins")
	})
	if err == nil {
		s.log.InfoContext(ctx, "password reset", "user_id", userID)
	}
	return err
}

// checkNewPassword applies the password rules that need the account: not
// built on its username, name, email or phone.
func (s *Service) checkNewPassword(ctx context.Context, tx *sql.Tx, userID int64, pw string) error {
	var who PasswordContext
	var email *string
	err := tx.QueryRowContext(ctx, `SELECT username, full_name, email, phone FROM users WHERE id = $1`, userID).
		Scan(&who.Username, &who.FullName, &email, &who.Phone)
	if err != nil {
		return apperr.Wrap(err, "read account for password rules")
	}
	if email != nil {
		who.Email = *email
	}
	if reason := CheckPassword(pw, who); reason != "" {
		return apperr.Validation(apperr.FieldError{Path: "newPassword", Message: reason})
	}
	return nil
}

// checkResetCode finds the live reset code for email, counts a wrong try,
// and on a match runs onMatch in the same transaction. It returns the user id.
func (s *Service) checkResetCode(ctx context.Context, email, code string, onMatch func(tx *sql.Tx, id, userID int64) error) (int64, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	code = strings.TrimSpace(code)
	var f apperr.Fields
	if email == "" {
		f.Add("email", "Email is required")
	}
	if !isSixDigits(code) {
		f.Add("code", "Enter the 6-digit code")
	}
	if err := f.Err(); err != nil {
		return 0, err
	}
	var failure error
	var userID int64
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var id int64
		var hash string
		var expires time.Time
		err := tx.QueryRowContext(ctx, `SELECT id, user_id, code_hash, expires_at FROM password_reset_codes
			WHERE lower(email) = $1 AND used_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1`, email).
			Scan(&id, &userID, &hash, &expires)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			failure = errBadResetCode
			return nil
		case err != nil:
			return apperr.Wrap(err, "find reset code")
		case !s.db.Time().Before(expires):
			failure = errBadResetCode
			return nil
		}
		if _, ok, err := useTry(ctx, tx, "password_reset_codes", id, s.cfg.ResetMaxAttempts); err != nil || !ok {
			failure = errBadResetCode
			return err
		}
		if !s.codeMatches(hash, email, code) {
			failure = errBadResetCode
			return nil
		}
		return onMatch(tx, id, userID)
	})
	if err != nil {
		return 0, err
	}
	if failure != nil {
		return 0, failure
	}
	return userID, nil
}

func itoa(n int64) string {
	return strconv.FormatInt(n, 10)
}
