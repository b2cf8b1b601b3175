package notifications

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/settings"
)

// UnsubscribeToken is the token of userID's one-click unsubscribe from
// kind's emails: "<user>.<kind>.<HMAC-SHA256 of both with the server
// secret>". It does not expire: an old email's link keeps working.
func (s *Service) UnsubscribeToken(userID int64, kind settings.Kind) string {
	id := strconv.FormatInt(userID, 10)
	return id + "." + string(kind) + "." + s.sign(id, string(kind))
}

func (s *Service) sign(id, kind string) string {
	m := hmac.New(sha256.New, s.cfg.Secret)
	m.Write([]byte("propmatch-unsubscribe\x00" + id + "\x00" + kind))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// UnsubscribeURL is the one-click unsubscribe link of userID for kind.
func (s *Service) UnsubscribeURL(userID int64, kind settings.Kind) string {
	return s.link("/api/unsubscribe?token=" + url.QueryEscape(s.UnsubscribeToken(userID, kind)))
}

// errBadToken is the answer to a token that is not one of ours.
var errBadToken = apperr.New(apperr.Invalid, "This unsubscribe link is not valid. Turn emails off in Settings instead.")

// ParseUnsubscribe returns the user and kind of token, or Invalid when it
// is malformed or its signature does not match.
func (s *Service) ParseUnsubscribe(token string) (int64, settings.Kind, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return 0, "", errBadToken
	}
	id, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || id <= 0 || len(s.cfg.Secret) == 0 {
		return 0, "", errBadToken
	}
	if !hmac.Equal([]byte(parts[2]), []byte(s.sign(parts[0], parts[1]))) {
		return 0, "", errBadToken
	}
	kind := settings.Kind(parts[1])
	if !knownKind(kind) {
		return 0, "", errBadToken
	}
	return id, kind, nil
}

func knownKind(k settings.Kind) bool {
	for _, kk := range settings.Kinds {
		if kk == k {
			return true
		}
	}
	return false
}

// Unsubscribe turns off the email channel of token's kind for its user
// (settings.StopEmail). It returns Invalid for a bad token and NotFound
// for an account that no longer exists.
func (s *Service) Unsubscribe(ctx context.Context, token string) (settings.Kind, error) {
	id, kind, err := s.ParseUnsubscribe(token)
	if err != nil {
		return "", err
	}
	var one int
	err = s.db.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return "", apperr.New(apperr.NotFound, "This account no longer exists")
	}
	if err != nil {
		return "", apperr.Wrap(err, "unsubscribe")
	}
	if err := settings.StopEmail(ctx, s.db, s.db.Time(), id, kind); err != nil {
		return "", apperr.Wrap(err, "unsubscribe")
	}
	return kind, nil
}

// EmailsOff returns the kind of token and whether its user's emails of
// that kind are already off (the kind, or its email channel, switched off
// in Settings or by an earlier unsubscribe): what the unsubscribe page
// says before offering a button. Invalid for a bad token, NotFound for an
// account that no longer exists.
func (s *Service) EmailsOff(ctx context.Context, token string) (settings.Kind, bool, error) {
	id, kind, err := s.ParseUnsubscribe(token)
	if err != nil {
		return "", false, err
	}
	var one int
	err = s.db.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, apperr.New(apperr.NotFound, "This account no longer exists")
	}
	if err != nil {
		return "", false, apperr.Wrap(err, "unsubscribe page")
	}
	set, err := settings.Get(ctx, s.db, id)
	if err != nil {
		return "", false, apperr.Wrap(err, "unsubscribe page")
	}
	n := set.Notifications.Of(kind)
	return kind, !n.On || !n.Email, nil
}

// KindLabel names kind as the Settings page does.
func KindLabel(kind settings.Kind) string {
	switch kind {
	case settings.Matches:
		return "New matches"
	case settings.Messages:
		return "Messages"
	}
	return "Property updates"
}
