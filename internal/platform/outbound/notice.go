package outbound

import (
	"errors"
	"strings"
)

// NoticeLine is one entry of a notice: a match, a message, a connection.
type NoticeLine struct {
	Title, Detail string
}

// Notice is a notification email's content: the digest of new matches or
// messages, or a connection update. ActionURL links to the exact screen;
// Unsubscribe is the kind's one-click unsubscribe URL, Why names the
// setting that sends it (e.g. "New Matches by email") and About what the
// emails of that setting are about (e.g. "connection requests and their
// answers"), for the footer.
type Notice struct {
	Name        string
	Subject     string
	Intro       string
	Lines       []NoticeLine
	More        int // entries beyond Lines
	ActionURL   string
	ActionLabel string
	Footnote    string
	Unsubscribe string
	Why         string
	About       string
}

type noticeData struct {
	Notice
	UnsubscribeURL string
}

// NoticeEmail renders n for address to, HTML and text. It returns an error
// if to, the subject or the link is empty, or a template fails.
func NoticeEmail(to string, n Notice) (Email, error) {
	if strings.TrimSpace(to) == "" {
		return Email{}, errors.New("notify: notice has no recipient")
	}
	if n.Subject == "" || n.ActionURL == "" {
		return Email{}, errors.New("notify: notice needs a subject and a link")
	}
	text, html, err := render("notice", noticeData{Notice: n, UnsubscribeURL: n.Unsubscribe})
	if err != nil {
		return Email{}, err
	}
	return Email{To: to, Subject: n.Subject, Text: text, HTML: html, Unsubscribe: n.Unsubscribe}, nil
}

// VerifyEmailSubject is the subject of the email verification message.
const VerifyEmailSubject = "Confirm your email for PropMatch"

type verifyData struct {
	Name, Email, Link string
	Hours             int
}

// VerifyEmail renders the verification email for the user called name at
// address to, carrying link, valid for hours. It returns an error if to or
// link is empty or a template fails; the error never carries the link.
func VerifyEmail(to, name, link string, hours int) (Email, error) {
	if strings.TrimSpace(to) == "" || link == "" {
		return Email{}, errors.New("notify: verification email needs a recipient and a link")
	}
	text, html, err := render("verify_email", verifyData{Name: strings.TrimSpace(name), Email: to, Link: link, Hours: hours})
	if err != nil {
		return Email{}, errors.New("notify: render verification email failed")
	}
	return Email{To: to, Subject: VerifyEmailSubject, Text: text, HTML: html}, nil
}
