package auth

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/apperr"
	"propmatch/internal/notify"
	"propmatch/internal/security"
)

// ResetCodeSentMessage is the one answer to send-reset-code, whether or not
// an account uses the email.
const ResetCodeSentMessage = "If an account uses that email, we have sent a 6-digit reset code to it. It is valid for 30 minutes."

var errBadResetCode = apperr.New(apperr.Invalid, "Invalid or expired code")

// SendResetCode emails a 6-digit reset code when an account uses email. It
// answers the same whether or not one does; only a malformed email is an error.
func (s *Service) SendResetCode(ctx context.Context, email string, c Client) error {
	email = strings.TrimSpace(email)
	if email == "" {
		return apperr.Validation(apperr.FieldError{Path: "email", Message: "Email is required"})
	}
	if msg := checkEmail(email); msg != "" {
		return apperr.Validation(apperr.FieldError{Path: "email", Message: msg})
	}
	var u User
	var code string
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE lower(u.email) = lower($1)`, email))
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return apperr.Wrap(err, "find reset user")
		}
		now := s.db.Time()
		var recent int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM password_reset_codes WHERE user_id = $1 AND created_at > $2`,
			u.ID, now.Add(-time.Hour)).Scan(&recent); err != nil {
			return apperr.Wrap(err, "count reset codes")
		}
		if recent >= s.cfg.ResetPerEmailPerHour {
			// Silently: a different answer would tell that the account exists.
			s.recordEvent(ctx, tx, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL, Subject: "reset:user:" + itoa(u.ID), Detail: "reset code limit"})
			u = User{}
			return nil
		}
		if code, err = newCode(s.random); err != nil {
			return apperr.Wrap(err, "reset code")
		}
		// A new code replaces any earlier one.
		if _, err := tx.ExecContext(ctx, `UPDATE password_reset_codes SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL`, now, u.ID); err != nil {
			return apperr.Wrap(err, "retire reset codes")
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO password_reset_codes (email, user_id, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`,
			*u.Email, u.ID, hashCode(strings.ToLower(*u.Email), code), now.Add(s.cfg.ResetTTL), now)
		return apperr.Wrap(err, "insert reset code")
	})
	if err != nil || u.ID == 0 {
		return err
	}
	msg, err := notify.ResetCodeEmail(*u.Email, u.FullName, code)
	if err == nil {
		err = s.mail.SendEmail(ctx, msg)
	}
	if err != nil {
		// The answer stays the same; the failure is for the operators.
		s.log.ErrorContext(ctx, "reset code email failed", "user_id", u.ID, "err", err)
	}
	return nil
}

// VerifyResetCode checks a reset code without using it up. A wrong code uses
// one of its tries. It returns Invalid for a wrong, expired, used or dead code.
func (s *Service) VerifyResetCode(ctx context.Context, email, code string) error {
	_, err := s.checkResetCode(ctx, email, code, func(tx *sql.Tx, id, userID int64) error { return nil })
	return err
}

// ResetPassword sets a new password with a valid reset code, uses the code
// up, and ends every session of the account. It returns Invalid for a bad
// code or a password that breaks the rules.
func (s *Service) ResetPassword(ctx context.Context, email, code, newPassword string) error {
	if reason := CheckPassword(newPassword, ""); reason != "" {
		if newPassword == "" {
			reason = "New password is required"
		}
		return apperr.Validation(apperr.FieldError{Path: "newPassword", Message: reason})
	}
	hash, err := hashPassword(s.random, s.cfg.Argon, newPassword)
	if err != nil {
		return apperr.Wrap(err, "hash password")
	}
	userID, err := s.checkResetCode(ctx, email, code, func(tx *sql.Tx, id, userID int64) error {
		now := s.db.Time()
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3`, hash, now, userID); err != nil {
			return apperr.Wrap(err, "set password")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE password_reset_codes SET used_at = $1, verified = TRUE WHERE id = $2`, now, id); err != nil {
			return apperr.Wrap(err, "use reset code")
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID)
		return apperr.Wrap(err, "end sessions")
	})
	if err == nil {
		s.log.InfoContext(ctx, "password reset", "user_id", userID)
	}
	return err
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
		var attempts int
		var expires time.Time
		err := tx.QueryRowContext(ctx, `SELECT id, user_id, code_hash, attempts, expires_at FROM password_reset_codes
			WHERE lower(email) = $1 AND used_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1`, email).
			Scan(&id, &userID, &hash, &attempts, &expires)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			failure = errBadResetCode
			return nil
		case err != nil:
			return apperr.Wrap(err, "find reset code")
		case !s.db.Time().Before(expires), attempts >= s.cfg.ResetMaxAttempts:
			failure = errBadResetCode
			return nil
		}
		if !codeMatches(hash, email, code) {
			failure = errBadResetCode
			_, err := tx.ExecContext(ctx, `UPDATE password_reset_codes SET attempts = attempts + 1 WHERE id = $1`, id)
			return apperr.Wrap(err, "count reset try")
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
