package store

import (
	"context"
	"fmt"
	"io/fs"
	"slices"

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
	versions, err := Migrations(engine)
	if err != nil || len(versions) == 0 {
		return 0, err
	}
	return versions[len(versions)-1], nil
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

// Migrations returns the migration versions this build carries for engine,
// in ascending order.
func Migrations(engine Engine) ([]int64, error) {
	entries, err := fs.ReadDir(migrations, migrationDir(engine))
	if err != nil {
		return nil, err
	}
	versions := make([]int64, 0, len(entries))
	for _, e := range entries {
		v, err := goose.NumericComponent(e.Name())
		if err != nil {
			return nil, fmt.Errorf("migration %s: %w", e.Name(), err)
		}
		versions = append(versions, v)
	}
	slices.Sort(versions)
	return versions, nil
}

// GooseTable is the table goose keeps the applied migrations in.
const GooseTable = "goose_db_version"

// SchemaVersion returns the database's schema version: the highest applied
// migration, or 0 for a database that was never migrated.
func SchemaVersion(ctx context.Context, q Querier, engine Engine) (int64, error) {
	exists := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = $1`
	if engine == Postgres {
		exists = `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1`
	}
	var n int
	if err := q.QueryRowContext(ctx, exists, GooseTable).Scan(&n); err != nil {
		return 0, fmt.Errorf("look for the schema version table: %w", err)
	}
	if n == 0 {
		return 0, nil
	}
	var v int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(version_id), 0) FROM `+GooseTable).Scan(&v); err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	return v, nil
}

// MigrateTo brings the schema up to version (not beyond), for loading a
// backup taken at that version before the later migrations run on its rows.
func (db *DB) MigrateTo(ctx context.Context, version int64) error {
	provider, err := db.migrationProvider()
	if err != nil {
		return err
	}
	if _, err := provider.UpTo(ctx, version); err != nil {
		return fmt.Errorf("migrate to version %d: %w", version, err)
	}
	return nil
}
