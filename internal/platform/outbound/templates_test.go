package outbound

import (
	"strings"
	"testing"
)

func TestResetCodeEmail(t *testing.T) {
	e, err := ResetCodeEmail("ravi@example.in", "Ravi Kumar", "904512")
	if err != nil {
		t.Fatalf("ResetCodeEmail: %v", err)
	}
	if e.To != "ravi@example.in" || e.Subject != "Your PropMatch password reset code" {
		t.Errorf("To, Subject = %q, %q", e.To, e.Subject)
	}
	for part, body := range map[string]string{"text": e.Text, "html": e.HTML} {
		for _, want := range []string{"904512", "Ravi Kumar", "30 minutes", "only once", "ignore this email", "PropMatch", "We build Families"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s part does not contain %q:\n%s", part, want, body)
			}
		}
	}
}

func TestResetCodeEmailEscapesHTML(t *testing.T) {
	e, err := ResetCodeEmail("x@example.in", "<script>alert(1)</script>", "111222")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(e.HTML, "<script>") {
		t.Errorf("HTML part contains an unescaped <script>:\n%s", e.HTML)
	}
	if !strings.Contains(e.HTML, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("HTML part does not contain the escaped name:\n%s", e.HTML)
	}
	if !strings.Contains(e.Text, "Hello <script>alert(1)</script>,") {
		t.Errorf("text part should carry the name verbatim:\n%s", e.Text)
	}
}

func TestResetCodeEmailWithoutName(t *testing.T) {
	e, err := ResetCodeEmail("x@example.in", "  ", "111222")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(e.Text, "Hello,\n") || !strings.Contains(e.HTML, "Hello,</p>") {
		t.Errorf("greeting without a name:\n%s\n%s", e.Text, e.HTML)
	}
}

func TestResetCodeEmailRequiresRecipientAndCode(t *testing.T) {
	if _, err := ResetCodeEmail("", "n", "123456"); err == nil {
		t.Error("accepted an empty recipient")
	}
	if _, err := ResetCodeEmail("x@example.in", "n", ""); err == nil {
		t.Error("accepted an empty code")
	}
}
