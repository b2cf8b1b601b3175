package store_test

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

// TestAHundredRequestWritesAtOnceBesideBackgroundWork: 100 request writes
// at once (transactions, statements, statements returning a row), each with
// a request's 5 s deadline, while background transactions write back to
// back: every one commits, on both engines.
func TestAHundredRequestWritesAtOnceBesideBackgroundWork(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.ExecContext(ctx, `CREATE TABLE probe (kind TEXT NOT NULL, n INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		bg, stop := store.Background(ctx), make(chan struct{})
		var background atomic.Int64
		var bgWG sync.WaitGroup
		for range 2 {
			bgWG.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					err := db.WithTx(bg, func(tx *sql.Tx) error {
						_, err := tx.ExecContext(bg, `INSERT INTO probe (kind, n) VALUES ('background', 1)`)
						time.Sleep(2 * time.Millisecond) // a chunk's work
						return err
					})
					if err != nil {
						t.Error(err)
						return
					}
					background.Add(1)
				}
			})
		}
		writes := []func(ctx context.Context) error{
			func(ctx context.Context) error {
				return db.WithTx(ctx, func(tx *sql.Tx) error {
					_, err := tx.ExecContext(ctx, `INSERT INTO probe (kind, n) VALUES ('request', 1)`)
					return err
				})
			},
			func(ctx context.Context) error {
				_, err := db.ExecContext(ctx, `INSERT INTO probe (kind, n) VALUES ('request', 1)`)
				return err
			},
			func(ctx context.Context) error {
				var n int
				return db.QueryRowContext(ctx, `INSERT INTO probe (kind, n) VALUES ('request', 1) RETURNING n`).Scan(&n)
			},
		}
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Go(func() {
				ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
				defer cancel()
				if err := writes[i%len(writes)](ctx); err != nil {
					t.Errorf("request write %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		close(stop)
		bgWG.Wait()
		var requests, done int
		if err := db.QueryRow(`SELECT COUNT(*) FILTER (WHERE kind = 'request'), COUNT(*) FILTER (WHERE kind = 'background') FROM probe`).Scan(&requests, &done); err != nil {
			t.Fatal(err)
		}
		if requests != 100 || int64(done) != background.Load() {
			t.Errorf("%d request rows, %d background; want 100, %d", requests, done, background.Load())
		}
	})
}
