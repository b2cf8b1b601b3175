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
// and the result is cut to at most max bytes on a character boundary.
// Headers are the client's to write (a User-Agent may hold any byte); a
// stored one must never fail the INSERT that carries it (PostgreSQL refuses
// invalid UTF-8 and NUL in text).
func Header(s string, max int) string {
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
	return Cut(s, max)
}

// Cut returns s cut to at most max bytes without splitting a character.
func Cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max]
}
