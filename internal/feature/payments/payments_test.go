package payments_test

import (
	"bytes"
	"database/sql"
	"strings"
	"sync"
	"testing"

	"propmatch/internal/feature/billing"
	"propmatch/internal/feature/payments"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/access"
)

func TestCreateOrderPricesThePurchaseAndRefusesWhatCannotBeBought(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u := e.agent("Karnataka", "")
		o := e.order(u, pack(1))
		if !strings.HasPrefix(o.OrderID, "order_") || o.AmountPaise != 250000 || o.Currency != "INR" || o.KeyID != keyID ||
			o.CheckoutURL != razorpayCheckout || o.Prefill.Contact != u.Phone || !strings.Contains(o.Description, "Starter pack") {
			t.Fatalf("pack order = %+v", o)
		}
		if o := e.order(u, plan("professional", 3)); o.AmountPaise != 150000 || o.Description != "Professional plan, 3 months" {
			t.Fatalf("plan order = %+v", o)
		}
		if n := e.count("payments", "user_id = $1 AND status = 'created'", u.ID); n != 2 {
			t.Fatalf("%d payments recorded, want 2", n)
		}
		one, thirteen, zero := 1, 13, 0
		starter, nope := "starter", "platinum"
		var packID int64 = 1
		for _, c := range []struct {
			name string
			in   payments.OrderInput
			path string
		}{
			{"Nothing", payments.OrderInput{}, "pack"},
			{"Both", payments.OrderInput{Pack: &packID, Plan: &starter}, "pack"},
			{"PackWithMonths", payments.OrderInput{Pack: &packID, Months: &one}, "months"},
			{"UnknownPack", pack(99), "pack"},
			{"StarterIsNotSold", plan(starter, 1), "plan"},
			{"UnknownPlan", plan(nope, 1), "plan"},
			{"ThirteenMonths", payments.OrderInput{Plan: new(string), Months: &thirteen}, "months"},
			{"ZeroMonths", payments.OrderInput{Plan: new(string), Months: &zero}, "months"},
		} {
			t.Run(c.name, func(t *testing.T) {
				_, err := e.svc.CreateOrder(ctx, u, c.in)
				var ae *apperr.Error
				if !asErr(err, &ae) || ae.Code != apperr.Invalid || len(ae.Fields) == 0 || ae.Fields[0].Path != c.path {
					t.Fatalf("CreateOrder = %v; want a field error at %s", err, c.path)
				}
			})
		}
	})
}

const razorpayCheckout = "https://checkout.razorpay.com/v1/checkout.js"

func TestPricesExcludingGSTAddItToTheOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{PricesExcludeGST: true})
		u := e.agent("Karnataka", "")
		o := e.order(u, pack(1))
		if o.AmountPaise != 295000 {
			t.Fatalf("₹2,500 + 18%% = %d paise, want 295000", o.AmountPaise)
		}
		c, _ := e.pay(o.OrderID)
		s, err := e.svc.Verify(ctx, u, c)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := e.svc.Invoice(ctx, access.Actor{ID: u.ID}, s.InvoiceID)
		if d.TaxablePaise != 250000 || d.CGSTPaise != 22500 || d.SGSTPaise != 22500 || d.TotalPaise != 295000 {
			t.Fatalf("invoice = %+v", d.Tax)
		}
		if got := e.balance(u); got != billing.NewAgentGrantPaise+250000 {
			t.Fatalf("balance = %d; the pack's credits are its price before GST", got)
		}
	})
}

func TestVerifyGrantsOnceAndOnlyForTheGatewaysSignature(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u, other := e.agent("Karnataka", ""), e.agent("Karnataka", "")
		o := e.order(u, pack(2))
		c, _ := e.pay(o.OrderID)
		start := e.balance(u) + billing.NewAgentGrantPaise // the account opens with the grant

		for _, bad := range []payments.Checkout{
			{OrderID: c.OrderID, PaymentID: c.PaymentID, Signature: strings.Repeat("0", 64)},
			{OrderID: c.OrderID, PaymentID: "pay_forged000000", Signature: c.Signature},
			{OrderID: c.OrderID, PaymentID: c.PaymentID, Signature: payments.Checkout{}.Signature},
			{OrderID: c.OrderID, PaymentID: c.PaymentID, Signature: signWith(webhookSecret, c.OrderID, c.PaymentID)},
		} {
			if _, err := e.svc.Verify(ctx, u, bad); apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("Verify(forged %+v) = %v; want Invalid", bad, err)
			}
		}
		if _, err := e.svc.Verify(ctx, other, c); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("another agent's verify = %v; want NotFound", err)
		}
		if e.balance(u) != 0 || e.count("invoices", "1 = 1") != 0 {
			t.Fatal("a refused verify granted something")
		}
		first, err := e.svc.Verify(ctx, u, c)
		if err != nil || first.Status != "paid" || first.InvoiceID == 0 {
			t.Fatalf("Verify = %+v, %v", first, err)
		}
		again, err := e.svc.Verify(ctx, u, c)
		if err != nil || again.InvoiceID != first.InvoiceID {
			t.Fatalf("a replayed verify = %+v, %v; want the same invoice", again, err)
		}
		if got := e.balance(u); got != start+1000000 {
			t.Fatalf("balance = %d, want %d", got, start+1000000)
		}
		if n := e.count("billing_ledger", "user_id = $1 AND kind = 'purchase'", u.ID); n != 1 {
			t.Fatalf("%d purchase entries, want 1", n)
		}
	})
}

func TestWebhooksAndVerifyRacingGrantOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u := e.agent("Maharashtra", "")
		o := e.order(u, pack(1))
		c, bodies := e.pay(o.OrderID)
		start := int64(billing.NewAgentGrantPaise) // the account opens with the grant
		var wg sync.WaitGroup
		// 100 at once: the callback, payment.captured and order.paid, each many times.
		errs := make(chan error, 100)
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				switch i % 3 {
				case 0:
					_, err = e.svc.Verify(ctx, u, c)
				default:
					b := bodies[i%2]
					err = e.svc.Webhook(ctx, b, e.fake.SignWebhook(b))
				}
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("settle: %v", err)
			}
		}
		if got := e.balance(u); got != start+250000 {
			t.Fatalf("balance = %d, want one pack more than %d", got, start)
		}
		if n := e.count("invoices", "user_id = $1", u.ID); n != 1 {
			t.Fatalf("%d invoices, want 1", n)
		}
		if n := e.count("billing_ledger", "kind = 'purchase'"); n != 1 {
			t.Fatalf("%d purchase entries, want 1", n)
		}
	})
}

func TestAForgedWebhookGrantsNothing(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u := e.agent("Karnataka", "")
		o := e.order(u, pack(3))
		_, bodies := e.pay(o.OrderID)
		start := e.balance(u)
		for _, sig := range []string{"", "nothex", signWith(keySecret, string(bodies[0])), e.fake.SignWebhook(bodies[1])} {
			if err := e.svc.Webhook(ctx, bodies[0], sig); apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("Webhook with signature %q = %v; want Invalid", sig, err)
			}
		}
		tampered := bytes.Replace(bodies[0], []byte(`"amount":2500000`), []byte(`"amount":2500001`), 1)
		if err := e.svc.Webhook(ctx, tampered, e.fake.SignWebhook(bodies[0])); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("a tampered body = %v; want Invalid", err)
		}
		if e.balance(u) != start || e.count("payments", "status = 'paid'") != 0 {
			t.Fatal("a forged webhook granted something")
		}
		// An event PropMatch does not act on, and an order it does not know, are acknowledged.
		other := []byte(`{"entity":"event","event":"payment.authorized","contains":["payment"],"payload":{}}`)
		unknown := bytes.Replace(bodies[0], []byte(o.OrderID), []byte("order_NotPropMatchs1"), 1)
		for _, b := range [][]byte{other, unknown} {
			if err := e.svc.Webhook(ctx, b, e.fake.SignWebhook(b)); err != nil {
				t.Fatalf("Webhook(%s) = %v; want it acknowledged", b[:40], err)
			}
		}
	})
}

func TestInvoiceNumbersHaveNoGapsUnderConcurrentPayments(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		const n = 20
		type paid struct {
			body []byte
		}
		var list []paid
		for range n {
			u := e.agent("Karnataka", "")
			o := e.order(u, pack(1))
			_, bodies := e.pay(o.OrderID)
			list = append(list, paid{bodies[0]})
		}
		var wg sync.WaitGroup
		for _, p := range list {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := e.svc.Webhook(ctx, p.body, e.fake.SignWebhook(p.body)); err != nil {
					t.Errorf("webhook: %v", err)
				}
			}()
		}
		wg.Wait()
		rows, err := db.Query(`SELECT number, seq FROM invoices ORDER BY seq`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		fy := payments.FinancialYear(db.Time())
		var i int64
		for rows.Next() {
			var number string
			var seq int64
			if err := rows.Scan(&number, &seq); err != nil {
				t.Fatal(err)
			}
			i++
			if seq != i || number != payments.InvoiceNumber(fy, i) || len(number) > 16 {
				t.Fatalf("invoice %d is %s (seq %d)", i, number, seq)
			}
		}
		if i != n {
			t.Fatalf("%d invoices, want %d", i, n)
		}
	})
}

