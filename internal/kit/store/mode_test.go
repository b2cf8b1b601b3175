package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"propmatch/internal/kit/store"
)

// TestSQLiteFilesAreOwnerOnly checks the modes of what a first start
// creates: the folder 0700, the database and its -wal and -shm files 0600.
// An existing folder keeps its mode.
func TestSQLiteFilesAreOwnerOnly(t *testing.T) {
	tests := []struct {
		name    string
		dir     string // relative to a temporary folder; created beforehand when premade
		premade bool
		dirMode os.FileMode
	}{
		{"NewFolder", "data/db", false, 0o700},
		{"ExistingFolder", "shared", true, 0o755},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, tt.dir)
			if tt.premade {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(dir, 0o755); err != nil { // past the umask
					t.Fatal(err)
				}
			}
			path := filepath.Join(dir, "propmatch.db")
			db, err := store.Open(context.Background(), "sqlite:"+path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err := db.Migrate(context.Background()); err != nil { // writes: the -wal and -shm files appear
				t.Fatal(err)
			}
			want := map[string]os.FileMode{dir: tt.dirMode, path: 0o600, path + "-wal": 0o600, path + "-shm": 0o600}
			for file, mode := range want {
				fi, err := os.Stat(file)
				if err != nil {
					t.Fatal(err)
				}
				if got := fi.Mode().Perm(); got != mode {
					t.Errorf("%s has mode %04o, want %04o", filepath.Base(file), got, mode)
				}
			}
		})
	}
}
