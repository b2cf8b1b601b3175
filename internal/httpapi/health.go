package httpapi

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"time"
)

func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok"))
}

// readiness is /readyz's answer. Warnings name conditions an operator
// should look at that do not stop this instance from serving.
type readiness struct {
	Status   string         `json:"status"` // ready or not ready
	Message  string         `json:"message,omitempty"`
	Warnings []readyWarning `json:"warnings"`
}

type readyWarning struct {
	Check   string `json:"check"`
	Message string `json:"message"`
}

// defaultQueueStuckAfter is Deps.QueueStuckAfter when zero.
const defaultQueueStuckAfter = 15 * time.Minute

// readyz answers 200 when the database answers and its schema is the one
// this build needs, with warnings about a stuck or failing job queue; the
// details of a failure go to the log.
func (s *server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	notReady := func(msg string, err error) {
		s.Log.WarnContext(ctx, "readiness check failed", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, readiness{Status: "not ready", Message: msg, Warnings: []readyWarning{}})
	}
	if err := s.DB.PingContext(ctx); err != nil {
		notReady("database unavailable", err)
		return
	}
	if err := s.DB.SchemaCurrent(ctx); err != nil {
		notReady("database schema is not up to date", err)
		return
	}
	writeJSON(w, http.StatusOK, readiness{Status: "ready", Warnings: append(s.queueWarnings(ctx), s.backupWarnings(ctx)...)})
}

// backupWarnings returns what is wrong with the backups: the last run
// failed, the last success is older than two scheduled runs, or its
// off-site copy failed (backups.Service.Warnings).
func (s *server) backupWarnings(ctx context.Context) []readyWarning {
	if s.Backups == nil {
		return nil
	}
	list, err := s.Backups.Warnings(ctx)
	if err != nil {
		s.Log.WarnContext(ctx, "readiness: read the backups' outcome", "err", err)
		return []readyWarning{{Check: "backup", Message: "The backups' outcome could not be read."}}
	}
	out := make([]readyWarning, 0, len(list))
	for _, w := range list {
		out = append(out, readyWarning(w))
	}
	return out
}

// queueWarnings returns what is wrong with the background job queue: a
// pending job older than QueueStuckAfter, or jobs that failed for good in
// the last day. The figures are at most jobs.RecentFor old, so that
// frequent probes cost one read per period.
func (s *server) queueWarnings(ctx context.Context) []readyWarning {
	warnings := []readyWarning{}
	if s.Queue == nil {
		return warnings
	}
	stats, err := s.Queue.RecentStats(ctx)
	if err != nil {
		s.Log.WarnContext(ctx, "readiness: read the job queue's figures", "err", err)
		return append(warnings, readyWarning{Check: "queue", Message: "The background job queue's figures could not be read."})
	}
	stuckAfter := cmp.Or(s.QueueStuckAfter, defaultQueueStuckAfter)
	if waited := time.Duration(stats.OldestPendingSeconds * float64(time.Second)); waited > stuckAfter {
		warnings = append(warnings, readyWarning{Check: "queue_stuck", Message: fmt.Sprintf(
			"The background job due longest (%s) has waited %s since it became due (more than %s): workers may be stopped or the job keeps failing. See GET /api/admin/queue.",
			stats.OldestPendingKind, waited.Round(time.Second), stuckAfter)})
	}
	if stats.FailedLastDay > 0 {
		warnings = append(warnings, readyWarning{Check: "jobs_failed", Message: fmt.Sprintf(
			"%d background job(s) failed for good in the last 24 hours. See GET /api/admin/queue.", stats.FailedLastDay)})
	}
	return warnings
}

// healthRoutes are the probes (docs/security.md#operations).
func (s *server) healthRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
}
