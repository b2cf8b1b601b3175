// Package input reads the lenient JSON the spec's forms send: numbers that
// may arrive as text, text that may arrive as a number, and lists that may
// arrive as one comma-separated string. Empty or unreadable values become
// "absent" rather than errors, as the spec's conversions require.
package input

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// Float is a number given as a JSON number or text. Set is false when the
// value was absent, null, empty or not a number.
type Float struct {
	Value float64
	Set   bool
}

// UnmarshalJSON accepts 12, 12.5, "12", " 12.5 ", "" and null.
func (f *Float) UnmarshalJSON(b []byte) error {
	*f = Float{}
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(b, &s); err != nil {
			return nil
		}
		s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		*f = Float{Value: v, Set: true}
	}
	return nil
}

// Ptr returns the value, or nil when it is not set.
func (f Float) Ptr() *float64 {
	if !f.Set {
		return nil
	}
	v := f.Value
	return &v
}

// Int is a whole number given as a JSON number or text; a fraction is cut
// toward zero. Set is false when the value was absent, empty or not a number.
type Int struct {
	Value int64
	Set   bool
}

// UnmarshalJSON accepts 3, 3.0, "3", "" and null.
func (n *Int) UnmarshalJSON(b []byte) error {
	var f Float
	f.UnmarshalJSON(b)
	*n = Int{}
	if f.Set && math.Abs(f.Value) < 1e15 {
		*n = Int{Value: int64(f.Value), Set: true}
	}
	return nil
}

// Ptr returns the value, or nil when it is not set.
func (n Int) Ptr() *int {
	if !n.Set {
		return nil
	}
	v := int(n.Value)
	return &v
}

// String is text given as a JSON string, number or boolean, trimmed.
type String string

// UnmarshalJSON accepts "text", 42, true and null (as "").
func (s *String) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*s = ""
	case len(b) > 0 && b[0] == '"':
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = String(strings.TrimSpace(v))
	case len(b) > 0 && (b[0] == '{' || b[0] == '['):
		return &json.UnmarshalTypeError{Value: "object", Type: stringType}
	default:
		*s = String(strings.TrimSpace(string(b)))
	}
	return nil
}

// Ptr returns the text, or nil when it is empty.
func (s String) Ptr() *string {
	if s == "" {
		return nil
	}
	v := string(s)
	return &v
}

// List is a list of text given as a JSON array or one comma-separated
// string. Items are trimmed and empty items dropped.
type List []string

// UnmarshalJSON accepts ["a", "b"], "a, b" and null.
func (l *List) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	var raw []String
	switch {
	case bytes.Equal(b, []byte("null")):
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		for _, part := range strings.Split(s, ",") {
			raw = append(raw, String(strings.TrimSpace(part)))
		}
	default:
		if err := json.Unmarshal(b, &raw); err != nil {
			return err
		}
	}
	*l = List{}
	for _, s := range raw {
		if s != "" {
			*l = append(*l, string(s))
		}
	}
	return nil
}

// Bool is a boolean given as true/false, "true"/"false", 1/0 or "yes"/"no".
type Bool struct {
	Value bool
	Set   bool
}

// UnmarshalJSON reads the common spellings of yes and no; others are unset.
func (v *Bool) UnmarshalJSON(b []byte) error {
	var s String
	s.UnmarshalJSON(b)
	*v = Bool{}
	switch strings.ToLower(string(s)) {
	case "true", "1", "yes", "on":
		*v = Bool{Value: true, Set: true}
	case "false", "0", "no", "off":
		*v = Bool{Value: false, Set: true}
	}
	return nil
}

// Or returns the value, or def when it is not set.
func (v Bool) Or(def bool) bool {
	if !v.Set {
		return def
	}
	return v.Value
}

var stringType = reflect.TypeOf("")
