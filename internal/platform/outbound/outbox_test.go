package outbound

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"
)

type memOutbox struct {
	msgs []OutboxMessage
	err  error
}

func (s *memOutbox) AddOutbox(_ context.Context, m OutboxMessage) error {
	if s.err != nil {
		return s.err
	}
	m.ID = int64(len(s.msgs) + 1)
	s.msgs = append(s.msgs, m)
	return nil
}

var fixedNow = time.Date(2025, 3, 1, 10, 30, 0, 0, time.UTC)

func clock() time.Time { return fixedNow }

func TestDevMailerCapturesEmail(t *testing.T) {
	store := &memOutbox{}
	var m Mailer = DevMailer{Store: store, Now: clock}
	err := m.SendEmail(context.Background(), Email{To: "a@example.in", Subject: "Hi", Text: "text part", HTML: "<p>html</p>"})
	if err != nil {
		t.Fatalf("SendEmail: %v", err)
	}
	want := []OutboxMessage{{ID: 1, Channel: ChannelEmail, Recipient: "a@example.in", Subject: "Hi", Body: "text part", CreatedAt: fixedNow}}
	if !reflect.DeepEqual(store.msgs, want) {
		t.Errorf("outbox = %+v, want %+v", store.msgs, want)
	}
	if err := m.SendEmail(context.Background(), Email{Text: "x"}); err == nil {
		t.Error("SendEmail accepted an email without recipient")
	}
}

func TestDevWhatsAppCapturesMessages(t *testing.T) {
	store := &memOutbox{}
	d := DevWhatsApp{Store: store, Now: clock}
	var _ OTPSender = d
	if err := d.SendOTP(context.Background(), "+919876543210", "123456"); err != nil {
		t.Fatalf("SendOTP: %v", err)
	}
	if err := d.SendText(context.Background(), "+919876543210", "New match for you"); err != nil {
		t.Fatalf("SendText: %v", err)
	}
	want := []OutboxMessage{
		{ID: 1, Channel: ChannelWhatsApp, Recipient: "+919876543210", Body: "Your PropMatch verification code is 123456. It expires in 10 minutes. Do not share it.", CreatedAt: fixedNow},
		{ID: 2, Channel: ChannelWhatsApp, Recipient: "+919876543210", Body: "New match for you", CreatedAt: fixedNow},
	}
	if !reflect.DeepEqual(store.msgs, want) {
		t.Errorf("outbox = %+v, want %+v", store.msgs, want)
	}
	if err := d.SendOTP(context.Background(), "98765 43210", "123456"); !errors.Is(err, ErrInvalidPhone) {
		t.Errorf("SendOTP with a bad number = %v, want ErrInvalidPhone", err)
	}
}

func TestDevOutboxErrors(t *testing.T) {
	boom := errors.New("disk full")
	ctx := context.Background()
	if err := (DevMailer{Store: &memOutbox{err: boom}}).SendEmail(ctx, Email{To: "a@example.in", Text: "x"}); !errors.Is(err, boom) {
		t.Errorf("DevMailer store failure = %v, want wrapped %v", err, boom)
	}
	if err := (DevWhatsApp{Store: &memOutbox{err: boom}}).SendOTP(ctx, "+919876543210", "123456"); !errors.Is(err, boom) {
		t.Errorf("DevWhatsApp store failure = %v, want wrapped %v", err, boom)
	}
	if err := (DevWhatsApp{}).SendText(ctx, "+919876543210", "x"); err == nil {
		t.Error("DevWhatsApp without store succeeded")
	}
	if err := (DevMailer{}).SendEmail(ctx, Email{To: "a@example.in", Text: "x"}); err == nil {
		t.Error("DevMailer without store succeeded")
	}
}

func TestDevOutboxDefaultClock(t *testing.T) {
	store := &memOutbox{}
	before := time.Now()
	if err := (DevMailer{Store: store}).SendEmail(context.Background(), Email{To: "a@example.in", Text: "x"}); err != nil {
		t.Fatal(err)
	}
	if got := store.msgs[0].CreatedAt; got.Before(before.Add(-time.Second)) || got.After(time.Now().Add(time.Second)) {
		t.Errorf("CreatedAt = %v, want about now", got)
	}
}
