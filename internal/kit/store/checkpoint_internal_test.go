package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestSQLiteLogIsCheckpointedInTheBackground(t *testing.T) {
	path := filepath.Join(t.TempDir(), "db.sqlite")
	db, err := Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var auto int
	if err := db.QueryRow(`PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("wal_autocheckpoint = %d, %v; want 0 (commits must not checkpoint)", auto, err)
	}
	before := fileSize(t, path)
	if err := db.Migrate(context.Background()); err != nil { // writes the schema into the log
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * checkpointInterval)
	for fileSize(t, path) == before {
		if time.Now().After(deadline) {
			t.Fatal("the log was never copied back into the database file")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func fileSize(t *testing.T, path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}
