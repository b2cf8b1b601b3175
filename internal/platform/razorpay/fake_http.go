package razorpay

import (
	"crypto/subtle"
	"encoding/json"
	"net/http"
	"strings"
	"text/template"
)

// authed answers 401 as Razorpay does unless the request carries the
// fake's key id and secret in basic auth.
func (f *Fake) authed(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, secret, ok := r.BasicAuth()
		if !ok || subtle.ConstantTimeCompare([]byte(id), []byte(f.keyID)) != 1 ||
			subtle.ConstantTimeCompare([]byte(secret), []byte(f.keySecret)) != 1 {
			apiError(w, http.StatusUnauthorized, "Authentication failed", "")
			return
		}
		next(w, r)
	}
}

// apiError writes Razorpay's error answer.
func apiError(w http.ResponseWriter, status int, description, field string) {
	e := map[string]any{"code": "BAD_REQUEST_ERROR", "description": description, "source": "business",
		"step": "payment_initiation", "reason": "input_validation_failed", "metadata": map[string]any{}}
	if field != "" {
		e["field"] = field
	}
	writeJSON(w, status, map[string]any{"error": e})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (f *Fake) createOrder(w http.ResponseWriter, r *http.Request) {
	var in OrderRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in); err != nil {
		apiError(w, http.StatusBadRequest, "The request body is not valid JSON", "")
		return
	}
	switch {
	case in.Amount < 100:
		apiError(w, http.StatusBadRequest, "The amount must be at least INR 1.00", "amount")
		return
	case in.Currency != "INR":
		apiError(w, http.StatusBadRequest, "The currency field is invalid", "currency")
		return
	case len(in.Receipt) > 40:
		apiError(w, http.StatusBadRequest, "The receipt may not be greater than 40 characters", "receipt")
		return
	}
	o := &Order{ID: newID("order_"), Entity: "order", Amount: in.Amount, AmountDue: in.Amount, Currency: in.Currency,
		Receipt: in.Receipt, Status: "created", Notes: in.Notes, CreatedAt: f.now().Unix()}
	f.mu.Lock()
	f.orders[o.ID] = o
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, o)
}

func (f *Fake) getOrder(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	o, ok := f.orders[r.PathValue("id")]
	var out Order
	if ok {
		out = *o
	}
	f.mu.Unlock()
	if !ok {
		apiError(w, http.StatusBadRequest, "The id provided does not exist", "")
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// refund serves POST /v1/payments/{id}/refund ({"amount": paise}, all that
// is left without one) and sends refund.processed to WebhookURL.
func (f *Fake) refund(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Amount int64 `json:"amount"`
	}
	if r.ContentLength != 0 {
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in); err != nil {
			apiError(w, http.StatusBadRequest, "The request body is not valid JSON", "")
			return
		}
	}
	rf, body, err := f.Refund(r.PathValue("id"), in.Amount)
	if err != nil {
		apiError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "razorpay fake: "), "")
		return
	}
	f.deliverLater(body)
	writeJSON(w, http.StatusOK, rf)
}

