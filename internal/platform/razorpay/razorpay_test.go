package razorpay_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"propmatch/internal/platform/razorpay"
)

const (
	keyID         = "rzp_test_abc"
	keySecret     = "key-secret"
	webhookSecret = "webhook-secret"
)

func newFake(t *testing.T) (*razorpay.Fake, *razorpay.Client, *httptest.Server) {
	t.Helper()
	fake := razorpay.NewFake(keyID, keySecret, webhookSecret)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	c, err := razorpay.New(razorpay.Config{KeyID: keyID, KeySecret: keySecret, WebhookSecret: webhookSecret, APIURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	return fake, c, srv
}

func TestNewNamesWhatIsMissingWithoutSecrets(t *testing.T) {
	_, err := razorpay.New(razorpay.Config{KeySecret: "s3cret-value"})
	if err == nil || !strings.Contains(err.Error(), "key id") || !strings.Contains(err.Error(), "webhook secret") || strings.Contains(err.Error(), "s3cret-value") {
		t.Fatalf("New = %v; want the missing key id and webhook secret named, no secret", err)
	}
	if _, err := razorpay.New(razorpay.Config{KeyID: "k", KeySecret: "s", WebhookSecret: "w", APIURL: "ftp://x"}); err == nil {
		t.Fatal("New accepted an ftp API URL")
	}
}

func TestCreateOrderSpeaksTheOrdersAPI(t *testing.T) {
	_, c, _ := newFake(t)
	o, err := c.CreateOrder(context.Background(), razorpay.OrderRequest{Amount: 250000, Currency: "INR", Receipt: "pm_1", Notes: razorpay.Notes{"user": "7"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(o.ID, "order_") || len(o.ID) != len("order_")+14 || o.Amount != 250000 || o.AmountDue != 250000 ||
		o.Status != "created" || o.Receipt != "pm_1" || o.Notes["user"] != "7" || o.Entity != "order" {
		t.Fatalf("order = %+v", o)
	}
}

func TestCreateOrderReportsTheAPIsErrors(t *testing.T) {
	_, _, srv := newFake(t)
	for _, tc := range []struct {
		name   string
		cfg    razorpay.Config
		req    razorpay.OrderRequest
		status int
	}{
		{"WrongSecret", razorpay.Config{KeyID: keyID, KeySecret: "nope", WebhookSecret: "w"}, razorpay.OrderRequest{Amount: 100, Currency: "INR"}, 401},
		{"AmountUnderOneRupee", razorpay.Config{KeyID: keyID, KeySecret: keySecret, WebhookSecret: "w"}, razorpay.OrderRequest{Amount: 99, Currency: "INR"}, 400},
		{"NotRupees", razorpay.Config{KeyID: keyID, KeySecret: keySecret, WebhookSecret: "w"}, razorpay.OrderRequest{Amount: 100, Currency: "USD"}, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.cfg.APIURL = srv.URL
			c, _ := razorpay.New(tc.cfg)
			_, err := c.CreateOrder(context.Background(), tc.req)
			var ae *razorpay.APIError
			if !errors.As(err, &ae) || ae.Status != tc.status || ae.Code != "BAD_REQUEST_ERROR" || ae.Description == "" {
				t.Fatalf("CreateOrder = %v; want an APIError with HTTP %d", err, tc.status)
			}
		})
	}
}

func TestCheckoutAndWebhookSignaturesAreRazorpays(t *testing.T) {
	fake, c, _ := newFake(t)
	o, err := c.CreateOrder(context.Background(), razorpay.OrderRequest{Amount: 50000, Currency: "INR", Receipt: "r"})
	if err != nil {
		t.Fatal(err)
	}
	paid, err := fake.Pay(o.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Razorpay's documented check: hex HMAC-SHA256(order_id|payment_id, key_secret).
	if paid.Signature != razorpay.Sign(keySecret, []byte(o.ID+"|"+paid.PaymentID)) {
		t.Fatal("checkout signature is not HMAC-SHA256 of order_id|payment_id")
	}
	for _, tc := range []struct {
		name             string
		order, pay, sign string
		want             bool
	}{
		{"Genuine", o.ID, paid.PaymentID, paid.Signature, true},
		{"UpperCaseHex", o.ID, paid.PaymentID, strings.ToUpper(paid.Signature), true},
		{"OtherOrder", "order_other", paid.PaymentID, paid.Signature, false},
		{"OtherPayment", o.ID, "pay_other", paid.Signature, false},
		{"SignedWithWebhookSecret", o.ID, paid.PaymentID, razorpay.SignPayment(webhookSecret, o.ID, paid.PaymentID), false},
		{"Empty", o.ID, paid.PaymentID, "", false},
		{"NotHex", o.ID, paid.PaymentID, "zz" + paid.Signature[2:], false},
		{"Short", o.ID, paid.PaymentID, paid.Signature[:62], false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := c.VerifyPayment(tc.order, tc.pay, tc.sign); got != tc.want {
				t.Fatalf("VerifyPayment = %v; want %v", got, tc.want)
			}
		})
	}
	if _, err := fake.Pay(o.ID); err == nil {
		t.Fatal("a paid order was paid again")
	}
	bodies, err := fake.Events(paid.PaymentID)
	if err != nil || len(bodies) != 2 {
		t.Fatalf("Events = %d, %v", len(bodies), err)
	}
	for i, want := range []string{razorpay.PaymentCaptured, razorpay.OrderPaid} {
		sig := fake.SignWebhook(bodies[i])
		if !c.VerifyWebhook(bodies[i], sig) || c.VerifyWebhook(append(bytes.Clone(bodies[i]), ' '), sig) || c.VerifyWebhook(bodies[i], razorpay.Sign(keySecret, bodies[i])) {
			t.Fatalf("%s: webhook signature check is wrong", want)
		}
		ev, err := razorpay.ParseEvent(bodies[i])
		if err != nil || ev.Event != want || ev.Payload.Payment == nil || ev.Payload.Payment.Entity.ID != paid.PaymentID ||
			ev.Payload.Payment.Entity.OrderID != o.ID || ev.Payload.Payment.Entity.Amount != 50000 || ev.Payload.Payment.Entity.Status != "captured" {
			t.Fatalf("event %d = %+v, %v", i, ev, err)
		}
	}
	rf, body, err := fake.Refund(paid.PaymentID, 0)
	if err != nil || rf.Amount != 50000 || !strings.HasPrefix(rf.ID, "rfnd_") {
		t.Fatalf("Refund = %+v, %v", rf, err)
	}
	ev, err := razorpay.ParseEvent(body)
	if err != nil || ev.Event != razorpay.RefundProcessed || ev.Payload.Refund.Entity.PaymentID != paid.PaymentID || ev.Payload.Payment.Entity.AmountRefunded != 50000 {
		t.Fatalf("refund event = %+v, %v", ev, err)
	}
	if _, _, err := fake.Refund(paid.PaymentID, 1); err == nil {
		t.Fatal("refunded more than was paid")
	}
}

func TestParseEventReadsRazorpaysSamplesAndRefusesOthers(t *testing.T) {
	// Razorpay writes empty notes as [].
	sample := `{"entity":"event","account_id":"acc_BFQ7uQEaa7j2z7","event":"payment.captured","contains":["payment"],
	"payload":{"payment":{"entity":{"id":"pay_DESlfW9H8K9uqM","entity":"payment","amount":100,"currency":"INR",
	"status":"captured","order_id":"order_DESlLckIVRkHWj","method":"netbanking","amount_refunded":0,"refund_status":null,
	"captured":true,"notes":[],"created_at":1567674599}}},"created_at":1567674606}`
	ev, err := razorpay.ParseEvent([]byte(sample))
	if err != nil || ev.Payload.Payment.Entity.OrderID != "order_DESlLckIVRkHWj" || ev.Payload.Payment.Entity.Notes != nil {
		t.Fatalf("ParseEvent = %+v, %v", ev, err)
	}
	for _, bad := range []string{`{}`, `[]`, `{"entity":"payment","event":"x"}`, `not json`} {
		if _, err := razorpay.ParseEvent([]byte(bad)); err == nil {
			t.Errorf("ParseEvent(%s) accepted", bad)
		}
	}
}

func TestFakeCheckoutPaysAndDeliversSignedWebhooks(t *testing.T) {
	fake, c, srv := newFake(t)
	var mu sync.Mutex
	var got []string
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ev, err := razorpay.ParseEvent(body)
		if !c.VerifyWebhook(body, r.Header.Get(razorpay.SignatureHeader)) || err != nil || r.Header.Get(razorpay.EventIDHeader) == "" {
			t.Errorf("webhook not signed or not an event: %v", err)
		}
		mu.Lock()
		got = append(got, ev.Event)
		mu.Unlock()
	}))
	defer hook.Close()
	fake.WebhookURL = hook.URL
	o, err := c.CreateOrder(context.Background(), razorpay.OrderRequest{Amount: 1000000, Currency: "INR", Receipt: "r"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(srv.URL + "/checkout.js")
	if err != nil || res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("checkout.js: %v %v", res, err)
	}
	script, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Contains(script, []byte("window.Razorpay")) || !bytes.Contains(script, []byte(`"/checkout/pay"`)) {
		t.Fatal("checkout.js does not define window.Razorpay calling back /checkout/pay")
	}
	post := func(v any) (*http.Response, []byte) {
		b, _ := json.Marshal(v)
		res, err := http.Post(srv.URL+"/checkout/pay", "application/json", bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		return res, out
	}
	if res, _ := post(map[string]string{"key": "rzp_test_other", "order_id": o.ID, "outcome": "paid"}); res.StatusCode != 401 {
		t.Fatalf("pay with another key: HTTP %d", res.StatusCode)
	}
	if res, _ := post(map[string]string{"key": keyID, "order_id": o.ID, "outcome": "failed"}); res.StatusCode != 400 {
		t.Fatalf("failed payment: HTTP %d", res.StatusCode)
	}
	res, body := post(map[string]string{"key": keyID, "order_id": o.ID, "outcome": "paid"})
	var paid razorpay.Checkout
	if res.StatusCode != 200 || json.Unmarshal(body, &paid) != nil || !c.VerifyPayment(o.ID, paid.PaymentID, paid.Signature) {
		t.Fatalf("pay: HTTP %d %s", res.StatusCode, body)
	}
	fake.Wait()
	mu.Lock()
	defer mu.Unlock()
	if strings.Join(got, ",") != "payment.captured,order.paid" {
		t.Fatalf("webhooks = %v", got)
	}
}
