// Package razorpay talks to Razorpay, India's usual payment gateway, over its
// own HTTP API: orders are created with the Orders API (POST /v1/orders,
// basic auth key_id:key_secret), Checkout's callback is checked by its
// signature (hex HMAC-SHA256 of "order_id|payment_id" with the key secret),
// and webhooks by theirs (hex HMAC-SHA256 of the raw body with the webhook
// secret, in X-Razorpay-Signature). Fake is a local gateway that speaks the
// same API and signs the same way, for development and tests.
package razorpay

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Defaults of Config.
const (
	DefaultAPIURL      = "https://api.razorpay.com"
	DefaultCheckoutURL = "https://checkout.razorpay.com/v1/checkout.js"
	// Timeout bounds every request to the Orders API.
	Timeout = 15 * time.Second
	// SignatureHeader carries a webhook's signature.
	SignatureHeader = "X-Razorpay-Signature"
	// EventIDHeader carries a webhook's event id (the same on a retry).
	EventIDHeader = "X-Razorpay-Event-Id"
)

// Gateway is what PropMatch needs of a payment gateway: an order for each
// purchase, and the checks of what Checkout and webhooks tell it.
type Gateway interface {
	// CreateOrder creates an order on the gateway.
	CreateOrder(ctx context.Context, o OrderRequest) (Order, error)
	// KeyID is the public key Checkout is opened with.
	KeyID() string
	// CheckoutURL is the address of the Checkout script.
	CheckoutURL() string
	// VerifyPayment reports whether signature is Checkout's signature of
	// orderID and paymentID.
	VerifyPayment(orderID, paymentID, signature string) bool
	// VerifyWebhook reports whether signature is the webhook signature of body.
	VerifyWebhook(body []byte, signature string) bool
}

// Config configures a Client.
type Config struct {
	KeyID         string
	KeySecret     string
	WebhookSecret string
	// APIURL is the API's origin (and path prefix, for a fake); default
	// https://api.razorpay.com.
	APIURL string
	// CheckoutURL is the Checkout script; default Razorpay's.
	CheckoutURL string
	HTTPClient  *http.Client
}

// Client is the Gateway of a Razorpay account over HTTP. It is safe for
// concurrent use.
type Client struct {
	cfg    Config
	client *http.Client
}

var _ Gateway = (*Client)(nil)

// New checks cfg and returns a Client. Its error names what is missing and
// never contains a secret.
func New(cfg Config) (*Client, error) {
	var missing []string
	for _, f := range []struct{ name, v string }{{"key id", cfg.KeyID}, {"key secret", cfg.KeySecret}, {"webhook secret", cfg.WebhookSecret}} {
		if strings.TrimSpace(f.v) == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("razorpay: %s required", strings.Join(missing, ", "))
	}
	cfg.APIURL = strings.TrimRight(strings.TrimSpace(cfg.APIURL), "/")
	if cfg.APIURL == "" {
		cfg.APIURL = DefaultAPIURL
	}
	if !strings.HasPrefix(cfg.APIURL, "https://") && !strings.HasPrefix(cfg.APIURL, "http://") {
		return nil, fmt.Errorf("razorpay: API URL %q is not an http(s) URL", cfg.APIURL)
	}
	if cfg.CheckoutURL == "" {
		cfg.CheckoutURL = DefaultCheckoutURL
	}
	c := cfg.HTTPClient
	if c == nil {
		c = &http.Client{Timeout: Timeout}
	}
	return &Client{cfg: cfg, client: c}, nil
}

// KeyID implements Gateway.
func (c *Client) KeyID() string { return c.cfg.KeyID }

// CheckoutURL implements Gateway.
func (c *Client) CheckoutURL() string { return c.cfg.CheckoutURL }

// VerifyPayment implements Gateway.
func (c *Client) VerifyPayment(orderID, paymentID, signature string) bool {
	return validSignature(c.cfg.KeySecret, []byte(orderID+"|"+paymentID), signature)
}

