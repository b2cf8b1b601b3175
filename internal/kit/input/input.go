// Package input reads the lenient JSON the web app's forms send
// (docs/product.md#input-and-errors): numbers that may arrive as text
// ("75,00,000"), text that may arrive as a number, and lists that may
// arrive as one comma-separated string. Empty values and null become
// "absent". A value that cannot be read as its kind (price
// "abc", bedrooms "three", isActive "maybe") is refused with a
// *json.UnmarshalTypeError, which encoding/json places at the field's path,
// so that it is never stored as 0 or as "not set".
package input

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
)

// Float is a number given as a JSON number or text. Set is false when the
// value was absent, null or empty.
type Float struct {
	Value float64
	Set   bool
}

// UnmarshalJSON accepts 12, 12.5, "12", " 12.5 ", "75,00,000", "7,500,000",
// "" and null. Anything else is an error: text that is not a decimal
// number, commas that do not group thousands ("7,5"), NaN, infinities, and
// numbers beyond float64.
func (f *Float) UnmarshalJSON(b []byte) error {
	*f = Float{}
	s, text, err := scalar(b, floatType)
	if err != nil || s == "" {
		return err
	}
	if text {
		if strings.Contains(s, ",") && !grouped.MatchString(s) {
			return notA(floatType, notANumber)
		}
		if s = strings.ReplaceAll(s, ",", ""); !decimal.MatchString(s) {
			return notA(floatType, notANumber)
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) {
		return notA(floatType, outOfRange) // JSON's grammar and decimal leave only range errors
	}
	*f = Float{Value: v, Set: true}
	return nil
}

// decimal matches a number written in decimal digits: no hexadecimal, no
// underscores, no NaN or infinity.
var decimal = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)

// grouped matches a number whose commas group its whole part in the Indian
// (12,34,567) or the international (1,234,567) way.
var grouped = regexp.MustCompile(`^[+-]?(\d{1,2}(,\d{2})*,\d{3}|\d{1,3}(,\d{3})+)(\.\d*)?$`)

// scalar returns the trimmed text of the JSON value b and whether it was a
// JSON string; "" for null and empty text. Objects, arrays and booleans are
// an error naming want.
func scalar(b []byte, want reflect.Type) (s string, text bool, err error) {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		return "", false, nil
	case len(b) > 0 && b[0] == '"':
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false, err
		}
		return strings.TrimSpace(s), true, nil
	case len(b) > 0 && b[0] == '{':
		return "", false, notA(want, "object")
	case len(b) > 0 && b[0] == '[':
		return "", false, notA(want, "array")
	case bytes.Equal(b, []byte("true")) || bytes.Equal(b, []byte("false")):
		return "", false, notA(want, "boolean")
	}
	return string(b), false, nil
}

// What this package's type errors carry as Value, and what Message says of them.
const (
	notANumber = "text that is not a number"
	outOfRange = "number out of range"
	notYesOrNo = "text that is not yes or no"
)

var reasons = map[string]string{notANumber: "must be a number", outOfRange: "is out of range", notYesOrNo: "must be true or false"}

// notA is the error for a value (described by got) that is not a want.
// encoding/json fills in the field's path.
func notA(want reflect.Type, got string) error {
	return &json.UnmarshalTypeError{Value: got, Type: want}
}

// Message returns the user-facing message for a type error this package
// made, such as "Price must be a number", or "" for any other error.
func Message(err *json.UnmarshalTypeError) string {
	if r, ok := reasons[err.Value]; ok {
		return Label(err.Field) + " " + r
	}
	return ""
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
// toward zero. Set is false when the value was absent, null or empty.
type Int struct {
	Value int64
	Set   bool
}

// maxInt bounds an Int: larger numbers lose precision as float64.
const maxInt = 1e15

// UnmarshalJSON accepts 3, 3.0, "3", "" and null; what Float refuses, and
// numbers beyond ±10^15, are an error.
func (n *Int) UnmarshalJSON(b []byte) error {
	*n = Int{}
	var f Float
	if err := f.UnmarshalJSON(b); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			typ.Type = intType
		}
		return err
	}
	if f.Set && math.Abs(f.Value) >= maxInt {
		return notA(intType, outOfRange)
	}
	*n = Int{Value: int64(f.Value), Set: f.Set}
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
	case len(b) > 0 && b[0] == '{':
		return notA(stringType, "object")
	case len(b) > 0 && b[0] == '[':
		return notA(stringType, "array")
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

// UnmarshalJSON reads the common spellings of yes and no ("true", "yes",
// "on", 1; "false", "no", "off", 0); "" and null are unset, and anything
// else is an error.
func (v *Bool) UnmarshalJSON(b []byte) error {
	*v = Bool{}
	var s String
	if err := s.UnmarshalJSON(b); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			typ.Type = boolType
		}
		return err
	}
	switch strings.ToLower(string(s)) {
	case "true", "1", "yes", "on":
		*v = Bool{Value: true, Set: true}
	case "false", "0", "no", "off":
		*v = Bool{Value: false, Set: true}
	case "":
	default:
		return notA(boolType, notYesOrNo)
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

var (
	stringType = reflect.TypeOf("")
	floatType  = reflect.TypeOf(0.0)
	intType    = reflect.TypeOf(int64(0))
	boolType   = reflect.TypeOf(false)
)

// MaxDisplayOrder is the largest display order a course or an advert takes.
const MaxDisplayOrder = 1_000_000

// DisplayOrderMessage is the field error of a display order out of rule.
var DisplayOrderMessage = fmt.Sprintf("Display order must be a whole number from 0 to %d", MaxDisplayOrder)

// DisplayOrder returns f as a display order, and false when it is not a
// whole number from 0 to MaxDisplayOrder.
func (f Float) DisplayOrder() (int, bool) {
	if f.Value != math.Trunc(f.Value) || f.Value < 0 || f.Value > MaxDisplayOrder {
		return 0, false
	}
	return int(f.Value), true
}
