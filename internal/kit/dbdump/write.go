package dbdump

import (
	"archive/zip"
	"bufio"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"time"

	"propmatch/internal/kit/store"
)

// Write writes a backup of db to w and returns its manifest. It reads
// every table in one read-only transaction (REPEATABLE READ on PostgreSQL; a
// deferred one on SQLite, which never takes the write lock), so the backup is
// one consistent snapshot while the server keeps writing, and it streams
// rows: no table is held in memory. The manifest is signed with key (see
// sign.go), which may not be empty. progress, when not nil, is called
// every 100,000 rows of a table and once the table is done.
func Write(ctx context.Context, db *store.DB, w io.Writer, key Key, progress func(Progress)) (Manifest, error) {
	if len(key) == 0 {
		return Manifest{}, errors.New("a backup needs the server secret to sign it")
	}
	zw := zip.NewWriter(w)
	m, err := snapshot(ctx, db, func(name string) (io.Writer, error) {
		return zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: db.Now()})
	}, progress)
	if err != nil {
		return m, err
	}
	mw, err := zw.CreateHeader(&zip.FileHeader{Name: manifestName, Method: zip.Deflate, Modified: m.CreatedAt})
	if err != nil {
		return m, err
	}
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return m, err
	}
	raw = append(raw, '\n')
	if _, err := mw.Write(raw); err != nil {
		return m, err
	}
	sw, err := zw.CreateHeader(&zip.FileHeader{Name: signatureName, Method: zip.Store, Modified: m.CreatedAt})
	if err != nil {
		return m, err
	}
	if _, err := io.WriteString(sw, key.sign(raw)+"\n"); err != nil {
		return m, err
	}
	return m, zw.Close()
}

// Summarize returns the manifest a backup of db taken now would have (row
// counts and checksums), without writing one: a restored database's
// summary equals its backup's.
func Summarize(ctx context.Context, db *store.DB) (Manifest, error) {
	return snapshot(ctx, db, func(string) (io.Writer, error) { return io.Discard, nil }, nil)
}

// snapshot reads every table of db in one read transaction, writing each
// table's canonical lines to the writer create returns for its file name.
func snapshot(ctx context.Context, db *store.DB, create func(name string) (io.Writer, error), progress func(Progress)) (Manifest, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.Engine == store.Postgres {
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := db.BeginTx(ctx, opts)
	if err != nil {
		return Manifest{}, fmt.Errorf("begin the backup's read transaction: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // read-only: nothing to commit
	m := Manifest{Format: formatName, FormatVersion: FormatVersion, CreatedAt: db.Time(), Engine: string(db.Engine)}
	// The first read fixes SQLite's snapshot; the version and the schema are
	// read inside it, so they describe the rows that follow.
	if m.SchemaVersion, err = store.SchemaVersion(ctx, tx, db.Engine); err != nil {
		return m, err
	}
	if m.SchemaVersion == 0 {
		return m, errors.New("the database has no schema yet (run propmatch migrate): nothing to back up")
	}
	tables, err := readSchema(ctx, tx, db.Engine)
	if err != nil {
		return m, err
	}
	for _, t := range tables {
		sum := TableSum{Name: t.name, File: "tables/" + t.name + ".jsonl", Columns: t.columns}
		w, err := create(sum.File)
		if err != nil {
			return m, err
		}
		if err := writeTable(ctx, tx, db.Engine, t, w, &sum, progress); err != nil {
			return m, fmt.Errorf("back up %s: %w", t.name, err)
		}
		m.Tables = append(m.Tables, sum)
	}
	return m, nil
}

// writeTable streams t's rows to w in canonical form and fills in sum's
// count and checksum.
func writeTable(ctx context.Context, tx *sql.Tx, engine store.Engine, t table, w io.Writer, sum *TableSum, progress func(Progress)) error {
	rows, err := tx.QueryContext(ctx, selectRows(t, engine))
	if err != nil {
		return err
	}
	defer func() { _ = rows.Close() }()
	h := sha256.New()
	bw := bufio.NewWriterSize(io.MultiWriter(w, h), 64<<10)
	vals := make([]any, len(t.columns))
	ptrs := make([]any, len(t.columns))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	var line []byte
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		line, err = appendRow(line[:0], t.columns, vals)
		if err != nil {
			return fmt.Errorf("row %d: %w", sum.Rows+1, err)
		}
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
		sum.Rows++
		if progress != nil && sum.Rows%progressEvery == 0 {
			progress(Progress{Table: t.name, Rows: sum.Rows})
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	sum.SHA256 = hexSum(h)
	if progress != nil {
		progress(Progress{Table: t.name, Rows: sum.Rows, Done: true})
	}
	return nil
}

func hexSum(h hash.Hash) string { return hex.EncodeToString(h.Sum(nil)) }

// Stamp returns the time part of a backup's default file name for t.
func Stamp(t time.Time) string { return t.UTC().Format("20060102-150405") }
