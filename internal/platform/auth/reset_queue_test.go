package auth

import (
	"context"
	"testing"
	"time"

	"propmatch/internal/platform/outbound"
)

// blockingMail holds every email until released.
type blockingMail struct {
	entered chan struct{}
	release chan struct{}
}

func (b *blockingMail) SendEmail(ctx context.Context, m outbound.Email) error {
	b.entered <- struct{}{}
	<-b.release
	return nil
}

// TestSendResetCodeDoesNotWaitForTheMailer: the answer comes back while the
// email is still being sent, so a slow mail server cannot show which
// addresses have an account.
func TestSendResetCodeDoesNotWaitForTheMailer(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		mail := &blockingMail{entered: make(chan struct{}, 1), release: make(chan struct{})}
		svc := New(e.db, e.svc.cfg, e.otp, mail, e.svc.log)
		done := make(chan error, 1)
		go func() { done <- svc.SendResetCode(e.ctx, "asha@example.in", e.cli) }()
		<-mail.entered // the email is being sent
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second): // a deadlock guard, not a speed test
			close(mail.release)
			t.Fatal("send-reset-code waited for the mail server")
		}
		close(mail.release)
		svc.Drain(e.ctx)
	})
}

// TestSendResetCodeDoesTheSameWorkForKnownAndUnknownEmails: before the
// answer both do exactly one thing, count the request; the lookup, the code
// and the email come after.
func TestSendResetCodeDoesTheSameWorkForKnownAndUnknownEmails(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		e.register("asha", phoneA)
		var held []func(context.Context)
		e.svc.jobs.hold = func(job func(context.Context)) { held = append(held, job) }
		for _, email := range []string{"asha@example.in", "nobody@example.in"} {
			if err := e.svc.SendResetCode(e.ctx, email, e.cli); err != nil {
				t.Fatalf("%s: %v", email, err)
			}
		}
		var codes, counters, hits int
		e.db.QueryRow(`SELECT COUNT(*) FROM password_reset_codes`).Scan(&codes)
		e.db.QueryRow(`SELECT COUNT(*), SUM(hits) FROM rate_counters WHERE name LIKE 'reset:%'`).Scan(&counters, &hits)
		if len(held) != 2 || codes != 0 || counters != 2 || hits != 2 || e.mail.count() != 0 {
			t.Fatalf("before the answer: %d jobs queued, %d codes, %d counters with %d hits, %d emails; want 2, 0, 2, 2, 0",
				len(held), codes, counters, hits, e.mail.count())
		}
		for _, job := range held {
			job(e.ctx)
		}
		e.db.QueryRow(`SELECT COUNT(*) FROM password_reset_codes`).Scan(&codes)
		if codes != 1 || e.mail.count() != 1 || e.mail.sent[0].To != "asha@example.in" {
			t.Fatalf("after the jobs: %d codes, %d emails; want one code and one email to asha", codes, e.mail.count())
		}
	})
}
