package httpapi

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/rera"
)

// MaxReraBodyBytes caps a RERA submission: a 5 MB certificate and the
// form around it.
const MaxReraBodyBytes = rera.MaxCertificateBytes + 64<<10

// reraPath is the submission route, which bodyCap lets carry a certificate.
const reraPath = "/api/user/rera"

// reraRoutes are RERA verification (docs/product.md#rera-verification):
// the agent's submission and standing, the certificate (its agent and
// admins only), and the admins' review queue (each decision audited).
func (s *server) reraRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET "+reraPath, s.signedIn(s.myRera))
	mux.HandleFunc("POST "+reraPath, s.signedIn(s.submitRera))
	mux.HandleFunc("GET /api/rera/{id}/certificate", s.signedIn(s.reraCertificate))
	mux.HandleFunc("GET /api/admin/rera", s.adminOnly(s.adminRera))
	mux.HandleFunc("POST /api/admin/rera/{id}/approve", s.adminOnly(s.approveRera))
	mux.HandleFunc("POST /api/admin/rera/{id}/reject", s.adminOnly(s.rejectRera))
}

// me is the signed-in user with the last valid day of their RERA badge.
type me struct {
	auth.User
	ReraValidUntil *string `json:"reraValidUntil"`
}

func (s *server) withBadge(r *http.Request, u auth.User) (me, error) {
	v, err := s.Rera.ValidUntil(r.Context(), u.ID)
	if v == nil {
		u.IsReraVerified = false
	}
	return me{User: u, ReraValidUntil: v}, err
}

func (s *server) myRera(w http.ResponseWriter, r *http.Request, u auth.User) {
	out, err := s.Rera.Mine(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) submitRera(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := readReraForm(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Rera.Submit(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, out, err)
}

// readReraForm reads the multipart submission: number, state, validUntil
// and the certificate file (at most rera.MaxCertificateBytes).
func readReraForm(r *http.Request) (rera.Submission, error) {
	var in rera.Submission
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/form-data") {
		return in, apperr.New(apperr.Invalid, "Send the registration as a form upload (multipart/form-data) with the number, state, last valid day and certificate")
	}
	if err := r.ParseMultipartForm(MaxReraBodyBytes); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return in, apperr.Validation(apperr.FieldError{Path: "certificate", Message: "The certificate must be at most 5 MB"})
		}
		return in, apperr.New(apperr.Invalid, "The form could not be read")
	}
	defer func() { _ = r.MultipartForm.RemoveAll() }()
	in.Number, in.State, in.ValidUntil = r.FormValue("number"), r.FormValue("state"), r.FormValue("validUntil")
	file, _, err := r.FormFile("certificate")
	switch {
	case errors.Is(err, http.ErrMissingFile):
		return in, nil // Submit says it is required, with the other fields' errors
	case err != nil:
		return in, apperr.New(apperr.Invalid, "The certificate could not be read")
	}
	defer func(f multipart.File) { _ = f.Close() }(file)
	data, err := io.ReadAll(io.LimitReader(file, rera.MaxCertificateBytes+1))
	if err != nil {
		return in, apperr.New(apperr.Invalid, "The certificate could not be read")
	}
	in.Certificate = data
	return in, nil
}

// reraCertificate serves a certificate to its agent and to admins; anyone
// else gets 404. It is a download (attachment), never sniffed.
func (s *server) reraCertificate(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := s.Rera.Certificate(r.Context(), u.ID, u.IsAdmin(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", c.ContentType)
	h.Set("Content-Disposition", `attachment; filename="`+c.Filename+`"`)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'")
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(c.Data) // the client is gone
}

func (s *server) adminRera(w http.ResponseWriter, r *http.Request, _ auth.User) {
	out, err := s.Rera.Queue(r.Context(), r.URL.Query().Get("status"))
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) approveRera(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Rera.Approve(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, out, err)
}

func (s *server) rejectRera(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[struct {
		Reason string `json:"reason"`
	}](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out, err := s.Rera.Reject(r.Context(), u.ID, id, in.Reason)
	s.reply(w, r, http.StatusOK, out, err)
}
