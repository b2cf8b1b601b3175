package dbdump

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"propmatch/internal/kit/store"
)

// tableNames returns the names of the database's tables, goose's version
// table included, newest first on SQLite (the order to drop them in).
func tableNames(ctx context.Context, db *store.DB) ([]string, error) {
	query := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY rowid DESC`
	if db.Engine == store.Postgres {
		query = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	names, err := strings1(ctx, db, query)
	if err != nil {
		return nil, fmt.Errorf("list the tables: %w", err)
	}
	return names, nil
}

// dropCreated drops, in one transaction, every table db has that is not
// in before: those a refused restore's migrations made. They hold no row
// (the load's transaction was rolled back), so nothing is lost.
func dropCreated(ctx context.Context, db *store.DB, before []string) error {
	now, err := tableNames(ctx, db)
	if err != nil {
		return err
	}
	var made []string
	for _, name := range now {
		if !slices.Contains(before, name) {
			made = append(made, `"`+name+`"`)
		}
	}
	if len(made) == 0 {
		return nil
	}
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		if db.Engine == store.Postgres {
			_, err := tx.ExecContext(ctx, `DROP TABLE `+strings.Join(made, ", ")+` CASCADE`)
			return err
		}
		for _, name := range made { // newest first: a table goes before those it refers to
			if _, err := tx.ExecContext(ctx, `DROP TABLE `+name); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("the tables the refused restore made could not be removed: %w", err)
	}
	return nil
}
