package backups_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"propmatch/internal/feature/backups"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
)

const testSecret = "s3cr3t-never-shown-0123456789"

// s3Server is a real S3-protocol server (gofakes3, in memory) that the
// test can stop and start again on the same address.
type s3Server struct {
	t       *testing.T
	backend *s3mem.Backend
	addr    string
	srv     *httptest.Server
}

func startS3(t *testing.T, bucket string) *s3Server {
	t.Helper()
	s := &s3Server{t: t, backend: s3mem.New()}
	if err := s.backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	s.start("127.0.0.1:0")
	t.Cleanup(s.stop)
	return s
}

func (s *s3Server) start(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		s.t.Fatal(err)
	}
	s.addr = ln.Addr().String()
	s.srv = httptest.NewUnstartedServer(gofakes3.New(s.backend).Server())
	s.srv.Listener = ln
	s.srv.Start()
}

func (s *s3Server) stop() {
	if s.srv != nil {
		s.srv.Close()
		s.srv = nil
	}
}

// keys lists the bucket's object keys, sorted.
func (s *s3Server) keys(bucket string) []string {
	s.t.Helper()
	res, err := s.backend.ListBucket(bucket, &gofakes3.Prefix{}, gofakes3.ListBucketPage{})
	if err != nil {
		s.t.Fatal(err)
	}
	var keys []string
	for _, c := range res.Contents {
		keys = append(keys, c.Key)
	}
	slices.Sort(keys)
	return keys
}

func offsiteConfig(addr string) backups.Offsite {
	return backups.Offsite{Endpoint: "http://" + addr, Bucket: "propmatch-backups", Region: "ap-south-1",
		AccessKey: "AKIATEST", SecretKey: testSecret, Prefix: "/nightly/", PathStyle: true}
}

