package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"propmatch/internal/apperr"
)

// MaxBodyBytes is the largest request body the API reads.
const MaxBodyBytes = 1 << 20

// errorBody is every error response: a message, and field errors for validation.
type errorBody struct {
	Message string              `json:"message"`
	Errors  []apperr.FieldError `json:"errors,omitempty"`
}

// decode reads the JSON body of r into a T. It returns Invalid with a clear
// message for a missing, malformed or mistyped body, and TooLarge past MaxBodyBytes.
func decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(r.Body)
	err := dec.Decode(&v)
	if err == nil && dec.More() {
		err = errors.New("trailing data")
	}
	if err == nil {
		return v, nil
	}
	var (
		syntax   *json.SyntaxError
		typ      *json.UnmarshalTypeError
		tooLarge *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooLarge):
		return v, apperr.New(apperr.TooLarge, "Request body is larger than %d KiB", MaxBodyBytes>>10)
	case errors.Is(err, io.EOF):
		return v, apperr.New(apperr.Invalid, "Request body is required: send a JSON object")
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return v, apperr.New(apperr.Invalid, "Request body is not valid JSON")
	case errors.As(err, &typ):
		if typ.Field == "" {
			return v, apperr.New(apperr.Invalid, "Request body must be a JSON %s", jsonKind(typ.Type.Kind().String()))
		}
		msg := fmt.Sprintf("must be a %s, not a %s", jsonKind(typ.Type.Kind().String()), typ.Value)
		return v, apperr.Validation(apperr.FieldError{Path: typ.Field, Message: typ.Field + " " + msg})
	default:
		return v, apperr.New(apperr.Invalid, "Request body is not valid JSON")
	}
}

func jsonKind(goKind string) string {
	switch {
	case goKind == "struct" || goKind == "map":
		return "object"
	case goKind == "slice" || goKind == "array":
		return "array"
	case goKind == "bool":
		return "boolean"
	case strings.HasPrefix(goKind, "int"), strings.HasPrefix(goKind, "uint"), strings.HasPrefix(goKind, "float"):
		return "number"
	default:
		return goKind
	}
}

// writeJSON writes v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// statusOf maps an error code to its HTTP status; this is the only place that does.
var statusOf = map[apperr.Code]int{
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthorized:    http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.TooLarge:        http.StatusRequestEntityTooLarge,
	apperr.TooManyRequests: http.StatusTooManyRequests,
	apperr.Unavailable:     http.StatusServiceUnavailable,
	apperr.Internal:        http.StatusInternalServerError,
}

// writeError answers with err's status and safe message. Internal errors are
// logged with their cause, and the client sees a generic message.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var e *apperr.Error
	if !errors.As(err, &e) {
		e = apperr.Wrap(err, "unclassified").(*apperr.Error)
	}
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	switch {
	case e.Code == apperr.Internal:
		log.ErrorContext(r.Context(), "internal error", "method", r.Method, "path", r.URL.Path, "err", err)
	case e.Code == apperr.Unavailable && e.Err != nil:
		log.WarnContext(r.Context(), "dependency unavailable", "method", r.Method, "path", r.URL.Path, "err", e.Err)
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter.Seconds()+0.999)))
	}
	writeJSON(w, status, errorBody{Message: e.Message, Errors: e.Fields})
}

// fail writes err.
func (s *server) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, s.Log, err)
}

// reply writes v with status, or err when there is one.
func (s *server) reply(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, status, v)
}