func TestInvoiceTaxFollowsTheStates(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		for _, c := range []struct {
			name, state, gstin, place string
			intra                     bool
		}{
			{"SameStateAsSupplier", "Karnataka", "", "Karnataka", true},
			{"OtherState", "Maharashtra", "", "Maharashtra", false},
			// The GSTIN's state is the place of supply, whatever the profile says.
			{"GSTINOfTheSupplierState", "Maharashtra", "29AABCI1681G1ZK", "Karnataka", true},
			{"GSTINOfAnotherState", "Karnataka", "27AAACR5055K1Z7", "Maharashtra", false},
			{"NoStateIsTheSuppliers", "", "", "Karnataka", true},
		} {
			t.Run(c.name, func(t *testing.T) {
				u := e.agent(c.state, c.gstin)
				ch, _ := e.pay(e.order(u, pack(1)).OrderID)
				s, err := e.svc.Verify(ctx, u, ch)
				if err != nil {
					t.Fatal(err)
				}
				d, err := e.svc.Invoice(ctx, access.Actor{ID: u.ID}, s.InvoiceID)
				if err != nil {
					t.Fatal(err)
				}
				want := payments.Split(250000, true, c.intra)
				if d.Tax != want || d.BuyerState != c.place || d.BuyerGSTIN != c.gstin || d.SupplierGSTIN != supplierGSTIN {
					t.Fatalf("invoice = %+v; want %+v in %s", d, want, c.place)
				}
				text := pdfText(t, mustPDF(t, e, u.ID, s.InvoiceID))
				for _, s := range []string{"Tax Invoice", d.Number, "Place of supply: " + c.place, "2,118.64", "INR 2,500.00", supplierGSTIN} {
					if !strings.Contains(text, s) {
						t.Errorf("the PDF lacks %q:\n%s", s, text)
					}
				}
				for _, s := range []string{"CGST 9%", "SGST 9%"} {
					if strings.Contains(text, s) != c.intra {
						t.Errorf("the PDF has %q: %v, want %v", s, !c.intra, c.intra)
					}
				}
				if strings.Contains(text, "IGST 18%") == c.intra {
					t.Errorf("the PDF's IGST line is wrong for %s", c.place)
				}
			})
		}
	})
}

func mustPDF(t *testing.T, e *env, userID, id int64) []byte {
	t.Helper()
	b, number, err := e.svc.InvoicePDF(ctx, access.Actor{ID: userID}, id)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) || number == "" {
		t.Fatalf("InvoicePDF = %d bytes, %q, %v", len(b), number, err)
	}
	return b
}

func TestInvoicesAreTheOwnersAndAdmins(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u, other := e.agent("Karnataka", ""), e.agent("Karnataka", "")
		ch, _ := e.pay(e.order(u, pack(1)).OrderID)
		s, err := e.svc.Verify(ctx, u, ch)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Invoice(ctx, access.Actor{ID: other.ID}, s.InvoiceID); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("another agent's invoice = %v; want NotFound", err)
		}
		if _, _, err := e.svc.InvoicePDF(ctx, access.Actor{ID: other.ID}, s.InvoiceID); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("another agent's PDF = %v; want NotFound", err)
		}
		if _, err := e.svc.Invoice(ctx, access.Actor{ID: other.ID, Admin: true}, s.InvoiceID); err != nil {
			t.Fatalf("an admin's read = %v", err)
		}
		mine, next, err := e.svc.Invoices(ctx, u.ID, paging.Page{Limit: 10})
		if err != nil || len(mine) != 1 || next != 0 || mine[0].ID != s.InvoiceID {
			t.Fatalf("Invoices = %+v, %d, %v", mine, next, err)
		}
		if theirs, _, _ := e.svc.Invoices(ctx, other.ID, paging.Page{Limit: 10}); len(theirs) != 0 {
			t.Fatalf("the other agent lists %d invoices", len(theirs))
		}
	})
}

