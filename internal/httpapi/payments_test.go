package httpapi_test

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"propmatch/internal/feature/payments"
	"propmatch/internal/platform/razorpay"
)

// testPayments is the test server's supplier: in Telangana, where newAgent's
// agents live, so their invoices carry CGST and SGST.
var testPayments = payments.Config{Supplier: payments.Supplier{Name: "PropMatch Test Pvt Ltd",
	Address: "1 Hitech City Road, Hyderabad 500081", State: "Telangana", GSTIN: "36AAKCP0000Q1Z" + gstinCheckOf("36AAKCP0000Q1Z")}}

const (
	testKeyID, testKeySecret, testWebhookSecret = "rzp_test_api", "api-key-secret", "api-webhook-secret"
)

// testGateway returns the fake gateway on its own test server, and a
// Razorpay client of it, when opts.payments; nil, nil otherwise.
func testGateway(t *testing.T, opts apiOptions) (*razorpay.Fake, razorpay.Gateway) {
	t.Helper()
	if !opts.payments {
		return nil, nil
	}
	fake := razorpay.NewFake(testKeyID, testKeySecret, testWebhookSecret)
	fake.Base = "/dev/razorpay"
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	gw, err := razorpay.New(razorpay.Config{KeyID: testKeyID, KeySecret: testKeySecret, WebhookSecret: testWebhookSecret, APIURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	return fake, gw
}

// gstinCheckOf returns the check character of a GSTIN's first 14 characters.
func gstinCheckOf(first14 string) string {
	const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	sum := 0
	for i := range len(first14) {
		p := strings.IndexByte(alphabet, first14[i]) * (1 + i%2)
		sum += p/36 + p%36
	}
	return string(alphabet[(36-sum%36)%36])
}

// buy orders what body names as g and pays it on the fake gateway,
// returning the order and Checkout's values.
func (a *apiTest) buy(g agent, body map[string]any) (map[string]any, razorpay.Checkout) {
	a.t.Helper()
	res := a.do("POST", "/api/billing/orders", body, as(g))
	wantStatus(a.t, res, 201)
	o := res.json(a.t)
	c, err := a.fake.Pay(o["orderId"].(string))
	if err != nil {
		a.t.Fatal(err)
	}
	return o, c
}

func verifyBody(c razorpay.Checkout) map[string]any {
	return map[string]any{"razorpay_order_id": c.OrderID, "razorpay_payment_id": c.PaymentID, "razorpay_signature": c.Signature}
}

// webhook posts body to the webhook route, signed with sig, without a session.
func (a *apiTest) webhook(body []byte, sig string) response {
	a.t.Helper()
	return a.do("POST", "/api/billing/webhooks/razorpay", body, withHeader(razorpay.SignatureHeader, sig))
}

func TestPaymentRoutesAre404WithBillingOff(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		admin := a.newAdmin("root", "9800000001")
		for _, c := range []struct {
			method, path string
			body         any
			who          agent
		}{
			{"POST", "/api/billing/orders", map[string]any{"pack": 1}, g},
			{"POST", "/api/billing/verify", map[string]any{"razorpay_order_id": "order_x", "razorpay_payment_id": "pay_x", "razorpay_signature": "00"}, g},
			{"GET", "/api/billing/invoices", nil, g},
			{"GET", "/api/billing/invoices/1/pdf", nil, g},
			{"GET", "/api/admin/billing/invoices", nil, admin},
		} {
			wantError(t, a.do(c.method, c.path, c.body, as(c.who)), 404)
		}
		wantError(t, a.webhook([]byte(`{"entity":"event","event":"order.paid"}`), "00"), 404)
		wantStatus(t, a.do("GET", "/dev/razorpay/checkout.js", nil, undocumented()), 404)
	})
}

