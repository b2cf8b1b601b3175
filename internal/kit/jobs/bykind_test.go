package jobs

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/kit/store"
)

// ReadKinds splits each kind's jobs into due, running and scheduled, and
// counts a due job's wait from when it became due, not from when it was
// queued: a digest held back for its interval is scheduled, not waiting.
func TestReadKindsSplitsDueFromScheduled(t *testing.T) {
	eachEngine(t, 1, func(t *testing.T, dbs []*store.DB, c *clock) {
		db := dbs[0]
		start := db.Time()
		enqueue(t, db, New{Kind: "match", Key: "property:1"})
		enqueue(t, db, New{Kind: "match", Key: "property:2"})
		enqueue(t, db, New{Kind: "digest", Key: "user:1:messages", Delay: 15 * time.Minute})
		enqueue(t, db, New{Kind: "digest", Key: "user:2:messages", Delay: 20 * time.Minute})
		c.advance(4 * time.Minute)
		enqueue(t, db, New{Kind: "digest", Key: "user:3:messages", Delay: time.Minute})
		c.advance(2 * time.Minute) // user 3's digest became due a minute ago

		got, err := ReadKinds(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		m, d := got["match"], got["digest"]
		if m.Due != 2 || m.Scheduled != 0 || m.Running != 0 || m.OldestDueSeconds != 360 || m.NextAt != nil {
			t.Errorf("match = %+v; want 2 due, waiting 360 s", m)
		}
		if d.Due != 1 || d.Scheduled != 2 || d.OldestDueSeconds != 60 || d.NextAt == nil || !d.NextAt.Equal(start.Add(15*time.Minute)) {
			t.Errorf("digest = %+v; want 1 due for 60 s (from its time, not its creation) and 2 scheduled, the next at %v", d, start.Add(15*time.Minute))
		}
		if len(got) != 2 {
			t.Errorf("kinds %v; want only those with jobs to do", got)
		}
	})
}
