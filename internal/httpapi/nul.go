package httpapi

import (
	"bytes"
	"cmp"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
)

// nulMessage is what a client hears of a NUL character: PostgreSQL cannot
// store one in text, and no PropMatch value needs one.
const nulMessage = "must not contain the NUL character (\\u0000)"

// refuseNULInJSON returns Invalid, at the field's path, when a string in the
// JSON body holds a NUL character (written \u0000; JSON allows no raw one).
func refuseNULInJSON(body []byte) error {
	if !bytes.Contains(body, []byte(`\u0000`)) {
		return nil // the usual case, found without parsing
	}
	path, found := nulPath(body)
	switch {
	case !found: // an escaped backslash before "u0000", or malformed JSON that Unmarshal reports
		return nil
	case path == "":
		return apperr.New(apperr.Invalid, "Request body "+nulMessage)
	default:
		return apperr.Validation(apperr.FieldError{Path: path, Message: input.Label(path) + " " + nulMessage})
	}
}

// nulPath returns the path ("images.0") of the first string in the JSON
// body that holds a NUL character; a key holding one counts for the object
// it is in.
func nulPath(body []byte) (string, bool) {
	var at jsonCursor
	dec := json.NewDecoder(bytes.NewReader(body))
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		if str, ok := tok.(string); ok && hasNUL(str) {
			if at.wantsKey() {
				at = at[:len(at)-1]
			}
			return at.path(), true
		}
		at = at.step(tok)
	}
}

// jsonCursor is where a json.Decoder stands in a document: one frame per
// open object or array, innermost last.
type jsonCursor []jsonFrame

type jsonFrame struct {
	key     string // an object's current key
	index   int    // an array's current index
	object  bool
	wantKey bool // the object's next string is a key
}

// step moves the cursor past tok.
func (c jsonCursor) step(tok json.Token) jsonCursor {
	top := len(c) - 1
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' || t == '[' {
			return append(c, jsonFrame{object: t == '{', wantKey: t == '{'})
		}
		c = c[:top]
	case string:
		if c.wantsKey() {
			c[top].key, c[top].wantKey = t, false
			return c
		}
	}
	c.next()
	return c
}

// wantsKey reports whether the next string is a key.
func (c jsonCursor) wantsKey() bool { return len(c) > 0 && c[len(c)-1].wantKey }

// next moves past a value in the innermost container.
func (c jsonCursor) next() {
	if n := len(c); n > 0 {
		if c[n-1].object {
			c[n-1].wantKey = true
		} else {
			c[n-1].index++
		}
	}
}

// path is the cursor as "images.0".
func (c jsonCursor) path() string {
	parts := make([]string, len(c))
	for i, f := range c {
		parts[i] = f.key
		if !f.object {
			parts[i] = strconv.Itoa(f.index)
		}
	}
	return strings.Join(parts, ".")
}

func hasNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }

// refuseNUL answers 400 to a request whose path or query string holds a
// NUL character (%00), before any handler passes it to the database.
func refuseNUL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var bad *apperr.Error
		if hasNUL(r.URL.Path) {
			bad = apperr.New(apperr.Invalid, "The address "+nulMessage)
		}
		for key, values := range r.URL.Query() {
			if bad == nil && (hasNUL(key) || slices.ContainsFunc(values, hasNUL)) {
				key = cmp.Or(strings.ReplaceAll(key, "\x00", ""), "query")
				bad = apperr.Validation(apperr.FieldError{Path: key, Message: "The address " + nulMessage})
			}
		}
		if bad != nil {
			writeJSON(w, http.StatusBadRequest, errorBody{Message: bad.Message, Errors: bad.Fields})
			return
		}
		next.ServeHTTP(w, r)
	})
}