func TestBuyingAPackGrantsItsCreditsAndAnInvoiceOnce(t *testing.T) {
	eachEngine(t, apiOptions{payments: true}, func(t *testing.T, a *apiTest) {
		g, other := a.newAgent("anil", "9822222222"), a.newAgent("bina", "9833333333")
		admin := a.newAdmin("root", "9800000001")
		o, c := a.buy(g, map[string]any{"pack": 1})
		if o["amountPaise"] != float64(250000) || o["keyId"] != testKeyID || o["currency"] != "INR" || o["checkoutUrl"] != razorpay.DefaultCheckoutURL {
			t.Fatalf("order = %v", o)
		}

		t.Run("AForgedCallbackIsRefused", func(t *testing.T) {
			forged := verifyBody(c)
			forged["razorpay_signature"] = razorpay.SignPayment("guessed-secret", c.OrderID, c.PaymentID)
			wantError(t, a.do("POST", "/api/billing/verify", forged, as(g)), 400)
			wantError(t, a.do("POST", "/api/billing/verify", map[string]any{"razorpay_order_id": c.OrderID}, as(g), invalid()), 400)
			wantError(t, a.do("POST", "/api/billing/verify", verifyBody(c), as(other)), 404)
			wantError(t, a.do("POST", "/api/billing/verify", verifyBody(c)), 401)
		})

		res := a.do("POST", "/api/billing/verify", verifyBody(c), as(g))
		wantStatus(t, res, 200)
		v := res.json(t)
		credits := v["credits"].(map[string]any)
		if v["status"] != "paid" || credits["balancePaise"] != float64(2500000+250000) || credits["leads"] != float64(550) {
			t.Fatalf("verify = %v", v)
		}
		// The webhooks and a repeated callback change nothing more.
		bodies, _ := a.fake.Events(c.PaymentID)
		for _, b := range bodies {
			wantStatus(t, a.webhook(b, a.fake.SignWebhook(b)), 200)
		}
		again := a.do("POST", "/api/billing/verify", verifyBody(c), as(g)).json(t)
		if again["invoiceId"] != v["invoiceId"] || again["credits"].(map[string]any)["balancePaise"] != float64(2750000) {
			t.Fatalf("the repeated verify = %v", again)
		}

		list := a.do("GET", "/api/billing/invoices", nil, as(g))
		wantStatus(t, list, 200)
		inv := list.list(t)
		if len(inv) != 1 {
			t.Fatalf("invoices = %s", list.body)
		}
		first := inv[0].(map[string]any)
		if first["id"] != v["invoiceId"] || first["totalPaise"] != float64(250000) || first["cgstPaise"] != float64(19068) ||
			first["sgstPaise"] != float64(19068) || first["igstPaise"] != float64(0) || !strings.HasPrefix(first["number"].(string), "PM/") {
			t.Fatalf("invoice = %v", first)
		}
		if l := a.do("GET", "/api/billing/invoices", nil, as(other)).list(t); len(l) != 0 {
			t.Fatalf("another agent lists %d invoices", len(l))
		}
		pdfPath := fmt.Sprintf("/api/billing/invoices/%v/pdf", v["invoiceId"])
		pdf := a.do("GET", pdfPath, nil, as(g))
		wantStatus(t, pdf, 200)
		if pdf.header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf.body, []byte("%PDF-")) ||
			!strings.Contains(pdf.header.Get("Content-Disposition"), "propmatch-invoice-PM-") {
			t.Fatalf("PDF answer: %v %q", pdf.header, pdf.body[:min(20, len(pdf.body))])
		}
		wantError(t, a.do("GET", pdfPath, nil, as(other)), 404)
		wantError(t, a.do("GET", "/api/billing/invoices/999999/pdf", nil, as(g)), 404)
		wantStatus(t, a.do("GET", pdfPath, nil, as(admin)), 200)

		all := a.do("GET", "/api/admin/billing/invoices", nil, as(admin))
		wantStatus(t, all, 200)
		if l := all.list(t); len(l) != 1 || l[0].(map[string]any)["buyerName"] != "Test anil" || l[0].(map[string]any)["supplierState"] != "Telangana" {
			t.Fatalf("admin invoices = %s", all.body)
		}
		csv := a.do("GET", "/api/admin/billing/invoices?format=csv", nil, as(admin))
		wantStatus(t, csv, 200)
		if !strings.HasPrefix(csv.header.Get("Content-Type"), "text/csv") || !strings.Contains(string(csv.body), first["number"].(string)) {
			t.Fatalf("CSV = %s", csv.body)
		}
		wantError(t, a.do("GET", "/api/admin/billing/invoices?format=xml", nil, as(admin), invalid()), 400, "format")
		wantError(t, a.do("GET", "/api/admin/billing/invoices?format=csv&fy=2026", nil, as(admin), invalid()), 400, "fy")
		wantError(t, a.do("GET", "/api/admin/billing/invoices", nil, as(g)), 403)
	})
}

func TestOrderInputIsChecked(t *testing.T) {
	eachEngine(t, apiOptions{payments: true}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		for _, c := range []struct {
			name string
			body any
			path string
		}{
			{"Empty", map[string]any{}, "pack"},
			{"PackNotANumber", map[string]any{"pack": "one"}, "pack"},
			{"UnknownPack", map[string]any{"pack": 999}, "pack"},
			{"Both", map[string]any{"pack": 1, "plan": "professional"}, "pack"},
			{"StarterIsFree", map[string]any{"plan": "starter"}, "plan"},
			{"TooManyMonths", map[string]any{"plan": "professional", "months": 13}, "months"},
		} {
			t.Run(c.name, func(t *testing.T) {
				wantError(t, a.sub(t).do("POST", "/api/billing/orders", c.body, as(g), invalid()), 400, c.path)
			})
		}
		res := a.do("POST", "/api/billing/orders", map[string]any{"plan": "professional", "months": 2}, as(g))
		wantStatus(t, res, 201)
		if o := res.json(t); o["amountPaise"] != float64(100000) || o["description"] != "Professional plan, 2 months" {
			t.Fatalf("plan order = %v", o)
		}
	})
}

