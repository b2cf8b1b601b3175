package httpapi

import (
	"context"
	"net/http"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/platform/media"
)

// getMedia serves a stored image. Its content never changes, so it is
// cached for a year and revalidated by its hash.
func (s *server) getMedia(w http.ResponseWriter, r *http.Request) {
	s.serveImage(w, r, s.Media.Get)
}

// getMediaCard serves the card-size copy of a stored image (the image itself
// when it is small already), cached the same way.
func (s *server) getMediaCard(w http.ResponseWriter, r *http.Request) {
	s.serveImage(w, r, s.Media.GetCard)
}

func (s *server) serveImage(w http.ResponseWriter, r *http.Request, get func(context.Context, string) (media.Image, error)) {
	img, err := get(r.Context(), r.PathValue("mediaId"))
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
	_, _ = w.Write(img.Data)
}

// mediaRoutes serve stored images.
func (s *server) mediaRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /media/{mediaId}", s.getMedia)
	mux.HandleFunc("GET /media/{mediaId}/card", s.getMediaCard)
}
