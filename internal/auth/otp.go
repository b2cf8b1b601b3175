package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"propmatch/internal/apperr"
	"propmatch/internal/india"
	"propmatch/internal/security"
)

// SentOTP is the answer to a send-otp request. Code is set only when the
// service echoes codes (development mode).
type SentOTP struct {
	Phone string
	Code  string
}

// normalizePhone returns the E.164 form of raw, or a field error at path.
func normalizePhone(raw, path string) (string, error) {
	phone, err := india.NormalizeMobile(raw)
	if err != nil {
		return "", apperr.Validation(apperr.FieldError{Path: path, Message: err.Error()})
	}
	return phone, nil
}

// SendOTP sends a fresh 6-digit code to a mobile phone over WhatsApp. It
// returns Invalid for a bad or landline number, Conflict when the number
// already has an account, TooManyRequests when a limit is hit, and
// Unavailable when the provider fails.
func (s *Service) SendOTP(ctx context.Context, rawPhone string, c Client) (SentOTP, error) {
	phone, err := normalizePhone(rawPhone, "phone")
	if err != nil {
		return SentOTP{}, err
	}
	code, err := newCode(s.random)
	if err != nil {
		return SentOTP{}, apperr.Wrap(err, "otp code")
	}
	var otpID int64
	err = s.db.WithTx(ctx, func(tx *sql.Tx) error {
		if err := s.checkTaken(ctx, tx, "", phone, ""); err != nil {
			return err
		}
		if err := s.checkOTPLimits(ctx, tx, phone, c); err != nil {
			return err
		}
		now := s.db.Time()
		return tx.QueryRowContext(ctx, `INSERT INTO otp_verifications (phone, otp_hash, ip, expires_at, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, phone, hashCode(phone, code), c.IP, now.Add(s.cfg.OTPTTL), now).Scan(&otpID)
	})
	if err != nil {
		if apperr.CodeOf(err) == apperr.TooManyRequests {
			s.recordEvent(ctx, s.db, security.Event{Type: security.RateLimitHit, IP: c.IP, URL: c.URL, Subject: "phone:" + india.MaskPhone(phone), Detail: "otp send limit"})
		}
		return SentOTP{}, apperr.Wrap(err, "send otp")
	}
	if err := s.otp.SendOTP(ctx, phone, code); err != nil {
		s.log.ErrorContext(ctx, "otp delivery failed", "phone", india.MaskPhone(phone), "err", err)
		s.db.ExecContext(ctx, `DELETE FROM otp_verifications WHERE id = $1`, otpID)
		return SentOTP{}, &apperr.Error{Code: apperr.Unavailable, Message: "We could not send the code right now. Please try again in a minute", Err: err}
	}
	sent := SentOTP{Phone: phone}
	if s.cfg.EchoOTP {
		sent.Code = code
	}
	return sent, nil
}

// checkOTPLimits enforces the resend gap and the hourly limits per phone and per IP.
func (s *Service) checkOTPLimits(ctx context.Context, tx *sql.Tx, phone string, c Client) error {
	now := s.db.Time()
	hourAgo := now.Add(-time.Hour)
	var n int
	var last time.Time
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM otp_verifications WHERE phone = $1 AND created_at > $2`, phone, hourAgo).Scan(&n)
	if err != nil {
		return apperr.Wrap(err, "count otp")
	}
	if n > 0 {
		if err := tx.QueryRowContext(ctx, `SELECT created_at FROM otp_verifications WHERE phone = $1 ORDER BY created_at DESC LIMIT 1`, phone).Scan(&last); err != nil {
			return apperr.Wrap(err, "last otp")
		}
		if wait := last.Add(s.cfg.OTPResendGap).Sub(now); wait > 0 {
			return apperr.Throttled(wait, "Please wait %s before requesting a new code", humanWait(wait))
		}
	}
	if n >= s.cfg.OTPPerPhonePerHour {
		var oldest time.Time
		if err := tx.QueryRowContext(ctx, `SELECT created_at FROM otp_verifications WHERE phone = $1 AND created_at > $2 ORDER BY created_at LIMIT 1`, phone, hourAgo).Scan(&oldest); err != nil {
			return apperr.Wrap(err, "oldest otp")
		}
		wait := oldest.Add(time.Hour).Sub(now)
		return apperr.Throttled(wait, "Too many codes requested for this number. Try again in %s", humanWait(wait))
	}
	if c.IP != "" {
		var perIP int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM otp_verifications WHERE ip = $1 AND created_at > $2`, c.IP, hourAgo).Scan(&perIP); err != nil {
			return apperr.Wrap(err, "count otp per ip")
		}
		if perIP >= s.cfg.OTPPerIPPerHour {
			return apperr.Throttled(time.Hour, "Too many codes requested from your network. Try again later")
		}
	}
	return nil
}

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
		var attempts int
		var verified bool
		var expires time.Time
		err := tx.QueryRowContext(ctx, `SELECT id, otp_hash, attempts, verified, expires_at FROM otp_verifications
			WHERE phone = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, phone).Scan(&id, &hash, &attempts, &verified, &expires)
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
		case attempts >= s.cfg.OTPMaxAttempts:
			failure = apperr.Throttled(0, "Too many wrong codes. Request a new code")
			return nil
		}
		if !codeMatches(hash, phone, code) {
			if _, err := tx.ExecContext(ctx, `UPDATE otp_verifications SET attempts = attempts + 1 WHERE id = $1`, id); err != nil {
				return apperr.Wrap(err, "count otp try")
			}
			left := s.cfg.OTPMaxAttempts - attempts - 1
			if left <= 0 {
				failure = apperr.Throttled(0, "Too many wrong codes. Request a new code")
			} else {
				failure = apperr.New(apperr.Invalid, "Invalid OTP. %d %s left", left, plural(left, "try", "tries"))
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

// phoneVerifiedRecently reports whether phone passed OTP verification within the window.
func (s *Service) phoneVerifiedRecently(ctx context.Context, tx *sql.Tx, phone string) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM otp_verifications WHERE phone = $1 AND verified = TRUE AND verified_at >= $2`,
		phone, s.db.Time().Add(-s.cfg.VerifiedPhoneWindow)).Scan(&n)
	return n > 0, err
}

// recordEvent stores a security event through q: the open transaction when
// there is one (on SQLite a second connection would wait for its lock).
func (s *Service) recordEvent(ctx context.Context, q security.Querier, e security.Event) {
	if err := security.Record(ctx, q, s.db.Time(), e); err != nil {
		s.log.ErrorContext(ctx, "record security event", "type", e.Type, "err", err)
	}
}

// humanWait says d in whole seconds or minutes, rounded up.
func humanWait(d time.Duration) string {
	if d < time.Minute {
		secs := int(math.Ceil(d.Seconds()))
		return fmt.Sprintf("%d %s", secs, plural(secs, "second", "seconds"))
	}
	mins := int(math.Ceil(d.Minutes()))
	return fmt.Sprintf("%d %s", mins, plural(mins, "minute", "minutes"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