func TestWebhooksAreAuthenticatedByTheirSignatureAlone(t *testing.T) {
	eachEngine(t, apiOptions{payments: true}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		_, c := a.buy(g, map[string]any{"pack": 2})
		bodies, _ := a.fake.Events(c.PaymentID)
		for _, sig := range []string{"", "zz", razorpay.Sign(testKeySecret, bodies[0]), razorpay.Sign("guess", bodies[0])} {
			wantError(t, a.webhook(bodies[0], sig), 400)
		}
		if l := a.do("GET", "/api/billing/invoices", nil, as(g)).list(t); len(l) != 0 {
			t.Fatal("a forged webhook issued an invoice")
		}
		// Replayed and racing the Checkout callback, the genuine ones grant once.
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var res response
				if i%4 == 0 {
					res = a.do("POST", "/api/billing/verify", verifyBody(c), as(g))
				} else {
					b := bodies[i%2]
					res = a.webhook(b, a.fake.SignWebhook(b))
				}
				if res.status != 200 {
					t.Errorf("HTTP %d: %s", res.status, res.body)
				}
			}()
		}
		wg.Wait()
		if l := a.do("GET", "/api/billing/invoices", nil, as(g)).list(t); len(l) != 1 {
			t.Fatalf("%d invoices, want 1", len(l))
		}
		var purchases int
		if err := a.db.QueryRow(`SELECT COUNT(*) FROM billing_ledger WHERE user_id = $1 AND kind = 'purchase'`, g.id).Scan(&purchases); err != nil || purchases != 1 {
			t.Fatalf("%d purchase entries, %v; want 1", purchases, err)
		}
		// A refund takes the credits back, once.
		_, refund, err := a.fake.Refund(c.PaymentID, 0)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			wantStatus(t, a.webhook(refund, a.fake.SignWebhook(refund)), 200)
		}
		var balance int64
		if err := a.db.QueryRow(`SELECT balance_paise FROM billing_accounts WHERE user_id = $1`, g.id).Scan(&balance); err != nil || balance != 2500000 {
			t.Fatalf("balance after the refund = %d, %v; want the grant alone", balance, err)
		}
	})
}

func TestTheDevelopmentFakeCheckoutPaysEndToEnd(t *testing.T) {
	eachEngine(t, apiOptions{payments: true}, func(t *testing.T, a *apiTest) {
		g := a.newAgent("anil", "9822222222")
		js := a.do("GET", "/dev/razorpay/checkout.js", nil, undocumented())
		wantStatus(t, js, 200)
		if !bytes.Contains(js.body, []byte("window.Razorpay")) || !bytes.Contains(js.body, []byte(`"/dev/razorpay"`)) {
			t.Fatalf("checkout.js = %.200s", js.body)
		}
		res := a.do("POST", "/api/billing/orders", map[string]any{"pack": 1}, as(g))
		wantStatus(t, res, 201)
		orderID := res.json(t)["orderId"].(string)
		// What the fake Checkout's Pay button sends; it answers the signed
		// values and posts both webhooks to the server in the background.
		paid := a.do("POST", "/dev/razorpay/checkout/pay", map[string]any{"key": testKeyID, "order_id": orderID, "outcome": "paid"}, undocumented())
		wantStatus(t, paid, 200)
		a.fake.Wait()
		if l := a.do("GET", "/api/billing/invoices", nil, as(g)).list(t); len(l) != 1 {
			t.Fatalf("the webhooks left %d invoices, want 1", len(l))
		}
		p := paid.json(t)
		v := a.do("POST", "/api/billing/verify", p, as(g))
		wantStatus(t, v, 200)
		if v.json(t)["credits"].(map[string]any)["balancePaise"] != float64(2750000) {
			t.Fatalf("verify after the webhooks = %s", v.body)
		}
	})
}

func TestOnlyTheBillingPageMayLoadRazorpay(t *testing.T) {
	eachEngine(t, apiOptions{web: testWeb, payments: true}, func(t *testing.T, a *apiTest) {
		for path, want := range map[string]bool{"/billing": true, "/dashboard": false, "/": false, "/matches": false} {
			csp := a.do("GET", path, nil, undocumented()).header.Get("Content-Security-Policy")
			has := strings.Contains(csp, "script-src 'self' https://checkout.razorpay.com") &&
				strings.Contains(csp, "frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com")
			if has != want || strings.Contains(csp, "unsafe") {
				t.Errorf("GET %s: policy %q allows Razorpay: %v, want %v", path, csp, has, want)
			}
		}
	})
}
