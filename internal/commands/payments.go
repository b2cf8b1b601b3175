package commands

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"

	"propmatch/internal/feature/payments"
	"propmatch/internal/httpapi"
	"propmatch/internal/india"
	"propmatch/internal/platform/razorpay"
)

// PaymentsConfig is how PropMatch takes payments and writes invoices
// (PROPMATCH_RAZORPAY_*, PROPMATCH_SUPPLIER_*, PROPMATCH_PRICES_INCLUDE_GST).
type PaymentsConfig struct {
	Razorpay razorpay.Config
	Invoices payments.Config
}

// The development gateway's credentials: the local fake's, never Razorpay's.
const (
	devRazorpayKeyID         = "rzp_test_propmatchdev"
	devRazorpayKeySecret     = "propmatch-dev-key-secret"     //nolint:gosec // the local fake's, public by design
	devRazorpayWebhookSecret = "propmatch-dev-webhook-secret" //nolint:gosec // the local fake's, public by design
)

// devSupplier is development's seller on invoices: a made-up GSTIN with a
// valid check character.
var devSupplier = payments.Supplier{Name: "PropMatch Technologies Pvt Ltd (development)",
	Address: "12 MG Road, Ashok Nagar, Bengaluru 560001", State: "Karnataka", GSTIN: "29AAKCP0000Q1Z8"}

// loadPayments reads the payment settings into c (development without a
// supplier gets devSupplier) and returns every malformed one; needPayments
// says what serve still needs.
func loadPayments(c *Config, getenv func(string) string) []error {
	str := func(key string) string { return strings.TrimSpace(getenv(key)) }
	var errs []error
	c.Payments.Razorpay = razorpay.Config{KeyID: str("PROPMATCH_RAZORPAY_KEY_ID"), KeySecret: getenv("PROPMATCH_RAZORPAY_KEY_SECRET"),
		WebhookSecret: getenv("PROPMATCH_RAZORPAY_WEBHOOK_SECRET"), APIURL: str("PROPMATCH_RAZORPAY_API_URL")}
	sup := payments.Supplier{Name: str("PROPMATCH_SUPPLIER_NAME"), Address: str("PROPMATCH_SUPPLIER_ADDRESS"),
		State: str("PROPMATCH_SUPPLIER_STATE"), GSTIN: str("PROPMATCH_SUPPLIER_GSTIN"), SAC: str("PROPMATCH_SUPPLIER_SAC")}
	switch v := str("PROPMATCH_PRICES_INCLUDE_GST"); v {
	case "", "true":
	case "false":
		c.Payments.Invoices.PricesExcludeGST = true
	default:
		errs = append(errs, fmt.Errorf("PROPMATCH_PRICES_INCLUDE_GST must be true or false, got %q", v))
	}
	if c.Dev() && sup == (payments.Supplier{}) {
		sup = devSupplier
	}
	c.Payments.Invoices.Supplier = sup
	return errs
}

// needPayments returns what billing lacks to take payments: with billing
// on, production needs the three Razorpay credentials and the supplier's
// name, address, state and GSTIN (serve refuses to start without them);
// development without credentials uses the local fake gateway.
func needPayments(c Config) error {
	if !c.Billing {
		return nil
	}
	var errs []error
	rz := c.Payments.Razorpay
	if !c.Dev() || rz.KeyID != "" || rz.KeySecret != "" || rz.WebhookSecret != "" {
		if _, err := razorpay.New(rz); err != nil {
			errs = append(errs, fmt.Errorf("billing needs Razorpay's keys (PROPMATCH_RAZORPAY_KEY_ID, PROPMATCH_RAZORPAY_KEY_SECRET, "+
				"PROPMATCH_RAZORPAY_WEBHOOK_SECRET), or PROPMATCH_BILLING=off: %w", err))
		}
	}
	return errors.Join(append(errs, checkSupplier(c.Payments.Invoices.Supplier)...)...)
}

// checkSupplier returns what is wrong with the seller printed on invoices.
func checkSupplier(s payments.Supplier) []error {
	var errs, missing []error
	for _, f := range []struct{ key, v string }{{"PROPMATCH_SUPPLIER_NAME", s.Name}, {"PROPMATCH_SUPPLIER_ADDRESS", s.Address},
		{"PROPMATCH_SUPPLIER_STATE", s.State}, {"PROPMATCH_SUPPLIER_GSTIN", s.GSTIN}} {
		if f.v == "" {
			missing = append(missing, errors.New(f.key))
		}
	}
	if len(missing) > 0 {
		return []error{fmt.Errorf("billing's invoices need the supplier (or PROPMATCH_BILLING=off): %w is not set", errors.Join(missing...))}
	}
	state, ok := india.CanonicalState(s.State)
	if !ok {
		errs = append(errs, fmt.Errorf("PROPMATCH_SUPPLIER_STATE must be an Indian state or union territory, got %q", s.State))
	}
	g, gstState, err := india.NormalizeGSTIN(s.GSTIN)
	switch {
	case err != nil:
		errs = append(errs, fmt.Errorf("PROPMATCH_SUPPLIER_GSTIN: %w", err))
	case g != s.GSTIN:
		errs = append(errs, fmt.Errorf("PROPMATCH_SUPPLIER_GSTIN must be written in capitals without spaces, as %s", g))
	case ok && gstState != state:
		errs = append(errs, fmt.Errorf("PROPMATCH_SUPPLIER_GSTIN is registered in %s, not PROPMATCH_SUPPLIER_STATE %s", gstState, state))
	}
	return errs
}

// paymentGateway returns the gateway the server takes payments through:
// nil with billing off; Razorpay (or PROPMATCH_RAZORPAY_API_URL) with the
// configured keys; in development without keys, the local fake served at
// /dev/razorpay on addr, the address being served, and returned as fake to
// mount there. Its webhooks go to this server's webhook route.
func paymentGateway(c Config, addr string, log *slog.Logger) (gw razorpay.Gateway, fake http.Handler, err error) {
	if !c.Billing {
		return nil, nil, nil
	}
	if !c.Dev() || c.Payments.Razorpay.KeyID != "" {
		client, err := razorpay.New(c.Payments.Razorpay)
		return client, nil, err
	}
	local := "http://" + loopback(addr)
	f := razorpay.NewFake(devRazorpayKeyID, devRazorpayKeySecret, devRazorpayWebhookSecret)
	f.Base, f.WebhookURL, f.Log = httpapi.DevRazorpayPath, local+"/api/billing/webhooks/razorpay", log
	client, err := razorpay.New(razorpay.Config{KeyID: devRazorpayKeyID, KeySecret: devRazorpayKeySecret,
		WebhookSecret: devRazorpayWebhookSecret, APIURL: local + httpapi.DevRazorpayPath, CheckoutURL: httpapi.DevRazorpayPath + "/checkout.js"})
	return client, f, err
}

// loopback is addr (host:port) with an unspecified host (":8080",
// "0.0.0.0:8080") as 127.0.0.1, for this server to call itself.
func loopback(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
