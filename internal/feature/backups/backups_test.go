package backups_test

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/feature/backups"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

var ctx = context.Background()

func TestParseSchedule(t *testing.T) {
	ist := time.FixedZone("IST", 5*3600+1800)
	from := time.Date(2026, 11, 23, 16, 30, 0, 0, ist)
	tests := []struct {
		expr string
		next time.Time // zero: refused
		why  string    // what a refusal says, beyond naming the setting
	}{
		{"0 2 * * *", time.Date(2026, 11, 24, 2, 0, 0, 0, ist), ""},
		{"  0   2 * * * ", time.Date(2026, 11, 24, 2, 0, 0, 0, ist), ""},
		{"30 */6 * * *", time.Date(2026, 11, 23, 18, 30, 0, 0, ist), ""},
		{"0 3 * * 0", time.Date(2026, 11, 29, 3, 0, 0, 0, ist), ""},
		{"0 3 * * sun", time.Date(2026, 11, 29, 3, 0, 0, 0, ist), ""},
		{"0 3 1-5 jan-dec mon-fri", time.Date(2026, 11, 24, 3, 0, 0, 0, ist), ""}, // either day field, as cron reads them
		{"@daily", time.Date(2026, 11, 24, 0, 0, 0, 0, ist), ""},
		{"", time.Time{}, "five fields"},
		{"0 2 * *", time.Time{}, "five fields"},
		{"0 25 * * *", time.Time{}, "hour 25 is out of range 0–23"},
		{"61 2 * * *", time.Time{}, "minute 61 is out of range 0–59"},
		{"0 2 0 * *", time.Time{}, "day of month 0 is out of range 1–31"},
		{"0 2 * 13 *", time.Time{}, "month 13 is out of range 1–12"},
		{"0 2 * * 8", time.Time{}, "day of week 8 is out of range 0–7"},
		{"0,75 2 * * *", time.Time{}, "minute 75 is out of range 0–59"},
		{"0 2-30 * * *", time.Time{}, "hour 30 is out of range 0–23"},
		{"0 9-5 * * *", time.Time{}, "hour range 9-5 runs backwards"},
		{"*/0 2 * * *", time.Time{}, `minute step "0"`},
		{"0 x * * *", time.Time{}, `hour "x" is not a number`},
		{"0 2 * foo *", time.Time{}, `month "foo" is not a number from 1 to 12 or a name such as "jan"`},
		{"0 2 * * * *", time.Time{}, "five fields"},
		{"daily", time.Time{}, "five fields"},
		{"@sometimes", time.Time{}, "five fields"},
		{"0 2 31 2 *", time.Time{}, "never fires"},
		{"0 2 30 2 *", time.Time{}, "never fires"},
	}
	for _, tt := range tests {
		s, err := backups.ParseSchedule(tt.expr, ist)
		if tt.next.IsZero() {
			if err == nil || !strings.Contains(err.Error(), "PROPMATCH_BACKUP_SCHEDULE") || !strings.Contains(err.Error(), tt.why) {
				t.Errorf("%q: err %v; want a refusal naming PROPMATCH_BACKUP_SCHEDULE and saying %q", tt.expr, err, tt.why)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.expr, err)
			continue
		}
		if next, err := s.Next(from); err != nil || !next.Equal(tt.next) {
			t.Errorf("%q: next after %v is %v (%v); want %v", tt.expr, from, next, err, tt.next)
		}
	}
}

// instance is one server's backups service and queue on a database.
type instance struct {
	db    *store.DB
	queue *jobs.Queue
	svc   *backups.Service
}

func newInstance(t *testing.T, url string, cfg backups.Config) instance {
	t.Helper()
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	q := jobs.NewQueue(db, jobs.Config{})
	svc := backups.New(db, q, cfg, nil)
	q.Add(svc.Jobs()...)
	return instance{db: db, queue: q, svc: svc}
}

func eachEngine(t *testing.T, cfg func(dir string) backups.Config, fn func(t *testing.T, url string, in instance, dir string)) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			url, dir := storetest.URL(t, e), t.TempDir()
			fn(t, url, newInstance(t, url, cfg(dir)), dir)
		})
	}
}

