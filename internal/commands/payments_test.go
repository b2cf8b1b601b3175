package commands

import (
	"strings"
	"testing"
)

func TestPaymentsConfiguration(t *testing.T) {
	keys := map[string]string{"PROPMATCH_RAZORPAY_KEY_ID": "rzp_live_x", "PROPMATCH_RAZORPAY_KEY_SECRET": "s3cr3t-key",
		"PROPMATCH_RAZORPAY_WEBHOOK_SECRET": "s3cr3t-hook"}
	supplier := map[string]string{"PROPMATCH_SUPPLIER_NAME": "PropMatch Pvt Ltd", "PROPMATCH_SUPPLIER_ADDRESS": "12 MG Road, Bengaluru",
		"PROPMATCH_SUPPLIER_STATE": "Karnataka", "PROPMATCH_SUPPLIER_GSTIN": "29AAKCP0000Q1Z8"}
	merge := func(ms ...map[string]string) map[string]string {
		out := map[string]string{"PROPMATCH_ENV": "production"}
		for _, m := range ms {
			for k, v := range m {
				out[k] = v
			}
		}
		return out
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want []string // in the error; none for no error
	}{
		{"ProductionWithEverything", merge(keys, supplier), nil},
		{"ProductionWithoutKeys", merge(supplier), []string{"PROPMATCH_RAZORPAY_KEY_ID", "key id, key secret, webhook secret required"}},
		{"ProductionWithoutSupplier", merge(keys), []string{"PROPMATCH_SUPPLIER_NAME", "PROPMATCH_SUPPLIER_GSTIN"}},
		{"ProductionWithBillingOff", map[string]string{"PROPMATCH_ENV": "production", "PROPMATCH_BILLING": "off"}, nil},
		{"BadGSTIN", merge(keys, supplier, map[string]string{"PROPMATCH_SUPPLIER_GSTIN": "29AAKCP0000Q1Z9"}), []string{"check character"}},
		{"GSTINOfAnotherState", merge(keys, supplier, map[string]string{"PROPMATCH_SUPPLIER_STATE": "Goa"}), []string{"registered in Karnataka"}},
		{"UnknownState", merge(keys, supplier, map[string]string{"PROPMATCH_SUPPLIER_STATE": "Atlantis"}), []string{"PROPMATCH_SUPPLIER_STATE"}},
		{"LowerCaseGSTIN", merge(keys, supplier, map[string]string{"PROPMATCH_SUPPLIER_GSTIN": "29aakcp0000q1z8"}), []string{"capitals"}},
		{"DevelopmentNeedsNothing", map[string]string{}, nil},
		{"DevelopmentWithHalfTheKeys", map[string]string{"PROPMATCH_RAZORPAY_KEY_ID": "rzp_test_x"}, []string{"key secret"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(func(k string) string { return tc.env[k] })
			if err != nil {
				t.Fatalf("loadConfig: %v", err)
			}
			err = needPayments(c)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("needPayments = %v; want none", err)
				}
				return
			}
			if err == nil {
				t.Fatal("needPayments = nil")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			for _, secret := range []string{"s3cr3t-key", "s3cr3t-hook"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("error %q shows a secret", err)
				}
			}
		})
	}
	t.Run("PricesIncludeGST", func(t *testing.T) {
		for v, exclude := range map[string]bool{"": false, "true": false, "false": true} {
			c, err := loadConfig(func(k string) string {
				if k == "PROPMATCH_PRICES_INCLUDE_GST" {
					return v
				}
				return ""
			})
			if err != nil || c.Payments.Invoices.PricesExcludeGST != exclude {
				t.Errorf("PROPMATCH_PRICES_INCLUDE_GST=%q: exclude = %v, %v", v, c.Payments.Invoices.PricesExcludeGST, err)
			}
		}
		if _, err := loadConfig(func(k string) string {
			if k == "PROPMATCH_PRICES_INCLUDE_GST" {
				return "yes"
			}
			return ""
		}); err == nil || !strings.Contains(err.Error(), "PROPMATCH_PRICES_INCLUDE_GST") {
			t.Errorf("yes = %v", err)
		}
	})
	t.Run("TheDevelopmentGatewayIsTheLocalFake", func(t *testing.T) {
		c, _ := loadConfig(func(string) string { return "" })
		gw, fake, err := paymentGateway(c, ":8080", nil)
		if err != nil || fake == nil || gw.KeyID() != devRazorpayKeyID || gw.CheckoutURL() != "/dev/razorpay/checkout.js" {
			t.Fatalf("paymentGateway = %v, %v, %v", gw, fake, err)
		}
		c.Billing = false
		if gw, fake, _ := paymentGateway(c, ":8080", nil); gw != nil || fake != nil {
			t.Fatal("billing off still has a gateway")
		}
	})
}

func TestLoopback(t *testing.T) {
	for in, want := range map[string]string{":8080": "127.0.0.1:8080", "0.0.0.0:9": "127.0.0.1:9", "[::]:9": "127.0.0.1:9",
		"127.0.0.1:8080": "127.0.0.1:8080", "localhost:3000": "localhost:3000"} {
		if got := loopback(in); got != want {
			t.Errorf("loopback(%q) = %q, want %q", in, got, want)
		}
	}
}
