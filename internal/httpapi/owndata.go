package httpapi

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"propmatch/internal/kit/dbdump"
	"propmatch/internal/platform/auth"
)

// ownDataRoutes are an agent's own data (download, account deletion) and
// the admins' export of the whole database (docs/product.md#your-data).
func (s *server) ownDataRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/user/export", s.sessionOnly(s.exportMyData))
	mux.HandleFunc("POST /api/user/delete", s.sessionOnly(s.deleteMyAccount))
	mux.HandleFunc("GET /api/database-export", s.adminOnly(s.databaseExport))
}

// streamedDownload reports whether path streams a whole data set from one
// read transaction: it may take longer than the request deadline
// (PROPMATCH_DB_TIMEOUT), so it has none; the client going away still
// cancels it.
func streamedDownload(path string) bool {
	return path == "/api/database-export" || path == "/api/user/export"
}

// writeCounter counts what was written through it, so a failure before the
// first byte can still be answered as JSON.
type writeCounter struct {
	w io.Writer
	n int64
}

func (c *writeCounter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// streamDownload sends what write writes as an attachment named name. A
// failure before the first byte is a JSON error; after it, the connection
// is cut, so the client never keeps a truncated file as whole.
func (s *server) streamDownload(w http.ResponseWriter, r *http.Request, contentType, name string, write func(io.Writer) error) {
	// A large download takes longer than the server's write timeout.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{}) // not every writer has deadlines
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	cw := &writeCounter{w: w}
	err := write(cw)
	if err == nil {
		return
	}
	if cw.n == 0 && r.Context().Err() == nil {
		w.Header().Del("Content-Disposition")
		s.fail(w, r, err)
		return
	}
	s.Log.ErrorContext(r.Context(), "download cut short", "path", r.URL.Path, "bytes", cw.n, "err", err)
	panic(http.ErrAbortHandler)
}

func (s *server) exportMyData(w http.ResponseWriter, r *http.Request, u auth.User) {
	if err := s.Account.AllowExport(r.Context(), u.ID, s.client(r)); err != nil {
		s.fail(w, r, err)
		return
	}
	name := fmt.Sprintf("propmatch-my-data-%s.json", dbdump.Stamp(s.DB.Time()))
	s.streamDownload(w, r, "application/json; charset=utf-8", name, func(w io.Writer) error {
		return s.Account.Export(r.Context(), u.ID, w)
	})
}

// deleteAccountBody is POST /api/user/delete's body.
type deleteAccountBody struct {
	Password string `json:"password"`
}

// deletedBody answers an account's deletion.
type deletedBody struct {
	Message             string `json:"message"`
	ListingsDeleted     int    `json:"listingsDeleted"`
	RequirementsDeleted int    `json:"requirementsDeleted"`
}

func (s *server) deleteMyAccount(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[deleteAccountBody](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	d, err := s.Account.Delete(r.Context(), u, in.Password, s.client(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.clearSessionCookie(w, r)
	if s.Events != nil { // every session ended: so do all their live streams
		if err := s.Events.EndSession(context.WithoutCancel(r.Context()), u.ID, ""); err != nil {
			s.Log.Warn("end event streams", "err", err)
		}
	}
	s.Log.InfoContext(r.Context(), "account deleted by its owner", "user_id", u.ID)
	writeJSON(w, http.StatusOK, deletedBody{Message: "Your account has been deleted", ListingsDeleted: d.Listings, RequirementsDeleted: d.Requirements})
}

func (s *server) databaseExport(w http.ResponseWriter, r *http.Request, u auth.User) {
	name := "propmatch-database-" + dbdump.Stamp(s.DB.Time()) + ".zip"
	s.streamDownload(w, r, "application/zip", name, func(w io.Writer) error {
		_, err := s.Backups.Export(r.Context(), u.ID, w)
		return err
	})
}
