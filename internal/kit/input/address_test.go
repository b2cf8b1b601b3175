package input_test

import (
	"strings"
	"testing"

	"propmatch/internal/kit/input"
)

func TestIsWebAddress(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"https://propmatch.example/loans", true},
		{"http://example.com", true},
		{"ftp://example.com/file", false},
		{"javascript:alert(1)", false},
		{"/relative/path", false},
		{"https://", false},
		{"not a url", false},
		{"https://example.com/" + strings.Repeat("a", input.MaxWebAddress), false},
	} {
		if got := input.IsWebAddress(c.in); got != c.want {
			t.Errorf("IsWebAddress(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
