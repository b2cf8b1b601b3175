// Package commands wires PropMatch together and runs its commands: serve,
// migrate, demo, backup, restore and users set-role.
package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/auth"
)

func newLogger(cfg Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDB opens the configured database and migrates it.
func openDB(ctx context.Context, cfg Config) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		return nil, errors.Join(err, db.Close())
	}
	return db, nil
}

// closeDB closes db and joins its error to *err: a command that wrote to
// the database reports a failure to close it.
func closeDB(db *store.DB, err *error) {
	*err = errors.Join(*err, db.Close())
}

// migrateCommand brings the database schema up to date.
func migrateCommand(ctx context.Context, cfg Config, stdout io.Writer) (err error) {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	_, err = fmt.Fprintf(stdout, "%s database is up to date\n", db.Engine)
	return err
}

func authConfig(cfg Config) auth.Config {
	ac := auth.DefaultConfig()
	ac.OTPPerIPPerHour = cfg.OTPPerIPPerHour
	ac.SessionIdle = cfg.SessionIdle
	ac.SessionMaxAge = cfg.SessionMaxAge
	ac.EchoOTP = cfg.Dev()
	return ac
}

// usersCommand makes user username's role role (`users set-role`).
func usersCommand(ctx context.Context, cfg Config, username, role string, log *slog.Logger, stdout io.Writer) (err error) {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	svc := auth.New(db, authConfig(cfg), nil, nil, log)
	u, err := svc.SetRole(ctx, username, role)
	if apperr.CodeOf(err) == apperr.Internal {
		return err
	}
	if err != nil {
		return errors.New(apperr.MessageOf(err))
	}
	_, err = fmt.Fprintf(stdout, "%s is now %s\n", u.Username, u.Role)
	return err
}
