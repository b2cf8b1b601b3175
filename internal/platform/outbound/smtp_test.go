package outbound

import (
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

type receivedMail struct {
	From string
	To   []string
	Data []byte
	User string
}

// testSMTP is an in-process SMTP server on 127.0.0.1.
type testSMTP struct {
	user, pass string // when user is set, AUTH PLAIN is required

	mu   sync.Mutex
	mail []receivedMail
}

func (b *testSMTP) NewSession(*smtp.Conn) (smtp.Session, error) { return &testSession{b: b}, nil }

type testSession struct {
	b    *testSMTP
	user string
	cur  receivedMail
}

func (s *testSession) AuthMechanisms() []string {
	if s.b.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *testSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != s.b.user || password != s.b.pass {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "Authentication failed"}
		}
		s.user = username
		return nil
	}), nil
}

func (s *testSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.b.user != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.cur = receivedMail{From: from, User: s.user}
	return nil
}

func (s *testSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "refused@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
	}
	s.cur.To = append(s.cur.To, to)
	return nil
}

func (s *testSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.Data = b
	s.b.mu.Lock()
	s.b.mail = append(s.b.mail, s.cur)
	s.b.mu.Unlock()
	return nil
}

func (s *testSession) Reset()        { s.cur = receivedMail{} }
func (s *testSession) Logout() error { return nil }

func (b *testSMTP) received() []receivedMail {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]receivedMail(nil), b.mail...)
}

// startSMTP serves be on 127.0.0.1:0 and returns the port.
func startSMTP(t *testing.T, be *testSMTP) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout = 5 * time.Second
	srv.WriteTimeout = 5 * time.Second
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return l.Addr().(*net.TCPAddr).Port
}

func newTestMailer(t *testing.T, port int, user, pass string) *SMTPMailer {
	t.Helper()
	m, err := NewSMTPMailer(SMTPConfig{
		Host: "127.0.0.1", Port: port, Username: user, Password: pass,
		From: "PropMatch <no-reply@propmatch.test>", TLS: "none", Timeout: 5 * time.Second,
	})
	if err != nil {
		t.Fatalf("NewSMTPMailer: %v", err)
	}
	return m
}

// parseMail returns the decoded subject and the text and HTML parts.
func parseMail(t *testing.T, data []byte) (hdr mail.Header, subject, text, html string) {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("read message: %v", err)
	}
	subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatalf("decode subject: %v", err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type = %q (%v), want multipart/alternative", msg.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("next part: %v", err)
		}
		body, err := io.ReadAll(p) // quoted-printable is decoded by NextPart
		if err != nil {
			t.Fatalf("read part: %v", err)
		}
		pt, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		switch pt {
		case "text/plain":
			text = strings.ReplaceAll(string(body), "\r\n", "\n")
		case "text/html":
			html = strings.ReplaceAll(string(body), "\r\n", "\n")
		}
	}
	return msg.Header, subject, text, html
}