// VerifyWebhook implements Gateway.
func (c *Client) VerifyWebhook(body []byte, signature string) bool {
	return validSignature(c.cfg.WebhookSecret, body, signature)
}

// OrderRequest is the body of POST /v1/orders. Amount is in paise.
type OrderRequest struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Receipt  string `json:"receipt"`
	Notes    Notes  `json:"notes,omitempty"`
}

// Order is Razorpay's order entity.
type Order struct {
	ID         string `json:"id"`
	Entity     string `json:"entity"`
	Amount     int64  `json:"amount"`
	AmountPaid int64  `json:"amount_paid"`
	AmountDue  int64  `json:"amount_due"`
	Currency   string `json:"currency"`
	Receipt    string `json:"receipt"`
	Status     string `json:"status"`
	Attempts   int    `json:"attempts"`
	Notes      Notes  `json:"notes"`
	CreatedAt  int64  `json:"created_at"`
}

// Notes are an entity's notes: string keys and values. Razorpay writes
// empty notes as [] rather than {}, which Notes reads as empty.
type Notes map[string]string

// UnmarshalJSON reads an object, or an empty array, as notes.
func (n *Notes) UnmarshalJSON(b []byte) error {
	if t := bytes.TrimSpace(b); bytes.Equal(t, []byte("[]")) || bytes.Equal(t, []byte("null")) {
		*n = nil
		return nil
	}
	m := map[string]any{}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	out := make(Notes, len(m))
	for k, v := range m {
		out[k] = fmt.Sprint(v)
	}
	*n = out
	return nil
}

// APIError is an error answer of the API: {"error": {"code", "description"}}.
type APIError struct {
	Status      int
	Code        string `json:"code"`
	Description string `json:"description"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("razorpay: HTTP %d: %s: %s", e.Status, e.Code, e.Description)
}

// CreateOrder implements Gateway with POST /v1/orders.
func (c *Client) CreateOrder(ctx context.Context, o OrderRequest) (Order, error) {
	var out Order
	err := c.call(ctx, http.MethodPost, "/v1/orders", o, &out)
	if err == nil && (out.ID == "" || out.Amount != o.Amount) {
		err = fmt.Errorf("razorpay: order answer has id %q and amount %d for %d asked", out.ID, out.Amount, o.Amount)
	}
	return out, err
}

// call sends body as JSON to path with basic auth and decodes the answer into out.
func (c *Client) call(ctx context.Context, method, path string, body, out any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.APIURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.SetBasicAuth(c.cfg.KeyID, c.cfg.KeySecret)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	res, err := c.client.Do(req)
	if err != nil {
		return fmt.Errorf("razorpay: %s %s: %w", method, path, err)
	}
	defer func() { _ = res.Body.Close() }()
	data, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("razorpay: read answer: %w", err)
	}
	if res.StatusCode/100 != 2 {
		var e struct {
			Error APIError `json:"error"`
		}
		_ = json.Unmarshal(data, &e)
		e.Error.Status = res.StatusCode
		return &e.Error
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("razorpay: decode answer: %w", err)
	}
	return nil
}

// Sign returns the hex HMAC-SHA256 of msg with secret, as Razorpay signs.
func Sign(secret string, msg []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(msg)
	return hex.EncodeToString(m.Sum(nil))
}

// SignPayment returns Checkout's signature of orderID and paymentID.
func SignPayment(keySecret, orderID, paymentID string) string {
	return Sign(keySecret, []byte(orderID+"|"+paymentID))
}

// validSignature compares signature with the expected one in constant time.
func validSignature(secret string, msg []byte, signature string) bool {
	got, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(got) != sha256.Size {
		return false
	}
	want, _ := hex.DecodeString(Sign(secret, msg))
	return hmac.Equal(got, want)
}

// ErrNotEvent is returned by ParseEvent for a body that is not an event.
var ErrNotEvent = errors.New("razorpay: not a webhook event")
