// Package settings owns each agent's saved settings, the user_settings table:
// which notifications they get and on which channels beyond in-app, their
// privacy switches and their app preferences. An agent without a row has
// every default (Defaults). Everything that obeys a setting reads it here.
package settings

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"propmatch/internal/kit/store"
)

// Kind names one kind of notification an agent can turn on or off.
type Kind string

// The notification kinds of the Settings page.
const (
	Matches  Kind = "matches"  // new matches for the agent's requirements or listings
	Messages Kind = "messages" // new in-app messages
	Updates  Kind = "updates"  // property updates: connection requests and answers, changes to matched listings
)

// Kinds lists every kind in the order the Settings page shows them.
var Kinds = []Kind{Matches, Messages, Updates}

// Theme is the app's colour scheme.
type Theme string

// The themes an agent can choose. System follows the device.
const (
	Light  Theme = "light"
	Dark   Theme = "dark"
	System Theme = "system"
)

// Valid reports whether t is a known theme.
func (t Theme) Valid() bool { return t == Light || t == Dark || t == System }

// Notification is one kind's switch and its channels. In-app delivery is
// always on while the kind is on; Email and WhatsApp add those channels.
type Notification struct {
	On       bool `json:"enabled"`
	Email    bool `json:"email"`
	WhatsApp bool `json:"whatsapp"`
}

// Notifications holds the switch of every kind.
type Notifications struct {
	Matches  Notification `json:"matches"`
	Messages Notification `json:"messages"`
	Updates  Notification `json:"updates"`
}

// Of returns kind k's switch; an unknown kind is off.
func (n Notifications) Of(k Kind) Notification {
	switch k {
	case Matches:
		return n.Matches
	case Messages:
		return n.Messages
	case Updates:
		return n.Updates
	}
	return Notification{}
}

// Privacy holds the agent's privacy switches.
type Privacy struct {
	// ProfileVisible off takes the agent out of the directory and discovery;
	// existing connections still see them.
	ProfileVisible bool `json:"profileVisible"`
	// ContactVisible off hides the agent's phone and email from agents they
	// are not connected with.
	ContactVisible bool `json:"contactVisible"`
}

// Preferences holds the app preferences.
type Preferences struct {
	Theme    Theme `json:"theme"`
	AutoSync bool  `json:"autoSync"`
}

// Settings is one agent's saved settings.
type Settings struct {
	Notifications Notifications `json:"notifications"`
	Privacy       Privacy       `json:"privacy"`
	Preferences   Preferences   `json:"preferences"`
}

// Defaults returns the settings of an agent who never saved any: every kind
// on, in-app and email (WhatsApp messages cost the operator money per
// message, so that channel is opt-in), profile and contact details visible,
// the light theme and live updates on.
func Defaults() Settings {
	on := Notification{On: true, Email: true}
	return Settings{
		Notifications: Notifications{Matches: on, Messages: on, Updates: on},
		Privacy:       Privacy{ProfileVisible: true, ContactVisible: true},
		Preferences:   Preferences{Theme: Light, AutoSync: true},
	}
}

// ErrInvalidTheme is returned by Save for a theme that is not known.
var ErrInvalidTheme = errors.New("settings: unknown theme")

const columns = `matches_on, matches_email, matches_whatsapp, messages_on, messages_email, messages_whatsapp,
	updates_on, updates_email, updates_whatsapp, profile_visible, contact_visible, theme, auto_sync`

// Get returns userID's settings, or the defaults when they never saved any.
func Get(ctx context.Context, q store.Querier, userID int64) (Settings, error) {
	return get(ctx, q, userID, "")
}

// get is Get with lock appended to its query (" FOR UPDATE" or "").
func get(ctx context.Context, q store.Querier, userID int64, lock string) (Settings, error) {
	s := Defaults()
	n := &s.Notifications
	err := q.QueryRowContext(ctx, `SELECT `+columns+` FROM user_settings WHERE user_id = $1`+lock, userID).Scan(
		&n.Matches.On, &n.Matches.Email, &n.Matches.WhatsApp,
		&n.Messages.On, &n.Messages.Email, &n.Messages.WhatsApp,
		&n.Updates.On, &n.Updates.Email, &n.Updates.WhatsApp,
		&s.Privacy.ProfileVisible, &s.Privacy.ContactVisible, &s.Preferences.Theme, &s.Preferences.AutoSync)
	if errors.Is(err, sql.ErrNoRows) {
		return Defaults(), nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("settings: get: %w", err)
	}
	return s, nil
}