func TestSMTPMailer(t *testing.T) {
	email := Email{
		To:      "agent@example.in",
		Subject: "Namaste from PropMatch ₹",
		Text:    "Plain body line.",
		HTML:    "<p>HTML <b>body</b></p>",
	}

	t.Run("SendsMultipartTextAndHTML", func(t *testing.T) {
		be := &testSMTP{}
		m := newTestMailer(t, startSMTP(t, be), "", "")
		if err := m.SendEmail(context.Background(), email); err != nil {
			t.Fatalf("SendEmail: %v", err)
		}
		got := be.received()
		if len(got) != 1 {
			t.Fatalf("received %d mails, want 1", len(got))
		}
		if got[0].From != "no-reply@propmatch.test" {
			t.Errorf("envelope sender = %q, want no-reply@propmatch.test", got[0].From)
		}
		if len(got[0].To) != 1 || got[0].To[0] != "agent@example.in" {
			t.Errorf("envelope recipients = %q, want [agent@example.in]", got[0].To)
		}
		hdr, subject, text, html := parseMail(t, got[0].Data)
		if subject != email.Subject {
			t.Errorf("subject = %q, want %q", subject, email.Subject)
		}
		if !strings.Contains(text, email.Text) {
			t.Errorf("text part = %q, want it to contain %q", text, email.Text)
		}
		if !strings.Contains(html, email.HTML) {
			t.Errorf("html part = %q, want it to contain %q", html, email.HTML)
		}
		from, err := hdr.AddressList("From")
		if err != nil || len(from) != 1 || from[0].Name != "PropMatch" || from[0].Address != "no-reply@propmatch.test" {
			t.Errorf("From header = %v (%v)", from, err)
		}
		if hdr.Get("Message-Id") == "" || hdr.Get("Date") == "" {
			t.Errorf("Message-ID or Date header missing: %v", hdr)
		}
	})

	// The whole conversation as the server sees it: one greeting banner,
	// one EHLO naming the public host, and a Message-ID at the public host
	// (not the machine's own name).
	t.Run("OneBannerAndThePublicHostName", func(t *testing.T) {
		for _, tc := range []struct{ hostname, want string }{
			{"propmatch.example.com", "propmatch.example.com"},
			{"", "propmatch.test"}, // the From address's domain
		} {
			be := &testSMTP{}
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			srv := smtp.NewServer(be)
			srv.Domain = "mx.example.net"
			talk := &syncWriter{}
			srv.Debug = talk
			go srv.Serve(l)
			m, err := NewSMTPMailer(SMTPConfig{Host: "127.0.0.1", Port: l.Addr().(*net.TCPAddr).Port, From: "PropMatch <no-reply@propmatch.test>",
				TLS: "none", Timeout: 5 * time.Second, Hostname: tc.hostname})
			if err != nil {
				t.Fatal(err)
			}
			if err := m.SendEmail(context.Background(), email); err != nil {
				t.Fatalf("SendEmail: %v", err)
			}
			srv.Close()
			conv := talk.String()
			if n := strings.Count(conv, "220 mx.example.net"); n != 1 {
				t.Errorf("the banner was sent %d times, want once:\n%s", n, conv)
			}
			if n := strings.Count(conv, "EHLO "); n != 1 || !strings.Contains(conv, "EHLO "+tc.want+"\r\n") {
				t.Errorf("want one EHLO %s:\n%s", tc.want, conv)
			}
			hdr, _, _, _ := parseMail(t, be.received()[0].Data)
			id := hdr.Get("Message-Id")
			if !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@"+tc.want+">") || len(id) < 20 {
				t.Errorf("Message-ID = %q, want a random id at %s", id, tc.want)
			}
		}
	})

	t.Run("AuthPlainWhenUsernameSet", func(t *testing.T) {
		be := &testSMTP{user: "mailer", pass: "s3cret-pass"}
		m := newTestMailer(t, startSMTP(t, be), "mailer", "s3cret-pass")
		if err := m.SendEmail(context.Background(), email); err != nil {
			t.Fatalf("SendEmail: %v", err)
		}
		got := be.received()
		if len(got) != 1 || got[0].User != "mailer" {
			t.Fatalf("received %+v, want one mail sent as user mailer", got)
		}
	})

	t.Run("WrongPasswordIsErrorWithoutPassword", func(t *testing.T) {
		be := &testSMTP{user: "mailer", pass: "right-pass"}
		m := newTestMailer(t, startSMTP(t, be), "mailer", "wrong-pass-XYZ")
		err := m.SendEmail(context.Background(), email)
		if err == nil {
			t.Fatal("SendEmail succeeded with a wrong password")
		}
		if strings.Contains(err.Error(), "wrong-pass-XYZ") {
			t.Errorf("error %q contains the password", err)
		}
		if len(be.received()) != 0 {
			t.Error("mail delivered despite failed login")
		}
	})

	t.Run("RefusedRecipientIsError", func(t *testing.T) {
		be := &testSMTP{}
		m := newTestMailer(t, startSMTP(t, be), "", "")
		e := email
		e.To = "refused@example.in"
		err := m.SendEmail(context.Background(), e)
		if err == nil {
			t.Fatal("SendEmail succeeded for a refused recipient")
		}
		if !strings.Contains(err.Error(), "550") {
			t.Errorf("error %q does not mention the 550 reply", err)
		}
		if len(be.received()) != 0 {
			t.Error("mail delivered to a refused recipient")
		}
	})

	t.Run("StartTLSIsMandatoryByDefault", func(t *testing.T) {
		be := &testSMTP{}
		port := startSMTP(t, be)
		m, err := NewSMTPMailer(SMTPConfig{Host: "127.0.0.1", Port: port, From: "no-reply@propmatch.test", Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.SendEmail(context.Background(), email); err == nil {
			t.Fatal("SendEmail succeeded over a server without STARTTLS")
		}
		if len(be.received()) != 0 {
			t.Error("mail delivered without TLS")
		}
	})

	t.Run("UnreachableServerIsError", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		m := newTestMailer(t, port, "", "")
		if err := m.SendEmail(context.Background(), email); err == nil {
			t.Fatal("SendEmail succeeded with no server")
		}
	})

	t.Run("RejectsBadMessage", func(t *testing.T) {
		be := &testSMTP{}
		m := newTestMailer(t, startSMTP(t, be), "", "")
		for name, e := range map[string]Email{
			"NoRecipient":      {Subject: "s", Text: "t"},
			"NoBody":           {To: "a@example.in", Subject: "s"},
			"InvalidRecipient": {To: "not an address", Text: "t"},
		} {
			if err := m.SendEmail(context.Background(), e); err == nil {
				t.Errorf("%s: SendEmail succeeded", name)
			}
		}
	})
}

