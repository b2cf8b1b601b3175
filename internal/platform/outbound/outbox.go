package outbound

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// OutboxMessage is one outgoing email or WhatsApp message captured in the
// development outbox instead of being sent.
type OutboxMessage struct {
	ID        int64     `json:"id"` // assigned by the store
	Channel   Channel   `json:"channel"`
	Recipient string    `json:"recipient"` // email address or E.164 phone number
	Subject   string    `json:"subject"`   // empty for WhatsApp
	Body      string    `json:"body"`      // the text part of an email, the WhatsApp text
	CreatedAt time.Time `json:"createdAt"`
}

// OutboxStore keeps captured messages.
type OutboxStore interface {
	// AddOutbox stores m, or returns an error.
	AddOutbox(ctx context.Context, m OutboxMessage) error
}

// OTPMessage is the text of an OTP as the development outbox shows it.
func OTPMessage(code string) string {
	return "Your PropMatch verification code is " + code + ". It expires in 10 minutes. Do not share it."
}

// DevMailer is the development-mode Mailer: it captures every email in Store
// and sends nothing.
type DevMailer struct {
	Store OutboxStore
	Now   func() time.Time // optional; time.Now when nil
}

var _ Mailer = DevMailer{}

// SendEmail stores m (Body = the text part) in the outbox. It returns an
// error if m has no recipient or no body, Store is nil, or the store fails.
func (d DevMailer) SendEmail(ctx context.Context, m Email) error {
	if strings.TrimSpace(m.To) == "" {
		return errors.New("notify: email has no recipient")
	}
	if m.Text == "" && m.HTML == "" {
		return errors.New("notify: email has no body")
	}
	return addOutbox(ctx, d.Store, d.Now, OutboxMessage{
		Channel:   ChannelEmail,
		Recipient: m.To,
		Subject:   m.Subject,
		Body:      m.Text,
	})
}

// DevWhatsApp is the development-mode OTPSender and TextSender: it captures
// every WhatsApp message in Store and sends nothing.
type DevWhatsApp struct {
	Store OutboxStore
	Now   func() time.Time // optional; time.Now when nil
}

var (
	_ OTPSender      = DevWhatsApp{}
	_ TextSender     = DevWhatsApp{}
	_ TemplateSender = DevWhatsApp{}
)

// SendTemplate stores "template name: param | param ..." for phoneE164 in
// the outbox. It returns ErrInvalidPhone (wrapped) for a malformed number,
// an error for an empty name or a nil Store, or the store's error.
func (d DevWhatsApp) SendTemplate(ctx context.Context, phoneE164, name string, params []string) error {
	if _, err := templateRecipient(phoneE164, name); err != nil {
		return err
	}
	return addOutbox(ctx, d.Store, d.Now, OutboxMessage{
		Channel:   ChannelWhatsApp,
		Recipient: phoneE164,
		Body:      "template " + name + ": " + strings.Join(params, " | "),
	})
}

// SendOTP stores the OTP message (see OTPMessage) for phoneE164 in the
// outbox. It returns ErrInvalidPhone (wrapped) for a malformed number, an
// error for an empty code or a nil Store, or the store's error.
func (d DevWhatsApp) SendOTP(ctx context.Context, phoneE164, code string) error {
	if _, err := waRecipient(phoneE164); err != nil {
		return fmt.Errorf("notify: whatsapp otp: %w", err)
	}
	if strings.TrimSpace(code) == "" {
		return errors.New("notify: whatsapp otp: empty code")
	}
	return addOutbox(ctx, d.Store, d.Now, OutboxMessage{
		Channel:   ChannelWhatsApp,
		Recipient: phoneE164,
		Body:      OTPMessage(code),
	})
}

// SendText stores body for phoneE164 in the outbox. It returns
// ErrInvalidPhone (wrapped) for a malformed number, an error for an empty
// body or a nil Store, or the store's error.
func (d DevWhatsApp) SendText(ctx context.Context, phoneE164, body string) error {
	if _, err := waRecipient(phoneE164); err != nil {
		return fmt.Errorf("notify: whatsapp text: %w", err)
	}
	if strings.TrimSpace(body) == "" {
		return errors.New("notify: whatsapp text: empty body")
	}
	return addOutbox(ctx, d.Store, d.Now, OutboxMessage{
		Channel:   ChannelWhatsApp,
		Recipient: phoneE164,
		Body:      body,
	})
}

func addOutbox(ctx context.Context, store OutboxStore, now func() time.Time, m OutboxMessage) error {
	if store == nil {
		return errors.New("notify: outbox has no store")
	}
	if now == nil {
		now = time.Now
	}
	m.CreatedAt = now().UTC()
	if err := store.AddOutbox(ctx, m); err != nil {
		return fmt.Errorf("notify: add %s message to outbox: %w", m.Channel, err)
	}
	return nil
}
