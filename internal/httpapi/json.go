package httpapi

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/store"
)

// MaxBodyBytes is the largest request body the API reads, but for listings.
const MaxBodyBytes = 1 << 20

// MaxListingBodyBytes is the largest listing body (POST /api/properties and
// PUT /api/properties/{id}): ten new photos of under 300 KiB, which are
// 400 KiB each as base64 data URLs, and the listing's fields.
const MaxListingBodyBytes = 4<<20 + 256<<10

// errorBody is every error response: a message, the error's code (apperr's,
// such as "no_credits", for a client that acts on the kind of error), and
// field errors for validation.
type errorBody struct {
	Code    string              `json:"code,omitempty"`
	Message string              `json:"message"`
	Errors  []apperr.FieldError `json:"errors,omitempty"`
}

// messageBody is a reply that only says what happened.
type messageBody struct {
	Message string `json:"message"`
}

// decode reads the JSON body of r into a T. It returns Invalid with a clear
// message for a missing, malformed or mistyped body, or one holding a NUL
// character, and TooLarge past the route's cap (bodyCap).
func decode[T any](r *http.Request) (T, error) {
	var v T
	body, err := readJSON(r)
	if err != nil {
		return v, err
	}
	return v, unmarshalInto(body, &v)
}

// readJSON reads the body of r for unmarshalInto. It returns Invalid for a
// missing body or one holding a NUL character, and TooLarge past the
// route's cap (bodyCap).
func readJSON(r *http.Request) ([]byte, error) {
	body, err := readBody(r)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, apperr.New(apperr.Invalid, "Request body is required: send a JSON object")
	}
	if err := refuseNULInJSON(body); err != nil {
		return nil, err
	}
	return body, nil
}

// unmarshalInto decodes body onto v: the fields the body names replace v's,
// the others keep their values (what a partial update needs). It returns
// Invalid with a clear message for malformed JSON, and a field error for a
// mistyped field or for text out of its rule (input.CheckText: control
// characters in a single-line field, or in a multi-line one beyond line
// breaks and tabs).
func unmarshalInto[T any](body []byte, v *T) error {
	err := json.Unmarshal(body, v)
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		if bad := input.CheckText(v); len(bad) > 0 {
			return apperr.Validation(bad...)
		}
		return nil
	case errors.As(err, &typ) && typ.Field == "":
		return apperr.New(apperr.Invalid, "Request body must be a JSON %s", jsonKind(typ.Type.Kind().String()))
	case errors.As(err, &typ):
		return apperr.Validation(apperr.FieldError{Path: typ.Field, Message: typeMessage(typ)})
	default:
		return apperr.New(apperr.Invalid, "Request body is not valid JSON")
	}
}

// readBody reads the body of r whole, in one allocation when its length is
// known. It returns TooLarge past the route's cap (bodyCap).
func readBody(r *http.Request) ([]byte, error) {
	var buf bytes.Buffer
	if n := r.ContentLength; n > 0 && n <= MaxListingBodyBytes {
		buf.Grow(int(n) + bytes.MinRead)
	}
	_, err := buf.ReadFrom(r.Body)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, apperr.New(apperr.TooLarge, "Request body is larger than %d KiB", tooLarge.Limit>>10)
	case err != nil:
		return nil, apperr.New(apperr.Invalid, "Request body could not be read")
	}
	return buf.Bytes(), nil
}

// typeMessage says what a field needed: "price must be a number", or
// "title must be a string, not an object".
func typeMessage(typ *json.UnmarshalTypeError) string {
	if msg := input.Message(typ); msg != "" {
		return msg
	}
	got, _, _ := strings.Cut(typ.Value, " ") // "number 1.5" is a number
	if got == "bool" {
		got = "boolean"
	}
	return fmt.Sprintf("%s must be %s, not %s", input.Label(typ.Field), withArticle(jsonKind(typ.Type.Kind().String())), withArticle(got))
}

// withArticle puts "a" or "an" before noun.
func withArticle(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
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
	_ = json.NewEncoder(w).Encode(v) // the client is gone: our response types always encode
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
	apperr.NoCredits:       http.StatusPaymentRequired,
	apperr.PlanLimit:       http.StatusPaymentRequired,
	apperr.Internal:        http.StatusInternalServerError,
}

// dbRetryAfter is the Retry-After of an answer that the database was
// unavailable: long enough for a dropped connection to be replaced or a
// lock to free, short enough for a person to try again.
const dbRetryAfter = 5 * time.Second

// dbUnavailableMessage is what a client sees when the database could not serve.
const dbUnavailableMessage = "PropMatch cannot reach its database just now. Please try again in a few seconds."

