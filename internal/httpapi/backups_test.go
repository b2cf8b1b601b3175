package httpapi_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestBackupRoutesAreForAdminsOnly(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		agent := a.newAgent("anil", "9811111111")
		routes := [][2]string{
			{"GET", "/api/admin/backups"},
			{"POST", "/api/manual-backup"},
			{"GET", "/api/admin/backups/1/download"},
			{"DELETE", "/api/admin/backups/1"},
		}
		for _, r := range routes {
			wantError(t, a.do(r[0], r[1], nil), 401)
			wantError(t, a.do(r[0], r[1], nil, as(agent)), 403)
		}
		if n := a.jobCount("backups", "pending"); n != 0 {
			t.Errorf("%d backup jobs queued by refused requests", n)
		}
	})
}

func TestManualBackupThroughTheAPI(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("root", "9822222222")
		res := a.do("GET", "/api/admin/backups", nil, as(admin))
		wantStatus(t, res, 200)
		st := res.json(t)
		settings, _ := st["settings"].(map[string]any)
		if settings["schedule"] != "0 2 * * *" || settings["keep"] != 7.0 || settings["dir"] == "" || st["nextRun"] == nil ||
			st["lastSuccess"] != nil || st["active"] != false || len(st["history"].([]any)) != 0 {
			t.Fatalf("status before any backup: %v", st)
		}

		res = a.do("POST", "/api/manual-backup", nil, as(admin))
		wantStatus(t, res, 202)
		started := res.json(t)
		wantFields(t, "started backup", started, map[string]any{"state": "queued", "trigger": "manual"})
		id := idOf(started)
		if st := a.do("GET", "/api/admin/backups", nil, as(admin)).json(t); st["active"] != true {
			t.Errorf("status while queued: active %v; want true", st["active"])
		}
		a.drain()
		st = a.do("GET", "/api/admin/backups", nil, as(admin)).json(t)
		last, _ := st["lastSuccess"].(map[string]any)
		if st["active"] != false || last == nil || idOf(last) != id || last["state"] != "success" || last["sizeBytes"].(float64) <= 0 ||
			last["rowCount"].(float64) < 2 || last["durationMs"] == nil || last["finishedAt"] == nil {
			t.Fatalf("status after the run: %v", st)
		}

		path := fmt.Sprintf("/api/admin/backups/%d", id)
		audited := a.lastAudit().count
		res = a.do("GET", path+"/download", nil, as(admin))
		wantStatus(t, res, 200)
		// A download is recorded in the audit log too, with who and which backup.
		if got := a.lastAudit(); got.count != audited+1 || got.action != "backup.download" || got.actorID == nil || *got.actorID != admin.id ||
			got.targetID == nil || *got.targetID != id {
			t.Errorf("download audit row %+v; want backup.download of %d by %d", got, id, admin.id)
		}
		if cd := res.header.Get("Content-Disposition"); !strings.Contains(cd, `filename="`+last["fileName"].(string)+`"`) || !strings.HasPrefix(cd, "attachment") {
			t.Errorf("Content-Disposition %q; want the file as an attachment", cd)
		}
		zr, err := zip.NewReader(bytes.NewReader(res.body), int64(len(res.body)))
		if err != nil || float64(len(res.body)) != last["sizeBytes"] {
			t.Fatalf("download: %d bytes, %v; want the %v-byte zip", len(res.body), err, last["sizeBytes"])
		}
		if _, err := zr.Open("manifest.json"); err != nil {
			t.Errorf("downloaded backup has no manifest: %v", err)
		}

		for _, bad := range []struct {
			method, path string
			status       int
		}{
			{"GET", "/api/admin/backups/999999/download", 404},
			{"GET", "/api/admin/backups/abc/download", 400},
			{"GET", "/api/admin/backups/..%2F..%2Fetc%2Fpasswd/download", 400},
			{"GET", "/api/admin/backups/-1/download", 400},
			{"DELETE", "/api/admin/backups/999999", 404},
			{"DELETE", "/api/admin/backups/0", 400},
		} {
			wantError(t, a.do(bad.method, bad.path, nil, as(admin), invalid()), bad.status)
		}

		wantStatus(t, a.do("DELETE", path, nil, as(admin)), 200)
		wantError(t, a.do("GET", path+"/download", nil, as(admin)), 404)
		wantError(t, a.do("DELETE", path, nil, as(admin)), 404)
		if st := a.do("GET", "/api/admin/backups", nil, as(admin)).json(t); st["lastSuccess"] != nil {
			t.Errorf("deleted backup still listed: %v", st["lastSuccess"])
		}
	})
}

// A backup still queued cannot be deleted.
func TestQueuedBackupCannotBeDeleted(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("root", "9822222222")
		res := a.do("POST", "/api/manual-backup", nil, as(admin))
		wantStatus(t, res, 202)
		path := fmt.Sprintf("/api/admin/backups/%d", idOf(res.json(t)))
		wantError(t, a.do("DELETE", path, nil, as(admin)), 409)
		wantError(t, a.do("GET", path+"/download", nil, as(admin)), 404)
	})
}

// A hundred admins' requests at once: one manual backup is queued (one
// per 10 minutes: the others are 429 with Retry-After) and every download
// of a finished one is whole.
func TestBackupRoutesUnderConcurrentRequests(t *testing.T) {
	eachEngine(t, apiOptions{manualQueue: true}, func(t *testing.T, a *apiTest) {
		admin := a.newAdmin("root", "9822222222")
		wantStatus(t, a.do("POST", "/api/manual-backup", nil, as(admin)), 202)
		a.drain()
		res := a.do("POST", "/api/manual-backup", nil, as(admin))
		wantError(t, res, 429)
		if res.header.Get("Retry-After") == "" {
			t.Error("a refused manual backup does not say when to retry")
		}
		a.clock.Advance(10 * time.Minute)
		counts := a.concurrently(100, func(i int) (int, error) {
			if i%2 == 0 {
				return a.raw(admin, "POST", "/api/manual-backup")
			}
			return a.raw(admin, "GET", "/api/admin/backups/1/download")
		})
		if counts[202] != 1 || counts[429] != 49 || counts[200] != 50 {
			t.Fatalf("answers %v; want 1 × 202, 49 × 429 and 50 × 200", counts)
		}
		if n := a.jobCount("backups", "pending"); n != 1 {
			t.Errorf("%d backup jobs pending; want 1", n)
		}
		var queued int
		if err := a.db.QueryRow(`SELECT COUNT(*) FROM backups WHERE state = 'queued'`).Scan(&queued); err != nil || queued != 1 {
			t.Errorf("%d queued backups (%v); want 1", queued, err)
		}
	})
}
