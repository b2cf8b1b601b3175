package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"propmatch/internal/kit/store/storetest"
)

// BenchmarkEnqueue times what a write pays for its job: a transaction with
// one row written, against the same with the coalescing DELETE and the job's
// INSERT added. docs/decisions.md, "Matching in the
// background", cites the figures.
func BenchmarkEnqueue(b *testing.B) {
	for _, e := range storetest.Engines() {
		db := storetest.New(b, e)
		ctx := context.Background()
		run := func(b *testing.B, fn func(tx *sql.Tx, i int) error) {
			for i := 0; b.Loop(); i++ {
				if err := db.WithTx(ctx, func(tx *sql.Tx) error { return fn(tx, i) }); err != nil {
					b.Fatal(err)
				}
			}
		}
		// The write itself, stood in for by one plain row (a job row, without coalescing).
		write := func(tx *sql.Tx, i int) error {
			_, err := Enqueue(ctx, tx, db.Time(), New{Kind: "write", Key: fmt.Sprintf("write:%d", i)})
			return err
		}
		b.Run(string(e)+"/write", func(b *testing.B) { run(b, write) })
		b.Run(string(e)+"/write+matching-job", func(b *testing.B) {
			run(b, func(tx *sql.Tx, i int) error {
				if err := write(tx, i); err != nil {
					return err
				}
				_, err := Enqueue(ctx, tx, db.Time(), New{Kind: "matching.property", Key: fmt.Sprintf("property:%d", i), Coalesce: true})
				return err
			})
		})
	}
}
