package outbound

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Defaults of WhatsAppConfig.
const (
	DefaultWhatsAppBaseURL    = "https://graph.facebook.com"
	DefaultWhatsAppAPIVersion = "v21.0"
	DefaultWhatsAppLanguage   = "en"
	// WhatsAppTimeout bounds every Cloud API request.
	WhatsAppTimeout = 10 * time.Second
)

// WhatsAppConfig configures a WhatsAppSender for the WhatsApp Business Cloud
// API.
type WhatsAppConfig struct {
	BaseURL       string // default https://graph.facebook.com
	APIVersion    string // default v21.0
	PhoneNumberID string // the sending business phone number's ID
	AccessToken   string
	TemplateName  string // an approved template of the authentication category
	Language      string // the template's language code, default en
	HTTPClient    *http.Client
}

// WhatsAppSender sends OTPs (through an authentication template) and plain
// text messages with the WhatsApp Business Cloud API. It is safe for
// concurrent use.
type WhatsAppSender struct {
	endpoint string
	token    string
	template string
	language string
	client   *http.Client
}

var (
	_ OTPSender      = (*WhatsAppSender)(nil)
	_ TextSender     = (*WhatsAppSender)(nil)
	_ TemplateSender = (*WhatsAppSender)(nil)
)

// NewWhatsAppSender checks cfg and returns a sender. It returns an error if
// PhoneNumberID, AccessToken or TemplateName is empty or BaseURL is not an
// http(s) URL; the error never contains the token.
func NewWhatsAppSender(cfg WhatsAppConfig) (*WhatsAppSender, error) {
	var missing []string
	if strings.TrimSpace(cfg.PhoneNumberID) == "" {
		missing = append(missing, "phone number ID")
	}
	if strings.TrimSpace(cfg.AccessToken) == "" {
		missing = append(missing, "access token")
	}
	if strings.TrimSpace(cfg.TemplateName) == "" {
		missing = append(missing, "template name")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("notify: whatsapp config: %s required", strings.Join(missing, ", "))
	}
	base := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if base == "" {
		base = DefaultWhatsAppBaseURL
	}
	if !strings.HasPrefix(base, "https://") && !strings.HasPrefix(base, "http://") {
		return nil, fmt.Errorf("notify: whatsapp config: base URL %q is not an http(s) URL", base)
	}
	version := strings.Trim(strings.TrimSpace(cfg.APIVersion), "/")
	if version == "" {
		version = DefaultWhatsAppAPIVersion
	}
	lang := strings.TrimSpace(cfg.Language)
	if lang == "" {
		lang = DefaultWhatsAppLanguage
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: WhatsAppTimeout}
	}
	return &WhatsAppSender{
		endpoint: base + "/" + version + "/" + strings.TrimSpace(cfg.PhoneNumberID) + "/messages",
		token:    cfg.AccessToken,
		template: cfg.TemplateName,
		language: lang,
		client:   client,
	}, nil
}

// WhatsAppError is a non-2xx answer of the Cloud API. Message is the API's
// error.message with any token, code or phone number removed.
type WhatsAppError struct {
	StatusCode int    // HTTP status
	Code       int    // error.code, 0 if absent
	Type       string // error.type
	Message    string // error.message
}

// Error describes the failure without secrets.
func (e *WhatsAppError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = http.StatusText(e.StatusCode)
	}
	if e.Code != 0 {
		return fmt.Sprintf("notify: whatsapp api: HTTP %d: %s (code %d)", e.StatusCode, msg, e.Code)
	}
	return fmt.Sprintf("notify: whatsapp api: HTTP %d: %s", e.StatusCode, msg)
}

type waParam struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type waComponent struct {
	Type       string    `json:"type"`
	SubType    string    `json:"sub_type,omitempty"`
	Index      string    `json:"index,omitempty"`
	Parameters []waParam `json:"parameters"`
}

type waTemplate struct {
	Name       string        `json:"name"`
	Language   waLanguage    `json:"language"`
	Components []waComponent `json:"components"`
}

type waLanguage struct {
	Code string `json:"code"`
}

type waText struct {
	Body string `json:"body"`
}

type waMessage struct {
	MessagingProduct string      `json:"messaging_product"`
	RecipientType    string      `json:"recipient_type"`
	To               string      `json:"to"`
	Type             string      `json:"type"`
	Template         *waTemplate `json:"template,omitempty"`
	Text             *waText     `json:"text,omitempty"`
}

