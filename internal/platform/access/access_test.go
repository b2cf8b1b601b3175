package access_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/access"
)

var errNotFound = apperr.New(apperr.NotFound, "Requirement not found")

// addRequirement inserts the fewest columns the schema needs.
func addRequirement(t *testing.T, db *store.DB, agent int64) int64 {
	t.Helper()
	var id int64
	err := db.QueryRow(`INSERT INTO requirements (agent_id, client_name, client_phone, created_at, updated_at)
		VALUES ($1, 'Ravi Kumar', '+919800000000', $2, $2) RETURNING id`, agent, db.Time()).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestCheckOwnerLetsTheOwnerAndAnAllowedAdminIn(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		owner := storetest.AddUser(t, db, "owner", "+919811111111")
		other := storetest.AddUser(t, db, "other", "+919822222222")
		req := addRequirement(t, db, owner)
		for _, c := range []struct {
			name  string
			id    int64
			actor access.Actor
			want  error
		}{
			{"OwnerMay", req, access.Actor{ID: owner}, nil},
			{"AdminMay", req, access.Actor{ID: other, Admin: true}, nil},
			{"AnotherAgentGetsNotFound", req, access.Actor{ID: other}, errNotFound},
			{"MissingRowGetsNotFound", req + 1000, access.Actor{ID: owner}, errNotFound},
			{"MissingRowGetsNotFoundEvenForAnAdmin", req + 1000, access.Actor{ID: other, Admin: true}, errNotFound},
		} {
			t.Run(c.name, func(t *testing.T) {
				err := access.CheckOwner(ctx, db, "requirements", c.id, c.actor, errNotFound)
				if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
					t.Fatalf("CheckOwner = %v, want %v", err, c.want)
				}
			})
		}
		t.Run("WorksInsideATransaction", func(t *testing.T) {
			err := db.WithTx(ctx, func(tx *sql.Tx) error {
				return access.CheckOwner(ctx, tx, "requirements", req, access.Actor{ID: owner}, errNotFound)
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	})
}
