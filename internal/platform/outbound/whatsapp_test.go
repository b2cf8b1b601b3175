package outbound

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"
)

const (
	testToken = "EAAG-secret-token"
	testCode  = "482915"
)

type capturedRequest struct {
	Method, Path, Auth, ContentType string
	Body                            map[string]any
}

// waServer answers every request with status and body, recording requests.
func waServer(t *testing.T, status int, body string) (*httptest.Server, *[]capturedRequest) {
	t.Helper()
	var reqs []capturedRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var decoded map[string]any
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		if err := dec.Decode(&decoded); err != nil {
			t.Errorf("request body is not JSON: %v: %s", err, raw)
		}
		reqs = append(reqs, capturedRequest{
			Method: r.Method, Path: r.URL.Path,
			Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type"),
			Body: decoded,
		})
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, &reqs
}

func newTestWhatsApp(t *testing.T, baseURL string) *WhatsAppSender {
	t.Helper()
	s, err := NewWhatsAppSender(WhatsAppConfig{
		BaseURL: baseURL, PhoneNumberID: "1234567890", AccessToken: testToken,
		TemplateName: "propmatch_otp", HTTPClient: &http.Client{Timeout: 5 * time.Second},
	})
	if err != nil {
		t.Fatalf("NewWhatsAppSender: %v", err)
	}
	return s
}

// jsonValue normalises a Go literal to what encoding/json decodes into any.
func jsonValue(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

const okBody = `{"messaging_product":"whatsapp","contacts":[{"input":"919876543210","wa_id":"919876543210"}],"messages":[{"id":"wamid.X"}]}`

func TestWhatsAppSendOTP(t *testing.T) {
	srv, reqs := waServer(t, http.StatusOK, okBody)
	s := newTestWhatsApp(t, srv.URL)
	if err := s.SendOTP(context.Background(), "+919876543210", testCode); err != nil {
		t.Fatalf("SendOTP: %v", err)
	}
	if len(*reqs) != 1 {
		t.Fatalf("got %d requests, want 1", len(*reqs))
	}
	r := (*reqs)[0]
	if r.Method != http.MethodPost || r.Path != "/v21.0/1234567890/messages" {
		t.Errorf("request = %s %s, want POST /v21.0/1234567890/messages", r.Method, r.Path)
	}
	if r.Auth != "Bearer "+testToken {
		t.Errorf("Authorization = %q", r.Auth)
	}
	if r.ContentType != "application/json" {
		t.Errorf("Content-Type = %q", r.ContentType)
	}
	param := []any{map[string]any{"type": "text", "text": testCode}}
	want := jsonValue(t, map[string]any{
		"messaging_product": "whatsapp",
		"recipient_type":    "individual",
		"to":                "919876543210",
		"type":              "template",
		"template": map[string]any{
			"name":     "propmatch_otp",
			"language": map[string]any{"code": "en"},
			"components": []any{
				map[string]any{"type": "body", "parameters": param},
				map[string]any{"type": "button", "sub_type": "url", "index": "0", "parameters": param},
			},
		},
	})
	if got := any(r.Body); !reflect.DeepEqual(got, want) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		t.Errorf("body =\n%s\nwant\n%s", gb, wb)
	}
}

