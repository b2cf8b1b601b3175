package store_test

import (
	"context"
	"strings"
	"testing"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
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

func TestSchemaVersionAndMigrateTo(t *testing.T) {
	ctx := context.Background()
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			versions, err := store.Migrations(e)
			if err != nil || len(versions) < 2 {
				t.Fatalf("Migrations = %v, %v", versions, err)
			}
			for i := 1; i < len(versions); i++ {
				if versions[i] <= versions[i-1] {
					t.Fatalf("Migrations are not in ascending order: %v", versions)
				}
			}
			db, err := store.Open(ctx, storetest.URL(t, e))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			for _, tc := range []struct {
				name string
				step func() error
				want int64
			}{
				{"NeverMigrated", func() error { return nil }, 0},
				{"MigratedToTheFirst", func() error { return db.MigrateTo(ctx, versions[0]) }, versions[0]},
				{"MigratedToTheOneBeforeLast", func() error { return db.MigrateTo(ctx, versions[len(versions)-2]) }, versions[len(versions)-2]},
				{"MigratedToTheLatest", func() error { return db.Migrate(ctx) }, versions[len(versions)-1]},
			} {
				if err := tc.step(); err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				if got, err := store.SchemaVersion(ctx, db, e); err != nil || got != tc.want {
					t.Errorf("%s: SchemaVersion = %d, %v; want %d", tc.name, got, err, tc.want)
				}
			}
		})
	}
}