// checkoutPay is what the Checkout script's buttons call:
// {"key", "order_id", "outcome": "paid" | "failed"}. Paid answers
// Checkout's three signed values and sends the webhooks; failed answers
// Razorpay's payment.failed error.
func (f *Fake) checkoutPay(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Key     string `json:"key"`
		OrderID string `json:"order_id"`
		Outcome string `json:"outcome"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in); err != nil || in.Key != f.keyID {
		apiError(w, http.StatusUnauthorized, "Authentication failed", "")
		return
	}
	if in.Outcome == "failed" {
		f.mu.Lock()
		if o, ok := f.orders[in.OrderID]; ok && o.Status != "paid" {
			o.Status = "attempted"
			o.Attempts++
		}
		f.mu.Unlock()
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{"code": "BAD_REQUEST_ERROR",
			"description": "Your payment has been cancelled. Try again or complete the payment later.", "source": "customer",
			"step": "payment_authentication", "reason": "payment_cancelled", "metadata": map[string]any{"order_id": in.OrderID}}})
		return
	}
	c, err := f.Pay(in.OrderID)
	if err != nil {
		apiError(w, http.StatusBadRequest, strings.TrimPrefix(err.Error(), "razorpay fake: "), "order_id")
		return
	}
	if bodies, err := f.Events(c.PaymentID); err == nil {
		f.deliverLater(bodies...)
	}
	writeJSON(w, http.StatusOK, c)
}

func (f *Fake) checkoutScript(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_ = checkoutJS.Execute(w, struct{ Base string }{strings.TrimRight(f.Base, "/")})
}

// checkoutJS is the fake's Checkout: window.Razorpay(options) with open(),
// on("payment.failed", fn) and close(), drawing a small pay dialog with Pay,
// Fail and Cancel. Styles are set through the DOM (allowed by PropMatch's
// CSP, unlike style attributes).
var checkoutJS = template.Must(template.New("checkout").Parse(`(function () {
  "use strict";
  var base = {{printf "%q" .Base}};
  function rupees(paise) {
    return "\u20b9" + (paise / 100).toLocaleString("en-IN", { minimumFractionDigits: paise % 100 ? 2 : 0 });
  }
  function el(tag, text, css) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    for (var k in css || {}) e.style[k] = css[k];
    return e;
  }
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key || !options.order_id) throw new Error("Razorpay: key and order_id are required");
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (name, fn) { (this.listeners[name] = this.listeners[name] || []).push(fn); };
  Razorpay.prototype.emit = function (name, v) { (this.listeners[name] || []).forEach(function (fn) { fn(v); }); };
  Razorpay.prototype.close = function () { if (this.root) { this.root.remove(); this.root = null; } };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    this.close();
    var root = el("div", "", { position: "fixed", inset: "0", background: "rgba(15,23,42,0.6)", display: "flex",
      alignItems: "center", justifyContent: "center", zIndex: "2147483647", fontFamily: "system-ui, sans-serif" });
    root.setAttribute("role", "dialog");
    root.setAttribute("aria-modal", "true");
    root.setAttribute("aria-label", "Razorpay test checkout");
    root.setAttribute("data-razorpay-fake", "");
    var card = el("div", "", { background: "#fff", color: "#0f172a", borderRadius: "12px", padding: "20px",
      width: "min(360px, 90vw)", boxShadow: "0 10px 30px rgba(0,0,0,0.3)" });
    card.appendChild(el("div", "Razorpay \u00b7 test mode", { fontSize: "12px", color: "#475569", textTransform: "uppercase", letterSpacing: "0.05em" }));
    card.appendChild(el("h2", o.name || "Payment", { margin: "8px 0 4px", fontSize: "20px" }));
    if (o.description) card.appendChild(el("p", o.description, { margin: "0 0 8px", color: "#334155" }));
    card.appendChild(el("p", rupees(Number(o.amount) || 0), { margin: "8px 0 16px", fontSize: "28px", fontWeight: "700" }));
    var status = el("p", "", { minHeight: "1.2em", margin: "0 0 8px", color: "#b91c1c", fontSize: "14px" });
    status.setAttribute("role", "status");
    card.appendChild(status);
    var row = el("div", "", { display: "flex", gap: "8px", flexWrap: "wrap" });
    function button(label, bg, fg) {
      var b = el("button", label, { flex: "1 1 auto", padding: "10px 12px", borderRadius: "8px", border: "1px solid #cbd5e1",
        background: bg, color: fg, fontSize: "15px", cursor: "pointer" });
      b.type = "button";
      row.appendChild(b);
      return b;
    }
    var pay = button("Pay " + rupees(Number(o.amount) || 0), "#1e40af", "#fff");
    var fail = button("Fail payment", "#fff", "#b91c1c");
    var cancel = button("Cancel", "#fff", "#0f172a");
    card.appendChild(row);
    root.appendChild(card);
    document.body.appendChild(root);
    this.root = root;
    pay.focus();
    function send(outcome) {
      pay.disabled = fail.disabled = true;
      return fetch(base + "/checkout/pay", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ key: o.key, order_id: o.order_id, outcome: outcome }) })
        .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); });
    }
    pay.onclick = function () {
      send("paid").then(function (r) {
        if (!r.ok) { status.textContent = (r.body.error && r.body.error.description) || "Payment failed"; pay.disabled = fail.disabled = false; return; }
        self.close();
        if (typeof o.handler === "function") o.handler(r.body);
      }, function () { status.textContent = "Could not reach the test gateway"; pay.disabled = fail.disabled = false; });
    };
    fail.onclick = function () {
      send("failed").then(function (r) {
        status.textContent = "Payment failed";
        pay.disabled = fail.disabled = false;
        self.emit("payment.failed", r.body);
      });
    };
    cancel.onclick = function () {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
    };
  };
  window.Razorpay = Razorpay;
})();
`))
