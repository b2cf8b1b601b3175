package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
)

// Session is a signed-in user and the token that proves it.
type Session struct {
	Token     string
	ExpiresAt time.Time
}

// errSignedOut is what every failed session lookup returns, whatever the cause.
var errSignedOut = apperr.New(apperr.Unauthorized, "Not signed in")

// startSession stores a new session for userID and returns its token. A new
// token is made at every sign-in; only its hash is stored.
func (s *Service) startSession(ctx context.Context, tx *sql.Tx, userID int64, c Client) (Session, error) {
	token, hash, err := newToken(s.random)
	if err != nil {
		return Session{}, apperr.Wrap(err, "session token")
	}
	now := s.db.Time()
	expires := now.Add(s.cfg.SessionMaxAge)
	_, err = tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, ip, user_agent, created_at, last_seen_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $5, $6)`, hash, userID, input.Header(c.IP, input.MaxClientIP), input.Header(c.UserAgent, input.MaxUserAgent), now, expires)
	if err != nil {
		return Session{}, apperr.Wrap(err, "insert session")
	}
	return Session{Token: token, ExpiresAt: expires}, nil
}

// Authenticate returns the user a session token belongs to. It returns
// Unauthorized when the token is unknown, idle for too long, past its
// absolute lifetime, or its user is disabled.
func (s *Service) Authenticate(ctx context.Context, token string) (User, error) {
	if token == "" {
		return User{}, errSignedOut
	}
	hash := hashToken(token)
	var sessionID int64
	var lastSeen, expires time.Time
	u, err := scanUser(s.db.QueryRowPrepared(ctx, `SELECT `+userColumns+`, s.id, `+store.Qualify("s", "last_seen_at, expires_at")+`
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`, hash), &sessionID, store.ScanTime(&lastSeen), store.ScanTime(&expires))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, errSignedOut
	}
	if err != nil {
		return User{}, apperr.Wrap(err, "authenticate")
	}
	now := s.db.Time()
	if !now.Before(expires) || !now.Before(lastSeen.Add(s.cfg.SessionIdle)) || !u.IsActive {
		if _, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, sessionID); err != nil {
			return User{}, apperr.Wrap(err, "delete expired session")
		}
		return User{}, errSignedOut
	}
	// Sliding idle expiry, written at most once a minute per session.
	if now.Sub(lastSeen) > time.Minute {
		if _, err := s.db.ExecContext(ctx, `UPDATE sessions SET last_seen_at = $1 WHERE id = $2`, now, sessionID); err != nil {
			return User{}, apperr.Wrap(err, "touch session")
		}
	}
	return u, nil
}

// Logout destroys the session with token. An unknown token is not an error.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, hashToken(token))
	return apperr.Wrap(err, "logout")
}

// DeleteExpiredSessions removes sessions past their absolute or idle expiry
// and returns how many it removed.
func (s *Service) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	now := s.db.Time()
	res, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2`, now, now.Add(-s.cfg.SessionIdle))
	if err != nil {
		return 0, apperr.Wrap(err, "delete expired sessions")
	}
	return res.RowsAffected()
}
