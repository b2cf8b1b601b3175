package input

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestLineAndText(t *testing.T) {
	for _, tc := range []struct {
		name, s     string
		line, multi bool
	}{
		{"Plain", "Sea-facing 2BHK, Bandra (W)", true, true},
		{"Hindi", "समुद्र के सामने फ्लैट", true, true},
		{"MalayalamWithJoiners", "കൊച്ചി\u200dയിൽ\u200c", true, true},
		{"UrduWithDirectionalMarks", "کراچی\u200f 12", true, true},
		{"LineFeed", "Title\nBcc: victim@example.com", false, true},
		{"CarriageReturn", "Title\r\nBcc: x@y", false, true},
		{"Tab", "a\tb", false, true},
		{"Bell", "ring\x07", false, false},
		{"Escape", "\x1b[31mred", false, false},
		{"Delete", "a\x7fb", false, false},
		{"C1Control", "a\u0085b", false, false},
		{"LineSeparator", "a\u2028b", false, false},
		{"ParagraphSeparator", "a\u2029b", false, false},
		{"RightToLeftOverride", "invoice\u202Egpj.exe", false, false},
		{"LeftToRightIsolate", "a\u2066b\u2069", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsLine(tc.s); got != tc.line {
				t.Errorf("IsLine(%q) = %v, want %v", tc.s, got, tc.line)
			}
			if got := IsText(tc.s); got != tc.multi {
				t.Errorf("IsText(%q) = %v, want %v", tc.s, got, tc.multi)
			}
		})
	}
}

// wrapped reads its own JSON, as requirement.Change does: its field adds
// nothing to the path.
type wrapped struct {
	Value String
	Sent  bool
}

func (w *wrapped) UnmarshalJSON(b []byte) error {
	w.Sent = true
	return json.Unmarshal(b, &w.Value)
}

func TestCheckTextNamesEachFieldByItsPath(t *testing.T) {
	type module struct {
		Title String `json:"title"`
	}
	var body struct {
		Title       String            `json:"title"`
		Description String            `json:"description" input:"multiline"`
		Notes       wrapped           `json:"notes" input:"multiline"`
		Name        wrapped           `json:"name"`
		Tags        List              `json:"tags"`
		Modules     []module          `json:"modules"`
		Extra       map[string]string `json:"extra"`
		Nick        *string           `json:"nick"`
		Price       Float             `json:"price"`
	}
	data := `{"title": "a\nb", "description": "line one\nline two\ttabbed", "notes": "ok\r\nfine", "name": "x\ty",
		"tags": ["fine", "bad\u0007"], "modules": [{"title": "ok"}, {"title": "two\nlines"}], "extra": {"k": "v\u202e"},
		"nick": "n\r", "price": "12"}`
	if err := json.Unmarshal([]byte(data), &body); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range CheckText(&body) {
		got = append(got, f.Path)
		if f.Message == "" {
			t.Errorf("no message at %s", f.Path)
		}
	}
	want := []string{"title", "name", "tags.1", "modules.1.title", "extra.k", "nick"}
	if !slices.Equal(got, want) {
		t.Fatalf("field errors at %q, want %q", got, want)
	}
	body.Description = "bell\x07"
	if fields := CheckText(body); len(fields) != 7 || fields[1].Path != "description" {
		t.Fatalf("a bell in a multi-line field: %v", fields)
	}
}
