package commands

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"propmatch/internal/feature/backups"
	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/store"
)

// defaultBackupDir is where `propmatch backup` writes without --out.
const defaultBackupDir = backups.DefaultDir

// backupCommand writes a backup of the configured database to a file,
// with a progress line per table on stderr. The file appears under its
// name only once complete: it is written beside it and renamed at the end.
func backupCommand(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) (err error) {
	fl := flag.NewFlagSet("backup", flag.ContinueOnError)
	fl.SetOutput(stderr)
	out := fl.String("out", "", "the file to write (default PROPMATCH_BACKUP_DIR, "+defaultBackupDir+", /propmatch-TIME.zip)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("backup: unexpected argument %q", fl.Arg(0))
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	start := time.Now()
	path := *out
	if path == "" {
		path = filepath.Join(cfg.Backups.Dir, "propmatch-"+dbdump.Stamp(start)+".zip")
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
	m, err := dbdump.Write(ctx, db, f, tableProgress(stderr))
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
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "Backup written to %s: %s rows in %d tables, schema version %d, %s bytes, in %s\n",
		path, thousands(m.Rows()), len(m.Tables), m.SchemaVersion, thousands(info.Size()), time.Since(start).Round(10*time.Millisecond))
	return err
}

// restoreCommand loads a backup file into the configured database, which
// must be empty.
func restoreCommand(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) (err error) {
	if len(args) != 1 || args[0] == "" || args[0][0] == '-' {
		return errors.New("usage: propmatch restore FILE")
	}
	f, err := os.Open(args[0])
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer func() { _ = f.Close() }() // only read
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer closeDB(db, &err)
	start := time.Now()
	_, _ = fmt.Fprintf(stderr, "Restoring %s into the %s database\n", args[0], db.Engine) // progress only
	m, err := dbdump.Restore(ctx, db, f, info.Size(), tableProgress(stderr))
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "Restored %s rows in %d tables from a %s backup of %s (schema version %d) in %s\n",
		thousands(m.Rows()), len(m.Tables), m.Engine, m.CreatedAt.Format(time.RFC3339), m.SchemaVersion, time.Since(start).Round(10*time.Millisecond))
	return err
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