func TestWhatsAppSendText(t *testing.T) {
	srv, reqs := waServer(t, http.StatusOK, okBody)
	s, err := NewWhatsAppSender(WhatsAppConfig{
		BaseURL: srv.URL + "/", APIVersion: "v22.0", PhoneNumberID: "555", AccessToken: testToken,
		TemplateName: "otp", Language: "en_US",
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SendText(context.Background(), "+919876543210", "New match: 3BHK in Pune"); err != nil {
		t.Fatalf("SendText: %v", err)
	}
	r := (*reqs)[0]
	if r.Path != "/v22.0/555/messages" {
		t.Errorf("path = %q", r.Path)
	}
	want := jsonValue(t, map[string]any{
		"messaging_product": "whatsapp",
		"recipient_type":    "individual",
		"to":                "919876543210",
		"type":              "text",
		"text":              map[string]any{"body": "New match: 3BHK in Pune"},
	})
	if !reflect.DeepEqual(any(r.Body), want) {
		t.Errorf("body = %v, want %v", r.Body, want)
	}
}

func TestWhatsAppErrors(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		body     string
		wantCode int
		wantMsg  string
	}{
		{"InvalidToken401", 401, `{"error":{"message":"Invalid OAuth access token - Cannot parse access token","type":"OAuthException","code":190,"fbtrace_id":"A1"}}`, 190, "Invalid OAuth access token"},
		{"BadRequest400WithErrorObject", 400, `{"error":{"message":"(#131009) Parameter value is not valid","type":"OAuthException","code":131009}}`, 131009, "Parameter value is not valid"},
		{"ServerError500", 500, `oops`, 0, "Internal Server Error"},
		{"ErrorEchoingSecrets", 400, `{"error":{"message":"bad param ` + testCode + ` for 919876543210 with ` + testToken + `","type":"OAuthException","code":100}}`, 100, "bad param [redacted]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := waServer(t, tt.status, tt.body)
			s := newTestWhatsApp(t, srv.URL)
			err := s.SendOTP(context.Background(), "+919876543210", testCode)
			if err == nil {
				t.Fatal("SendOTP succeeded")
			}
			var apiErr *WhatsAppError
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %T %v is not a *WhatsAppError", err, err)
			}
			if apiErr.StatusCode != tt.status || apiErr.Code != tt.wantCode {
				t.Errorf("status, code = %d, %d; want %d, %d", apiErr.StatusCode, apiErr.Code, tt.status, tt.wantCode)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("error %q does not contain %q", err, tt.wantMsg)
			}
			for _, secret := range []string{testToken, testCode, "919876543210"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("error %q contains %q", err, secret)
				}
			}
		})
	}
}

func TestWhatsAppTimeoutViaContext(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) })
	s := newTestWhatsApp(t, srv.URL)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := s.SendOTP(ctx, "+919876543210", testCode)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error = %v, want context.DeadlineExceeded", err)
	}
	if time.Since(start) > 2*time.Second {
		t.Errorf("SendOTP took %v after the deadline", time.Since(start))
	}
	if strings.Contains(err.Error(), testToken) || strings.Contains(err.Error(), testCode) {
		t.Errorf("error %q leaks a secret", err)
	}
}

func TestWhatsAppRejectsBadInput(t *testing.T) {
	srv, reqs := waServer(t, http.StatusOK, okBody)
	s := newTestWhatsApp(t, srv.URL)
	for _, phone := range []string{"", "919876543210", "+91 98765 43210", "+12", "+0919876543210", "+9198765432101234"} {
		if err := s.SendOTP(context.Background(), phone, testCode); !errors.Is(err, ErrInvalidPhone) {
			t.Errorf("SendOTP(%q) = %v, want ErrInvalidPhone", phone, err)
		}
	}
	if err := s.SendOTP(context.Background(), "+919876543210", ""); err == nil {
		t.Error("SendOTP accepted an empty code")
	}
	if err := s.SendText(context.Background(), "+919876543210", "  "); err == nil {
		t.Error("SendText accepted an empty body")
	}
	if len(*reqs) != 0 {
		t.Errorf("%d requests sent for bad input", len(*reqs))
	}
}

func TestNewWhatsAppSenderValidatesConfig(t *testing.T) {
	ok := WhatsAppConfig{PhoneNumberID: "1", AccessToken: testToken, TemplateName: "otp"}
	tests := map[string]func(*WhatsAppConfig){
		"PhoneNumberIDRequired": func(c *WhatsAppConfig) { c.PhoneNumberID = "" },
		"AccessTokenRequired":   func(c *WhatsAppConfig) { c.AccessToken = "" },
		"TemplateNameRequired":  func(c *WhatsAppConfig) { c.TemplateName = "" },
		"BaseURLMustBeHTTP":     func(c *WhatsAppConfig) { c.BaseURL = "ftp://x" },
	}
	for name, mutate := range tests {
		t.Run(name, func(t *testing.T) {
			cfg := ok
			mutate(&cfg)
			_, err := NewWhatsAppSender(cfg)
			if err == nil {
				t.Fatal("NewWhatsAppSender accepted the config")
			}
			if strings.Contains(err.Error(), testToken) {
				t.Errorf("error %q contains the token", err)
			}
		})
	}
	s, err := NewWhatsAppSender(ok)
	if err != nil {
		t.Fatal(err)
	}
	if s.endpoint != "https://graph.facebook.com/v21.0/1/messages" || s.language != "en" || s.client.Timeout != WhatsAppTimeout {
		t.Errorf("defaults: endpoint %q, language %q, timeout %v", s.endpoint, s.language, s.client.Timeout)
	}
}
