package requirement

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestShortNameIsFirstNameAndLastInitial(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"Rahul Sharma", "Rahul S."},
		{"Rahul Kumar Sharma", "Rahul S."},
		{"  rahul   sharma ", "rahul S."},
		{"Rahul", "Rahul"},
		{"", ""},
		{"Élodie østergaard", "Élodie Ø."},
		{"राहुल शर्मा", "राहुल श."},
		{"Rahul (Sharma)", "Rahul S."},
		{"Rahul 42", "Rahul"},
	} {
		if got := ShortName(tc.name); got != tc.want {
			t.Errorf("ShortName(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestOnlyTheOwnerSeesNotesAndTheFullName(t *testing.T) {
	notes, special := "Cash buyer", "East facing"
	p := Public{Fields: Fields{AgentID: 7, ClientName: "Meena Iyer", Notes: &notes, SpecialRequirements: &special}}
	for _, tc := range []struct {
		name     string
		viewer   int64
		revealed bool
		wantName string
		private  bool
	}{
		{"Owner", 7, false, "Meena Iyer", false},
		{"OtherAgent", 8, false, "Meena I.", true},
		{"OtherAgentRevealed", 8, true, "Meena Iyer", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := p.ForViewer(tc.viewer, tc.revealed)
			if got.ClientName != tc.wantName {
				t.Errorf("clientName = %q, want %q", got.ClientName, tc.wantName)
			}
			if hidden := got.Notes == nil && got.SpecialRequirements == nil; hidden != tc.private {
				t.Errorf("notes %v and special requirements %v: hidden = %v, want %v", got.Notes, got.SpecialRequirements, hidden, tc.private)
			}
		})
	}
	if p.Notes == nil || p.ClientName != "Meena Iyer" {
		t.Error("ForViewer changed the requirement it was given")
	}
}

// TestSearchTextStartsWithTheClientName holds SearchSQL's assumption: the
// text starts with the client's name, lower-cased to as many characters,
// and the 3-character separator.
func TestSearchTextStartsWithTheClientName(t *testing.T) {
	for _, name := range []string{"Meena Iyer", "ÉLAN Mehta", "राहुल शर्मा"} {
		text := SearchText(Fields{ClientName: name, PreferredCities: []string{"Hyderabad"}, PropertyTypes: []string{"villa"}})
		prefix := strings.ToLower(name) + " \x1f "
		if !strings.HasPrefix(text, prefix) || utf8.RuneCountInString(strings.ToLower(name)) != utf8.RuneCountInString(name) {
			t.Errorf("SearchText(%q) = %q, want it to start with %q", name, text, prefix)
		}
		rest := string([]rune(text)[utf8.RuneCountInString(name)+3:])
		if strings.Contains(rest, strings.ToLower(strings.Fields(name)[0])) || !strings.HasPrefix(rest, "hyderabad") {
			t.Errorf("SearchText(%q) without the name is %q", name, rest)
		}
	}
}
