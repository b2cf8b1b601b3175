package outbound

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

// closedPort returns a loopback port nothing listens on.
func closedPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return port
}

func TestExplainPutsSMTPFailuresInPlainWords(t *testing.T) {
	withAuth := startSMTP(t, &testSMTP{user: "mailer", pass: "right-password"})
	plain := startSMTP(t, &testSMTP{})
	msg := Email{To: "agent@example.com", Subject: "Test", Text: "Hello"}
	tests := []struct {
		name string
		cfg  SMTPConfig
		want string
	}{
		{"ConnectionRefused", SMTPConfig{Host: "127.0.0.1", Port: closedPort(t), TLS: "none"}, ProblemRefused},
		{"AuthenticationFailed", SMTPConfig{Host: "127.0.0.1", Port: withAuth, TLS: "none", Username: "mailer", Password: "wrong-password"}, ProblemAuth},
		{"NoSTARTTLS", SMTPConfig{Host: "127.0.0.1", Port: plain, TLS: "starttls"}, ProblemTLS},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.From, tt.cfg.Timeout = "PropMatch <no-reply@propmatch.test>", 5*time.Second
			m, err := NewSMTPMailer(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			err = m.SendEmail(context.Background(), msg)
			if err == nil {
				t.Fatal("sent; want a failure")
			}
			got := Explain(err)
			if got != tt.want {
				t.Errorf("Explain(%v) = %q; want %q", err, got, tt.want)
			}
			if strings.Contains(got, "wrong-password") {
				t.Errorf("explanation carries the password: %q", got)
			}
		})
	}
	t.Run("OtherErrorsKeepTheServersAnswer", func(t *testing.T) {
		if got := Explain(errors.New("550 5.1.1 No such user")); !strings.Contains(got, "No such user") {
			t.Errorf("Explain = %q", got)
		}
		if Explain(nil) != "" {
			t.Error("Explain(nil) is not empty")
		}
	})
}

func TestNotificationEmailsCarryOneClickUnsubscribe(t *testing.T) {
	be := &testSMTP{}
	m := newTestMailer(t, startSMTP(t, be), "", "")
	n := Notice{Subject: "You have 2 new matches on PropMatch", Intro: "PropMatch found 2 new matches for you.", ActionURL: "https://pm.example/matches",
		ActionLabel: "See your matches", Unsubscribe: "https://pm.example/api/unsubscribe?token=1.matches.sig", Why: "New Matches by email",
		Lines: []NoticeLine{{Title: "Flat <b>in</b> Pune", Detail: "92% match"}}}
	e, err := NoticeEmail("agent@example.com", n)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.HTML, "Flat &lt;b&gt;in&lt;/b&gt; Pune") || !strings.Contains(e.Text, "Flat <b>in</b> Pune") {
		t.Errorf("HTML is not escaped or text is: %s / %s", e.HTML, e.Text)
	}
	// The shared layout carries the title, and the unsubscribe line only where there is one.
	if !strings.Contains(e.HTML, "<title>You have 2 new matches on PropMatch</title>") ||
		!strings.Contains(e.HTML, `<a href="https://pm.example/api/unsubscribe?token=1.matches.sig" style="color:#6b7280;">Unsubscribe</a>`) ||
		!strings.Contains(e.HTML, "because New Matches by email is on") || !strings.HasSuffix(strings.TrimSpace(e.HTML), "</html>") {
		t.Errorf("notice HTML lacks its title, unsubscribe line or end: %s", e.HTML)
	}
	reset, err := ResetCodeEmail("agent@example.com", "Asha", "123456")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(reset.HTML, "Unsubscribe") || !strings.Contains(reset.HTML, "<title>Your PropMatch password reset code</title>") ||
		!strings.HasSuffix(strings.TrimSpace(reset.HTML), "</html>") {
		t.Errorf("reset HTML has an unsubscribe line or lacks its title or end: %s", reset.HTML)
	}
	if err := m.SendEmail(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	got := be.received()
	if len(got) != 1 {
		t.Fatalf("received %d mails", len(got))
	}
	data := string(got[0].Data)
	for _, h := range []string{"List-Unsubscribe: <https://pm.example/api/unsubscribe?token=1.matches.sig>", "List-Unsubscribe-Post: List-Unsubscribe=One-Click", "text/plain", "text/html"} {
		if !strings.Contains(data, h) {
			t.Errorf("message lacks %q:\n%s", h, data)
		}
	}
}
