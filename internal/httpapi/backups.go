package httpapi

import (
	"fmt"
	"net/http"
	"time"

	"propmatch/internal/platform/auth"
)

// backupRoutes are the server's backups, for admins
// (docs/product.md#backups).
func (s *server) backupRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/admin/backups", s.adminOnly(s.backupStatus))
	mux.HandleFunc("POST /api/manual-backup", s.adminOnly(s.manualBackup))
	mux.HandleFunc("GET /api/admin/backups/{id}/download", s.adminOnly(s.downloadBackup))
	mux.HandleFunc("DELETE /api/admin/backups/{id}", s.adminOnly(s.deleteBackup))
}

func (s *server) backupStatus(w http.ResponseWriter, r *http.Request, _ auth.User) {
	st, err := s.Set.Backups.Status(r.Context())
	s.reply(w, r, http.StatusOK, st, err)
}

func (s *server) manualBackup(w http.ResponseWriter, r *http.Request, u auth.User) {
	b, err := s.Set.Backups.StartManual(r.Context(), u.ID)
	s.reply(w, r, http.StatusAccepted, b, err)
}

func (s *server) downloadBackup(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f, b, err := s.Set.Backups.Open(r.Context(), u.ID, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	defer func() { _ = f.Close() }() // only read
	// A large file takes longer than the server's write timeout.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{}) // not every writer has deadlines
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", `attachment; filename="`+b.FileName+`"`)
	w.Header().Set("Cache-Control", "no-store")
	var modified time.Time
	if b.FinishedAt != nil {
		modified = *b.FinishedAt
	}
	http.ServeContent(w, r, "", modified, f)
}

func (s *server) deleteBackup(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	b, err := s.Set.Backups.Delete(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, messageBody{Message: fmt.Sprintf("Backup %d deleted", b.ID)}, err)
}
