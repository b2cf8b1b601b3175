package outbound

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

//go:embed templates/*.html templates/*.txt
var templateFS embed.FS

var (
	htmlTemplates = htmltemplate.Must(htmltemplate.ParseFS(templateFS, "templates/*.html"))
	textTemplates = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/*.txt"))
)

// ResetCodeMinutes is how long a password reset code stays valid, as the
// reset email states it.
const ResetCodeMinutes = 30

// ResetCodeSubject is the subject of the password reset email.
const ResetCodeSubject = "Your PropMatch password reset code"

type resetCodeData struct {
	Name    string
	Code    string
	Minutes int
}

// ResetCodeEmail builds the password reset email carrying code for the user
// called name (may be empty) at address to. It returns an error if to or code
// is empty or a template fails to render; the error never carries the code.
func ResetCodeEmail(to, name, code string) (Email, error) {
	if strings.TrimSpace(to) == "" {
		return Email{}, errors.New("notify: reset email has no recipient")
	}
	if strings.TrimSpace(code) == "" {
		return Email{}, errors.New("notify: reset email has no code")
	}
	data := resetCodeData{Name: strings.TrimSpace(name), Code: code, Minutes: ResetCodeMinutes}
	text, html, err := render("reset_code", data)
	if err != nil {
		return Email{}, err
	}
	return Email{To: to, Subject: ResetCodeSubject, Text: text, HTML: html}, nil
}

// render executes templates/<name>.txt and templates/<name>.html.
func render(name string, data any) (text, html string, err error) {
	var tb, hb bytes.Buffer
	if err := textTemplates.ExecuteTemplate(&tb, name+".txt", data); err != nil {
		return "", "", fmt.Errorf("notify: render %s text: %w", name, err)
	}
	if err := htmlTemplates.ExecuteTemplate(&hb, name+".html", data); err != nil {
		return "", "", fmt.Errorf("notify: render %s html: %w", name, err)
	}
	return tb.String(), hb.String(), nil
}
