package store

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
)

// migrationDir is where engine's migrations are embedded.
func migrationDir(engine Engine) string {
	if engine == Postgres {
		return "migrations/postgres"
	}
	return "migrations/sqlite"
}

// LatestMigration returns the highest migration version this build carries
// for engine: the version a migrated database is at.
func LatestMigration(engine Engine) (int64, error) {
	entries, err := fs.ReadDir(migrations, migrationDir(engine))
	if err != nil {
		return 0, err
	}
	var latest int64
	for _, e := range entries {
		v, err := goose.NumericComponent(e.Name())
		if err != nil {
			return 0, fmt.Errorf("migration %s: %w", e.Name(), err)
		}
		latest = max(latest, v)
	}
	return latest, nil
}

// SchemaCurrent returns nil when the database's schema is at this build's
// latest migration (or newer), and an error saying what is wrong otherwise:
// no schema at all, or a version behind. It only reads.
func (db *DB) SchemaCurrent(ctx context.Context) error {
	want, err := LatestMigration(db.Engine)
	if err != nil {
		return err
	}
	var have int64
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version_id), 0) FROM goose_db_version`).Scan(&have); err != nil {
		return fmt.Errorf("read the schema version (has the database been migrated?): %w", err)
	}
	if have < want {
		return fmt.Errorf("schema is at version %d, this build needs %d: run propmatch migrate", have, want)
	}
	return nil
}
