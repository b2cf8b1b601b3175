package dbdump

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"propmatch/internal/kit/store"
)

// Kind is a column's engine-neutral type.
type Kind string

// The kinds a column can have. A type neither engine's mapping knows is
// backed up as text (PostgreSQL casts it with ::text and reads it back).
const (
	KindInt   Kind = "int"
	KindFloat Kind = "float"
	KindBool  Kind = "bool"
	KindText  Kind = "text"
	KindTime  Kind = "time"
	KindBytes Kind = "bytes"
)

// table is an application table as the database describes it.
type table struct {
	name    string
	columns []Column        // sorted by name: the file's column order on every engine
	pk      []string        // primary key columns, in key order
	parents []string        // tables its foreign keys point to
	serial  []string        // PostgreSQL columns filled from a sequence
	castPG  map[string]bool // PostgreSQL columns of a type without a kind, read as ::text
}

// readSchema returns every application table (all but goose's) of the
// database q is connected to, parents before children.
func readSchema(ctx context.Context, q store.Querier, engine store.Engine) ([]table, error) {
	var (
		tables []table
		err    error
	)
	if engine == store.Postgres {
		tables, err = readPostgres(ctx, q)
	} else {
		tables, err = readSQLite(ctx, q)
	}
	if err != nil {
		return nil, fmt.Errorf("read the schema: %w", err)
	}
	return loadOrder(tables)
}

