package outbound

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
)

// Every message sent is logged at info, every failure at warn, with the
// address masked and no code, parameter, subject or body.
func TestEveryMessageIsLoggedMasked(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
	outbox := &memOutbox{}
	mail := LogMailer(DevMailer{Store: outbox, Now: clock}, log)
	wa := LogWhatsApp(DevWhatsApp{Store: outbox, Now: clock}, log)
	ctx := context.Background()

	if err := mail.SendEmail(ctx, Email{To: "priya.sharma@example.com", Subject: "Rahul sent you a message", Text: "secret body"}); err != nil {
		t.Fatal(err)
	}
	if err := wa.SendOTP(ctx, "+919876543210", "482913"); err != nil {
		t.Fatal(err)
	}
	if err := wa.SendTemplate(ctx, "+919876543211", "propmatch_new_matches", []string{"Priya", "3"}); err != nil {
		t.Fatal(err)
	}
	if err := wa.SendText(ctx, "+919876543212", "hello Priya"); err != nil {
		t.Fatal(err)
	}
	outbox.err = errors.New("outbox full")
	_ = mail.SendEmail(ctx, Email{To: "rahul@example.com", Subject: "s", Text: "t"})

	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := []string{
		`level=INFO msg="message sent" channel=email to=p****@example.com`,
		`level=INFO msg="message sent" channel=whatsapp to=+91********10 kind=otp`,
		`level=INFO msg="message sent" channel=whatsapp to=+91********11 kind=template template=propmatch_new_matches`,
		`level=INFO msg="message sent" channel=whatsapp to=+91********12 kind=text`,
		`level=WARN msg="message not sent" channel=email to=r****@example.com`,
	}
	if len(lines) != len(want) {
		t.Fatalf("%d log lines, want %d:\n%s", len(lines), len(want), buf.String())
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("line %d = %s\nwant it to contain %s", i, lines[i], w)
		}
	}
	for _, secret := range []string{"priya.sharma", "9876543210", "482913", "Rahul sent", "secret body", "hello", `"3"`} {
		if strings.Contains(buf.String(), secret) {
			t.Errorf("the log shows %q:\n%s", secret, buf.String())
		}
	}
}

func TestMaskEmail(t *testing.T) {
	for in, want := range map[string]string{
		"priya@example.com": "p****@example.com", " a@b.in ": "a****@b.in", "ŕam@x.in": "ŕ****@x.in",
		"": "****", "no-at-sign": "****", "@example.com": "****", "x@": "****",
	} {
		if got := MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