func TestNewSMTPMailerValidatesConfig(t *testing.T) {
	ok := SMTPConfig{Host: "smtp.example.in", From: "no-reply@example.in", Username: "u", Password: "pw-SECRET"}
	tests := map[string]func(*SMTPConfig){
		"HostRequired":          func(c *SMTPConfig) { c.Host = " " },
		"FromRequired":          func(c *SMTPConfig) { c.From = "" },
		"FromMustBeAnAddress":   func(c *SMTPConfig) { c.From = "PropMatch" },
		"PortInRange":           func(c *SMTPConfig) { c.Port = 70000 },
		"KnownTLSMode":          func(c *SMTPConfig) { c.TLS = "ssl3" },
		"TimeoutNotNegative":    func(c *SMTPConfig) { c.Timeout = -time.Second },
		"PasswordNeedsUsername": func(c *SMTPConfig) { c.Username = "" },
	}
	for name, mutate := range tests {
		t.Run(name, func(t *testing.T) {
			cfg := ok
			mutate(&cfg)
			_, err := NewSMTPMailer(cfg)
			if err == nil {
				t.Fatal("NewSMTPMailer accepted the config")
			}
			if strings.Contains(err.Error(), "pw-SECRET") {
				t.Errorf("error %q contains the password", err)
			}
		})
	}
	for _, mode := range []string{"", "starttls", "tls", "none", "STARTTLS"} {
		cfg := ok
		cfg.TLS = mode
		if _, err := NewSMTPMailer(cfg); err != nil {
			t.Errorf("TLS %q: %v", mode, err)
		}
	}
}

func TestSMTPDefaultPorts(t *testing.T) {
	// The port each mode dials when none is given is visible in the dial error.
	for mode, want := range map[string]int{"starttls": 587, "tls": 465, "none": 25} {
		m, err := NewSMTPMailer(SMTPConfig{Host: "127.0.0.1", From: "a@example.in", TLS: mode, Timeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		err = m.SendEmail(context.Background(), Email{To: "b@example.in", Text: "x"})
		if err == nil {
			t.Skipf("something answers on 127.0.0.1:%d", want)
		}
		var opErr *net.OpError
		if !errors.As(err, &opErr) {
			t.Errorf("%s: error %q is not a dial error", mode, err)
		} else if !strings.Contains(err.Error(), ":"+strconv.Itoa(want)) {
			t.Errorf("%s: dial error %q does not name port %d", mode, err, want)
		}
	}
}

// syncWriter collects what several goroutines write.
type syncWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}
