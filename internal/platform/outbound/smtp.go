package outbound

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// The TLS modes of SMTPConfig.TLS.
const (
	SMTPTLSStartTLS = "starttls" // STARTTLS, mandatory (default, port 587)
	SMTPTLSImplicit = "tls"      // implicit TLS (port 465)
	SMTPTLSNone     = "none"     // plain text, only for tests and local relays (port 25)
)

// DefaultSMTPTimeout is used when SMTPConfig.Timeout is zero.
const DefaultSMTPTimeout = 15 * time.Second

// SMTPConfig configures an SMTPMailer.
type SMTPConfig struct {
	Host     string
	Port     int // 0 means 587 for starttls, 465 for tls, 25 for none
	Username string
	Password string
	From     string // "PropMatch <no-reply@example.in>" or a bare address
	// TLS is "starttls" (the default; the server must offer STARTTLS),
	// "tls" (implicit TLS) or "none" (only for tests and local relays).
	TLS     string
	Timeout time.Duration // connect and command timeout; 0 means DefaultSMTPTimeout
	// Hostname is PropMatch's public host name (PROPMATCH_PUBLIC_URL's):
	// the domain of each Message-ID and the name the client greets the
	// server with (EHLO). Empty means the From address's domain; never the
	// machine's own name, which means nothing outside it.
	Hostname string
}

// SMTPMailer sends email through one SMTP server, opening one connection per
// message. It is safe for concurrent use.
type SMTPMailer struct {
	host     string
	password string
	from     *mail.Address
	hostname string // Message-ID's domain
	opts     []gomail.Option
}

var _ Mailer = (*SMTPMailer)(nil)

// NewSMTPMailer checks cfg and returns a mailer. It returns an error if the
// host or the from address is missing or invalid, the port is out of range,
// the TLS mode is unknown, the timeout is negative, or a password is given
// without a username. The error never contains the password.
func NewSMTPMailer(cfg SMTPConfig) (*SMTPMailer, error) {
	host := strings.TrimSpace(cfg.Host)
	if host == "" {
		return nil, errors.New("notify: smtp config: host is required")
	}
	if strings.TrimSpace(cfg.From) == "" {
		return nil, errors.New("notify: smtp config: from address is required")
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("notify: smtp config: from address %q: %w", cfg.From, err)
	}
	if cfg.Port < 0 || cfg.Port > 65535 {
		return nil, fmt.Errorf("notify: smtp config: port %d out of range", cfg.Port)
	}
	if cfg.Timeout < 0 {
		return nil, errors.New("notify: smtp config: timeout must not be negative")
	}
	if cfg.Password != "" && cfg.Username == "" {
		return nil, errors.New("notify: smtp config: password given without username")
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = DefaultSMTPTimeout
	}

	hostname := strings.TrimSpace(cfg.Hostname)
	if hostname == "" {
		hostname = from.Address[strings.LastIndexByte(from.Address, '@')+1:]
	}
	opts := []gomail.Option{gomail.WithTimeout(timeout), gomail.WithHELO(hostname)}
	port := cfg.Port
	switch strings.ToLower(strings.TrimSpace(cfg.TLS)) {
	case "", SMTPTLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		if port == 0 {
			port = gomail.DefaultPortTLS
		}
	case SMTPTLSImplicit:
		opts = append(opts, gomail.WithSSL())
		if port == 0 {
			port = gomail.DefaultPortSSL
		}
	case SMTPTLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		if port == 0 {
			port = gomail.DefaultPort
		}
	default:
		return nil, fmt.Errorf("notify: smtp config: unknown TLS mode %q (want starttls, tls or none)", cfg.TLS)
	}
	opts = append(opts, gomail.WithPort(port))
	if cfg.Username != "" {
		// PLAIN only over TLS, or in plain text to a loopback relay: go-mail
		// refuses to send the password unencrypted anywhere else.
		opts = append(opts,
			gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(cfg.Username),
			gomail.WithPassword(cfg.Password),
		)
	}
	if _, err := gomail.NewClient(host, opts...); err != nil {
		return nil, fmt.Errorf("notify: smtp config: %s", redact(err.Error(), cfg.Password))
	}
	return &SMTPMailer{host: host, password: cfg.Password, from: from, hostname: hostname, opts: opts}, nil
}

// SendEmail sends m as a multipart/alternative message (text and HTML; a
// single part when only one is set). It returns an error if m has no
// recipient or no body, the recipient is not a valid address, or the server
// cannot be reached, refuses the login, the sender, the recipient or the
// data. The error never contains the password.
func (s *SMTPMailer) SendEmail(ctx context.Context, m Email) error {
	msg, err := buildMessage(s.from, s.hostname, m)
	if err != nil {
		return err
	}
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("notify: smtp client: %s", redact(err.Error(), s.password))
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		if s.password != "" && strings.Contains(err.Error(), s.password) {
			return fmt.Errorf("notify: send email via %s: %s", s.host, redact(err.Error(), s.password))
		}
		return fmt.Errorf("notify: send email via %s: %w", s.host, err)
	}
	return nil
}

// buildMessage makes m into a message from from, whose Message-ID is a
// random 128-bit value at hostname.
func buildMessage(from *mail.Address, hostname string, m Email) (*gomail.Msg, error) {
	if strings.TrimSpace(m.To) == "" {
		return nil, errors.New("notify: email has no recipient")
	}
	if m.Text == "" && m.HTML == "" {
		return nil, errors.New("notify: email has no body")
	}
	msg := gomail.NewMsg()
	msg.FromMailAddress(from)
	if err := msg.EnvelopeFrom(from.Address); err != nil {
		return nil, fmt.Errorf("notify: email sender: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("notify: email recipient: %w", err)
	}
	msg.Subject(m.Subject)
	if m.Unsubscribe != "" {
		msg.SetListUnsubscribe(m.Unsubscribe)
		msg.SetListUnsubscribePost()
	}
	msg.SetDate()
	msg.SetMessageIDWithValue(rand.Text() + "@" + hostname)
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.Text != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	default:
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	}
	return msg, nil
}
