package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"propmatch/internal/kit/store"
)

// KindStats are one kind's jobs still to do, split by whether they are
// due: a job held back on purpose (a digest that goes at its time, a
// matching job's short delay) is scheduled, not waiting.
type KindStats struct {
	Kind string `json:"kind"`
	// Due counts the pending jobs whose time has come (run_at at or before
	// now): waiting for a worker.
	Due int `json:"due"`
	// Running counts the jobs a worker holds.
	Running int `json:"running"`
	// Scheduled counts the pending jobs whose time has not come yet.
	Scheduled int `json:"scheduled"`
	// OldestDueSeconds is how long the due job due longest has waited since
	// it became due (its run_at), as Stats.OldestPendingSeconds counts; 0
	// when none is due.
	OldestDueSeconds float64 `json:"oldestDueSeconds"`
	// NextAt is when the first scheduled job becomes due; nil when none is
	// scheduled.
	NextAt *time.Time `json:"nextAt"`
}

// ReadKinds returns the figures of every kind with jobs still to do, by
// kind name.
func ReadKinds(ctx context.Context, db *store.DB) (map[string]KindStats, error) {
	now := db.Time()
	out := map[string]KindStats{}
	rows, err := db.QueryContext(ctx, `SELECT kind,
			COUNT(*) FILTER (WHERE state = 'pending' AND run_at <= $1),
			COUNT(*) FILTER (WHERE state = 'running'),
			COUNT(*) FILTER (WHERE state = 'pending' AND run_at > $1)
		FROM jobs WHERE `+openJob+` GROUP BY kind`, now)
	if err != nil {
		return nil, fmt.Errorf("jobs: figures by kind: %w", err)
	}
	list, err := store.Collect(rows, func(rows *sql.Rows, k *KindStats) error {
		return rows.Scan(&k.Kind, &k.Due, &k.Running, &k.Scheduled)
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: figures by kind: %w", err)
	}
	for _, k := range list {
		out[k.Kind] = k
	}
	// The earliest run_at of each kind's due jobs and of its scheduled ones.
	for _, part := range []struct {
		cond string
		set  func(k *KindStats, at time.Time)
	}{
		{"run_at <= $1", func(k *KindStats, at time.Time) { k.OldestDueSeconds = max(0, now.Sub(at).Seconds()) }},
		{"run_at > $1", func(k *KindStats, at time.Time) { k.NextAt = &at }},
	} {
		rows, err := db.QueryContext(ctx, `SELECT kind, MIN(run_at) FROM jobs
			WHERE `+openJob+` AND state = 'pending' AND `+part.cond+` GROUP BY kind`, now)
		if err != nil {
			return nil, fmt.Errorf("jobs: figures by kind: %w", err)
		}
		type first struct {
			kind string
			at   time.Time
		}
		firsts, err := store.Collect(rows, func(rows *sql.Rows, f *first) error { return rows.Scan(&f.kind, store.ScanTime(&f.at)) })
		if err != nil {
			return nil, fmt.Errorf("jobs: figures by kind: %w", err)
		}
		for _, f := range firsts {
			k := out[f.kind]
			part.set(&k, f.at)
			out[f.kind] = k
		}
	}
	return out, nil
}