// SendOTP sends code through the configured authentication template (the
// code fills the body and the copy-code button). It returns ErrInvalidPhone
// (wrapped) for a malformed number, a *WhatsAppError for a non-2xx answer,
// or the transport or context error; none of them carries the code or the
// token.
func (s *WhatsAppSender) SendOTP(ctx context.Context, phoneE164, code string) error {
	to, err := waRecipient(phoneE164)
	if err != nil {
		return fmt.Errorf("notify: whatsapp otp: %w", err)
	}
	if strings.TrimSpace(code) == "" {
		return errors.New("notify: whatsapp otp: empty code")
	}
	param := []waParam{{Type: "text", Text: code}}
	return s.sendTemplate(ctx, to, s.template, []waComponent{
		{Type: "body", Parameters: param},
		{Type: "button", SubType: "url", Index: "0", Parameters: param},
	}, code)
}

// SendTemplate sends the approved template name (in the configured
// language) with params filling its body in order. It returns
// ErrInvalidPhone (wrapped) for a malformed number, an error for an empty
// name, a *WhatsAppError for a non-2xx answer, or the transport or context
// error.
func (s *WhatsAppSender) SendTemplate(ctx context.Context, phoneE164, name string, params []string) error {
	to, err := templateRecipient(phoneE164, name)
	if err != nil {
		return err
	}
	body := make([]waParam, len(params))
	for i, p := range params {
		body[i] = waParam{Type: "text", Text: p}
	}
	return s.sendTemplate(ctx, to, name, []waComponent{{Type: "body", Parameters: body}})
}

// templateRecipient checks a template message's number and name, for the
// Cloud API and the development outbox alike, and returns the recipient in
// the Cloud API's form.
func templateRecipient(phoneE164, name string) (string, error) {
	to, err := waRecipient(phoneE164)
	if err != nil {
		return "", fmt.Errorf("notify: whatsapp template: %w", err)
	}
	if strings.TrimSpace(name) == "" {
		return "", errors.New("notify: whatsapp template: empty template name")
	}
	return to, nil
}

// sendTemplate posts the approved template name, in the configured language,
// with its components to the Cloud API recipient to; secrets are redacted
// from any error.
func (s *WhatsAppSender) sendTemplate(ctx context.Context, to, name string, components []waComponent, secrets ...string) error {
	return s.post(ctx, waMessage{
		MessagingProduct: "whatsapp",
		RecipientType:    "individual",
		To:               to,
		Type:             "template",
		Template:         &waTemplate{Name: name, Language: waLanguage{Code: s.language}, Components: components},
	}, secrets...)
}

// SendText sends body as a plain text message. WhatsApp delivers it only
// inside a 24-hour customer service window. It returns ErrInvalidPhone
// (wrapped) for a malformed number, an error for an empty body, a
// *WhatsAppError for a non-2xx answer, or the transport or context error.
func (s *WhatsAppSender) SendText(ctx context.Context, phoneE164, body string) error {
	to, err := waRecipient(phoneE164)
	if err != nil {
		return fmt.Errorf("notify: whatsapp text: %w", err)
	}
	if strings.TrimSpace(body) == "" {
		return errors.New("notify: whatsapp text: empty body")
	}
	return s.post(ctx, waMessage{
		MessagingProduct: "whatsapp",
		RecipientType:    "individual",
		To:               to,
		Type:             "text",
		Text:             &waText{Body: body},
	})
}

func (s *WhatsAppSender) post(ctx context.Context, m waMessage, secrets ...string) error {
	payload, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("notify: whatsapp: encode request: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, WhatsAppTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.endpoint, bytes.NewReader(payload))
	if err != nil {
		return fmt.Errorf("notify: whatsapp: build request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("notify: whatsapp: send to %s: %w", maskPhone(m.To), err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	var apiErr struct {
		Error struct {
			Message string `json:"message"`
			Type    string `json:"type"`
			Code    int    `json:"code"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &apiErr)
	secrets = append(secrets, s.token, m.To)
	return &WhatsAppError{
		StatusCode: resp.StatusCode,
		Code:       apiErr.Error.Code,
		Type:       apiErr.Error.Type,
		Message:    redact(apiErr.Error.Message, secrets...),
	}
}
