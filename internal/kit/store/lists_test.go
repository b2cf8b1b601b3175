package store_test

import (
	"encoding/json"
	"slices"
	"testing"

	"propmatch/internal/kit/store"
)

func TestStringList(t *testing.T) {
	for _, in := range []string{"", "[]", "null", "not json", `["a"]`, `["Andheri West","Bandra"]`, `[""]`, `["",""]`,
		`["a", "b"]`, `["say \"hi\""]`, `["\u003cb\u003e"]`, `["a","b"`, `[1,2]`, `["a",1]`, `["x"] ["y"]`, `["a""b"]`} {
		var want []string
		if err := json.Unmarshal([]byte(in), &want); err != nil || want == nil {
			want = []string{} // unreadable lists read as empty
		}
		got := store.StringList(in)
		if got == nil || !slices.Equal(got, want) {
			t.Errorf("StringList(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzStringList(f *testing.F) {
	for _, s := range []string{`["a","b"]`, `[]`, `["a\"b"]`, `["é","x y"]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var want []string
		if err := json.Unmarshal([]byte(in), &want); err != nil || want == nil {
			want = []string{}
		}
		if got := store.StringList(in); !slices.Equal(got, want) {
			t.Fatalf("StringList(%q) = %q, want %q", in, got, want)
		}
	})
}
