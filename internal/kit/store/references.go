package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// Reference is a foreign key column pointing at a table, with what its
// owner does when the row it points at is deleted ("CASCADE", "SET NULL",
// "NO ACTION"...).
type Reference struct {
	Table    string
	Column   string
	OnDelete string
}

// ReferencesTo lists the foreign key columns of the database q is connected
// to (an engine's) that point at table, by table then column.
func ReferencesTo(ctx context.Context, q Querier, engine Engine, table string) ([]Reference, error) {
	query := `SELECT m.name, f."from", f.on_delete FROM sqlite_master m, pragma_foreign_key_list(m.name) f
		WHERE m.type = 'table' AND f."table" = $1 ORDER BY m.name, f."from"`
	if engine == Postgres {
		query = `SELECT src.relname, a.attname, CASE c.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL'
			WHEN 'd' THEN 'SET DEFAULT' WHEN 'r' THEN 'RESTRICT' ELSE 'NO ACTION' END
			FROM pg_constraint c
			JOIN pg_class src ON src.oid = c.conrelid
			JOIN pg_class dst ON dst.oid = c.confrelid
			JOIN pg_namespace n ON n.oid = dst.relnamespace AND n.nspname = current_schema()
			JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
			WHERE c.contype = 'f' AND dst.relname = $1 ORDER BY src.relname, a.attname`
	}
	rows, err := q.QueryContext(ctx, query, table)
	if err != nil {
		return nil, fmt.Errorf("references to %s: %w", table, err)
	}
	return Collect(rows, func(rows *sql.Rows, r *Reference) error {
		if err := rows.Scan(&r.Table, &r.Column, &r.OnDelete); err != nil {
			return err
		}
		r.OnDelete = strings.ToUpper(r.OnDelete)
		return nil
	})
}
