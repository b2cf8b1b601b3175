package dbdump

import (
	"archive/zip"
	"bufio"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"propmatch/internal/kit/store"
)

// maxManifest caps the manifest's size: a real one is a few kilobytes.
const maxManifest = 8 << 20

// maxLine caps one row's line: the largest is a stored image (under
// 300 KiB, a third more in base64).
const maxLine = 16 << 20

// RestoreOptions are a restore's key and reports.
type RestoreOptions struct {
	// Key checks the manifest's signature: KeyFrom(the server secret).
	Key Key
	// TrustUnsigned restores a backup whose signature is missing or does
	// not match Key (one from another installation), after calling Warn.
	TrustUnsigned bool
	// Warn, when not nil, is told why a trusted backup's signature failed.
	Warn func(reason string)
	// Progress, when not nil, is called every 100,000 rows of a table and
	// once the table is done.
	Progress func(Progress)
}

// Restore loads the backup in r (size bytes) into db, which must be empty:
// it checks the manifest's signature against opts.Key, brings db's schema
// to the backup's version, loads every table in one transaction, checks
// each table's row count and checksum against the manifest before
// committing, resets PostgreSQL's id sequences, and then runs the
// migrations this build has beyond the backup's version. A refusal (a
// damaged, unsigned or edited file, a newer format or schema, a checksum
// mismatch, a database that is not empty) is an *Error, and leaves no row
// loaded; a database that had no schema is left without one.
func Restore(ctx context.Context, db *store.DB, r io.ReaderAt, size int64, opts RestoreOptions) (Manifest, error) {
	progress := opts.Progress
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return Manifest{}, refuse("this is not a PropMatch backup, or the file is truncated or damaged (%v)", err)
	}
	m, files, raw, err := readManifest(zr)
	if err != nil {
		return m, err
	}
	if err := checkSizes(m, files, size); err != nil {
		return m, err
	}
	if why := checkSignature(files, raw, opts.Key); why != "" {
		if !opts.TrustUnsigned {
			return m, refuse("this backup cannot be trusted: %s. Nothing was restored. A backup of this installation restores with its server secret (PROPMATCH_SECRET or the secret file); "+
				"to restore one from another installation that you trust, run restore again with --trust-unsigned", why)
		}
		if opts.Warn != nil {
			opts.Warn(why)
		}
	}
	have, err := checkSchema(ctx, db, m)
	if err != nil {
		return m, err
	}
	if have > 0 { // refuse a database with rows before migrating it; load checks again
		tables, err := readSchema(ctx, db, db.Engine)
		if err != nil {
			return m, err
		}
		if err := checkEmpty(ctx, db, tables); err != nil {
			return m, err
		}
	}
	// A database with no schema gets its tables from the migrations below;
	// a refusal after them drops those tables again, so a refused restore
	// leaves the database as it was.
	undo := func(err error) error { return err }
	if have == 0 {
		before, err := tableNames(ctx, db)
		if err != nil {
			return m, err
		}
		undo = func(err error) error { return errors.Join(err, dropCreated(context.WithoutCancel(ctx), db, before)) }
	}
	if err := db.MigrateTo(ctx, m.SchemaVersion); err != nil {
		return m, undo(err)
	}
	var tables []table
	err = db.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		tables, err = load(ctx, tx, db.Engine, m, files, progress)
		return err
	})
	if err != nil {
		return m, undo(err)
	}
	if err := settle(ctx, db, tables); err != nil {
		return m, fmt.Errorf("the backup is loaded, but %w", err)
	}
	if err := db.Migrate(ctx); err != nil {
		return m, fmt.Errorf("the backup is loaded, but bringing its schema up to date failed: %w", err)
	}
	return m, nil
}

