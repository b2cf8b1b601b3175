package dbdump_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"propmatch/internal/kit/dbdump"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// smallBackup returns a backup of a filled SQLite database.
func smallBackup(t *testing.T) []byte {
	t.Helper()
	m := fill(t, storetest.New(t, store.SQLite))
	var buf bytes.Buffer
	if _, err := dbdump.Write(ctx, m.db, &buf, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// rewrite returns file with each entry passed through edit (by name).
func rewrite(t *testing.T, file []byte, edit func(name string, data []byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(edit(f.Name, data))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// editManifest returns file with its manifest changed by fn.
func editManifest(t *testing.T, file []byte, fn func(m map[string]any)) []byte {
	return rewrite(t, file, func(name string, data []byte) []byte {
		if name != "manifest.json" {
			return data
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		fn(m)
		out, _ := json.Marshal(m)
		return out
	})
}

// editTable returns file with table's lines changed by fn.
func editTable(t *testing.T, file []byte, table string, fn func(lines []string) []string) []byte {
	return rewrite(t, file, func(name string, data []byte) []byte {
		if name != "tables/"+table+".jsonl" {
			return data
		}
		lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		return []byte(strings.Join(fn(lines), "\n") + "\n")
	})
}

func TestRestoreRefuses(t *testing.T) {
	good := smallBackup(t)
	corrupt := bytes.Clone(good)
	for i := len(corrupt) / 4; i < len(corrupt)/4+64; i++ {
		corrupt[i] ^= 0x5a
	}
	tests := []struct {
		name  string
		file  []byte
		twice bool // restore good first, then this: the target is not empty
		want  string
	}{
		{"NotABackup", []byte("PropMatch? no, a text file"), false, "not a PropMatch backup, or the file is truncated or damaged"},
		{"Truncated", good[:len(good)*2/3], false, "truncated or damaged"},
		{"Corrupt", corrupt, false, "damaged"},
		{"NoManifest", rewrite(t, good, func(name string, data []byte) []byte {
			if name == "manifest.json" {
				return []byte("{}")
			}
			return data
		}), false, "its manifest is not one"},
		{"NewerFormat", editManifest(t, good, func(m map[string]any) { m["formatVersion"] = 99 }), false,
			"format version 99, made by a newer PropMatch; this one reads up to version 1"},
		{"UnknownSchema", editManifest(t, good, func(m map[string]any) { m["schemaVersion"] = 9999 }), false,
			"schema version 9999, which this PropMatch does not know"},
		{"ChecksumMismatch", editTable(t, good, "users", func(l []string) []string {
			l[0] = strings.Replace(l[0], "Priya", "Priyanka", 1)
			return l
		}), false, "table users's checksum does not match the manifest"},
		{"RowMissing", editTable(t, good, "messages", func(l []string) []string { return l[1:] }), false,
			"table messages has"},
		{"BadValue", editTable(t, good, "matches", func(l []string) []string {
			l[0] = strings.Replace(l[0], "[", `["x",`, 1)
			return l
		}), false, "table matches, row 1 in the backup is damaged"},
		{"NotEmpty", good, true, "the database is not empty ("},
	}
	for _, tt := range tests {
		for _, e := range storetest.Engines() {
			t.Run(tt.name+"/"+string(e), func(t *testing.T) {
				db, err := store.Open(ctx, storetest.URL(t, e))
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				var before int
				if tt.twice {
					if _, err := dbdump.Restore(ctx, db, bytes.NewReader(good), int64(len(good)), nil); err != nil {
						t.Fatal(err)
					}
					db.QueryRow(`SELECT COUNT(*) FROM messages`).Scan(&before)
				}
				_, err = dbdump.Restore(ctx, db, bytes.NewReader(tt.file), int64(len(tt.file)), nil)
				var be *dbdump.Error
				if !errors.As(err, &be) || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("Restore = %v, want a refusal saying %q", err, tt.want)
				}
				// Nothing half-loaded: the database holds what it held before.
				version, _ := store.SchemaVersion(ctx, db, db.Engine)
				if version == 0 {
					return // refused before touching the database
				}
				var after int
				if err := db.QueryRow(`SELECT COUNT(*) FROM messages`).Scan(&after); err != nil {
					t.Fatal(err)
				}
				if after != before {
					t.Errorf("%d messages after the refusal, %d before", after, before)
				}
			})
		}
	}
}

func TestRestoredBackupOfAnOlderSchemaIsMigrated(t *testing.T) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			src, err := store.Open(ctx, storetest.URL(t, e))
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			versions, _ := store.Migrations(e)
			older := versions[len(versions)-2]
			if err := src.MigrateTo(ctx, older); err != nil {
				t.Fatal(err)
			}
			now := src.Time()
			if _, err := src.Exec(`INSERT INTO users (username, password_hash, full_name, phone, created_at, updated_at)
				VALUES ('old', 'hash', 'Old Timer', '+919800000000', $1, $1)`, now); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			mf, err := dbdump.Write(ctx, src, &buf, nil)
			if err != nil {
				t.Fatal(err)
			}
			if mf.SchemaVersion != older {
				t.Fatalf("manifest schema version %d, want %d", mf.SchemaVersion, older)
			}
			// A database already migrated past the backup's version is refused.
			current := storetest.New(t, e)
			if _, err := dbdump.Restore(ctx, current, bytes.NewReader(buf.Bytes()), int64(buf.Len()), nil); err == nil ||
				!strings.Contains(err.Error(), "past the backup's") {
				t.Errorf("restore into a newer schema = %v, want a refusal", err)
			}
			dst, err := store.Open(ctx, storetest.URL(t, e))
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Close()
			if _, err := dbdump.Restore(ctx, dst, bytes.NewReader(buf.Bytes()), int64(buf.Len()), nil); err != nil {
				t.Fatal(err)
			}
			if err := dst.SchemaCurrent(ctx); err != nil {
				t.Errorf("after the restore: %v", err)
			}
			var name string
			if err := dst.QueryRow(`SELECT full_name FROM users WHERE username = 'old'`).Scan(&name); err != nil || name != "Old Timer" {
				t.Errorf("restored user: %q, %v", name, err)
			}
		})
	}
}
