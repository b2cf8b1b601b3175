package commands_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"propmatch/internal/commands"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func TestBackupAndRestoreCommands(t *testing.T) {
	run := func(dbURL string, args ...string) (string, string, error) {
		var stdout, stderr bytes.Buffer
		err := commands.Run(context.Background(), nil, args, env{"DATABASE_URL": dbURL}.get, &stdout, &stderr)
		return stdout.String(), stderr.String(), err
	}
	for _, from := range storetest.Engines() {
		t.Run(string(from), func(t *testing.T) {
			src := storetest.URL(t, from)
			if out, _, err := run(src, "demo", "--agents", "6", "--properties", "30", "--requirements", "30"); err != nil {
				t.Fatalf("demo = %v\n%s", err, out)
			}
			file := filepath.Join(t.TempDir(), "nested", "b.zip")
			out, progress, err := run(src, "backup", "--out", file)
			if err != nil {
				t.Fatalf("backup = %v\n%s", err, progress)
			}
			for _, want := range []string{"Backing up the " + string(from) + " database to " + file, "users ", "6 rows", "properties ", "30 rows"} {
				if !strings.Contains(progress, want) {
					t.Errorf("backup's progress does not show %q:\n%s", want, progress)
				}
			}
			if !strings.Contains(out, "Backup written to "+file) {
				t.Errorf("backup's output: %s", out)
			}
			info, err := os.Stat(file)
			if err != nil || info.Mode().Perm() != 0o600 {
				t.Fatalf("backup file: %v, mode %v (want 0600: it holds personal data)", err, info.Mode().Perm())
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(file), ".*partial")); len(left) > 0 {
				t.Errorf("partial files left behind: %v", left)
			}
			for _, to := range storetest.Engines() {
				t.Run("to_"+string(to), func(t *testing.T) {
					dst := storetest.URL(t, to)
					out, _, err := run(dst, "restore", file)
					if err != nil || !strings.Contains(out, "Restored") || !strings.Contains(out, "from a "+string(from)+" backup") {
						t.Fatalf("restore = %v\n%s", err, out)
					}
					if n := countUsers(t, dst); n != 6 {
						t.Errorf("%d users restored, want 6", n)
					}
					if _, _, err := run(dst, "restore", file); err == nil || !strings.Contains(err.Error(), "restore: the database is not empty") {
						t.Errorf("a second restore = %v, want a refusal", err)
					}
				})
			}
		})
	}
	t.Run("DefaultFile", func(t *testing.T) {
		t.Chdir(t.TempDir())
		src := storetest.URL(t, store.SQLite)
		if _, _, err := run(src, "migrate"); err != nil {
			t.Fatal(err)
		}
		if _, _, err := run(src, "backup"); err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob("data/backups/propmatch-*.zip")
		if len(files) != 1 {
			t.Errorf("backup without --out wrote %v", files)
		}
	})
	t.Run("BadUse", func(t *testing.T) {
		src := storetest.URL(t, store.SQLite)
		for _, args := range [][]string{{"restore"}, {"restore", "a", "b"}, {"restore", "/no/such/file.zip"}, {"backup", "extra"}, {"backup", "--bogus"}} {
			if _, _, err := run(src, args...); err == nil {
				t.Errorf("%v was accepted", args)
			}
		}
		junk := filepath.Join(t.TempDir(), "junk.zip")
		os.WriteFile(junk, []byte("not a backup"), 0o600)
		if _, _, err := run(src, "restore", junk); err == nil || !strings.Contains(err.Error(), "not a PropMatch backup") {
			t.Errorf("restore of a junk file = %v", err)
		}
	})
}
