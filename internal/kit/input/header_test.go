package input

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestHeader(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		max      int
		want     string
	}{
		{"Plain", "Mozilla/5.0 (X11; Linux x86_64)", 300, "Mozilla/5.0 (X11; Linux x86_64)"},
		{"InvalidUTF8", "Bot\xff\xfe/1.0", 300, "Bot\uFFFD/1.0"},
		{"NULAndControls", "a\x00b\x01c\x7fd\te", 300, "abcde"},
		{"CutOnACharacterBoundary", "a" + strings.Repeat("€", 10), 5, "a€"},
		{"LongIsCut", strings.Repeat("x", 1000), 300, strings.Repeat("x", 300)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Header(tc.in, tc.max)
			if got != tc.want || !utf8.ValidString(got) || len(got) > tc.max {
				t.Fatalf("Header(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
			}
		})
	}
}
