package store_test

import (
	"context"
	"testing"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

func TestReferencesTo(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		refs, err := store.ReferencesTo(context.Background(), db, db.Engine, "users")
		if err != nil {
			t.Fatal(err)
		}
		want := map[store.Reference]bool{
			{Table: "sessions", Column: "user_id", OnDelete: "CASCADE"}:   false,
			{Table: "messages", Column: "sender_id", OnDelete: "CASCADE"}: false,
			{Table: "media", Column: "owner_id", OnDelete: "SET NULL"}:    false,
		}
		for _, r := range refs {
			if _, ok := want[r]; ok {
				want[r] = true
			}
			if r.Table == "users" || r.Table == "" || r.Column == "" {
				t.Errorf("odd reference %+v", r)
			}
		}
		for r, found := range want {
			if !found {
				t.Errorf("%+v not listed in %+v", r, refs)
			}
		}
	})
}
