// Package dbdump writes a PropMatch database to one file and loads such a
// file into an empty database of either engine.
//
// A backup is a zip archive holding one JSON-lines file per table
// (tables/NAME.jsonl) and, last, manifest.json: the format version, the
// schema (goose) version, the time, the engine it came from, and per table
// its columns, row count and SHA-256 checksum. Tables and column types are
// read from the database, so tables added by later migrations are backed up
// without code changes here. Values are engine-neutral (see encode.go), so a
// SQLite backup restores into PostgreSQL and back. Stored media live in the
// media table, so they are in the backup like any other rows.
//
// Why zip and not tar.gz (docs/decisions.md, "Backups (issue 14)"): the
// manifest's counts and checksums are known only once every row has been
// read, so it is written last; a zip's central directory lets the restore
// read it first, check the format and schema version before touching the
// database, and open the tables in the target's foreign-key order. Each
// entry also carries a CRC-32, so damage is caught per table.
package dbdump

import (
	"fmt"
	"time"
)

// FormatVersion is the version of the backup format this build writes; it
// restores this version and older ones.
const FormatVersion = 1

// formatName marks a manifest as a PropMatch backup's.
const formatName = "propmatch-backup"

// manifestName is the manifest's entry in the archive.
const manifestName = "manifest.json"

// Manifest describes a backup.
type Manifest struct {
	Format        string    `json:"format"`
	FormatVersion int       `json:"formatVersion"`
	SchemaVersion int64     `json:"schemaVersion"`
	CreatedAt     time.Time `json:"createdAt"`
	Engine        string    `json:"engine"`
	// Tables are in an order that loads parents before children.
	Tables []TableSum `json:"tables"`
}

// TableSum is one table in a manifest.
type TableSum struct {
	Name    string   `json:"name"`
	File    string   `json:"file"`
	Columns []Column `json:"columns"`
	Rows    int64    `json:"rows"`
	// SHA256 is the hex SHA-256 of the table's file: its rows in canonical
	// form, one per line, in primary-key order.
	SHA256 string `json:"sha256"`
}

// Column is a column's name and engine-neutral kind.
type Column struct {
	Name string `json:"name"`
	Kind Kind   `json:"type"`
}

// Rows returns the total number of rows in m.
func (m Manifest) Rows() int64 {
	var n int64
	for _, t := range m.Tables {
		n += t.Rows
	}
	return n
}

// Progress reports a backup's or a restore's advance: Rows rows of Table
// done, and Done once the table is complete.
type Progress struct {
	Table string
	Rows  int64
	Done  bool
}

// progressEvery is how many rows pass between two progress reports of a table.
const progressEvery = 100_000

// Error is a backup that cannot be restored, with a message for the
// operator: the file is damaged, from a newer PropMatch, or the target is
// not empty.
type Error struct{ msg string }

func (e *Error) Error() string { return e.msg }

func refuse(format string, args ...any) error { return &Error{msg: fmt.Sprintf(format, args...)} }
