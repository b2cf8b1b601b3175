package commands_test

import (
	"bytes"
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"propmatch/internal/commands"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func TestBackupAndRestoreCommands(t *testing.T) {
	const secret = "this installation's server secret"
	runWith := func(e env, dbURL string, args ...string) (string, string, error) {
		var stdout, stderr bytes.Buffer
		e["DATABASE_URL"] = dbURL
		err := commands.Run(context.Background(), nil, args, e.get, &stdout, &stderr)
		return stdout.String(), stderr.String(), err
	}
	run := func(dbURL string, args ...string) (string, string, error) {
		return runWith(env{"PROPMATCH_SECRET": secret}, dbURL, args...)
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
			// Another installation's secret, or none yet, refuses the file
			// unless --trust-unsigned says to take it, with a warning.
			for _, tt := range []struct {
				name string
				env  env
			}{
				{"AnotherSecret", env{"PROPMATCH_SECRET": "another installation's server secret"}},
				{"NoSecretYet", env{"PROPMATCH_SECRET_FILE": filepath.Join(t.TempDir(), "propmatch.secret")}},
			} {
				t.Run(tt.name, func(t *testing.T) {
					dst := storetest.URL(t, from)
					_, stderr, err := runWith(tt.env, dst, "restore", file)
					if err == nil || !strings.Contains(err.Error(), "this backup cannot be trusted") || !strings.Contains(err.Error(), "--trust-unsigned") {
						t.Fatalf("restore with %s = %v, want a refusal naming --trust-unsigned", tt.name, err)
					}
					if strings.Contains(stderr, "WARNING") {
						t.Errorf("the refused restore warned:\n%s", stderr)
					}
					if f := tt.env["PROPMATCH_SECRET_FILE"]; f != "" {
						if _, err := os.Stat(f); !os.IsNotExist(err) {
							t.Errorf("the refused restore made a secret file: %v", err)
						}
					}
					out, stderr, err := runWith(tt.env, dst, "restore", file, "--trust-unsigned")
					if err != nil || !strings.Contains(out, "Restored") {
						t.Fatalf("restore --trust-unsigned = %v\n%s", err, stderr)
					}
					if !strings.Contains(stderr, "!!! WARNING: this backup is NOT signed by this installation") {
						t.Errorf("restore --trust-unsigned did not warn:\n%s", stderr)
					}
					if n := countUsers(t, dst); n != 6 {
						t.Errorf("%d users restored, want 6", n)
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
	t.Run("AnExistingFileIsReplacedOnlyWithForce", func(t *testing.T) {
		src := storetest.URL(t, store.SQLite)
		if _, _, err := run(src, "migrate"); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "keep.zip")
		if err := os.WriteFile(file, []byte("yesterday's backup"), 0o600); err != nil {
			t.Fatal(err)
		}
		_, _, err := run(src, "backup", "--out", file)
		if err == nil || !strings.Contains(err.Error(), "already exists") || !strings.Contains(err.Error(), "--force") {
			t.Fatalf("backup over an existing file = %v, want a refusal naming --force", err)
		}
		if got, _ := os.ReadFile(file); string(got) != "yesterday's backup" {
			t.Fatalf("the refused backup changed the file: %q", got)
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(file), ".*partial")); len(left) > 0 {
			t.Errorf("partial files left behind: %v", left)
		}
		if out, _, err := run(src, "backup", "--out", file, "--force"); err != nil || !strings.Contains(out, "Backup written to "+file) {
			t.Fatalf("backup --force = %v, %s", err, out)
		}
		if got, _ := os.ReadFile(file); !bytes.HasPrefix(got, []byte("PK")) {
			t.Errorf("--force did not replace the file with the backup")
		}
	})
	t.Run("CopiesOffsiteWhenS3IsConfigured", func(t *testing.T) {
		s3 := s3mem.New()
		if err := s3.CreateBucket("pm-backups"); err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(gofakes3.New(s3).Server())
		defer srv.Close()
		s3env := func() env {
			return env{"PROPMATCH_SECRET": secret, "PROPMATCH_BACKUP_S3_ENDPOINT": srv.URL, "PROPMATCH_BACKUP_S3_BUCKET": "pm-backups",
				"PROPMATCH_BACKUP_S3_REGION": "ap-south-1", "PROPMATCH_BACKUP_S3_ACCESS_KEY": "AKIATEST", "PROPMATCH_BACKUP_S3_SECRET_KEY": "s3-secret-never-shown",
				"PROPMATCH_BACKUP_S3_PREFIX": "nightly/", "PROPMATCH_BACKUP_S3_PATH_STYLE": "true"}
		}
		src := storetest.URL(t, store.SQLite)
		if _, _, err := run(src, "migrate"); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "by-hand.zip")
		out, stderr, err := runWith(s3env(), src, "backup", "--out", file)
		if err != nil || !strings.Contains(out, "Copied off-site to s3://pm-backups/nightly/cli/by-hand.zip") {
			t.Fatalf("backup with S3 = %v\n%s%s", err, out, stderr)
		}
		obj, err := s3.GetObject("pm-backups", "nightly/cli/by-hand.zip", nil)
		if err != nil {
			t.Fatalf("the copy is not in the bucket: %v", err)
		}
		defer obj.Contents.Close()
		remote, _ := io.ReadAll(obj.Contents)
		if local, _ := os.ReadFile(file); !bytes.Equal(local, remote) {
			t.Errorf("the copy has %d bytes, the file %d", len(remote), len(local))
		}
		if strings.Contains(out+stderr, "s3-secret-never-shown") {
			t.Error("the output shows the S3 secret key")
		}
		// Storage that cannot be reached: the command fails saying so, and
		// the local file is kept.
		srv.Close()
		file2 := filepath.Join(t.TempDir(), "unsent.zip")
		_, _, err = runWith(s3env(), src, "backup", "--out", file2)
		if err == nil || !strings.Contains(err.Error(), "off-site copy") {
			t.Fatalf("backup with S3 down = %v, want a failure naming the off-site copy", err)
		}
		if _, err := os.Stat(file2); err != nil {
			t.Errorf("the local backup is gone: %v", err)
		}
	})
	t.Run("AFailedSQLiteRestoreLeavesNoFile", func(t *testing.T) {
		junk := filepath.Join(t.TempDir(), "junk.zip")
		if err := os.WriteFile(junk, []byte("not a backup"), 0o600); err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(t.TempDir(), "restored.db")
		if _, _, err := run("sqlite:"+target, "restore", junk); err == nil {
			t.Fatal("the junk file was restored")
		}
		if left, _ := filepath.Glob(target + "*"); len(left) > 0 {
			t.Errorf("the failed restore left %v", left)
		}
	})
	t.Run("BadUse", func(t *testing.T) {
		src := storetest.URL(t, store.SQLite)
		for _, args := range [][]string{{"restore"}, {"restore", "a", "b"}, {"restore", "a", "--trust-unsigned", "b"}, {"restore", "--trust-unsigned"}, {"restore", "/no/such/file.zip"}, {"backup", "extra"}, {"backup", "--bogus"}} {
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
