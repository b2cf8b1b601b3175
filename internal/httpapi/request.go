package httpapi

import (
	"cmp"
	"net/http"
	"strconv"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
)

// pathID reads the {name} path value as an id. It returns Invalid at name
// for anything but a positive whole number.
func pathID(r *http.Request, name string) (int64, error) {
	return positiveInt(name, r.PathValue(name))
}

// queryInt reads ?name= as a positive whole number, or 0 when it is absent
// or empty. It returns Invalid at name for anything else.
func queryInt(r *http.Request, name string) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	return positiveInt(name, v)
}

// idAndBody reads the {id} path value and the JSON body of r into a T, for
// the handlers that change one row.
func idAndBody[T any](r *http.Request) (int64, T, error) {
	id, err := pathID(r, "id")
	if err != nil {
		var zero T
		return 0, zero, err
	}
	in, err := decode[T](r)
	return id, in, err
}

// positiveInt parses v, the value of name, as a positive whole number.
func positiveInt(name, v string) (int64, error) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n <= 0 {
		return 0, apperr.Validation(apperr.FieldError{Path: name, Message: input.Label(name) + " must be a positive whole number"})
	}
	return n, nil
}

// origin is the address pages are reached at: PublicOrigin, or else the
// request's own scheme and host.
func (s *server) origin(r *http.Request) string {
	scheme := "http"
	if s.isHTTPS(r) {
		scheme = "https"
	}
	return cmp.Or(s.PublicOrigin, scheme+"://"+r.Host)
}
