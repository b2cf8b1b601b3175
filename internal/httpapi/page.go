package httpapi

import (
	"fmt"
	"net/http"

	"propmatch/internal/kit/paging"
)

// page runs list with the request's page and writes the result with its Link header.
func page[T any](s *server, w http.ResponseWriter, r *http.Request, list func(paging.Page) ([]T, int64, error)) {
	p, err := pageOf(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	items, next, err := list(p)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	setNextLink(w, r, next)
	writeJSON(w, http.StatusOK, items)
}

// pageOf reads ?limit= and ?cursor= from r. It returns Invalid with field
// errors for a bad limit or a cursor this server did not make.
func pageOf(r *http.Request) (paging.Page, error) {
	q := r.URL.Query()
	return paging.Parse(q.Get("limit"), q.Get("cursor"))
}

// setNextLink sends `Link: <...>; rel="next"` when another page follows.
func setNextLink(w http.ResponseWriter, r *http.Request, next int64) {
	if next == 0 {
		return
	}
	setNextCursor(w, r, paging.Cursor(next))
}

// setNextCursor sends `Link: <...>; rel="next"`, r's URL with ?cursor=
// set to cursor, when cursor is not empty.
func setNextCursor(w http.ResponseWriter, r *http.Request, cursor string) {
	if cursor == "" {
		return
	}
	q := r.URL.Query()
	q.Set("cursor", cursor)
	w.Header().Set("Link", fmt.Sprintf(`<%s?%s>; rel="next"`, r.URL.Path, q.Encode()))
}
