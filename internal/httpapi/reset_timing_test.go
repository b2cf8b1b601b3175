package httpapi_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"propmatch/internal/httpapi"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/auth"
	"propmatch/internal/platform/outbound"
	"propmatch/internal/services"
)

// blockingMailer holds every email until released.
type blockingMailer struct {
	entered chan struct{}
	release chan struct{}
}

func (b *blockingMailer) SendEmail(ctx context.Context, m outbound.Email) error {
	b.entered <- struct{}{}
	<-b.release
	return nil
}

// TestSendResetCodeAnswersBeforeTheEmailIsSent: POST /api/send-reset-code
// for a registered email answers while the mail server still holds the
// email, so its answer takes no longer than for an unknown email.
func TestSendResetCodeAnswersBeforeTheEmailIsSent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		mail := &blockingMailer{entered: make(chan struct{}, 1), release: make(chan struct{})}
		cfg := auth.DefaultConfig()
		cfg.Argon = testArgon
		svc := auth.New(db, cfg, nil, mail, slog.New(slog.DiscardHandler))
		_, err := svc.CreateUser(context.Background(), auth.NewUser{Username: "asha", Password: "Monsoon-Terrace-42", FullName: "Asha Rao",
			Email: "asha@example.in", Phone: "+919876543210", AgentType: "buyer", State: "Telangana", City: "Hyderabad"})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(httpapi.New(httpapi.Deps{DB: db, Set: services.Set{Auth: svc}, Log: slog.New(slog.DiscardHandler)}))
		defer srv.Close()
		answered := make(chan int, 1)
		go func() {
			res, err := http.Post(srv.URL+"/api/send-reset-code", "application/json", strings.NewReader(`{"email": "asha@example.in"}`))
			if err != nil {
				answered <- 0
				return
			}
			res.Body.Close()
			answered <- res.StatusCode
		}()
		<-mail.entered // the reset email is at the mail server
		select {
		case status := <-answered:
			if status != http.StatusOK {
				t.Errorf("send-reset-code answered %d", status)
			}
		case <-time.After(10 * time.Second): // a deadlock guard, not a speed test
			t.Error("send-reset-code waited for the mail server")
		}
		close(mail.release)
		svc.Drain(context.Background())
	})
}
