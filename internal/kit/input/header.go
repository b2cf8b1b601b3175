package input

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Caps on the request header values PropMatch stores.
const (
	MaxUserAgent = 300 // bytes of a User-Agent kept on a session
	MaxClientIP  = 100 // bytes of a client address (X-Forwarded-For may carry anything)
)

// Header returns the header value s as text any database stores: invalid
// UTF-8 becomes U+FFFD, NUL and the other control characters are dropped,
// and the result is cut to at most limit bytes on a character boundary.
// Headers are the client's to write (a User-Agent may hold any byte); a
// stored one must never fail the INSERT that carries it (PostgreSQL refuses
// invalid UTF-8 and NUL in text).
func Header(s string, limit int) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.ContainsFunc(s, unicode.IsControl) {
		s = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return -1
			}
			return r
		}, s)
	}
	return Cut(s, limit)
}

// Cut returns s cut to at most limit bytes without splitting a character.
func Cut(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	for limit > 0 && !utf8.RuneStart(s[limit]) {
		limit--
	}
	return s[:limit]
}
