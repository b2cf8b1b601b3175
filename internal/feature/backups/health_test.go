package backups_test

import (
	"strings"
	"testing"
	"time"

	"propmatch/internal/feature/backups"
	"propmatch/internal/kit/store/storetest"
)

// The readiness warnings: none before the first run and after a fresh
// success; backup_failed when the newest run failed; backup_stale once two
// scheduled runs have come after the last success (plus an hour).
func TestWarnings(t *testing.T) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			dir := t.TempDir()
			daily, err := backups.ParseSchedule("0 2 * * *", time.UTC)
			if err != nil {
				t.Fatal(err)
			}
			in := newInstance(t, storetest.URL(t, e), backups.Config{Dir: dir, Schedule: daily})
			now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
			in.db.Now = func() time.Time { return now }
			checks := func() string {
				t.Helper()
				ws, err := in.svc.Warnings(ctx)
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, w := range ws {
					names = append(names, w.Check)
				}
				return strings.Join(names, ",")
			}
			if got := checks(); got != "" {
				t.Errorf("before any backup: %q; want none", got)
			}
			runBackup(t, in, newAdmin(t, in.db))
			if got := checks(); got != "" {
				t.Errorf("after a success: %q; want none", got)
			}
			if h, _ := in.svc.Health(ctx); h.LastSuccessAt == nil || !h.LastSuccessAt.Equal(now) {
				t.Errorf("health %+v; want the success at %v", h, now)
			}
			// The success at 10:00 on the 23rd is stale after the runs of the
			// 24th and 25th at 02:00, plus an hour.
			now = time.Date(2026, 11, 25, 2, 59, 0, 0, time.UTC)
			if got := checks(); got != "" {
				t.Errorf("before the second run's grace ends: %q; want none", got)
			}
			now = time.Date(2026, 11, 25, 3, 0, 6, 0, time.UTC) // past the 5 s the outcome is kept
			if got := checks(); got != "backup_stale" {
				t.Errorf("two runs later: %q; want backup_stale", got)
			}
			// A later run failed (as TestFailedBackupIsRecordedWithItsError
			// records one); with no success since, both warnings stand.
			if _, err := in.db.Exec(`INSERT INTO backups (kind, state, queued_at, finished_at, error) VALUES ('manual', 'failed', $1, $1, 'disk full')`, now); err != nil {
				t.Fatal(err)
			}
			now = now.Add(10 * time.Second)
			ws, err := in.svc.Warnings(ctx)
			if err != nil || len(ws) != 2 || ws[0].Check != "backup_failed" || !strings.Contains(ws[0].Message, "disk full") {
				t.Errorf("after failures: %+v (%v); want backup_failed with the error", ws, err)
			}
		})
	}
}
