// Package app wires PropMatch together and runs its commands: serve,
// migrate, demo and users set-role.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"

	"propmatch/internal/apperr"
	"propmatch/internal/auth"
	"propmatch/internal/store"
)

const usage = `PropMatch: matching properties with buyers, for agents.

Usage:
  propmatch serve [--addr ADDR] [--demo]   run the server (migrates first)
  propmatch migrate                        bring the database schema up to date
  propmatch demo [--agents N] [--properties N] [--requirements N] [--seed S] [--append]
                                           fill the database with a generated demo market
  propmatch users set-role USERNAME ROLE   make a user an admin or an agent

Configuration is read from the environment; see the README.
`

// Run runs the command in args (without the program name). It returns when
// the command ends or ctx is cancelled. web is the built web app that
// `serve` serves (index.html at its root; nil or empty serves none).
func Run(ctx context.Context, web fs.FS, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	switch args[0] {
	case "serve":
		TuneGC(getenv)
		return serve(ctx, cfg, web, args[1:], log, stdout, stderr)
	case "migrate":
		db, err := openDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		fmt.Fprintf(stdout, "%s database is up to date\n", db.Engine)
		return nil
	case "demo":
		return demoCommand(ctx, cfg, args[1:], stdout, stderr)
	case "users":
		return usersCommand(ctx, cfg, args[1:], log, stdout)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}

func newLogger(cfg Config, w io.Writer) *slog.Logger {
	var level slog.Level
	level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
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
		db.Close()
		return nil, err
	}
	return db, nil
}

func authConfig(cfg Config) auth.Config {
	ac := auth.DefaultConfig()
	ac.OTPPerIPPerHour = cfg.OTPPerIPPerHour
	ac.SessionIdle = cfg.SessionIdle
	ac.SessionMaxAge = cfg.SessionMaxAge
	ac.EchoOTP = cfg.Dev()
	return ac
}

func usersCommand(ctx context.Context, cfg Config, args []string, log *slog.Logger, stdout io.Writer) error {
	if len(args) != 3 || args[0] != "set-role" {
		return errors.New("usage: propmatch users set-role USERNAME admin|agent")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := auth.New(db, authConfig(cfg), nil, nil, log)
	u, err := svc.SetRole(ctx, args[1], args[2])
	if apperr.CodeOf(err) == apperr.Internal {
		return err
	}
	if err != nil {
		return errors.New(apperr.MessageOf(err))
	}
	fmt.Fprintf(stdout, "%s is now %s\n", u.Username, u.Role)
	return nil
}