func readSQLite(ctx context.Context, q store.Querier) ([]table, error) {
	names, err := strings1(ctx, q, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite\_%' ESCAPE '\' AND name <> $1 ORDER BY name`, store.GooseTable)
	if err != nil {
		return nil, err
	}
	tables := make([]table, 0, len(names))
	for _, name := range names {
		t := table{name: name}
		rows, err := q.QueryContext(ctx, `SELECT name, type, pk FROM pragma_table_info($1)`, name)
		if err != nil {
			return nil, err
		}
		type keyCol struct {
			name string
			pos  int
		}
		var keys []keyCol
		for rows.Next() {
			var col, typ string
			var pk int
			if err := rows.Scan(&col, &typ, &pk); err != nil {
				_ = rows.Close()
				return nil, err
			}
			t.columns = append(t.columns, Column{Name: col, Kind: sqliteKind(typ)})
			if pk > 0 {
				keys = append(keys, keyCol{col, pk})
			}
		}
		if err := closeRows(rows); err != nil {
			return nil, err
		}
		slices.SortFunc(t.columns, func(a, b Column) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(keys, func(a, b keyCol) int { return a.pos - b.pos })
		for _, k := range keys {
			t.pk = append(t.pk, k.name)
		}
		t.parents, err = strings1(ctx, q, `SELECT DISTINCT "table" FROM pragma_foreign_key_list($1)`, name)
		if err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// sqliteKind maps a declared SQLite type to a kind, following SQLite's own
// affinity rules for the types PropMatch does not name itself.
func sqliteKind(declared string) Kind {
	t := strings.ToUpper(declared)
	switch {
	case t == "BOOLEAN" || t == "BOOL":
		return KindBool
	case t == "DATETIME" || t == "TIMESTAMP" || t == "TIMESTAMPTZ":
		return KindTime
	case strings.Contains(t, "INT"):
		return KindInt
	case strings.Contains(t, "CHAR") || strings.Contains(t, "CLOB") || strings.Contains(t, "TEXT"):
		return KindText
	case strings.Contains(t, "BLOB") || t == "BYTEA":
		return KindBytes
	case strings.Contains(t, "REAL") || strings.Contains(t, "FLOA") || strings.Contains(t, "DOUB"):
		return KindFloat
	}
	return KindText
}

func readPostgres(ctx context.Context, q store.Querier) ([]table, error) {
	byName := map[string]*table{}
	var order []string
	rows, err := q.QueryContext(ctx, `SELECT c.table_name, c.column_name, c.data_type, c.is_identity,
			COALESCE(c.column_default, '')
		FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name <> $1
		ORDER BY c.table_name, c.column_name`, store.GooseTable)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var name, col, typ, identity, def string
		if err := rows.Scan(&name, &col, &typ, &identity, &def); err != nil {
			_ = rows.Close()
			return nil, err
		}
		t := byName[name]
		if t == nil {
			t = &table{name: name, castPG: map[string]bool{}}
			byName[name] = t
			order = append(order, name)
		}
		kind, ok := postgresKind(typ)
		if !ok {
			t.castPG[col] = true
		}
		t.columns = append(t.columns, Column{Name: col, Kind: kind})
		if identity == "YES" || strings.HasPrefix(def, "nextval(") {
			t.serial = append(t.serial, col)
		}
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, `SELECT cl.relname, a.attname
		FROM pg_constraint c
		JOIN pg_class cl ON cl.oid = c.conrelid
		JOIN pg_namespace n ON n.oid = cl.relnamespace
		CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, pos)
		JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
		WHERE c.contype = 'p' AND n.nspname = current_schema()
		ORDER BY cl.relname, k.pos`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var name, col string
		if err := rows.Scan(&name, &col); err != nil {
			_ = rows.Close()
			return nil, err
		}
		if t := byName[name]; t != nil {
			t.pk = append(t.pk, col)
		}
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, `SELECT DISTINCT cl.relname, pcl.relname
		FROM pg_constraint c
		JOIN pg_class cl ON cl.oid = c.conrelid
		JOIN pg_class pcl ON pcl.oid = c.confrelid
		JOIN pg_namespace n ON n.oid = cl.relnamespace
		WHERE c.contype = 'f' AND n.nspname = current_schema()`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var name, parent string
		if err := rows.Scan(&name, &parent); err != nil {
			_ = rows.Close()
			return nil, err
		}
		if t := byName[name]; t != nil {
			t.parents = append(t.parents, parent)
		}
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	tables := make([]table, 0, len(order))
	for _, name := range order {
		tables = append(tables, *byName[name])
	}
	return tables, nil
}

// postgresKind maps information_schema's data_type to a kind; ok is false
// for types read and written as text.
func postgresKind(dataType string) (Kind, bool) {
	switch dataType {
	case "bigint", "integer", "smallint":
		return KindInt, true
	case "double precision", "real":
		return KindFloat, true
	case "boolean":
		return KindBool, true
	case "text", "character varying", "character":
		return KindText, true
	case "timestamp with time zone", "timestamp without time zone":
		return KindTime, true
	case "bytea":
		return KindBytes, true
	}
	return KindText, false
}

// loadOrder sorts tables so that every table comes after the tables its
// foreign keys point to (alphabetically among equals, so the order is the
// same on both engines). A table's keys to itself are left to its rows'
// primary-key order.
func loadOrder(tables []table) ([]table, error) {
	byName := map[string]table{}
	for _, t := range tables {
		byName[t.name] = t
	}
	done := map[string]bool{}
	out := make([]table, 0, len(tables))
	for len(out) < len(tables) {
		progressed := false
		for _, t := range tables { // tables are sorted by name
			if done[t.name] {
				continue
			}
			ready := true
			for _, p := range t.parents {
				if p != t.name && !done[p] {
					if _, ok := byName[p]; ok {
						ready = false
					}
				}
			}
			if ready {
				done[t.name] = true
				out = append(out, t)
				progressed = true
				break
			}
		}
		if !progressed {
			var left []string
			for _, t := range tables {
				if !done[t.name] {
					left = append(left, t.name)
				}
			}
			return nil, fmt.Errorf("the foreign keys of %s form a cycle: no load order exists", strings.Join(left, ", "))
		}
	}
	return out, nil
}

// strings1 returns the single text column of query's rows.
func strings1(ctx context.Context, q store.Querier, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			_ = rows.Close()
			return nil, err
		}
		out = append(out, s)
	}
	return out, closeRows(rows)
}

func closeRows(rows *sql.Rows) error {
	if err := rows.Err(); err != nil {
		_ = rows.Close()
		return err
	}
	return rows.Close()
}

// quote returns name as a quoted SQL identifier.
func quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }
