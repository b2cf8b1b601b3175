package store_test

import (
	"context"
	"strings"
	"testing"

	"propmatch/internal/store"
	"propmatch/internal/store/storetest"
)

func TestSchemaCurrent(t *testing.T) {
	ctx := context.Background()
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			latest, err := store.LatestMigration(e)
			if err != nil || latest < 3 {
				t.Fatalf("LatestMigration = %d, %v", latest, err)
			}
			t.Run("MigratedDatabaseIsCurrent", func(t *testing.T) {
				if err := storetest.New(t, e).SchemaCurrent(ctx); err != nil {
					t.Fatal(err)
				}
			})
			t.Run("EmptyDatabaseIsNotCurrent", func(t *testing.T) {
				db, err := store.Open(ctx, storetest.URL(t, e))
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				if err := db.SchemaCurrent(ctx); err == nil {
					t.Fatal("a database without a schema is current")
				}
			})
			t.Run("DatabaseBehindIsNotCurrent", func(t *testing.T) {
				db := storetest.New(t, e)
				if _, err := db.Exec(`DELETE FROM goose_db_version WHERE version_id = $1`, latest); err != nil {
					t.Fatal(err)
				}
				err := db.SchemaCurrent(ctx)
				if err == nil || !strings.Contains(err.Error(), "migrate") {
					t.Fatalf("SchemaCurrent = %v, want an error saying to migrate", err)
				}
			})
		})
	}
}
