package input

import (
	"strings"
	"unicode"
)

// labelWords are the words of a JSON field name said otherwise to a
// person: "websiteUrl" is the "Website address".
var labelWords = map[string]string{"url": "address", "min": "minimum", "max": "maximum", "sqft": "sq ft", "id": "", "otp": "code"}

// Label names the field at a JSON path in words, for a message a person
// reads: "websiteUrl" gives "Website address", "modules.2.title" gives
// "Title", "minBedrooms" gives "Minimum bedrooms". A field's name never
// reaches an error message as it is spelt in JSON (issue 25).
func Label(path string) string {
	if i := strings.LastIndexFunc(path, func(r rune) bool { return r == '.' || r == '[' || r == ']' }); i >= 0 {
		last := path[i+1:]
		if last == "" || strings.IndexFunc(last, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			// "items[2]" or "items.2": the list's name
			return Label(strings.TrimRight(path[:i], ".[]0123456789"))
		}
		path = last
	}
	var words []string
	start := 0
	for i, r := range path {
		if i > 0 && unicode.IsUpper(r) {
			words = append(words, path[start:i])
			start = i
		}
	}
	words = append(words, path[start:])
	if len(words) > 1 && words[0] == "is" { // "isActive" is "Active"
		words = words[1:]
	}
	for i, w := range words {
		w = strings.ToLower(w)
		if s, ok := labelWords[w]; ok {
			w = s
		}
		words[i] = w
	}
	s := strings.TrimSpace(strings.Join(words, " "))
	if s == "" {
		return "This field"
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
