// Package apperr defines the one error type PropMatch uses to tell a client
// what went wrong. Codes map to HTTP statuses in one place (httpapi); only
// internal errors are logged, and their text never reaches a client.
package apperr

import (
	stdcontext "context"
	"errors"
	"fmt"
	"time"
)

// Code classifies an error for the client.
type Code string

// The codes PropMatch returns.
const (
	Invalid         Code = "invalid"           // 400: the request is malformed or fails validation
	Unauthorized    Code = "unauthorized"      // 401: not signed in, or wrong credentials
	Forbidden       Code = "forbidden"         // 403: signed in but not allowed
	NotFound        Code = "not_found"         // 404: no such object, or not the caller's to see
	Conflict        Code = "conflict"          // 409: the object already exists
	TooLarge        Code = "too_large"         // 413: the body is over the limit
	TooManyRequests Code = "too_many_requests" // 429: slow down; RetryAfter says how long
	Unavailable     Code = "unavailable"       // 503: a provider or the database is down
	NoCredits       Code = "no_credits"        // 402: the agent's credits do not cover the charge
	PlanLimit       Code = "plan_limit"        // 402: the agent's plan allows no more of this
	Internal        Code = "internal"          // 500: a bug; the message is generic
)

// FieldError is one validation failure, addressed by its JSON path.
type FieldError struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Error is an error with a code and a message that is safe to show a user.
type Error struct {
	Code       Code
	Message    string
	Fields     []FieldError
	RetryAfter time.Duration
	Err        error // the cause, for logs only
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// New returns an error with code and a user-facing message.
func New(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an internal error around err; its text is logged, never shown.
// A missed deadline (the database did not answer in time) is Unavailable
// rather than internal: nothing is wrong with the request, it may be retried.
func Wrap(err error, context string) error {
	if err == nil {
		return nil
	}
	var e *Error
	timedOut := errors.Is(err, stdcontext.DeadlineExceeded)
	if errors.As(err, &e) && (e.Code != Internal || !timedOut) {
		return err
	}
	if timedOut {
		return &Error{Code: Unavailable, Message: timeoutMessage, Err: fmt.Errorf("%s: %w", context, err)}
	}
	return &Error{Code: Internal, Message: genericMessage, Err: fmt.Errorf("%s: %w", context, err)}
}

// timeoutMessage is what a client sees when its request ran out of time.
const timeoutMessage = "PropMatch could not finish your request in time. Please try again in a moment."

// Validation returns an Invalid error carrying field errors. The message is
// the first field's message, so a client that reads only `message` still
// shows something useful.
func Validation(fields ...FieldError) *Error {
	msg := "Validation failed"
	if len(fields) > 0 {
		msg = fields[0].Message
	}
	return &Error{Code: Invalid, Message: msg, Fields: fields}
}

// Throttled returns a TooManyRequests error that says when to retry.
func Throttled(retryAfter time.Duration, format string, args ...any) *Error {
	return &Error{Code: TooManyRequests, Message: fmt.Sprintf(format, args...), RetryAfter: retryAfter}
}

// CodeOf returns the code of err, Internal for an unknown error, and "" for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// MessageOf returns the user-facing message of err: its own for an *Error
// that is not internal, a generic one otherwise.
func MessageOf(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Code != Internal {
		return e.Message
	}
	return genericMessage
}

// genericMessage is what a client sees of an internal error.
const genericMessage = "Something went wrong. Please try again."

// Fields is a builder for validation errors.
type Fields []FieldError

// Add records a failure at path.
func (f *Fields) Add(path, message string) { *f = append(*f, FieldError{Path: path, Message: message}) }

// Err returns nil when nothing failed, else a Validation error.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return Validation(f...)
}
