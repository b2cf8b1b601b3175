// Package commands wires PropMatch together and runs its commands: serve,
// migrate, demo, backup, restore and users set-role.
package commands

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/auth"
)

const usage = `PropMatch: matching properties with buyers, for agents.

Usage:
  propmatch serve [--addr ADDR] [--demo]   run the server (migrates first)
  propmatch migrate                        bring the database schema up to date
  propmatch demo [--agents N] [--properties N] [--requirements N] [--seed S] [--append]
                                           fill the database with a generated demo market
  propmatch backup [--out FILE]            write a backup of the database to one file
                                           (default $PROPMATCH_BACKUP_DIR/propmatch-TIME.zip)
  propmatch restore [--trust-unsigned] FILE
                                           load a backup into an empty database
                                           (either engine: the way from SQLite to PostgreSQL);
                                           --trust-unsigned takes one not signed with this
                                           installation's server secret, after a warning
  propmatch users set-role USERNAME ROLE   make a user an admin or an agent

Configuration is read from the environment; see the README.
`

// Run runs the command in args (without the program name). It returns when
// the command ends or ctx is cancelled. web is the built web app that
// `serve` serves (index.html at its root; nil or empty serves none).
func Run(ctx context.Context, web fs.FS, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError(stderr, errors.New("no command given"))
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
		return migrateCommand(ctx, cfg, stdout)
	case "demo":
		return demoCommand(ctx, cfg, args[1:], stdout, stderr)
	case "backup":
		return backupCommand(ctx, cfg, args[1:], stdout, stderr)
	case "restore":
		return restoreCommand(ctx, cfg, args[1:], stdout, stderr)
	case "users":
		return usersCommand(ctx, cfg, args[1:], log, stdout)
	case "help", "-h", "--help":
		_, err := fmt.Fprint(stdout, usage)
		return err
	default:
		return usageError(stderr, fmt.Errorf("unknown command %q", args[0]))
	}
}

// usageError prints the usage to stderr and returns err, joined with the
// error of that write if it fails.
func usageError(stderr io.Writer, err error) error {
	_, werr := fmt.Fprint(stderr, usage)
	return errors.Join(err, werr)
}

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

func usersCommand(ctx context.Context, cfg Config, args []string, log *slog.Logger, stdout io.Writer) (err error) {
	if len(args) != 3 || args[0] != "set-role" {
		return errors.New("usage: propmatch users set-role USERNAME admin|agent")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	svc := auth.New(db, authConfig(cfg), nil, nil, log)
	u, err := svc.SetRole(ctx, args[1], args[2])
	if apperr.CodeOf(err) == apperr.Internal {
		return err
	}
	if err != nil {
		return errors.New(apperr.MessageOf(err))
	}
	_, err = fmt.Fprintf(stdout, "%s is now %s\n", u.Username, u.Role)
	return err
}
