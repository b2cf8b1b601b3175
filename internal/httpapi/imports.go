package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"propmatch/internal/feature/imports"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/auth"
)

// importRoutes are the bulk import of an agent's spreadsheet
// (docs/product.md#bulk-import).
func (s *server) importRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/imports", s.signedIn(s.uploadImport))
	// GET /api/imports/templates/{kind} and GET /api/imports/{id}/report
	// overlap as patterns (templates/report), so one pattern serves both.
	mux.HandleFunc("GET /api/imports/{id}/{part}", s.signedIn(s.importPart))
	mux.HandleFunc("GET /api/imports/{id}", s.signedIn(s.getImport))
	mux.HandleFunc("POST /api/imports/{id}/start", s.signedIn(s.startImport))
	mux.HandleFunc("DELETE /api/imports/{id}", s.signedIn(s.cancelImport))
}

// maxImportBody is POST /api/imports' body: the file and the form's fields.
const maxImportBody = imports.MaxFileBytes + 256<<10

func (s *server) uploadImport(w http.ResponseWriter, r *http.Request, u auth.User) {
	if err := r.ParseMultipartForm(maxImportBody); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(w, r, apperr.New(apperr.TooLarge, "The file is over 10 MB; split it into smaller files"))
			return
		}
		s.fail(w, r, apperr.Validation(apperr.FieldError{Path: "file", Message: "Send the file as multipart/form-data with a file field"}))
		return
	}
	defer func() { _ = r.MultipartForm.RemoveAll() }()
	f, hdr, err := r.FormFile("file")
	if err != nil {
		s.fail(w, r, apperr.Validation(apperr.FieldError{Path: "file", Message: "Choose a file to import"}))
		return
	}
	defer func() { _ = f.Close() }()
	data, err := io.ReadAll(io.LimitReader(f, imports.MaxFileBytes+1))
	if err != nil {
		s.fail(w, r, apperr.Validation(apperr.FieldError{Path: "file", Message: "The file could not be read; upload it again"}))
		return
	}
	var mapping map[string]string
	if m := r.FormValue("mapping"); m != "" {
		if err := json.Unmarshal([]byte(m), &mapping); err != nil {
			s.fail(w, r, apperr.Validation(apperr.FieldError{Path: "mapping", Message: `Mapping must be a JSON object of column title to field, like {"Expected Price": "price"}`}))
			return
		}
	}
	p, err := s.Set.Imports.Upload(r.Context(), u.ID, r.FormValue("kind"), hdr.Filename, data, mapping)
	s.reply(w, r, http.StatusCreated, p, err)
}

// importPart answers GET /api/imports/templates/{kind} and
// GET /api/imports/{id}/report.
func (s *server) importPart(w http.ResponseWriter, r *http.Request, u auth.User) {
	switch {
	case r.PathValue("id") == "templates":
		s.importTemplate(w, r, r.PathValue("part"))
	case r.PathValue("part") == "report":
		s.importReport(w, r, u)
	default:
		s.fail(w, r, apperr.New(apperr.NotFound, "Not found"))
	}
}

func (s *server) importTemplate(w http.ResponseWriter, r *http.Request, kind string) {
	format := r.URL.Query().Get("format")
	if format == "" {
		format = imports.XLSX
	}
	b, err := imports.Template(kind, format)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	name := "propmatch-" + kind + "-template." + format
	ctype := "text/csv; charset=utf-8"
	if format == imports.XLSX {
		ctype = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	//nolint:gosec // G705: the template is the server's own file (kind was checked against the two kinds), sent as an attachment
	_, _ = w.Write(b)
}

func (s *server) getImport(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st, err := s.Set.Imports.Get(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, st, err)
}

func (s *server) startImport(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st, err := s.Set.Imports.Start(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusAccepted, st, err)
}

func (s *server) cancelImport(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	st, err := s.Set.Imports.Cancel(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, st, err)
}

func (s *server) importReport(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if _, err := s.Set.Imports.Get(r.Context(), u.ID, id); err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="import-report.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	if err := s.Set.Imports.Report(r.Context(), u.ID, id, w); err != nil {
		s.Log.Warn("write import report", "err", err)
	}
}