func inDir(dir string) backups.Config { return backups.Config{Dir: dir} }

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestScheduledSlotRunsOnce: several instances on one database each try to
// queue the same slot; one backup row and one job result.
func TestScheduledSlotRunsOnce(t *testing.T) {
	eachEngine(t, inDir, func(t *testing.T, url string, first instance, dir string) {
		second := newInstance(t, url, inDir(dir))
		slot := time.Date(2026, 11, 24, 2, 0, 0, 0, time.UTC)
		var wg sync.WaitGroup
		var mu sync.Mutex
		queued := 0
		for i := range 10 {
			in := []instance{first, second}[i%2]
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := in.svc.EnqueueScheduled(ctx, slot)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					queued++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if queued != 1 {
			t.Errorf("%d schedulers queued the slot; want 1", queued)
		}
		if n := count(t, first.db, `SELECT COUNT(*) FROM backups WHERE kind = 'scheduled'`); n != 1 {
			t.Errorf("%d scheduled backups; want 1", n)
		}
		if n := count(t, first.db, `SELECT COUNT(*) FROM jobs WHERE kind = $1`, backups.JobKind); n != 1 {
			t.Errorf("%d backup jobs; want 1", n)
		}
		// The next slot is a new run.
		if ok, err := second.svc.EnqueueScheduled(ctx, slot.Add(24*time.Hour)); !ok || err != nil {
			t.Errorf("next slot: queued %v, %v; want queued", ok, err)
		}
		if err := second.queue.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		st, err := first.svc.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(st.History) != 2 || st.History[0].State != backups.Success || st.History[1].State != backups.Success || st.Active {
			t.Errorf("after the runs: %+v; want two successful scheduled backups", st.History)
		}
	})
}

func TestManualBackupIsWrittenAndRecorded(t *testing.T) {
	eachEngine(t, inDir, func(t *testing.T, _ string, in instance, dir string) {
		b, err := in.svc.StartManual(ctx, 0)
		if err == nil {
			t.Fatal("a manual backup by no user was queued")
		}
		if _, err := in.db.Exec(`INSERT INTO users (username, password_hash, full_name, phone, role, created_at, updated_at)
			VALUES ('root', 'x', 'Root', '9811111111', 'admin', $1, $1)`, in.db.Time()); err != nil {
			t.Fatal(err)
		}
		var uid int64
		if err := in.db.QueryRow(`SELECT id FROM users`).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		if b, err = in.svc.StartManual(ctx, uid); err != nil || b.State != backups.Queued || b.Trigger != backups.Manual {
			t.Fatalf("start: %+v, %v; want a queued manual backup", b, err)
		}
		if st, _ := in.svc.Status(ctx); !st.Active {
			t.Error("status not active while a backup is queued")
		}
		if err := in.queue.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		got, err := in.svc.Get(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.State != backups.Success || got.SizeBytes == 0 || got.Rows < 1 || got.Tables["users"] != 1 || got.FinishedAt == nil || got.StartedAt == nil || got.Error != "" {
			t.Fatalf("after the run: %+v; want success with sizes and counts", got)
		}
		info, err := os.Stat(filepath.Join(dir, got.FileName))
		if err != nil || info.Size() != got.SizeBytes {
			t.Fatalf("file %s: %v, %v; want %d bytes", got.FileName, info, err, got.SizeBytes)
		}
		zr, err := zip.OpenReader(filepath.Join(dir, got.FileName))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		if _, err := zr.Open("manifest.json"); err != nil {
			t.Errorf("no manifest in the file: %v", err)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Errorf("%d entries in the directory; want the one backup (no partial file)", len(entries))
		}
	})
}

func TestFailedBackupIsRecordedWithItsError(t *testing.T) {
	eachEngine(t, func(dir string) backups.Config {
		blocker := filepath.Join(dir, "not-a-dir")
		_ = os.WriteFile(blocker, []byte("x"), 0o600)
		return backups.Config{Dir: filepath.Join(blocker, "backups")}
	}, func(t *testing.T, _ string, in instance, _ string) {
		if ok, err := in.svc.EnqueueScheduled(ctx, time.Now()); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if err := in.queue.RunPending(ctx); err != nil {
			t.Fatal(err)
		}
		st, err := in.svc.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(st.History) != 1 || st.Last == nil || st.LastSuccess != nil {
			t.Fatalf("status %+v; want one failed run, no success", st)
		}
		b := st.History[0]
		if b.State != backups.Failed || !strings.Contains(b.Error, "not a directory") || b.FinishedAt == nil || b.FileName != "" {
			t.Errorf("failed run %+v; want failed with the file system's error", b)
		}
		var jobState, jobErr string
		if err := in.db.QueryRow(`SELECT state, last_error FROM jobs WHERE kind = $1`, backups.JobKind).Scan(&jobState, &jobErr); err != nil || jobState != "failed" {
			t.Errorf("job %s (%v); want failed, not retried", jobState, err)
		}
	})
}

func TestRetentionKeepsTheLastN(t *testing.T) {
	eachEngine(t, func(dir string) backups.Config { return backups.Config{Dir: dir, Keep: 2} }, func(t *testing.T, _ string, in instance, dir string) {
		slot := time.Date(2026, 11, 1, 2, 0, 0, 0, time.UTC)
		for i := range 4 {
			if ok, err := in.svc.EnqueueScheduled(ctx, slot.Add(time.Duration(i)*24*time.Hour)); !ok || err != nil {
				t.Fatal(ok, err)
			}
			if err := in.queue.RunPending(ctx); err != nil {
				t.Fatal(err)
			}
		}
		st, err := in.svc.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(st.History) != 2 {
			t.Fatalf("%d backups listed; want the last 2", len(st.History))
		}
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		want := []string{st.History[1].FileName, st.History[0].FileName}
		if strings.Join(names, ",") != strings.Join(want, ",") {
			t.Errorf("files %v; want the newest two %v", names, want)
		}
		if _, err := in.svc.Delete(ctx, 0, st.History[0].ID); err != nil {
			t.Fatal(err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%d files after a delete; want 1", len(entries))
		}
	})
}

func TestSettingsNameTheZone(t *testing.T) {
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Skip("no time zone database")
	}
	for _, tt := range []struct {
		loc  *time.Location
		want string
	}{
		{kolkata, "Asia/Kolkata, IST UTC+05:30"},
		{time.UTC, "UTC"},
		{time.FixedZone("", 3600), "UTC+01:00"},
	} {
		sched, err := backups.ParseSchedule(backups.DefaultSchedule, tt.loc)
		if err != nil {
			t.Fatal(err)
		}
		db := storetest.New(t, store.SQLite)
		svc := backups.New(db, jobs.NewQueue(db, jobs.Config{}), backups.Config{Schedule: sched}, nil)
		if got := svc.Settings().TimeZone; got != tt.want {
			t.Errorf("zone %v: %q; want %q", tt.loc, got, tt.want)
		}
	}
}

// A run whose worker stopped (its job is no longer to do) shows as failed,
// not as running for ever.
func TestRunOfAStoppedServerShowsAsFailed(t *testing.T) {
	eachEngine(t, inDir, func(t *testing.T, _ string, in instance, _ string) {
		if ok, err := in.svc.EnqueueScheduled(ctx, time.Now()); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if _, err := in.db.Exec(`UPDATE backups SET state = 'running'`); err != nil {
			t.Fatal(err)
		}
		st, err := in.svc.Status(ctx)
		if err != nil || !st.Active {
			t.Fatalf("status %+v (%v); want the run active while its job is pending", st, err)
		}
		// The job's worker died on its one try: the queue failed the job.
		if _, err := in.db.Exec(`UPDATE jobs SET state = 'failed'`); err != nil {
			t.Fatal(err)
		}
		if st, err = in.svc.Status(ctx); err != nil || st.Active || st.Last == nil || st.Last.State != backups.Failed ||
			!strings.Contains(st.Last.Error, "server stopped") {
			t.Fatalf("status %+v (%v); want the run failed", st.Last, err)
		}
	})
}
