package httpapi

import (
	"net/http"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/jobs"
	"propmatch/internal/platform/auth"
)

// queueRoutes are the background job queue's figures, for admins.
func (s *server) queueRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/admin/queue", s.adminOnlyTo("see the job queue", s.queueStats))
}

// failedShown is how many failed jobs the queue figures list.
const failedShown = 100

type queueBody struct {
	jobs.Stats
	FailedJobs []jobs.Job `json:"failedJobs"`
}

func (s *server) queueStats(w http.ResponseWriter, r *http.Request, _ auth.User) {
	stats, err := s.Queue.Stats(r.Context())
	if err != nil {
		s.fail(w, r, apperr.Wrap(err, "read queue figures"))
		return
	}
	failed, err := s.Queue.Failed(r.Context(), failedShown)
	if failed == nil {
		failed = []jobs.Job{}
	}
	s.reply(w, r, http.StatusOK, queueBody{Stats: stats, FailedJobs: failed}, apperr.Wrap(err, "read failed jobs"))
}
