package commands

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"propmatch/internal/feature/backups"
	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/store"
	"propmatch/internal/platform/security"
)

// defaultBackupDir is where `propmatch backup` writes without --out.
const defaultBackupDir = backups.DefaultDir

var backupCmd = command{name: "backup", summary: "write a backup of the database to one file (default $PROPMATCH_BACKUP_DIR/propmatch-TIME.zip)",
	define: func(fl *flag.FlagSet) runner {
		out := fl.String("out", "", "the `FILE` to write (default PROPMATCH_BACKUP_DIR, "+defaultBackupDir+", /propmatch-TIME.zip)")
		force := fl.Bool("force", false, "replace the file --out names when it exists (without it, an existing file is refused)")
		return func(ctx context.Context, c call, _ []string) error {
			return backupCommand(ctx, c.cfg, *out, *force, c.stdout, c.stderr)
		}
	}}

// backupCommand writes a backup of the configured database to a file,
// with a progress line per table on stderr. The file appears under its
// name only once complete: it is written beside it and renamed at the end.
// An existing file is refused unless force is set.
func backupCommand(ctx context.Context, cfg Config, out string, force bool, stdout, stderr io.Writer) (err error) {
	secret, err := serverSecret(cfg)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	start := time.Now()
	path := out
	if path == "" {
		path = filepath.Join(cfg.Backups.Dir, "propmatch-"+dbdump.Stamp(start)+".zip")
	}
	if !force {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("backup: %s already exists: name another file, or give --force to replace it", path)
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".propmatch-backup-*.partial")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()           // the backup's error is the one to report
			_ = os.Remove(f.Name()) // a partial file is of no use
		}
	}()
	_, _ = fmt.Fprintf(stderr, "Backing up the %s database to %s\n", db.Engine, path) // progress only: a closed stderr must not stop a backup
	m, err := dbdump.Write(ctx, db, f, dbdump.KeyFrom(secret), tableProgress(stderr))
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := publish(f.Name(), path, force); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if _, err := fmt.Fprintf(stdout, "Backup written to %s: %s rows in %d tables, schema version %d, %s bytes, in %s\n",
		path, thousands(m.Rows()), len(m.Tables), m.SchemaVersion, thousands(info.Size()), time.Since(start).Round(10*time.Millisecond)); err != nil {
		return err
	}
	return sendOffsite(ctx, cfg.Backups.Offsite, path, stdout)
}

// sendOffsite copies the backup file at path off-site when off-site
// copies are configured (PROPMATCH_BACKUP_S3_*), as the server does after
// its own backups. A failed copy is the command's error; the local file
// stays, complete.
func sendOffsite(ctx context.Context, o backups.Offsite, path string, stdout io.Writer) error {
	if !o.On() {
		return nil
	}
	to, err := o.Send(ctx, path)
	if err != nil {
		return fmt.Errorf("backup: the file %s is written, but its off-site copy to %s failed: %w", path, o.Destination(), err)
	}
	_, err = fmt.Fprintf(stdout, "Copied off-site to %s\n", to)
	return err
}

var restoreCmd = command{name: "restore", args: "FILE", nargs: 1,
	summary: `load a backup into an empty database (either engine: the way from SQLite to PostgreSQL);
a backup not signed with this installation's server secret needs --trust-unsigned`,
	define: func(fl *flag.FlagSet) runner {
		trust := fl.Bool("trust-unsigned", false, "restore a backup not signed with this installation's server secret (one from another installation), after a warning")
		return func(ctx context.Context, c call, args []string) error {
			return restoreCommand(ctx, c.cfg, args[0], *trust, c.stdout, c.stderr)
		}
	}}

// publish gives the finished file tmp its name path. Without force it
// never replaces a file: one made at path while the backup ran is refused
// too (a hard link fails on an existing name), and tmp is then removed.
func publish(tmp, path string, force bool) error {
	if force {
		return os.Rename(tmp, path)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, os.ErrExist) {
			err = fmt.Errorf("%s already exists: name another file, or give --force to replace it", path)
		}
		return err
	}
	return os.Remove(tmp)
}

// restoreCommand loads a backup file into the configured database, which
// must be empty. The backup's manifest must be signed with this
// installation's server secret; trust restores one that is not (from
// another installation), after a loud warning.
func restoreCommand(ctx context.Context, cfg Config, file string, trust bool, stdout, stderr io.Writer) (err error) {
	if file == "" {
		return usageErrorf("restore needs the backup FILE")
	}
	key, err := restoreKey(cfg)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	f, err := os.Open(file) //nolint:gosec // the operator names the file
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer func() { _ = f.Close() }() // only read
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// A SQLite file that the restore makes and then fails to fill is
	// removed: a failed restore leaves no empty database behind.
	if path, ok := store.SQLitePath(cfg.DatabaseURL); ok {
		if _, statErr := os.Lstat(path); errors.Is(statErr, os.ErrNotExist) {
			defer func() {
				if err != nil {
					err = errors.Join(err, removeSQLite(path))
				}
			}()
		}
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	start := time.Now()
	_, _ = fmt.Fprintf(stderr, "Restoring %s into the %s database\n", file, db.Engine) // progress only
	m, err := dbdump.Restore(ctx, db, f, info.Size(), dbdump.RestoreOptions{Key: key, TrustUnsigned: trust,
		Warn: func(why string) { warnUnsigned(stderr, why) }, Progress: tableProgress(stderr)})
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "Restored %s rows in %d tables from a %s backup of %s (schema version %d) in %s\n",
		thousands(m.Rows()), len(m.Tables), m.Engine, m.CreatedAt.Format(time.RFC3339), m.SchemaVersion, time.Since(start).Round(10*time.Millisecond))
	return err
}

// removeSQLite removes the SQLite database at path with its write-ahead
// log and shared-memory files.
func removeSQLite(path string) error {
	var errs []error
	for _, f := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// restoreKey returns the key that checks a backup's signature: from the
// configured server secret, or nil when the secret file does not exist yet
// (a new installation: the restore then needs --trust-unsigned, and no
// secret file is made for a restore that may be refused).
func restoreKey(cfg Config) (dbdump.Key, error) {
	file := cfg.SecretFile
	if file == "" {
		file = security.DefaultSecretFile(cfg.DatabaseURL)
	}
	if strings.TrimSpace(cfg.Secret) == "" {
		if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
	}
	secret, err := serverSecret(cfg)
	if err != nil {
		return nil, err
	}
	return dbdump.KeyFrom(secret), nil
}

// warnUnsigned tells the operator, loudly, that a backup whose signature
// failed is being restored because they said to trust it.
func warnUnsigned(w io.Writer, why string) {
	_, _ = fmt.Fprintf(w, `
!!! WARNING: this backup is NOT signed by this installation: %s.
!!! It is restored because --trust-unsigned was given. Every row is loaded as the file has it,
!!! users, roles and password hashes included: restore only a file whose origin you know,
!!! and check who is an admin afterwards.

`, why)
}

// tableProgress prints a backup's or restore's progress to w. The lines
// are only information: a failed write to w does not stop the work.
func tableProgress(w io.Writer) func(dbdump.Progress) {
	return func(p dbdump.Progress) {
		more := "…"
		if p.Done {
			more = ""
		}
		_, _ = fmt.Fprintf(w, "  %-24s %s rows%s\n", p.Table, thousands(p.Rows), more)
	}
}
