package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/outbound"
)

// VerifyEmailJob is the queue's job kind that emails a verification link.
const VerifyEmailJob = "auth.verify_email"

// VerificationTTL is how long a verification link works.
const VerificationTTL = 24 * time.Hour

// ResendPerHour is how many verification emails an agent may ask for in
// an hour.
const ResendPerHour = 3

type verifyPayload struct {
	Email string `json:"email"`
}

// queueVerification queues, in tx, the email of a verification link to
// u's email, unless u has none or it is verified already. A link queued
// before for u and not yet sent is replaced.
func (s *Service) queueVerification(ctx context.Context, tx *sql.Tx, u User) error {
	if u.Email == nil || u.EmailVerified {
		return nil
	}
	_, err := jobs.Enqueue(ctx, tx, s.db.Time(), jobs.New{Kind: VerifyEmailJob, Key: "verify-email:" + strconv.FormatInt(u.ID, 10),
		Payload: verifyPayload{Email: *u.Email}, Coalesce: true})
	return apperr.Wrap(err, "queue verification email")
}

// Jobs lists the accounts' jobs, for the queue (jobs.Queue.Add): the
// verification emails, with links to baseURL (the public origin) +
// /verify-email?token=.
func (s *Service) Jobs(baseURL string) []jobs.Kind {
	return []jobs.Kind{{Name: VerifyEmailJob, Prepare: func(ctx context.Context, j jobs.Job) (jobs.Handler, error) {
		return s.sendVerification(ctx, j, baseURL)
	}}}
}

// sendVerification makes a fresh token, stores its hash (a short
// transaction of its own) and emails the link. The raw token exists only
// in the email: a retry makes another. An email changed or verified since
// the job was queued gets nothing.
func (s *Service) sendVerification(ctx context.Context, j jobs.Job, baseURL string) (jobs.Handler, error) {
	none := func(context.Context, *sql.Tx, jobs.Job) (func(context.Context), error) { return nil, nil }
	var p verifyPayload
	if err := j.Decode(&p); err != nil {
		return nil, err
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(j.Key, "verify-email:"), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("auth: bad verification job key %q", j.Key)
	}
	u, err := s.UserByID(ctx, id)
	if apperr.CodeOf(err) == apperr.NotFound {
		return none, nil
	}
	if err != nil {
		return nil, err
	}
	if u.Email == nil || u.EmailVerified || !strings.EqualFold(*u.Email, p.Email) || s.mail == nil {
		return none, nil
	}
	token, hash, err := newToken(s.random)
	if err != nil {
		return nil, err
	}
	now := s.db.Time()
	if _, err := s.db.ExecContext(ctx, `INSERT INTO email_verifications (user_id, email, token_hash, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5)`, u.ID, *u.Email, hash, now.Add(VerificationTTL), now); err != nil {
		return nil, err
	}
	msg, err := outbound.VerifyEmail(*u.Email, u.FullName, baseURL+"/verify-email?token="+url.QueryEscape(token), int(VerificationTTL/time.Hour))
	if err != nil {
		return nil, err
	}
	if err := s.mail.SendEmail(ctx, msg); err != nil {
		return nil, fmt.Errorf("auth: send verification email: %w", err)
	}
	return none, nil
}

var (
	errBadVerification     = apperr.New(apperr.Invalid, "This verification link is not valid. Ask for a new one from your profile.")
	errUsedVerification    = apperr.New(apperr.Conflict, "This verification link was already used.")
	errExpiredVerification = apperr.New(apperr.Invalid, "This verification link has expired. Ask for a new one from your profile.")
	errStaleVerification   = apperr.New(apperr.Conflict, "This link was for an email address the account no longer uses.")
)

// VerifyEmail marks the email that token was sent to as verified, once. It
// returns Invalid for an unknown token, Conflict for a used one or one for
// an email the account no longer has, and Gone for an expired one.
func (s *Service) VerifyEmail(ctx context.Context, token string) (User, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return User{}, apperr.Validation(apperr.FieldError{Path: "token", Message: "The verification token is required"})
	}
	var out User
	err := s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var id, userID int64
		var email string
		var expires time.Time
		var used any
		err := tx.QueryRowContext(ctx, `SELECT id, user_id, email, expires_at, used_at FROM email_verifications WHERE token_hash = $1`,
			hashToken(token)).Scan(&id, &userID, &email, store.ScanTime(&expires), &used)
		if errors.Is(err, sql.ErrNoRows) {
			return errBadVerification
		}
		if err != nil {
			return apperr.Wrap(err, "verification")
		}
		now := s.db.Time()
		switch {
		case used != nil:
			return errUsedVerification
		case !now.Before(expires):
			return errExpiredVerification
		}
		// Single use, even against a concurrent request with the same token.
		res, err := tx.ExecContext(ctx, `UPDATE email_verifications SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, id, now)
		if err != nil {
			return apperr.Wrap(err, "verification")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errUsedVerification
		}
		res, err = tx.ExecContext(ctx, `UPDATE users SET email_verified_at = $3 WHERE id = $1 AND lower(email) = lower($2)`, userID, email, now)
		if err != nil {
			return apperr.Wrap(err, "verification")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errStaleVerification
		}
		out, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userFields+` FROM users WHERE id = $1`, userID))
		return apperr.Wrap(err, "verification")
	})
	if err != nil {
		return User{}, err
	}
	s.log.InfoContext(ctx, "email verified", "user_id", out.ID)
	return out, nil
}

// ResendVerification queues a new verification email to u's email. It
// returns Invalid when u has no email, Conflict when it is verified, and
// TooManyRequests after ResendPerHour in an hour.
func (s *Service) ResendVerification(ctx context.Context, u User, c Client) error {
	if u.Email == nil {
		return apperr.Validation(apperr.FieldError{Path: "email", Message: "Add an email address to your profile first"})
	}
	if u.EmailVerified {
		return apperr.New(apperr.Conflict, "Your email is already verified")
	}
	if err := s.take(ctx, "verify-email:user:"+strconv.FormatInt(u.ID, 10), limits.Window{Max: ResendPerHour, Every: time.Hour}, c,
		"verification email limit", "Too many verification emails. Try again in %s"); err != nil {
		return err
	}
	return s.db.WithTx(ctx, func(tx *sql.Tx) error { return s.queueVerification(ctx, tx, u) })
}
