package backups_test

import (
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"propmatch/internal/feature/backups"
	"propmatch/internal/kit/apperr"
)

// advance moves in's database clock forward by d from now on.
func advance(in instance, d time.Duration) {
	clock := in.db.Now
	in.db.Now = func() time.Time { return clock().Add(d) }
}

// TestManualBackupsKeepApartFromScheduled: manual runs, however many, are
// kept to KeepManual among themselves and never delete a scheduled backup;
// the scheduled ones keep their own Keep. Manual files are named so.
func TestManualBackupsKeepApartFromScheduled(t *testing.T) {
	tests := []struct {
		name               string
		keep, keepManual   int
		runs               string // s: a scheduled run, m: a manual one, in order
		scheduled, manuals int    // kept afterwards
	}{
		{"TenManualAfterScheduled", 2, 3, "sss" + strings.Repeat("m", 10), 2, 3},
		{"ManualBetweenScheduled", 2, 1, "smmsmsm", 2, 1},
		{"OnlyManual", 7, 3, "mmmm", 0, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eachEngine(t, func(dir string) backups.Config {
				return backups.Config{Dir: dir, Keep: tt.keep, KeepManual: tt.keepManual}
			}, func(t *testing.T, _ string, in instance, dir string) {
				admin := newAdmin(t, in.db)
				slot := time.Date(2026, 11, 1, 2, 0, 0, 0, time.UTC)
				var scheduled, manual []int64
				for i, r := range tt.runs {
					advance(in, backups.DefaultManualEvery)
					if r == 's' {
						if ok, err := in.svc.EnqueueScheduled(ctx, slot.Add(time.Duration(i)*time.Hour)); !ok || err != nil {
							t.Fatal(ok, err)
						}
						if err := in.queue.RunPending(ctx); err != nil {
							t.Fatal(err)
						}
						st, _ := in.svc.Status(ctx)
						scheduled = append(scheduled, st.History[0].ID)
						continue
					}
					manual = append(manual, runBackup(t, in, admin).ID)
				}
				st, err := in.svc.Status(ctx)
				if err != nil {
					t.Fatal(err)
				}
				var gotS, gotM []int64
				var files []string
				for _, b := range st.History {
					if b.Trigger == backups.Manual {
						gotM = append(gotM, b.ID)
						if !strings.HasSuffix(b.FileName, "-manual.zip") {
							t.Errorf("manual backup's file %s does not say manual", b.FileName)
						}
					} else {
						gotS = append(gotS, b.ID)
					}
					files = append(files, b.FileName)
				}
				slices.Reverse(gotS)
				slices.Reverse(gotM)
				if want := scheduled[len(scheduled)-tt.scheduled:]; !slices.Equal(gotS, want) {
					t.Errorf("scheduled backups kept %v; want the newest %d %v", gotS, tt.scheduled, want)
				}
				if want := manual[len(manual)-tt.manuals:]; !slices.Equal(gotM, want) {
					t.Errorf("manual backups kept %v; want the newest %d %v", gotM, tt.manuals, want)
				}
				entries, _ := os.ReadDir(dir)
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				slices.Sort(files)
				if !slices.Equal(names, files) {
					t.Errorf("files %v; want those of the kept backups %v", names, files)
				}
			})
		})
	}
}

// TestManualBackupsAreRateLimited: a hundred manual backups asked for at
// once queue one; the others are TooManyRequests saying when to retry,
// which is when the next one starts.
func TestManualBackupsAreRateLimited(t *testing.T) {
	eachEngine(t, inDir, func(t *testing.T, _ string, in instance, _ string) {
		admin := newAdmin(t, in.db)
		var wg sync.WaitGroup
		var mu sync.Mutex
		answers := map[apperr.Code]int{}
		var waits []time.Duration
		for range 100 {
			wg.Go(func() {
				_, err := in.svc.StartManual(ctx, admin)
				var ae *apperr.Error
				mu.Lock()
				defer mu.Unlock()
				answers[apperr.CodeOf(err)]++
				if errors.As(err, &ae) && ae.Code == apperr.TooManyRequests {
					waits = append(waits, ae.RetryAfter)
					if !strings.Contains(ae.Message, "Start another in ") {
						t.Errorf("message %q does not say when", ae.Message)
					}
				} else if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if answers[""] != 1 || answers[apperr.TooManyRequests] != 99 {
			t.Fatalf("answers %v; want 1 queued and 99 too many requests", answers)
		}
		for _, w := range waits {
			if w <= 0 || w > backups.DefaultManualEvery {
				t.Fatalf("retry after %v; want within %v", w, backups.DefaultManualEvery)
			}
		}
		if n := count(t, in.db, `SELECT COUNT(*) FROM backups WHERE kind = 'manual'`); n != 1 {
			t.Errorf("%d manual backups queued; want 1", n)
		}
		if n := count(t, in.db, `SELECT COUNT(*) FROM jobs WHERE kind = $1`, backups.JobKind); n != 1 {
			t.Errorf("%d backup jobs; want 1", n)
		}
		advance(in, backups.DefaultManualEvery-time.Second)
		if _, err := in.svc.StartManual(ctx, admin); apperr.CodeOf(err) != apperr.TooManyRequests {
			t.Errorf("a second before the interval: %v; want too many requests", err)
		}
		advance(in, time.Second)
		if _, err := in.svc.StartManual(ctx, admin); err != nil {
			t.Errorf("after the interval: %v; want queued", err)
		}
	})
}
