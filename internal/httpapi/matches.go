package httpapi

import (
	"net/http"
	"time"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/feature/matches"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/auth"
)

func (s *server) requirementMatches(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.Matches.ForRequirement(r.Context(), u.ID, id)
	if err == nil {
		// The list is an array: the requirement's matching progress rides
		// in headers (docs/openapi.yaml).
		var p matchengine.Progress
		p, err = s.Requirements.Progress(r.Context(), id)
		w.Header().Set("PropMatch-Matching", p.Matching)
		if p.MatchingQueuedAt != nil {
			w.Header().Set("PropMatch-Matching-Queued-At", p.MatchingQueuedAt.UTC().Format(time.RFC3339Nano))
		}
	}
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) listMatches(w http.ResponseWriter, r *http.Request, u auth.User) {
	p, err := pageOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	f, err := matches.ParseFilter(r.URL.Query().Get)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, next, err := s.Matches.List(r.Context(), u.ID, f, p)
	if err == nil {
		setNextCursor(w, r, next)
	}
	s.reply(w, r, http.StatusOK, list, err)
}

type statusBody struct {
	Status   string `json:"status"`
	ViewedBy string `json:"viewedBy"`
}

func (s *server) setMatchStatus(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[statusBody](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.Matches.SetStatus(r.Context(), u.ID, id, in.Status, in.ViewedBy)
	s.reply(w, r, http.StatusOK, m, err)
}

type notesBody struct {
	Notes *string `json:"notes" input:"multiline"`
}

func (s *server) setMatchNotes(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, in, err := idAndBody[notesBody](r)
	if err == nil && in.Notes == nil {
		err = apperr.Validation(apperr.FieldError{Path: "notes", Message: "notes is required"})
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.Matches.SetNotes(r.Context(), u.ID, id, *in.Notes)
	s.reply(w, r, http.StatusOK, m, err)
}

func (s *server) shareMatchClient(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r, "id")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.Matches.ShareClient(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, m, err)
}

// matchRoutes are the matches and their lead status
// (docs/product.md#matches through #lead-status).
func (s *server) matchRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/requirements/{id}/matches", s.signedIn(s.requirementMatches))
	mux.HandleFunc("GET /api/matches", s.signedIn(s.listMatches))
	mux.HandleFunc("PUT /api/matches/{id}/status", keyWrites(s.signedIn(s.setMatchStatus)))
	mux.HandleFunc("PUT /api/matches/{id}/notes", keyWrites(s.signedIn(s.setMatchNotes)))
	mux.HandleFunc("PUT /api/matches/{id}/share-client", s.signedIn(s.shareMatchClient))
}