// Save stores s as userID's settings at time now, replacing what was saved.
func Save(ctx context.Context, q store.Querier, now time.Time, userID int64, s Settings) error {
	if !s.Preferences.Theme.Valid() {
		return ErrInvalidTheme
	}
	n := s.Notifications
	_, err := q.ExecContext(ctx, `INSERT INTO user_settings (user_id, `+columns+`, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
		ON CONFLICT (user_id) DO UPDATE SET
			matches_on = excluded.matches_on, matches_email = excluded.matches_email, matches_whatsapp = excluded.matches_whatsapp,
			messages_on = excluded.messages_on, messages_email = excluded.messages_email, messages_whatsapp = excluded.messages_whatsapp,
			updates_on = excluded.updates_on, updates_email = excluded.updates_email, updates_whatsapp = excluded.updates_whatsapp,
			profile_visible = excluded.profile_visible, contact_visible = excluded.contact_visible,
			theme = excluded.theme, auto_sync = excluded.auto_sync, updated_at = excluded.updated_at`,
		userID, n.Matches.On, n.Matches.Email, n.Matches.WhatsApp,
		n.Messages.On, n.Messages.Email, n.Messages.WhatsApp,
		n.Updates.On, n.Updates.Email, n.Updates.WhatsApp,
		s.Privacy.ProfileVisible, s.Privacy.ContactVisible, s.Preferences.Theme, s.Preferences.AutoSync, now)
	if err != nil {
		return fmt.Errorf("settings: save: %w", err)
	}
	return nil
}

// emailColumn is the column of kind k's email channel; "" for an unknown kind.
func emailColumn(k Kind) string {
	switch k {
	case Matches:
		return "matches_email"
	case Messages:
		return "messages_email"
	case Updates:
		return "updates_email"
	}
	return ""
}

// ErrUnknownKind is returned for a notification kind that does not exist.
var ErrUnknownKind = errors.New("settings: unknown notification kind")

// StopEmail turns off kind k's email channel for userID at time now, keeping
// every other setting: what an email's one-click unsubscribe does. It is one
// statement per step, so it is safe to run concurrently with itself and Save.
func StopEmail(ctx context.Context, q store.Querier, now time.Time, userID int64, k Kind) error {
	col := emailColumn(k)
	if col == "" {
		return ErrUnknownKind
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO user_settings (user_id, updated_at) VALUES ($1, $2)
		ON CONFLICT (user_id) DO NOTHING`, userID, now); err != nil {
		return fmt.Errorf("settings: stop email: %w", err)
	}
	if _, err := q.ExecContext(ctx, `UPDATE user_settings SET `+col+` = FALSE, updated_at = $2 WHERE user_id = $1`, userID, now); err != nil {
		return fmt.Errorf("settings: stop email: %w", err)
	}
	return nil
}

// Service is the settings' request work: reading and changing one agent's
// settings. Get, Save and StopEmail join another service's transaction.
type Service struct{ db *store.DB }

// NewService returns the settings service on db.
func NewService(db *store.DB) *Service { return &Service{db: db} }

// Get returns userID's settings, the defaults where nothing is saved.
func (sv *Service) Get(ctx context.Context, userID int64) (Settings, error) {
	return Get(ctx, sv.db, userID)
}

// Update changes userID's saved settings with change, which starts from
// what is saved (or the defaults), and returns the result. It validates the
// result (Validate) and saves it in one transaction that holds the agent's
// row, so concurrent updates of different switches all land.
func (sv *Service) Update(ctx context.Context, userID int64, change func(*Settings) error) (Settings, error) {
	db := sv.db
	var out Settings
	err := db.WithTx(ctx, func(tx *sql.Tx) error {
		now := db.Time()
		if _, err := tx.ExecContext(ctx, `INSERT INTO user_settings (user_id, updated_at) VALUES ($1, $2)
			ON CONFLICT (user_id) DO NOTHING`, userID, now); err != nil {
			return fmt.Errorf("settings: update: %w", err)
		}
		lock := "" // SQLite's transaction already holds the one write lock
		if db.Engine == store.Postgres {
			lock = " FOR UPDATE"
		}
		s, err := get(ctx, tx, userID, lock)
		if err != nil {
			return err
		}
		if err := change(&s); err != nil {
			return err
		}
		if err := s.Validate(); err != nil {
			return err
		}
		out = s
		return Save(ctx, tx, now, userID, s)
	})
	return out, err
}
