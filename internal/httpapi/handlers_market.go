package httpapi

import (
	"net/http"

	"propmatch/internal/access"
	"propmatch/internal/apperr"
	"propmatch/internal/auth"
	"propmatch/internal/match"
	"propmatch/internal/media"
	"propmatch/internal/paging"
	"propmatch/internal/property"
	"propmatch/internal/requirement"
)

func (s *server) listMyProperties(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]property.Property, int64, error) {
		return s.Properties.ListMine(r.Context(), u.ID, p)
	})
}

func (s *server) createProperty(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[property.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.Properties.Create(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, p, err)
}

func (s *server) updateProperty(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	in, err := decode[property.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	p, err := s.Properties.Update(r.Context(), u.ID, id, in)
	s.reply(w, r, http.StatusOK, p, err)
}

func (s *server) deleteProperty(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Properties.Delete(r.Context(), access.Actor{ID: u.ID, Admin: u.IsAdmin()}, id)
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Property deleted"}, err)
}

func (s *server) listMyRequirements(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]requirement.Requirement, int64, error) {
		return s.Requirements.ListMine(r.Context(), u.ID, p)
	})
}

func (s *server) createRequirement(w http.ResponseWriter, r *http.Request, u auth.User) {
	in, err := decode[requirement.Input](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	req, err := s.Requirements.Create(r.Context(), u.ID, in)
	s.reply(w, r, http.StatusCreated, req, err)
}

func (s *server) updateRequirement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	patch, err := decode[requirement.Patch](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	req, err := s.Requirements.Update(r.Context(), u.ID, id, patch)
	s.reply(w, r, http.StatusOK, req, err)
}

func (s *server) deleteRequirement(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err == nil {
		err = s.Requirements.Delete(r.Context(), access.Actor{ID: u.ID, Admin: u.IsAdmin()}, id)
	}
	s.reply(w, r, http.StatusOK, messageBody{Message: "Requirement deleted"}, err)
}

func (s *server) requirementMatches(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	list, err := s.Matches.ForRequirement(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *server) listMatches(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]match.Match, int64, error) {
		q := r.URL.Query()
		return s.Matches.List(r.Context(), u.ID, q.Get("type"), q.Get("status"), p)
	})
}

type statusBody struct {
	Status   string `json:"status"`
	ViewedBy string `json:"viewedBy"`
}

func (s *server) setMatchStatus(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	in, err := decode[statusBody](r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.Matches.SetStatus(r.Context(), u.ID, id, in.Status, in.ViewedBy)
	s.reply(w, r, http.StatusOK, m, err)
}

type notesBody struct {
	Notes *string `json:"notes"`
}

func (s *server) setMatchNotes(w http.ResponseWriter, r *http.Request, u auth.User) {
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	in, err := decode[notesBody](r)
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
	id, err := pathID(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.Matches.ShareClient(r.Context(), u.ID, id)
	s.reply(w, r, http.StatusOK, m, err)
}

func (s *server) marketplaceProperties(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]property.Marketplace, int64, error) {
		return s.Marketplace.Properties(r.Context(), r.URL.Query().Get("q"), p)
	})
}

func (s *server) marketplaceRequirements(w http.ResponseWriter, r *http.Request, u auth.User) {
	page(s, w, r, func(p paging.Page) ([]requirement.Public, int64, error) {
		return s.Marketplace.Requirements(r.Context(), u.ID, r.URL.Query().Get("q"), p)
	})
}

func (s *server) dashboardStats(w http.ResponseWriter, r *http.Request, u auth.User) {
	st, err := s.Dashboard.Stats(r.Context(), u.ID)
	s.reply(w, r, http.StatusOK, st, err)
}

func (s *server) getMedia(w http.ResponseWriter, r *http.Request) {
	img, err := media.Get(r.Context(), s.DB.DB, r.PathValue("mediaId"))
	if apperr.CodeOf(err) == apperr.NotFound {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	etag := `"` + img.SHA256 + `"`
	h := w.Header()
	h.Set("Content-Type", img.ContentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Write(img.Data)
}
