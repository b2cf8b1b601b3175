package store

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// StringList decodes a JSON list of strings stored in a text column, as
// json.Marshal wrote it. It never returns nil: a missing or unreadable list
// is empty. Every listing and requirement on a list page carries two or
// three of these, so the plain case (no spaces, no escapes) is split
// directly rather than through encoding/json, which costs several times more.
func StringList(s string) []string {
	if s == "[]" || s == "" {
		return []string{}
	}
	if len(s) >= 4 && s[0] == '[' && s[1] == '"' && s[len(s)-2] == '"' && s[len(s)-1] == ']' && plain(s) {
		parts := strings.Split(s[2:len(s)-2], `","`)
		for _, p := range parts {
			if strings.Contains(p, `"`) { // not the plain shape after all
				return decodeStrings(s)
			}
		}
		return parts
	}
	return decodeStrings(s)
}

// plain reports whether s holds nothing JSON would unescape or refuse:
// no backslash, no control character, and valid UTF-8.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' || s[i] < 0x20 {
			return false
		}
	}
	return utf8.ValidString(s)
}

func decodeStrings(s string) []string {
	out := []string{}
	if err := json.Unmarshal([]byte(s), &out); err != nil || out == nil {
		return []string{}
	}
	return out
}
