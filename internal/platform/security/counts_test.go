package security_test

import (
	"context"
	"maps"
	"testing"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/security"
)

func TestCountByType(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		got, err := security.CountByType(ctx, db)
		if err != nil || len(got) != 0 {
			t.Fatalf("no events: %v, %v; want an empty count", got, err)
		}
		for _, typ := range []string{security.AuthFailure, security.AuthFailure, security.RateLimitHit, security.AuthFailure} {
			if err := security.Record(ctx, db, t0, security.Event{Type: typ, IP: "192.0.2.1", URL: "/api/login"}); err != nil {
				t.Fatal(err)
			}
		}
		got, err = security.CountByType(ctx, db)
		want := map[string]int{security.AuthFailure: 3, security.RateLimitHit: 1}
		if err != nil || !maps.Equal(got, want) {
			t.Fatalf("CountByType = %v, %v; want %v", got, err, want)
		}
	})
}
