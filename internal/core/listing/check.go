package listing

import (
	"fmt"
	"unicode/utf8"

	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
)

// MaxBedrooms is the most bedrooms a listing may have or a requirement ask for.
const MaxBedrooms = 50

// CheckLength adds "<field> must be at most <most> characters" at path when
// s is longer than most characters.
func CheckLength(f *apperr.Fields, path, s string, most int) {
	if utf8.RuneCountInString(s) > most {
		f.Add(path, fmt.Sprintf("%s must be at most %d characters", input.Label(path), most))
	}
}

// CheckCount adds "<field> must be between 0 and <most>" at path when n is
// set and outside that range.
func CheckCount(f *apperr.Fields, path string, n *int, most int) {
	if n != nil && (*n < 0 || *n > most) {
		f.Add(path, fmt.Sprintf("%s must be between 0 and %d", input.Label(path), most))
	}
}

// CheckPropertyType returns the property type s names, in any case. For
// anything else, "" included, it adds TypeMessage at path.
func CheckPropertyType(f *apperr.Fields, path, s string) PropertyType {
	t, ok := ParsePropertyType(s)
	if !ok {
		f.Add(path, TypeMessage)
	}
	return t
}

// CheckPurpose returns the purpose s names, in either spelling and any
// case, or DefaultPurpose when s is empty. For anything else it adds
// message (PurposeMessage or CamelPurposeMessage, as the form spells
// purposes) at path and returns "".
func CheckPurpose(f *apperr.Fields, path, s, message string) Purpose {
	if s == "" {
		return DefaultPurpose
	}
	p, ok := ParsePurpose(s)
	if !ok {
		f.Add(path, message)
	}
	return p
}