// StatusClientClosedRequest is the status logged and counted for a request
// the client cancelled before its answer (nginx's 499): not a server error.
const StatusClientClosedRequest = 499

// clientGone reports whether r's client went away (its context was
// cancelled, not timed out by the server's own deadline).
func clientGone(r *http.Request) bool {
	return errors.Is(r.Context().Err(), context.Canceled)
}

// outcome is the status to log and count for r answered with status: a
// request whose client went away before an answer, or that failed after
// that, is StatusClientClosedRequest, not a 5xx.
func outcome(r *http.Request, status int) int {
	if clientGone(r) && (status == 0 || status >= 500) {
		return StatusClientClosedRequest
	}
	return cmp.Or(status, http.StatusOK)
}

// writeError answers with err's status and safe message. Internal errors are
// logged with their cause, and the client sees a generic message.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	if clientGone(r) {
		// The browser cancelled the request (a page left, a search typed
		// on): whatever failed after that is not the server's failure.
		log.DebugContext(r.Context(), "request cancelled by the client", "method", r.Method, "path", r.URL.Path, "err", err)
		w.WriteHeader(StatusClientClosedRequest)
		return
	}
	e, status := answerFor(w, err)
	switch {
	case e.Code == apperr.Internal:
		log.ErrorContext(r.Context(), "internal error", "method", r.Method, "path", r.URL.Path, "err", err)
	case e.Code == apperr.Unavailable && e.Err != nil:
		log.WarnContext(r.Context(), "dependency unavailable", "method", r.Method, "path", r.URL.Path, "err", e.Err)
	}
	writeJSON(w, status, errorBody{Code: string(e.Code), Message: e.Message, Errors: e.Fields})
}

// answerFor returns what a client is told of err and its HTTP status, and
// sets Retry-After on w when the answer has one. An error that says the
// database is unavailable (store.IsUnavailable: down, refused, a lost
// connection, busy or locked, its schema gone, out of time) is a 503 with
// Retry-After on every route, whoever wrapped it on the way.
func answerFor(w http.ResponseWriter, err error) (*apperr.Error, int) {
	var e *apperr.Error
	if !errors.As(err, &e) {
		e = apperr.Wrap(err, "unclassified").(*apperr.Error)
	}
	if (e.Code == apperr.Internal || e.Code == apperr.Unavailable) && e.RetryAfter == 0 && store.IsUnavailable(err) {
		out := &apperr.Error{Code: apperr.Unavailable, Message: dbUnavailableMessage, RetryAfter: dbRetryAfter, Err: err}
		if e.Code == apperr.Unavailable {
			out.Message = e.Message // written for the case, as the session check's is
		}
		e = out
	}
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(int(e.RetryAfter.Seconds()+0.999)))
	}
	return e, status
}

// fail writes err.
func (s *server) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, s.Log, err)
}

// apiNotFound answers any /api path that no route names: 405 with Allow
// when a route names the path with other methods, else 404.
func (s *server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	if s.methodNotAllowed(w, r) {
		return
	}
	s.fail(w, r, apperr.New(apperr.NotFound, "No such API endpoint: %s %s", r.Method, r.URL.Path))
}

// orMethodNotAllowed serves next (the web app) unless a route takes r's
// path with other methods (POST /healthz): that is a 405 with Allow.
func (s *server) orMethodNotAllowed(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.methodNotAllowed(w, r) {
			next.ServeHTTP(w, r)
		}
	})
}

// methodNotAllowed answers 405 with Allow, and reports true, when a route
// takes r's path with other methods than r's.
func (s *server) methodNotAllowed(w http.ResponseWriter, r *http.Request) bool {
	allow := s.allowedMethods(r)
	if len(allow) == 0 {
		return false
	}
	w.Header().Set("Allow", strings.Join(allow, ", "))
	writeJSON(w, http.StatusMethodNotAllowed, errorBody{
		Message: fmt.Sprintf("%s is not allowed on %s: it takes %s", r.Method, r.URL.Path, strings.Join(allow, ", "))})
	return true
}

// probedMethods are the methods allowedMethods tries, in Allow's order.
var probedMethods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

// allowedMethods returns the methods a route of s.mux takes on r's path
// (GET brings HEAD, as ServeMux serves it); none when only a catch-all
// (/api/ or the web app's /) matches it. The catch-alls take every method,
// so ServeMux never gives its own 405.
func (s *server) allowedMethods(r *http.Request) []string {
	var allow []string
	for _, m := range probedMethods {
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := s.mux.Handler(probe); pattern != "" && pattern != "/api/" && pattern != "/" {
			allow = append(allow, m)
		}
	}
	return allow
}

// reply writes v with status, or err when there is one.
func (s *server) reply(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, status, v)
}
