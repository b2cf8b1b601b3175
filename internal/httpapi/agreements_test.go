package httpapi_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"propmatch/internal/kit/pdftext"
)

// TestCoBrokingAgreementsThroughTheAPI walks an agreement from proposal to
// a closed deal and a resolved dispute, with each refusal on the way.
func TestCoBrokingAgreementsThroughTheAPI(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111") // listing agent
		B := a.newAgent("bina", "9822222222") // buyer's agent
		O := a.newAgent("omar", "9833333333") // on neither side
		admin := a.newAdmin("adele", "9844444444")
		a.create(A, "/api/properties", listing())
		a.create(B, "/api/requirements", wanted())
		m := a.onlyMatch(B, "/api/matches?type=buyer")
		base := fmt.Sprintf("/api/matches/%d/agreements", idOf(m))

		// Field errors, never a 500.
		wantError(t, a.do("POST", base, map[string]any{"listingSidePercent": 60, "buyerSidePercent": 30, "basis": "brokerage"}, as(A)), 400, "buyerSidePercent")
		wantError(t, a.do("POST", base, map[string]any{"fixedAmountPaise": 0, "basis": "price"}, as(A), invalid()), 400, "fixedAmountPaise")
		wantError(t, a.do("POST", base, map[string]any{"listingSidePercent": 50, "buyerSidePercent": 50, "basis": "rent"}, as(A), invalid()), 400, "basis")
		wantError(t, a.do("POST", base, map[string]any{"listingSidePercent": 50, "buyerSidePercent": 50, "basis": "brokerage", "note": strings.Repeat("x", 1001)}, as(A), invalid()), 400, "note")
		wantError(t, a.do("POST", base, map[string]any{"listingSidePercent": 50, "buyerSidePercent": 50, "basis": "brokerage", "note": "a\u202eb"}, as(A)), 400, "note")
		wantError(t, a.do("POST", "/api/matches/abc/agreements", map[string]any{"basis": "brokerage"}, as(A), invalid()), 400, "id")
		// Others: 404, and 401 signed out.
		wantStatus(t, a.do("POST", base, map[string]any{"listingSidePercent": 50, "buyerSidePercent": 50, "basis": "brokerage"}, as(O)), 404)
		wantStatus(t, a.do("GET", base, nil, as(O)), 404)
		wantStatus(t, a.do("GET", base, nil), 401)

		p := a.create(A, base, map[string]any{"listingSidePercent": 60, "buyerSidePercent": 40, "basis": "brokerage", "note": "Line one\nLine two"})
		if p["status"] != "proposed" || p["canAnswer"] != false || p["version"] != float64(1) {
			t.Fatalf("proposal = %v", p)
		}
		if l := a.objects(B, base); len(l) != 1 || l[0]["canAnswer"] != true {
			t.Fatalf("B's list = %v", l)
		}
		if l := a.objects(admin, base); len(l) != 1 || l[0]["canAnswer"] != false {
			t.Fatalf("admin's list = %v", l)
		}
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/accept", idOf(p)), nil, as(admin)), 404)
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/accept", idOf(p)), nil, as(O)), 404)
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/accept", idOf(p)), nil, as(A)), 409)

		c := a.create(B, fmt.Sprintf("/api/agreements/%d/counter", idOf(p)), map[string]any{"listingSidePercent": 50, "buyerSidePercent": 50, "basis": "brokerage"})
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/accept", idOf(p)), nil, as(B)), 409) // superseded
		acc := a.do("POST", fmt.Sprintf("/api/agreements/%d/accept", idOf(c)), nil, as(A))
		wantStatus(t, acc, 200)
		ag := acc.json(t)
		number, hash := ag["number"].(string), ag["hash"].(string)
		if !regexp.MustCompile(`^PMA-\d{4}-[2-9A-HJ-NP-Z]{12}$`).MatchString(number) || len(hash) != 64 {
			t.Fatalf("accepted = %v", ag)
		}
		wantStatus(t, a.do("POST", base, map[string]any{"fixedAmountPaise": 100, "basis": "price"}, as(B)), 409)

		// The PDF: both agents and admins; it states the hash.
		id := idOf(ag)
		pdf := a.do("GET", fmt.Sprintf("/api/agreements/%d/pdf", id), nil, as(B))
		wantStatus(t, pdf, 200)
		if pdf.header.Get("Content-Type") != "application/pdf" || !strings.Contains(pdftext.OnePage(t, pdf.body), hash) {
			t.Fatal("the PDF does not state the hash")
		}
		wantStatus(t, a.do("GET", fmt.Sprintf("/api/agreements/%d/pdf", id), nil, as(admin)), 200)
		wantStatus(t, a.do("GET", fmt.Sprintf("/api/agreements/%d/pdf", id), nil, as(O)), 404)
		wantStatus(t, a.do("GET", fmt.Sprintf("/api/agreements/%d/pdf", idOf(p)), nil, as(A)), 404) // not accepted

		// The public check: names, date, hash, unaltered; no amount, listing or client.
		page := a.do("GET", "/agreements/"+number, nil)
		wantStatus(t, page, 200)
		body := string(page.body)
		for _, want := range []string{number, hash, "anil", "bina", "unaltered", "noindex"} {
			if !strings.Contains(strings.ToLower(body), strings.ToLower(want)) {
				t.Errorf("the check page lacks %q", want)
			}
		}
		for _, never := range []string{"50%", "Gachibowli", "Ramesh", "₹", "2BHK", "brokerage"} {
			if strings.Contains(body, never) {
				t.Errorf("the check page shows %q", never)
			}
		}
		wantStatus(t, a.do("GET", "/agreements/PMA-2026-AAAAAAAAAAAA", nil), 404)
		wantStatus(t, a.do("GET", "/agreements/nonsense", nil), 404)

		// The deal: stages, then closing needs both sides at one price.
		stage := func(g agent, body map[string]any, opts ...reqOption) response {
			return a.do("PUT", fmt.Sprintf("/api/agreements/%d/stage", id), body, append(opts, as(g))...)
		}
		wantError(t, stage(A, map[string]any{"stage": "sold"}, invalid()), 400, "stage")
		wantStatus(t, stage(O, map[string]any{"stage": "offer"}), 404)
		wantStatus(t, stage(A, map[string]any{"stage": "site_visit"}), 200)
		wantStatus(t, stage(B, map[string]any{"stage": "offer"}), 200)
		wantError(t, stage(A, map[string]any{"stage": "closed"}), 400, "finalPricePaise")
		first := stage(A, map[string]any{"stage": "closed", "finalPricePaise": 750000000})
		wantStatus(t, first, 200)
		if d := first.json(t)["deal"].(map[string]any); d["stage"] != "offer" || d["listingClosePaise"] != float64(750000000) {
			t.Fatalf("first confirmation = %v", d)
		}
		wantStatus(t, stage(B, map[string]any{"stage": "closed", "finalPricePaise": 740000000}), 409)
		closed := stage(B, map[string]any{"stage": "closed", "finalPricePaise": 750000000})
		wantStatus(t, closed, 200)
		if d := closed.json(t)["deal"].(map[string]any); d["stage"] != "closed" || d["finalPricePaise"] != float64(750000000) {
			t.Fatalf("close = %v", d)
		}
		wantStatus(t, stage(A, map[string]any{"stage": "offer"}), 409)

		// The analytics of both sides count the deal and its value; the outsider's do not.
		for _, g := range []agent{A, B} {
			res := a.do("GET", "/api/analytics", nil, as(g))
			wantStatus(t, res, 200)
			d := res.json(t)["deals"].(map[string]any)
			if d["closedValuePaise"] != float64(750000000) || d["closed"].(map[string]any)["total"] != float64(1) ||
				d["agreed"].(map[string]any)["inWindow"] != float64(1) {
				t.Fatalf("deals = %v", d)
			}
		}
		if d := a.do("GET", "/api/analytics", nil, as(O)).json(t)["deals"].(map[string]any); d["closedValuePaise"] != float64(0) {
			t.Fatalf("the outsider's deals = %v", d)
		}

		// A dispute reaches the admins' queue; resolving it is audited.
		wantError(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/dispute", id), map[string]any{"note": ""}, as(B), invalid()), 400, "note")
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/agreements/%d/dispute", id), map[string]any{"note": "Share unpaid"}, as(B)), 200)
		wantStatus(t, a.do("GET", "/api/admin/disputes", nil, as(A)), 403)
		q := a.objects(admin, "/api/admin/disputes")
		if len(q) != 1 || q[0]["note"] != "Share unpaid" || q[0]["agreementId"] != float64(id) {
			t.Fatalf("queue = %v", q)
		}
		if title, _ := q[0]["listingTitle"].(string); title == "" || q[0]["propertyId"] == nil {
			t.Fatalf("the dispute names no listing: %v", q[0])
		}
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/disputes/%d/resolve", id), map[string]any{"note": "Paid"}, as(A)), 403)
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/disputes/%d/resolve", id), map[string]any{"note": "Paid"}, as(admin)), 200)
		if q := a.objects(admin, "/api/admin/disputes"); len(q) != 0 {
			t.Fatalf("queue after resolving = %v", q)
		}
		if q := a.objects(admin, "/api/admin/disputes?status=resolved"); len(q) != 1 {
			t.Fatalf("resolved = %v", q)
		}
	})
}
