package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"propmatch/internal/india"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/limits"
	"propmatch/internal/platform/security"
)

// SentOTP is the answer to a send-otp request. Code is set only when the
// service echoes codes (development mode).
type SentOTP struct {
	Phone string
	Code  string
}

// normalizePhone returns the E.164 form of raw, or a field error at path.
func normalizePhone(raw, path string) (string, error) {
	var f apperr.Fields
	phone := india.CheckMobile(&f, path, raw)
	return phone, f.Err()
}

// SendOTP sends a fresh 6-digit code to a mobile phone over WhatsApp. It
// returns Invalid for a bad or landline number, Conflict when the number
// already has an account, TooManyRequests when a limit is hit, and
// Unavailable when the provider fails. The per-address limit is counted
// before the phone is looked up, so that once it is spent the answer says
// nothing about the number.
func (s *Service) SendOTP(ctx context.Context, rawPhone string, c Client) (SentOTP, error) {
	phone, err := normalizePhone(rawPhone, "phone")
	if err != nil {
		return SentOTP{}, err
	}
	if c.IP != "" {
		if err := s.take(ctx, "otp:ip:"+c.IP, limits.Window{Max: s.cfg.OTPPerIPPerHour, Every: time.Hour}, c, "otp send limit",
			"Too many codes requested from your network. Try again in %s"); err != nil {
			return SentOTP{}, err
		}
	}
	code, err := newCode(s.random)
	if err != nil {
		return SentOTP{}, apperr.Wrap(err, "otp code")
	}
	var otpID int64
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.lock(ctx, tx, "otp:phone:"+phone); err != nil {
			return err
		}
		if err := s.checkTaken(ctx, tx, 0, "", phone, ""); err != nil {
			return err
		}
		if err := s.checkOTPLimits(ctx, tx, phone); err != nil {
			return err
		}
		now := s.db.Time()
		return tx.QueryRowContext(ctx, `INSERT INTO otp_verifications (phone, otp_hash, ip, expires_at, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, phone, s.hashCode(phone, code), c.IP, now.Add(s.cfg.OTPTTL), now).Scan(&otpID)
	})
	if err != nil {
		if apperr.CodeOf(err) == apperr.TooManyRequests {
			s.recordEvent(ctx, s.db, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL, Subject: "phone:" + india.MaskPhone(phone), Detail: "otp send limit"})
		}
		return SentOTP{}, apperr.Wrap(err, "send otp")
	}
	if err := s.otp.SendOTP(ctx, phone, code); err != nil {
		s.log.ErrorContext(ctx, "otp delivery failed", "phone", india.MaskPhone(phone), "err", err)
		if _, derr := s.db.ExecContext(ctx, `DELETE FROM otp_verifications WHERE id = $1`, otpID); derr != nil {
			s.log.ErrorContext(ctx, "unsent otp not deleted", "err", derr)
		}
		return SentOTP{}, &apperr.Error{Code: apperr.Unavailable, Message: "We could not send the code right now. Please try again in a minute", Err: err}
	}
	sent := SentOTP{Phone: phone}
	if s.cfg.EchoOTP {
		sent.Code = code
	}
	return sent, nil
}

// take counts one request on the fixed-window counter key and returns
// TooManyRequests, with message (given the wait), once the window is spent;
// each refusal is a security event.
func (s *Service) take(ctx context.Context, key string, w limits.Window, c Client, detail, message string) error {
	ok, wait, err := limits.Take(ctx, s.db, key, s.db.Time(), w)
	if err != nil {
		return apperr.Wrap(err, "count "+detail)
	}
	if ok {
		return nil
	}
	s.recordEvent(ctx, s.db, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL, Subject: key, Detail: detail})
	return apperr.Throttled(wait, message, apperr.Wait(wait))
}

// lock serialises the transactions that count and then insert for key: on
// PostgreSQL with a transaction-scoped advisory lock (READ COMMITTED would
// let two of them count the same rows); SQLite transactions here begin
// IMMEDIATE and so run one at a time already.
func (s *Service) lock(ctx context.Context, tx *sql.Tx, key string) error {
	if s.db.Engine != store.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key)
	return apperr.Wrap(err, "lock "+key)
}

// checkOTPLimits enforces the resend gap and the hourly limit per phone.
// The caller holds the phone's lock.
func (s *Service) checkOTPLimits(ctx context.Context, tx *sql.Tx, phone string) error {
	now := s.db.Time()
	hourAgo := now.Add(-time.Hour)
	var n int
	var last time.Time
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM otp_verifications WHERE phone = $1 AND created_at > $2`, phone, hourAgo).Scan(&n)
	if err != nil {
		return apperr.Wrap(err, "count otp")
	}
	if n == 0 {
		return nil
	}
	if err := tx.QueryRowContext(ctx, `SELECT created_at FROM otp_verifications WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`, phone).Scan(&last); err != nil {
		return apperr.Wrap(err, "last otp")
	}
	if wait := last.Add(s.cfg.OTPResendGap).Sub(now); wait > 0 {
		return apperr.Throttled(wait, "Please wait %s before requesting a new code", apperr.Wait(wait))
	}
	if n >= s.cfg.OTPPerPhonePerHour {
		var oldest time.Time
		if err := tx.QueryRowContext(ctx, `SELECT created_at FROM otp_verifications WHERE phone = $1 AND created_at > $2 ORDER BY created_at LIMIT 1`, phone, hourAgo).Scan(&oldest); err != nil {
			return apperr.Wrap(err, "oldest otp")
		}
		wait := oldest.Add(time.Hour).Sub(now)
		return apperr.Throttled(wait, "Too many codes requested for this number. Try again in %s", apperr.Wait(wait))
	}
	return nil
}