// readManifest reads and checks the manifest and returns it with the
// archive's files by name and the manifest's bytes.
func readManifest(zr *zip.Reader) (Manifest, map[string]*zip.File, []byte, error) {
	var m Manifest
	files := map[string]*zip.File{}
	for _, f := range zr.File {
		files[f.Name] = f
	}
	f := files[manifestName]
	if f == nil {
		return m, nil, nil, refuse("this is not a PropMatch backup: it has no %s", manifestName)
	}
	rc, err := f.Open()
	if err != nil {
		return m, nil, nil, refuse("the backup's manifest cannot be read (%v)", err)
	}
	defer func() { _ = rc.Close() }()
	raw, err := io.ReadAll(io.LimitReader(rc, maxManifest))
	if err != nil {
		return m, nil, nil, refuse("the backup's manifest is damaged (%v)", err)
	}
	if err := json.Unmarshal(raw, &m); err != nil || m.Format != formatName {
		return m, nil, nil, refuse("this is not a PropMatch backup: its manifest is not one")
	}
	if m.FormatVersion > FormatVersion {
		return m, nil, nil, refuse("this backup has format version %d, made by a newer PropMatch; this one reads up to version %d: restore it with the newer release", m.FormatVersion, FormatVersion)
	}
	if m.FormatVersion < 1 {
		return m, nil, nil, refuse("this backup's format version %d is not valid", m.FormatVersion)
	}
	for _, t := range m.Tables {
		if files[t.File] == nil {
			return m, nil, nil, refuse("the backup is incomplete: table %s's file %s is missing", t.Name, t.File)
		}
	}
	return m, files, raw, nil
}

// checkSchema refuses a backup whose schema version this build does not
// have, and a database already past the backup's version. It returns the
// database's version.
func checkSchema(ctx context.Context, db *store.DB, m Manifest) (int64, error) {
	versions, err := store.Migrations(db.Engine)
	if err != nil {
		return 0, err
	}
	if !slices.Contains(versions, m.SchemaVersion) {
		return 0, refuse("this backup has schema version %d, which this PropMatch does not know (it has versions %d to %d): restore it with the release that made it or a newer one",
			m.SchemaVersion, versions[0], versions[len(versions)-1])
	}
	have, err := store.SchemaVersion(ctx, db, db.Engine)
	if err != nil {
		return 0, err
	}
	if have > m.SchemaVersion {
		return have, refuse("the database's schema is at version %d, past the backup's %d: restore into a new, empty database (propmatch restore migrates it)", have, m.SchemaVersion)
	}
	return have, nil
}

// load loads every table of the backup into tx, parents first, and
// returns the tables.
func load(ctx context.Context, tx *sql.Tx, engine store.Engine, m Manifest, files map[string]*zip.File, progress func(Progress)) ([]table, error) {
	tables, err := readSchema(ctx, tx, engine)
	if err != nil {
		return nil, err
	}
	return tables, loadTables(ctx, tx, engine, m, tables, files, progress)
}

func loadTables(ctx context.Context, tx *sql.Tx, engine store.Engine, m Manifest, tables []table, files map[string]*zip.File, progress func(Progress)) error {
	if err := checkEmpty(ctx, tx, tables); err != nil {
		return err
	}
	sums := map[string]TableSum{}
	for _, t := range m.Tables {
		sums[t.Name] = t
	}
	for _, t := range tables {
		if _, ok := sums[t.name]; !ok {
			return refuse("the backup has no table %s, which schema version %d has: the file is damaged", t.name, m.SchemaVersion)
		}
	}
	if len(sums) != len(tables) {
		for _, s := range m.Tables {
			if !slices.ContainsFunc(tables, func(t table) bool { return t.name == s.Name }) {
				return refuse("the backup has a table %s that schema version %d does not: the file is damaged", s.Name, m.SchemaVersion)
			}
		}
	}
	restoreCache, err := bigCache(ctx, tx, engine)
	if err != nil {
		return err
	}
	defer restoreCache()
	names, creates, err := secondaryIndexes(ctx, tx, engine)
	if err != nil {
		return err
	}
	for _, name := range names {
		if _, err := tx.ExecContext(ctx, "DROP INDEX "+quote(name)); err != nil {
			return fmt.Errorf("drop index %s for the load: %w", name, err)
		}
	}
	for _, t := range tables {
		if err := loadTable(ctx, tx, engine, t, sums[t.name], files[sums[t.name].File], progress); err != nil {
			return err
		}
	}
	for i, create := range creates {
		if _, err := tx.ExecContext(ctx, create); err != nil {
			return fmt.Errorf("rebuild index %s: %w", names[i], err)
		}
	}
	if engine == store.Postgres {
		return resetSequences(ctx, tx, tables)
	}
	return nil
}

