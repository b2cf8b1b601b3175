package outbound

import (
	"context"
	"log/slog"
	"strings"

	"propmatch/internal/india"
)

// WhatsApp is everything a WhatsApp channel sends: codes, templates and text.
type WhatsApp interface {
	OTPSender
	TemplateSender
	TextSender
}

// LogMailer returns m with a log line for every email: "email sent" at
// info, or "email not sent" at warn with the error, with the recipient
// masked (MaskEmail). Neither subject nor body is logged: they may name people.
func LogMailer(m Mailer, log *slog.Logger) Mailer { return loggedMailer{m, log} }

// LogWhatsApp returns w with a log line for every message, as LogMailer
// does, naming the kind (otp, template and its name, text) and the phone
// masked (india.MaskPhone). Codes and parameters are never logged.
func LogWhatsApp(w WhatsApp, log *slog.Logger) WhatsApp { return loggedWhatsApp{w, log} }

type loggedMailer struct {
	m   Mailer
	log *slog.Logger
}

func (l loggedMailer) SendEmail(ctx context.Context, m Email) error {
	err := l.m.SendEmail(ctx, m)
	logSent(ctx, l.log, err, slog.String("channel", string(ChannelEmail)), slog.String("to", MaskEmail(m.To)),
		slog.Bool("unsubscribe_link", m.Unsubscribe != ""))
	return err
}

type loggedWhatsApp struct {
	w   WhatsApp
	log *slog.Logger
}

func (l loggedWhatsApp) SendOTP(ctx context.Context, phoneE164, code string) error {
	err := l.w.SendOTP(ctx, phoneE164, code)
	logSent(ctx, l.log, err, waAttrs(phoneE164, "otp")...)
	return err
}

func (l loggedWhatsApp) SendTemplate(ctx context.Context, phoneE164, name string, params []string) error {
	err := l.w.SendTemplate(ctx, phoneE164, name, params)
	logSent(ctx, l.log, err, append(waAttrs(phoneE164, "template"), slog.String("template", name))...)
	return err
}

func (l loggedWhatsApp) SendText(ctx context.Context, phoneE164, body string) error {
	err := l.w.SendText(ctx, phoneE164, body)
	logSent(ctx, l.log, err, waAttrs(phoneE164, "text")...)
	return err
}

func waAttrs(phone, kind string) []slog.Attr {
	return []slog.Attr{slog.String("channel", string(ChannelWhatsApp)), slog.String("to", india.MaskPhone(phone)), slog.String("kind", kind)}
}

// logSent logs one message: sent at info, not sent at warn with err.
func logSent(ctx context.Context, log *slog.Logger, err error, attrs ...slog.Attr) {
	if err != nil {
		log.LogAttrs(ctx, slog.LevelWarn, "message not sent", append(attrs, slog.String("err", err.Error()))...)
		return
	}
	log.LogAttrs(ctx, slog.LevelInfo, "message sent", attrs...)
}

// MaskEmail returns addr masked for logs: the first character of the
// local part and the domain stay ("priya@example.com" gives
// "p****@example.com"); anything without an @ gives "****".
func MaskEmail(addr string) string {
	local, domain, ok := strings.Cut(strings.TrimSpace(addr), "@")
	if !ok || local == "" || domain == "" {
		return "****"
	}
	first := []rune(local)[0]
	return string(first) + "****@" + domain
}