// errTooManyCodes answers a code whose tries are spent.
var errTooManyCodes = apperr.Throttled(0, "Too many wrong codes. Request a new code")

// VerifyOTP checks code against the newest code sent to the phone. A wrong
// code uses up one of its tries. It returns the E.164 phone on success;
// Invalid for a wrong or expired code; TooManyRequests once the tries are spent.
func (s *Service) VerifyOTP(ctx context.Context, rawPhone, code string) (string, error) {
	phone, err := normalizePhone(rawPhone, "phone")
	if err != nil {
		return "", err
	}
	code = strings.TrimSpace(code)
	if !isSixDigits(code) {
		return "", apperr.Validation(apperr.FieldError{Path: "otp", Message: "Enter the 6-digit code"})
	}
	var failure error
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		var id int64
		var hash string
		var verified bool
		var expires time.Time
		err := tx.QueryRowContext(ctx, `SELECT id, otp_hash, verified, expires_at FROM otp_verifications
			WHERE phone = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, phone).Scan(&id, &hash, &verified, &expires)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			failure = apperr.New(apperr.Invalid, "No code was sent to this number. Request a new code")
			return nil
		case err != nil:
			return apperr.Wrap(err, "find otp")
		case verified:
			failure = apperr.New(apperr.Invalid, "This code was already used. Request a new code")
			return nil
		case !s.db.Time().Before(expires):
			failure = apperr.New(apperr.Invalid, "This code has expired. Request a new code")
			return nil
		}
		attempts, ok, err := useTry(ctx, tx, "otp_verifications", id, s.cfg.OTPMaxAttempts)
		if err != nil || !ok {
			failure = errTooManyCodes
			return err
		}
		if !s.codeMatches(hash, phone, code) {
			if left := s.cfg.OTPMaxAttempts - attempts; left > 0 {
				failure = apperr.New(apperr.Invalid, "Invalid OTP. %d %s left", left, plural(left, "try", "tries"))
			} else {
				failure = errTooManyCodes
			}
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE otp_verifications SET verified = TRUE, verified_at = $1 WHERE id = $2`, s.db.Time(), id)
		return apperr.Wrap(err, "mark otp verified")
	})
	if err != nil {
		return "", err
	}
	if failure != nil {
		return "", failure
	}
	return phone, nil
}

// useTry takes one of the tries of the code with id in table, before the
// code is compared: one conditional UPDATE … RETURNING, so that concurrent
// guesses each take their own try and no more than maxTries are compared.
// It reports the tries used, this one included, and false when none was left.
func useTry(ctx context.Context, tx *sql.Tx, table string, id int64, maxTries int) (int, bool, error) {
	var attempts int
	err := tx.QueryRowContext(ctx, `UPDATE `+table+` SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 RETURNING attempts`, id, maxTries).Scan(&attempts)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, apperr.Wrap(err, "use a code try")
	}
	return attempts, true, nil
}

// requireVerifiedPhone returns Forbidden unless phone passed OTP
// verification within the window.
func (s *Service) requireVerifiedPhone(ctx context.Context, q store.Querier, phone string) error {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM otp_verifications WHERE phone = $1 AND verified = TRUE AND verified_at >= $2`,
		phone, s.db.Time().Add(-s.cfg.VerifiedPhoneWindow)).Scan(&n)
	if err != nil {
		return apperr.Wrap(err, "phone verified")
	}
	if n == 0 {
		return apperr.New(apperr.Forbidden, "Phone not verified. Please verify your phone number first")
	}
	return nil
}

// recordEvent stores a security event: through the recorder (off the
// request path) when the service has one, else at once through q.
func (s *Service) recordEvent(ctx context.Context, q store.Querier, e security.Event) {
	if s.events != nil {
		s.events.Add(e)
		return
	}
	if err := security.Record(ctx, q, s.db.Time(), e); err != nil {
		s.log.ErrorContext(ctx, "record security event", "type", e.Type, "err", err)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