// runBackup queues a manual backup by admin and runs the queue.
func runBackup(t *testing.T, in instance, admin int64) backups.Backup {
	t.Helper()
	b, err := in.svc.StartManual(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	if err := in.queue.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	if b, err = in.svc.Get(ctx, b.ID); err != nil || b.State != backups.Success {
		t.Fatalf("backup %+v, %v; want success", b, err)
	}
	return b
}

func newAdmin(t *testing.T, db *store.DB) int64 {
	t.Helper()
	if _, err := db.Exec(`INSERT INTO users (username, password_hash, full_name, phone, role, created_at, updated_at)
		VALUES ('root', 'x', 'Root', '9811111111', 'admin', $1, $1)`, db.Time()); err != nil {
		t.Fatal(err)
	}
	var id int64
	if err := db.QueryRow(`SELECT id FROM users WHERE username = 'root'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// Each successful backup is copied to the bucket under the prefix, and the
// bucket keeps the newest Keep of them; other objects are left alone.
func TestOffsiteCopiesAndKeepsTheLastN(t *testing.T) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			s3 := startS3(t, "propmatch-backups")
			if _, err := s3.backend.PutObject("propmatch-backups", "nightly/notes.txt", nil, strings.NewReader("keep me"), 7, nil); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			in := newInstance(t, storetest.URL(t, e), backups.Config{Dir: dir, Keep: 2, KeepManual: 2, Offsite: offsiteConfig(s3.addr)})
			admin := newAdmin(t, in.db)
			var made []backups.Backup
			for range 3 {
				advance(in, backups.DefaultManualEvery) // one manual backup per interval
				made = append(made, runBackup(t, in, admin))
			}
			for _, b := range made[1:] {
				got, err := in.svc.Get(ctx, b.ID)
				if err != nil || got.Offsite != backups.OffsiteCopied || got.OffsiteError != "" || got.OffsiteAt == nil {
					t.Errorf("backup %d: %+v (%v); want copied off-site", b.ID, got, err)
				}
			}
			want := []string{"nightly/" + made[1].FileName, "nightly/" + made[2].FileName, "nightly/notes.txt"}
			slices.Sort(want)
			if got := s3.keys("propmatch-backups"); !slices.Equal(got, want) {
				t.Errorf("bucket holds %v; want the newest two backups and the foreign object %v", got, want)
			}
			obj, err := s3.backend.GetObject("propmatch-backups", "nightly/"+made[2].FileName, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer obj.Contents.Close()
			local, _ := os.ReadFile(filepath.Join(dir, made[2].FileName))
			var remote bytes.Buffer
			_, _ = remote.ReadFrom(obj.Contents)
			if !bytes.Equal(local, remote.Bytes()) {
				t.Errorf("the copy has %d bytes, the file %d; want the same bytes", remote.Len(), len(local))
			}
			st, err := in.svc.Status(ctx)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := json.Marshal(st)
			if st.Settings.Offsite == nil || st.Settings.Offsite.Destination != "s3://propmatch-backups/nightly/ at http://"+s3.addr ||
				strings.Contains(string(body), testSecret) || strings.Contains(string(body), "AKIATEST") {
				t.Errorf("settings %s; want the destination and no key", body)
			}
		})
	}
}

// The bucket keeps the newest Keep scheduled and KeepManual manual copies
// apart: manual backups never push a scheduled copy out.
func TestOffsiteKeepsManualCopiesApart(t *testing.T) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			s3 := startS3(t, "propmatch-backups")
			in := newInstance(t, storetest.URL(t, e), backups.Config{Dir: t.TempDir(), Keep: 1, KeepManual: 1, Offsite: offsiteConfig(s3.addr)})
			admin := newAdmin(t, in.db)
			slot := time.Date(2026, 11, 1, 2, 0, 0, 0, time.UTC)
			var last map[string]string // kind: file name
			for i, kind := range []string{backups.Scheduled, backups.Manual, backups.Manual, backups.Scheduled, backups.Manual, backups.Manual} {
				advance(in, backups.DefaultManualEvery)
				if kind == backups.Manual {
					b := runBackup(t, in, admin)
					last = map[string]string{backups.Manual: b.FileName, backups.Scheduled: last[backups.Scheduled]}
					continue
				}
				if ok, err := in.svc.EnqueueScheduled(ctx, slot.Add(time.Duration(i)*time.Hour)); !ok || err != nil {
					t.Fatal(ok, err)
				}
				if err := in.queue.RunPending(ctx); err != nil {
					t.Fatal(err)
				}
				st, _ := in.svc.Status(ctx)
				last = map[string]string{backups.Scheduled: st.History[0].FileName, backups.Manual: last[backups.Manual]}
			}
			want := []string{"nightly/" + last[backups.Scheduled], "nightly/" + last[backups.Manual]}
			slices.Sort(want)
			if got := s3.keys("propmatch-backups"); !slices.Equal(got, want) {
				t.Errorf("bucket holds %v; want the newest scheduled and the newest manual copy %v", got, want)
			}
		})
	}
}

// With the storage down the backup still succeeds and keeps its file; the
// copy is recorded as pending with the error and retried with the queue's
// backoff, and it succeeds once the storage is back. The secret key is in
// no log line.
func TestOffsiteFailureIsRecordedAndRetried(t *testing.T) {
	for _, e := range storetest.Engines() {
		t.Run(string(e), func(t *testing.T) {
			s3 := startS3(t, "propmatch-backups")
			dir := t.TempDir()
			url := storetest.URL(t, e)
			db, err := store.Open(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = db.Close() })
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			var logged bytes.Buffer
			log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
			q := jobs.NewQueue(db, jobs.Config{Log: log})
			cfg := backups.Config{Dir: dir, Offsite: offsiteConfig(s3.addr)}
			in := instance{db: db, queue: q, svc: backups.New(db, q, cfg, log)}
			q.Add(in.svc.Jobs()...)
			admin := newAdmin(t, db)

			s3.stop()
			b := runBackup(t, in, admin)
			got, _ := in.svc.Get(ctx, b.ID)
			if got.Offsite != backups.OffsitePending || !strings.Contains(got.OffsiteError, "connection refused") {
				t.Fatalf("with the storage down: off-site %q, %q; want pending with the connection's error", got.Offsite, got.OffsiteError)
			}
			if _, err := os.Stat(filepath.Join(dir, got.FileName)); err != nil {
				t.Fatalf("the local file after a failed upload: %v", err)
			}
			if h, err := in.svc.Health(ctx); err != nil || h.LastFailed || h.LastSuccessAt == nil {
				t.Errorf("health %+v (%v); want the backup counted as a success", h, err)
			}

			s3.start(s3.addr)
			// The retry waits for the queue's backoff (1 s after the first try).
			db.Now = func() time.Time { return time.Now().UTC().Add(2 * time.Second) }
			if err := q.RunPending(ctx); err != nil {
				t.Fatal(err)
			}
			got, _ = in.svc.Get(ctx, b.ID)
			if got.Offsite != backups.OffsiteCopied || got.OffsiteError != "" {
				t.Fatalf("after the storage came back: off-site %q, %q; want copied", got.Offsite, got.OffsiteError)
			}
			if keys := s3.keys("propmatch-backups"); !slices.Equal(keys, []string{"nightly/" + got.FileName}) {
				t.Errorf("bucket holds %v", keys)
			}
			if strings.Contains(logged.String(), testSecret) {
				t.Error("the secret key is in the log")
			}
			if !strings.Contains(logged.String(), "backup copied off-site") {
				t.Errorf("log lacks the copy:\n%s", logged.String())
			}
		})
	}
}

// A copy that fails on every try ends failed, with its error, and the
// readiness warnings name it.
func TestOffsiteGivesUpAfterItsTries(t *testing.T) {
	db := storetest.New(t, store.SQLite)
	q := jobs.NewQueue(db, jobs.Config{Backoff: time.Nanosecond, MaxBackoff: time.Nanosecond})
	svc := backups.New(db, q, backups.Config{Dir: t.TempDir(), Offsite: offsiteConfig("127.0.0.1:1")}, nil)
	q.Add(svc.Jobs()...)
	in := instance{db: db, queue: q, svc: svc}
	b := runBackup(t, in, newAdmin(t, db))
	got, _ := svc.Get(ctx, b.ID)
	if got.Offsite != backups.OffsiteFailed || got.OffsiteError == "" {
		t.Fatalf("off-site %q, %q; want failed with the error", got.Offsite, got.OffsiteError)
	}
	var attempts int
	if err := db.QueryRow(`SELECT attempts FROM jobs WHERE kind = $1`, backups.OffsiteJobKind).Scan(&attempts); err != nil || attempts < 2 {
		t.Errorf("the upload was tried %d times (%v); want retries", attempts, err)
	}
	warnings, err := svc.Warnings(ctx)
	if err != nil || len(warnings) != 1 || warnings[0].Check != "backup_offsite_failed" {
		t.Errorf("warnings %+v (%v); want backup_offsite_failed", warnings, err)
	}
}

func TestOffsiteConfigCheck(t *testing.T) {
	for _, tt := range []struct {
		o    backups.Offsite
		want string // "" when valid
	}{
		{backups.Offsite{}, ""},
		{offsiteConfig("s3.example.com"), ""},
		{backups.Offsite{Endpoint: "s3.example.com", Bucket: "b", AccessKey: "a", SecretKey: testSecret}, "PROPMATCH_BACKUP_S3_ENDPOINT"},
		{backups.Offsite{Endpoint: "https://s3.example.com/path", Bucket: "b", AccessKey: "a", SecretKey: testSecret}, "PROPMATCH_BACKUP_S3_ENDPOINT"},
		{backups.Offsite{Endpoint: "https://s3.example.com", AccessKey: "a", SecretKey: testSecret}, "PROPMATCH_BACKUP_S3_BUCKET"},
		{backups.Offsite{Endpoint: "https://s3.example.com", Bucket: "b", AccessKey: "a"}, "PROPMATCH_BACKUP_S3_SECRET_KEY"},
	} {
		err := tt.o.Check()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: %v; want valid", tt.o, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%v: %v; want an error naming %s", tt.o, err, tt.want)
		case err != nil && strings.Contains(err.Error(), testSecret):
			t.Errorf("the error shows the secret: %v", err)
		}
		if s := fmt.Sprintf("%v %+v %#v %s", tt.o, tt.o, tt.o, tt.o); strings.Contains(s, testSecret) {
			t.Errorf("formatting shows the secret: %s", s)
		}
	}
}

// Each deletion by the retention, of a local file or an off-site copy, is
// logged at info, naming what went.
func TestRetentionIsLogged(t *testing.T) {
	s3 := startS3(t, "propmatch-backups")
	db, err := store.Open(ctx, storetest.URL(t, store.SQLite))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	q := jobs.NewQueue(db, jobs.Config{})
	svc := backups.New(db, q, backups.Config{Dir: t.TempDir(), Keep: 1, KeepManual: 1, Offsite: offsiteConfig(s3.addr)},
		slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo})))
	q.Add(svc.Jobs()...)
	in := instance{db: db, queue: q, svc: svc}
	admin := newAdmin(t, db)
	first := runBackup(t, in, admin)
	advance(in, backups.DefaultManualEvery)
	runBackup(t, in, admin)
	for _, want := range []string{
		fmt.Sprintf(`level=INFO msg="old backup deleted: only the newest are kept" id=%d file=%s kind=manual keep=1`, first.ID, first.FileName),
		fmt.Sprintf(`level=INFO msg="old off-site copy deleted: only the newest are kept" bucket=propmatch-backups key=nightly/%s keep=1`, first.FileName),
	} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("the log does not say\n%s\n%s", want, logs.String())
		}
	}
}
