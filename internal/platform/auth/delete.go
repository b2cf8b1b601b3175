package auth

import (
	"context"
	"database/sql"
	"fmt"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/security"
)

// DeletedName is the name a deleted account shows wherever an agent is
// embedded (the messages it sent, the analytics of its old contacts).
const DeletedName = "Deleted agent"

// ConfirmPassword checks that password is u's, before an action that needs
// it again (deleting the account). A wrong one is a field error on path
// and counts as a failed sign-in on the account's throttles, with a
// security event, as a wrong current password does when changing it.
func (s *Service) ConfirmPassword(ctx context.Context, u User, password, path string, c Client) error {
	if password == "" {
		return apperr.Validation(apperr.FieldError{Path: path, Message: "Enter your password to confirm"})
	}
	subject := userSubject(u.ID)
	ticket, err := s.reserveLogin(ctx, subject, c)
	if err != nil {
		return err
	}
	var hash string
	if err := s.db.QueryRowContext(ctx, `SELECT password_hash FROM users WHERE id = $1`, u.ID).Scan(&hash); err != nil {
		return apperr.Wrap(err, "read password hash")
	}
	if ok, _ := verifyPassword(hash, password); !ok {
		s.recordEvent(ctx, s.db, security.Event{Type: security.AuthFailure, IP: c.IP, URL: c.URL, Subject: subject, Detail: "wrong password to confirm"})
		s.noticeFailedLogins(ctx, u, ticket, c)
		return apperr.Validation(apperr.FieldError{Path: path, Message: "Password is incorrect"})
	}
	return s.loginSucceeded(ctx, ticket)
}

// ScrubAccount empties account id of every personal field in tx and marks
// it deleted: the row stays, keeping its id for the messages it sent, but
// it shows as DeletedName, cannot sign in (no password, inactive), leaves
// the directory, and frees its username, email and phone for new accounts.
// Its sessions and reset codes are deleted. The last active admin cannot
// delete themself (Conflict).
func (s *Service) ScrubAccount(ctx context.Context, tx *sql.Tx, id int64) error {
	if err := s.lock(ctx, tx, "admins"); err != nil {
		return err
	}
	var role string
	var active bool
	var deleted sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT role, is_active, CAST(deleted_at AS TEXT) FROM users WHERE id = $1`, id).Scan(&role, &active, &deleted)
	if err != nil {
		return apperr.Wrap(err, "read account")
	}
	if deleted.Valid {
		return apperr.New(apperr.Conflict, "This account is already deleted")
	}
	if role == RoleAdmin && active {
		var others int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE role = 'admin' AND is_active = TRUE AND id <> $1`, id).Scan(&others); err != nil {
			return apperr.Wrap(err, "count admins")
		}
		if others == 0 {
			return apperr.New(apperr.Conflict, "You are the only active admin: make another agent an admin before deleting your account")
		}
	}
	// Usernames are letters, digits, dots, dashes and underscores, and
	// phones digits: "deleted:ID" is no one's and unique.
	placeholder := fmt.Sprintf("deleted:%d", id)
	now := s.db.Time()
	if _, err := tx.ExecContext(ctx, `UPDATE users SET username = $2, password_hash = '', full_name = $3, email = NULL, phone = $2,
		role = $4, rera_number = NULL, is_rera_verified = FALSE, is_phone_verified = FALSE, state = '', city = '', profile_picture = NULL,
		bio = NULL, experience_years = NULL, specialization = NULL, gstin = NULL, is_active = FALSE, updated_at = $5, deleted_at = $5 WHERE id = $1`,
		id, placeholder, DeletedName, RoleAgent, now); err != nil {
		return apperr.Wrap(err, "scrub account")
	}
	for _, q := range []string{`DELETE FROM sessions WHERE user_id = $1`, `DELETE FROM password_reset_codes WHERE user_id = $1`} {
		if _, err := tx.ExecContext(ctx, q, id); err != nil {
			return apperr.Wrap(err, "end sessions")
		}
	}
	return nil
}
