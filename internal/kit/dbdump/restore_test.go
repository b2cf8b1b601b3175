package dbdump_test

import (
	"archive/zip"
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
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
	if _, err := dbdump.Write(ctx, m.db, &buf, testKey, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// testKey signs the tests' backups, as the server secret's key would.
var testKey = dbdump.KeyFrom([]byte("a test server secret of 32 chars"))

// rewrite returns file with each entry passed through edit (by name), its
// manifest signed again with testKey: what the other checks see.
func rewrite(t *testing.T, file []byte, edit func(name string, data []byte) []byte) []byte {
	return rewriteSigned(t, file, testKey, edit)
}

// rewriteSigned returns file with each entry passed through edit (by name;
// nil drops it), its manifest signed with key, or with the old signature
// kept when key is nil.
func rewriteSigned(t *testing.T, file []byte, key dbdump.Key, edit func(name string, data []byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(file), int64(len(file)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	var manifest []byte
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		data = edit(f.Name, data)
		switch f.Name {
		case "manifest.json":
			manifest = data
		case "manifest.sig":
			if key != nil && data != nil {
				data = []byte(sign(key, manifest))
			}
		}
		if data == nil {
			continue
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// sign returns the hex HMAC-SHA256 of manifest under key.
func sign(key dbdump.Key, manifest []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write(manifest)
	return hex.EncodeToString(m.Sum(nil))
}

// tamper returns file with table's lines changed by fn and the manifest's
// checksum and row count of the table made to match, signed with key (nil:
// the old signature kept), as someone editing a backup would.
func tamper(t *testing.T, file []byte, table string, key dbdump.Key, fn func(lines []string) []string) []byte {
	t.Helper()
	var sum string
	var rows int
	edited := rewriteSigned(t, file, nil, func(name string, data []byte) []byte {
		if name != "tables/"+table+".jsonl" {
			return data
		}
		lines := fn(strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"))
		data = []byte(strings.Join(lines, "\n") + "\n")
		h := sha256.Sum256(data)
		sum, rows = hex.EncodeToString(h[:]), len(lines)
		return data
	})
	return rewriteSigned(t, edited, key, func(name string, data []byte) []byte {
		if name != "manifest.json" {
			return data
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		for _, tab := range m["tables"].([]any) {
			if tab := tab.(map[string]any); tab["name"] == table {
				tab["sha256"], tab["rows"] = sum, rows
			}
		}
		out, _ := json.MarshalIndent(m, "", "  ")
		return append(out, '\n')
	})
}

// makeAdmin turns the first agent of users' lines into an admin.
func makeAdmin(t *testing.T) func(lines []string) []string {
	return func(lines []string) []string {
		for i, l := range lines {
			if strings.Contains(l, `"agent"`) {
				lines[i] = strings.Replace(l, `"agent"`, `"admin"`, 1)
				return lines
			}
		}
		t.Fatal("no agent in the users table")
		return nil
	}
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
		// Signatures (issue 21, S4): an edited file whose checksums were
		// made to match is refused unless signed with this secret's key.
		{"TamperedWithNewChecksums", tamper(t, good, "users", nil, makeAdmin(t)), false,
			"its signature does not match this installation's server secret"},
		{"TamperedSignedWithAnotherSecret", tamper(t, good, "users", dbdump.KeyFrom([]byte("another installation's secret!!!")), makeAdmin(t)), false,
			"its signature does not match this installation's server secret"},
		// Sizes (issue 21, S17): refused before the database is touched, or
		// as soon as a table has more rows than declared.
		{"HugeRowCount", craft(t, good, "rate_counters", 10, 1_000_000_000, counterLine), false,
			"table rate_counters declares 1,000,000,000 rows, but its file"},
		{"MoreRowsThanDeclared", craft(t, good, "rate_counters", 5000, 10, counterLine), false,
			"table rate_counters has more rows in the backup than the 10 its manifest says"},
		{"ZipBomb", craft(t, good, "rate_counters", 1_000_000, -1, func(int) string { return counterLine(0) }), false,
			"inflates from"},
		{"Unsigned", rewriteSigned(t, good, nil, func(name string, data []byte) []byte {
			if name == "manifest.sig" {
				return nil
			}
			return data
		}), false, "it is not signed (no manifest.sig)"},
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
					if _, err := dbdump.Restore(ctx, db, bytes.NewReader(good), int64(len(good)), dbdump.RestoreOptions{Key: testKey}); err != nil {
						t.Fatal(err)
					}
					db.QueryRow(`SELECT COUNT(*) FROM messages`).Scan(&before)
				}
				_, err = dbdump.Restore(ctx, db, bytes.NewReader(tt.file), int64(len(tt.file)), dbdump.RestoreOptions{Key: testKey})
				var be *dbdump.Error
				if !errors.As(err, &be) || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("Restore = %v, want a refusal saying %q", err, tt.want)
				}
				// Nothing half-loaded: the database holds what it held before.
				version, _ := store.SchemaVersion(ctx, db, db.Engine)
				if !tt.twice {
					// It had no schema, and has none still: no table made.
					if n := countTables(t, db); version != 0 || n != 0 {
						t.Fatalf("the refused restore left schema version %d and %d tables in an empty database", version, n)
					}
					return
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
			mf, err := dbdump.Write(ctx, src, &buf, testKey, nil)
			if err != nil {
				t.Fatal(err)
			}
			if mf.SchemaVersion != older {
				t.Fatalf("manifest schema version %d, want %d", mf.SchemaVersion, older)
			}
			// A database already migrated past the backup's version is refused.
			current := storetest.New(t, e)
			if _, err := dbdump.Restore(ctx, current, bytes.NewReader(buf.Bytes()), int64(buf.Len()), dbdump.RestoreOptions{Key: testKey}); err == nil ||
				!strings.Contains(err.Error(), "past the backup's") {
				t.Errorf("restore into a newer schema = %v, want a refusal", err)
			}
			dst, err := store.Open(ctx, storetest.URL(t, e))
			if err != nil {
				t.Fatal(err)
			}
			defer dst.Close()
			if _, err := dbdump.Restore(ctx, dst, bytes.NewReader(buf.Bytes()), int64(buf.Len()), dbdump.RestoreOptions{Key: testKey}); err != nil {
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

// TestRestoreChecksTheSignature: only a backup signed with the restoring
// installation's key restores, unless the operator trusts it
// (--trust-unsigned), which restores it with a warning.
func TestRestoreChecksTheSignature(t *testing.T) {
	good := smallBackup(t)
	other := dbdump.KeyFrom([]byte("another installation's secret!!!"))
	tampered := tamper(t, good, "users", nil, makeAdmin(t))
	tests := []struct {
		name   string
		file   []byte
		key    dbdump.Key
		trust  bool
		refuse string // "" restores
		warn   string // the warning a trusted restore gives
		admins int    // after the restore (the filled database has none)
	}{
		{"SameSecret", good, testKey, false, "", "", 0},
		{"WrongSecret", good, other, false, "its signature does not match", "", 0},
		{"NoSecret", good, nil, false, "no server secret to check its signature with", "", 0},
		{"WrongSecretTrusted", good, other, true, "", "its signature does not match", 0},
		{"TamperedTrusted", tampered, testKey, true, "", "its signature does not match", 1},
		{"TamperedResignedWithThisKey", tamper(t, good, "users", testKey, makeAdmin(t)), testKey, false, "", "", 1},
	}
	for _, tt := range tests {
		for _, e := range storetest.Engines() {
			t.Run(tt.name+"/"+string(e), func(t *testing.T) {
				db, err := store.Open(ctx, storetest.URL(t, e))
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				var warned []string
				_, err = dbdump.Restore(ctx, db, bytes.NewReader(tt.file), int64(len(tt.file)), dbdump.RestoreOptions{
					Key: tt.key, TrustUnsigned: tt.trust, Warn: func(why string) { warned = append(warned, why) }})
				if tt.refuse != "" {
					var be *dbdump.Error
					if !errors.As(err, &be) || !strings.Contains(err.Error(), tt.refuse) || !strings.Contains(err.Error(), "--trust-unsigned") {
						t.Fatalf("Restore = %v, want a refusal saying %q and naming --trust-unsigned", err, tt.refuse)
					}
					if v, _ := store.SchemaVersion(ctx, db, db.Engine); v != 0 {
						t.Errorf("the refused restore migrated the database to %d", v)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if (tt.warn == "") != (len(warned) == 0) || (tt.warn != "" && !strings.Contains(warned[0], tt.warn)) {
					t.Errorf("warnings %q, want %q", warned, tt.warn)
				}
				var admins int
				if err := db.QueryRow(`SELECT COUNT(*) FROM users WHERE role = 'admin'`).Scan(&admins); err != nil {
					t.Fatal(err)
				}
				if admins != tt.admins {
					t.Errorf("%d admins restored, want %d", admins, tt.admins)
				}
			})
		}
	}
}

// countTables counts db's tables (SQLite's own aside).
func countTables(t *testing.T, db *store.DB) int {
	t.Helper()
	query := `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`
	if db.Engine == store.Postgres {
		query = `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()`
	}
	var n int
	if err := db.QueryRow(query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