func TestTheAccountantsCSV(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u := e.agent("Maharashtra", "27AAACR5055K1Z7")
		if _, err := db.Exec(`UPDATE users SET full_name = '=HYPERLINK("x")' WHERE id = $1`, u.ID); err != nil {
			t.Fatal(err)
		}
		ch, _ := e.pay(e.order(u, pack(1)).OrderID)
		if _, err := e.svc.Verify(ctx, u, ch); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := e.svc.WriteCSV(ctx, &buf, ""); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "Invoice number,Date,Buyer") {
			t.Fatalf("CSV = %q", buf.String())
		}
		for _, want := range []string{payments.InvoiceNumber(payments.FinancialYear(db.Time()), 1), `"'=HYPERLINK(""x"")"`, "27AAACR5055K1Z7",
			"Maharashtra", "2118.64,0.00,0.00,381.36,2500.00", supplierGSTIN, ch.PaymentID} {
			if !strings.Contains(lines[1], want) {
				t.Errorf("row %q lacks %q", lines[1], want)
			}
		}
		buf.Reset()
		if err := e.svc.WriteCSV(ctx, &buf, "19-20"); err != nil || strings.Count(buf.String(), "\n") != 1 {
			t.Fatalf("another year's CSV = %q, %v", buf.String(), err)
		}
		for _, bad := range []string{"2026", "26-28", "ab-cd", "26/27"} {
			if err := e.svc.WriteCSV(ctx, &buf, bad); apperr.CodeOf(err) != apperr.Invalid {
				t.Errorf("WriteCSV(fy %q) = %v; want Invalid", bad, err)
			}
		}
	})
}

func TestPlanPaymentsSetThePlan(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u := e.agent("Karnataka", "")
		ch, _ := e.pay(e.order(u, plan("professional", 2)).OrderID)
		if _, err := e.svc.Verify(ctx, u, ch); err != nil {
			t.Fatal(err)
		}
		var planID string
		if err := db.QueryRow(`SELECT plan_id FROM billing_accounts WHERE user_id = $1`, u.ID).Scan(&planID); err != nil || planID != "professional" {
			t.Fatalf("plan = %q, %v", planID, err)
		}
		if n := e.count("billing_plan_changes", "user_id = $1 AND plan_id = 'professional' AND months = 2 AND payment_id IS NOT NULL", u.ID); n != 1 {
			t.Fatalf("%d plan changes, want 1", n)
		}
		// A full refund puts the agent back on Starter.
		_, body, err := e.fake.Refund(ch.PaymentID, 0)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 { // the second is a replay
			if err := e.svc.Webhook(ctx, body, e.fake.SignWebhook(body)); err != nil {
				t.Fatal(err)
			}
		}
		if n := e.count("payment_refunds", "1 = 1"); n != 1 {
			t.Fatalf("%d refunds recorded, want 1", n)
		}
		if err := db.QueryRow(`SELECT plan_id FROM billing_accounts WHERE user_id = $1`, u.ID).Scan(&planID); err != nil || planID != "starter" {
			t.Fatalf("plan after the refund = %q, %v", planID, err)
		}
	})
}

func TestRefundsTakeTheCreditsBackOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db, payments.Config{})
		u := e.agent("Karnataka", "")
		ch, _ := e.pay(e.order(u, pack(2)).OrderID) // ₹10,000
		if _, err := e.svc.Verify(ctx, u, ch); err != nil {
			t.Fatal(err)
		}
		start := e.balance(u)
		webhook := func(body []byte) {
			t.Helper()
			if err := e.svc.Webhook(ctx, body, e.fake.SignWebhook(body)); err != nil {
				t.Fatal(err)
			}
		}
		_, quarter, err := e.fake.Refund(ch.PaymentID, 250000)
		if err != nil {
			t.Fatal(err)
		}
		webhook(quarter)
		webhook(quarter) // a replay
		if got := e.balance(u); got != start-250000 {
			t.Fatalf("after a quarter refund, balance = %d, want %d", got, start-250000)
		}
		// Spend all but ₹1,000, then refund the rest: only ₹1,000 can come back.
		spend := e.balance(u) - 100000
		if err := db.WithTx(ctx, func(tx *sql.Tx) error {
			_, err := billing.Append(ctx, tx, db.Time(), billing.Entry{UserID: u.ID, Kind: billing.KindAdjustment, AmountPaise: -spend, Note: "spent"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		_, rest, err := e.fake.Refund(ch.PaymentID, 0)
		if err != nil {
			t.Fatal(err)
		}
		webhook(rest)
		if got := e.balance(u); got != 0 {
			t.Fatalf("balance after the refund = %d, want 0 (never below)", got)
		}
		var note string
		if err := db.QueryRow(`SELECT note FROM billing_ledger WHERE user_id = $1 AND kind = 'refund' ORDER BY id DESC LIMIT 1`, u.ID).Scan(&note); err != nil ||
			!strings.Contains(note, "already spent") {
			t.Fatalf("last refund's note = %q, %v", note, err)
		}
		if n := e.count("billing_ledger", "user_id = $1 AND kind = 'refund'", u.ID); n != 2 {
			t.Fatalf("%d refund entries, want 2", n)
		}
	})
}