// secondaryIndexes returns the names and CREATE statements of the
// non-unique indexes. The load drops them and builds them again at the end,
// in the same transaction: building an index once is much faster than
// updating it row by row (a refused load rolls the drop back too). Unique
// indexes and keys stay, so they check the rows as they arrive.
func secondaryIndexes(ctx context.Context, tx *sql.Tx, engine store.Engine) (names, creates []string, err error) {
	q := `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
		AND sql NOT LIKE 'CREATE UNIQUE%' AND tbl_name <> $1 ORDER BY name`
	if engine == store.Postgres {
		q = `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()
			AND indexdef NOT LIKE 'CREATE UNIQUE%' AND tablename <> $1 ORDER BY indexname`
	}
	rows, err := tx.QueryContext(ctx, q, store.GooseTable)
	if err != nil {
		return nil, nil, fmt.Errorf("read the index definitions: %w", err)
	}
	for rows.Next() {
		var name, create string
		if err := rows.Scan(&name, &create); err != nil {
			_ = rows.Close()
			return nil, nil, err
		}
		names, creates = append(names, name), append(creates, create)
	}
	return names, creates, closeRows(rows)
}

// loadCacheKiB is SQLite's page cache during a restore (64 MiB): the
// load's dirty pages spill to the log beyond it, and the index builds at
// the end of a large load sort in as much memory before they use temporary
// files, so it bounds the restore's memory whatever the row count. It was
// 512 MiB, with which a crafted backup of a million small rows took 366 MB
// and as many rows again more; 64 MiB loads as fast (see
// BenchmarkRestoreManyRows and docs/decisions.md, issue 21).
const loadCacheKiB = 64 * 1024

