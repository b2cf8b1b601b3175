package input

import (
	"cmp"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"propmatch/internal/kit/apperr"
)

// Single-line and multi-line text (issue 21, S5). Every string a request
// body carries is single-line unless its struct field is tagged
// `input:"multiline"`: names, titles, localities, usernames, course and
// advert titles and every other one-line field refuse control characters
// (line breaks and tabs included), so that nothing a user writes becomes a
// line of its own in an email or a header. Multi-line fields (descriptions,
// bios, messages, notes, addresses) keep line breaks and tabs and refuse
// the other control characters. Both refuse the Unicode bidirectional
// overrides, embeddings and isolates (U+202A to U+202E, U+2066 to U+2069),
// which can make text read differently from what it holds, and the line and
// paragraph separators (U+2028, U+2029); the directional marks (U+200E,
// U+200F, U+061C) and the joiners that Indian scripts need (U+200C, U+200D)
// are allowed. A NUL never gets here: the body's reader refuses it first.

// MultilineTag is the struct tag of a field whose text may span lines.
const MultilineTag = "multiline"

// maxTextErrors bounds the field errors one body gets.
const maxTextErrors = 50

// IsLine reports whether s is acceptable single-line text.
func IsLine(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool { return refused(r, false) })
}

// IsText reports whether s is acceptable multi-line text.
func IsText(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool { return refused(r, true) })
}

// refused reports whether r may not appear in text (multi: multi-line).
func refused(r rune, multi bool) bool {
	switch {
	case r == '\n' || r == '\r' || r == '\t':
		return !multi
	case unicode.IsControl(r), r == '\u2028', r == '\u2029':
		return true
	case r >= '\u202A' && r <= '\u202E', r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}

// The field errors of text out of rule.
const (
	lineMessage = " must be one line of text, without line breaks, tabs or other control characters"
	textMessage = " must not contain control characters other than line breaks and tabs"
)

// LineMessage is the field error of single-line text at path out of rule.
func LineMessage(path string) string { return Label(path) + lineMessage }

// CheckText returns a field error, at its JSON path, for each string in v
// (a decoded request body: structs, pointers, slices, maps) that breaks its
// rule: IsText for fields tagged `input:"multiline"` and everything inside
// them, IsLine for every other string.
func CheckText(v any) []apperr.FieldError {
	var out []apperr.FieldError
	walkText(reflect.ValueOf(v), "", false, &out)
	return out
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

func walkText(v reflect.Value, path string, multi bool, out *[]apperr.FieldError) {
	if len(*out) >= maxTextErrors || !v.IsValid() {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkText(v.Elem(), path, multi, out)
		}
	case reflect.String:
		s := v.String()
		switch {
		case multi && !IsText(s):
			*out = append(*out, apperr.FieldError{Path: path, Message: path + textMessage})
		case !multi && !IsLine(s):
			*out = append(*out, apperr.FieldError{Path: path, Message: Label(path) + lineMessage})
		}
	case reflect.Struct:
		t := v.Type()
		// A wrapper that reads its own JSON (requirement.Change) adds no
		// level to the path.
		wrapper := reflect.PointerTo(t).Implements(unmarshaler)
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			p := path
			switch {
			case name != "":
				p = join(path, name)
			case !f.Anonymous && !wrapper:
				p = join(path, f.Name)
			}
			walkText(v.Field(i), p, multi || f.Tag.Get("input") == MultilineTag, out)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes (json.RawMessage) are not text
		}
		for i := range v.Len() {
			walkText(v.Index(i), join(path, strconv.Itoa(i)), multi, out)
		}
	case reflect.Map:
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		for _, k := range keys {
			if k.Kind() != reflect.String {
				continue
			}
			if !IsLine(k.String()) { // a key out of rule is reported at its object
				*out = append(*out, apperr.FieldError{Path: path, Message: cmp.Or(path, "body") + " has a key with control characters"})
				continue
			}
			walkText(v.MapIndex(k), join(path, k.String()), multi, out)
		}
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
