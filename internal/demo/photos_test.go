package demo_test

import (
	"testing"

	"propmatch/internal/demo"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func TestDemoPhotosAndAdverts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		generate(t, db, demo.Options{Agents: 10, Properties: 60, Requirements: 10, Seed: 1})
		var owner int64
		if err := db.QueryRowContext(ctx, `SELECT agent_id FROM properties ORDER BY id LIMIT 1`).Scan(&owner); err != nil {
			t.Fatal(err)
		}
		n, err := demo.AddPhotos(ctx, db, 1, owner)
		if err != nil {
			t.Fatal(err)
		}
		var total, without, foreign, ownerWithout, distinct int
		q := func(query string, dest *int, args ...any) {
			t.Helper()
			if err := db.QueryRowContext(ctx, query, args...).Scan(dest); err != nil {
				t.Fatal(err)
			}
		}
		q(`SELECT COUNT(*) FROM properties`, &total)
		q(`SELECT COUNT(*) FROM properties WHERE images = '[]'`, &without)
		q(`SELECT COUNT(*) FROM properties WHERE images = '[]' AND agent_id = $1`, &ownerWithout, owner)
		// Every photo is a media row of the listing's own agent.
		q(`SELECT COUNT(*) FROM media m WHERE NOT EXISTS (SELECT 1 FROM properties p WHERE p.agent_id = m.owner_id)`, &foreign)
		q(`SELECT COUNT(DISTINCT sha256) FROM media`, &distinct)
		if n != total-without || n < total*7/10 || ownerWithout != 0 || foreign != 0 {
			t.Errorf("%d of %d listings got photos (%d without, %d of the always agent's); %d foreign media", n, total, without, ownerWithout, foreign)
		}
		if distinct < 10 {
			t.Errorf("%d distinct pictures, want the types' variants", distinct)
		}
		again, err := demo.AddPhotos(ctx, db, 2)
		if err != nil || again > without {
			t.Errorf("a second run gave %d listings photos (%v); only those without may get some", again, err)
		}
		ads, err := demo.AddAdverts(ctx, db)
		var stored int
		q(`SELECT COUNT(*) FROM advertisements WHERE is_active = TRUE`, &stored)
		if err != nil || ads < 5 || stored != ads {
			t.Errorf("adverts %d stored %d: %v", ads, stored, err)
		}
	})
}