// bigCache enlarges SQLite's page cache on the restore's connection and
// returns a function that puts it back.
func bigCache(ctx context.Context, tx *sql.Tx, engine store.Engine) (func(), error) {
	if engine != store.SQLite {
		return func() {}, nil
	}
	var was int64
	if err := tx.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&was); err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA cache_size = -%d`, loadCacheKiB)); err != nil {
		return nil, err
	}
	return func() {
		// The connection goes back to the pool: give it its own cache again.
		_, _ = tx.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf(`PRAGMA cache_size = %d`, was))
	}, nil
}

// settle does on PostgreSQL, after the bulk load, what autovacuum would do
// in the first minutes of use (as the demo loader does): it marks the new
// rows visible and gathers the planner's statistics, so the first requests
// are planned on real figures.
func settle(ctx context.Context, db *store.DB, tables []table) error {
	if db.Engine != store.Postgres || len(tables) == 0 {
		return nil
	}
	names := make([]string, len(tables))
	for i, t := range tables {
		names[i] = quote(t.name)
	}
	if _, err := db.ExecContext(ctx, "VACUUM (ANALYZE) "+strings.Join(names, ", ")); err != nil {
		return fmt.Errorf("vacuum and analyze failed: %w", err)
	}
	return nil
}

// checkEmpty refuses a database with a row in any table.
func checkEmpty(ctx context.Context, q store.Querier, tables []table) error {
	var full []string
	for _, t := range tables {
		var one int
		err := q.QueryRowContext(ctx, "SELECT 1 FROM "+quote(t.name)+" LIMIT 1").Scan(&one)
		if err == nil {
			full = append(full, t.name)
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	if len(full) > 0 {
		return refuse("the database is not empty (%s hold rows): restore loads only into an empty database, so nothing is overwritten; create a new database and restore into it",
			strings.Join(full, ", "))
	}
	return nil
}

// loadTable inserts one table's rows in batches, checking the columns
// against the schema and the count and checksum against the manifest.
func loadTable(ctx context.Context, tx *sql.Tx, engine store.Engine, t table, sum TableSum, f *zip.File, progress func(Progress)) error {
	if err := sameColumns(t, sum); err != nil {
		return err
	}
	rc, err := f.Open()
	if err != nil {
		return refuse("table %s cannot be read from the backup (%v)", t.name, err)
	}
	defer func() { _ = rc.Close() }()
	h := sha256.New()
	br := bufio.NewReaderSize(io.TeeReader(rc, h), 256<<10)
	ins := newInserter(ctx, tx, engine, t)
	defer ins.close()
	var n int64
	for {
		line, err := readLine(br)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return refuse("table %s in the backup is damaged: %v", t.name, err)
		}
		n++
		if n > sum.Rows {
			// Stop here: a file with more rows than declared is refused
			// anyway, and loading them all first would cost their time and
			// memory (the checks on sizes trust the declared counts).
			return refuse("table %s has more rows in the backup than the %d its manifest says: the file is damaged or was changed; nothing was restored", t.name, sum.Rows)
		}
		vals, err := decodeRow(line, t.columns)
		if err != nil {
			return refuse("table %s, row %d in the backup is damaged: %v", t.name, n, err)
		}
		if err := ins.add(vals, len(line)); err != nil {
			return fmt.Errorf("restore %s, row %d: %w", t.name, n, err)
		}
		if progress != nil && n%progressEvery == 0 {
			progress(Progress{Table: t.name, Rows: n})
		}
	}
	if err := ins.flush(); err != nil {
		return fmt.Errorf("restore %s: %w", t.name, err)
	}
	if n != sum.Rows {
		return refuse("table %s has %d rows in the backup but its manifest says %d: the file is damaged or was changed; nothing was restored", t.name, n, sum.Rows)
	}
	if got := hexSum(h); got != sum.SHA256 {
		return refuse("table %s's checksum does not match the manifest (%s, expected %s): the file is damaged or was changed; nothing was restored", t.name, got, sum.SHA256)
	}
	if progress != nil {
		progress(Progress{Table: t.name, Rows: n, Done: true})
	}
	return nil
}

// sameColumns refuses a table whose columns in the backup are not the
// schema's (they are, for an untouched file at a version this build has).
func sameColumns(t table, sum TableSum) error {
	names := func(cols []Column) string {
		s := make([]string, len(cols))
		for i, c := range cols {
			s[i] = c.Name
		}
		return strings.Join(s, ", ")
	}
	if names(t.columns) != names(sum.Columns) {
		return refuse("table %s's columns in the backup (%s) are not the schema's (%s): the file is damaged or was changed",
			t.name, names(sum.Columns), names(t.columns))
	}
	return nil
}

// readLine returns the next line of br without its newline, or io.EOF at
// the end. A last line without a newline means the file was cut short.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err == nil {
		return line[:len(line)-1], nil
	}
	if errors.Is(err, bufio.ErrBufferFull) {
		buf := append([]byte(nil), line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			if len(buf) > maxLine {
				return nil, fmt.Errorf("a line is longer than %d bytes", maxLine)
			}
			line, err = br.ReadSlice('\n')
			buf = append(buf, line...)
		}
		if err == nil {
			return buf[:len(buf)-1], nil
		}
		line = buf
	}
	if errors.Is(err, io.EOF) && len(line) == 0 {
		return nil, io.EOF
	}
	if errors.Is(err, io.EOF) {
		return nil, errors.New("its last line is cut short")
	}
	return nil, err
}

// resetSequences moves every PostgreSQL id sequence past the loaded ids,
// so the next row inserted gets a new one.
func resetSequences(ctx context.Context, tx *sql.Tx, tables []table) error {
	for _, t := range tables {
		for _, col := range t.serial {
			q := `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(` + quote(col) + `) FROM ` + quote(t.name) + `), 0) + 1, false)`
			if _, err := tx.ExecContext(ctx, q, quote(t.name), col); err != nil {
				return fmt.Errorf("reset the id sequence of %s.%s: %w", t.name, col, err)
			}
		}
	}
	return nil
}
