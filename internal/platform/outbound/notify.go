// Package outbound sends PropMatch's outgoing email (SMTP) and WhatsApp messages
// (WhatsApp Business Cloud API), or, in development mode, captures them in an
// outbox instead of sending them.
//
// No error returned by this package carries a password, an access token, an
// OTP or a reset code, so callers may log them.
package outbound

import (
	"context"
	"errors"
	"strings"
)

// Channel is the medium of one outgoing message.
type Channel string

// The channels a message can go out on.
const (
	ChannelEmail    Channel = "email"
	ChannelWhatsApp Channel = "whatsapp"
)

// Email is one outgoing email. Text and HTML are the two alternative bodies;
// at least one of them must be set.
type Email struct {
	To, Subject, Text, HTML string
	// Unsubscribe, when set, is the one-click unsubscribe URL: the message
	// carries it in List-Unsubscribe with List-Unsubscribe-Post (RFC 8058).
	Unsubscribe string
}

// Mailer sends email.
type Mailer interface {
	// SendEmail delivers m, or returns an error if it could not be handed over.
	SendEmail(ctx context.Context, m Email) error
}

// OTPSender delivers a one-time verification code to a mobile phone.
type OTPSender interface {
	// SendOTP sends code to phoneE164 (such as "+919876543210"), or returns an
	// error that carries neither the code nor a secret.
	SendOTP(ctx context.Context, phoneE164, code string) error
}

// TextSender delivers a plain text notification to a mobile phone.
type TextSender interface {
	// SendText sends body to phoneE164, or returns an error.
	SendText(ctx context.Context, phoneE164, body string) error
}

// TemplateSender delivers an approved WhatsApp message template.
type TemplateSender interface {
	// SendTemplate sends template name with params filling its body's
	// placeholders ({{1}}, {{2}}, ...) in order, or returns an error.
	SendTemplate(ctx context.Context, phoneE164, name string, params []string) error
}

// ErrInvalidPhone is returned (wrapped) when a phone number is not in E.164
// form ("+" followed by 8 to 15 digits).
var ErrInvalidPhone = errors.New("phone number is not in E.164 form")

// waRecipient turns "+919876543210" into "919876543210", the form the Cloud
// API expects.
func waRecipient(phoneE164 string) (string, error) {
	digits, ok := strings.CutPrefix(phoneE164, "+")
	if !ok || len(digits) < 8 || len(digits) > 15 || digits[0] == '0' {
		return "", ErrInvalidPhone
	}
	for _, r := range digits {
		if r < '0' || r > '9' {
			return "", ErrInvalidPhone
		}
	}
	return digits, nil
}

// maskPhone keeps the country code's first digits and the last two digits.
func maskPhone(digits string) string {
	if len(digits) <= 4 {
		return strings.Repeat("*", len(digits))
	}
	return digits[:2] + strings.Repeat("*", len(digits)-4) + digits[len(digits)-2:]
}

// redact replaces every non-empty secret in s.
func redact(s string, secrets ...string) string {
	for _, sec := range secrets {
		if sec != "" {
			s = strings.ReplaceAll(s, sec, "[redacted]")
		}
	}
	return s
}
