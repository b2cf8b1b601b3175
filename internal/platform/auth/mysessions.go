package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
)

// SessionInfo is one of an agent's active sessions as they see it: never
// its token or the token's hash.
type SessionInfo struct {
	ID         int64     `json:"id"`
	Device     string    `json:"device"`
	IP         string    `json:"ip"`
	CreatedAt  time.Time `json:"createdAt"`
	LastUsedAt time.Time `json:"lastUsedAt"`
	Current    bool      `json:"current"`
}

// Sessions returns userID's sessions that are still live (neither past
// their lifetime nor idle too long), most recently used first; the one
// whose token is currentToken is marked current.
func (s *Service) Sessions(ctx context.Context, userID int64, currentToken string) ([]SessionInfo, error) {
	now := s.db.Time()
	rows, err := s.db.QueryContext(ctx, `SELECT id, token_hash, ip, user_agent, created_at, last_seen_at FROM sessions
		WHERE user_id = $1 AND expires_at > $2 AND last_seen_at > $3 ORDER BY last_seen_at DESC, id DESC`,
		userID, now, now.Add(-s.cfg.SessionIdle))
	if err != nil {
		return nil, apperr.Wrap(err, "list sessions")
	}
	current := hashToken(currentToken)
	list, err := store.Collect(rows, func(rows *sql.Rows, si *SessionInfo) error {
		var hash, agent string
		if err := rows.Scan(&si.ID, &hash, &si.IP, &agent, store.ScanTime(&si.CreatedAt), store.ScanTime(&si.LastUsedAt)); err != nil {
			return err
		}
		si.Device = DeviceOf(agent)
		si.Current = currentToken != "" && hash == current
		return nil
	})
	return list, apperr.Wrap(err, "list sessions")
}

// EndSession signs out userID's session id and reports whether it was the
// one with currentToken. Another user's session, or one already gone, is
// NotFound.
func (s *Service) EndSession(ctx context.Context, userID, id int64, currentToken string) (bool, error) {
	var hash string
	err := s.db.QueryRowContext(ctx, `DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING token_hash`, id, userID).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return false, apperr.New(apperr.NotFound, "Session not found")
	}
	if err != nil {
		return false, apperr.Wrap(err, "end session")
	}
	return currentToken != "" && hash == hashToken(currentToken), nil
}

// EndOtherSessions signs out every session of userID but the one with
// currentToken, and returns how many it ended.
func (s *Service) EndOtherSessions(ctx context.Context, userID int64, currentToken string) (int64, error) {
	return s.endOtherSessions(ctx, s.db, userID, currentToken)
}

func (s *Service) endOtherSessions(ctx context.Context, q store.Querier, userID int64, currentToken string) (int64, error) {
	res, err := q.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, hashToken(currentToken))
	if err != nil {
		return 0, apperr.Wrap(err, "end other sessions")
	}
	n, err := res.RowsAffected()
	return n, apperr.Wrap(err, "end other sessions")
}
