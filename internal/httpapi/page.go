package httpapi

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"

	"propmatch/internal/apperr"
	"propmatch/internal/store"
)

// Page sizes for list endpoints.
const (
	defaultPageSize = 25
	maxPageSize     = 500
)

// pageOf reads ?limit= and ?cursor= from r. It returns Invalid with field
// errors for a bad limit or a cursor this server did not make.
func pageOf(r *http.Request) (store.Page, error) {
	p := store.Page{Limit: defaultPageSize}
	var f apperr.Fields
	q := r.URL.Query()
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPageSize {
			f.Add("limit", fmt.Sprintf("limit must be a whole number from 1 to %d", maxPageSize))
		}
		p.Limit = n
	}
	if v := q.Get("cursor"); v != "" {
		raw, err := base64.RawURLEncoding.DecodeString(v)
		id, err2 := strconv.ParseInt(string(raw), 10, 64)
		if err != nil || err2 != nil || id <= 0 {
			f.Add("cursor", "cursor is not one this server gave out")
		}
		p.Before = id
	}
	return p, f.Err()
}

// setNextLink sends `Link: <...>; rel="next"` when another page follows.
func setNextLink(w http.ResponseWriter, r *http.Request, next int64) {
	if next == 0 {
		return
	}
	q := r.URL.Query()
	q.Set("cursor", base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(next, 10))))
	w.Header().Set("Link", fmt.Sprintf(`<%s?%s>; rel="next"`, r.URL.Path, q.Encode()))
}

// pathID reads the {id} path value. It returns Invalid for anything but a
// positive whole number.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.Validation(apperr.FieldError{Path: "id", Message: "id must be a positive whole number"})
	}
	return id, nil
}
