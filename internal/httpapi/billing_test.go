package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

var billingOn = apiOptions{billing: true}

// matchPair makes seller S's listing and buyer B's requirement, which match,
// and returns the match's id.
func (a *apiTest) matchPair(S, B agent) int64 {
	a.t.Helper()
	a.create(S, "/api/properties", listing())
	a.create(B, "/api/requirements", wanted())
	list := a.objects(B, "/api/matches")
	if len(list) == 0 {
		a.t.Fatal("no match between the listing and the requirement")
	}
	return idOf(list[0])
}

func matchPath(id int64, tail string) string { return fmt.Sprintf("/api/matches/%d%s", id, tail) }

// credits returns g's balance in paise and leads from GET /api/billing.
func (a *apiTest) credits(g agent) (balance, leads int64) {
	a.t.Helper()
	res := a.do("GET", "/api/billing", nil, as(g))
	wantStatus(a.t, res, 200)
	c := res.json(a.t)["credits"].(map[string]any)
	return int64(c["balancePaise"].(float64)), int64(c["leads"].(float64))
}

// setBalance leaves g with exactly paise of credits, through the admin route.
func (a *apiTest) setBalance(admin, g agent, paise int64) {
	a.t.Helper()
	now, _ := a.credits(g)
	if now == paise {
		return
	}
	res := a.do("POST", userPath(g.id, "/credits"), map[string]any{"amountPaise": paise - now, "reason": "test"}, as(admin))
	wantStatus(a.t, res, 200)
}

func TestBillingOffHasNoRoutesAndHidesNoContact(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		S, B := a.newAgent("seller", "9811111111"), a.newAgent("buyer", "9822222222")
		admin := a.newAdmin("boss", "9833333333")
		m := a.matchPair(S, B)
		for _, r := range []struct {
			method, path string
			g            agent
		}{
			{"GET", "/api/billing", B}, {"GET", "/api/billing/ledger", B}, {"POST", matchPath(m, "/unlock"), B},
			{"GET", "/api/admin/billing/plans", admin}, {"GET", "/api/admin/billing/packs", admin},
		} {
			wantStatus(t, a.do(r.method, r.path, nil, as(r.g)), 404)
		}
		got := a.onlyMatch(B, "/api/matches")
		if got["unlocked"] != true || got["sellerAgent"].(map[string]any)["phone"] != S.phone {
			t.Errorf("billing off: the match shows %v, want the seller's phone and unlocked", got)
		}
		for range 12 {
			a.create(S, "/api/properties", listing())
		}
		site := a.do("GET", "/api/site", nil).json(t)
		if site["billing"] != false || len(site["plans"].([]any)) != 0 {
			t.Errorf("billing off: the landing page has billing %v and plans %v, want false and none", site["billing"], site["plans"])
		}
	})
}

func TestBillingPageOpensWithTheWelcomeGrant(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		B := a.newAgent("buyer", "9822222222")
		res := a.do("GET", "/api/billing", nil, as(B))
		wantStatus(t, res, 200)
		b := res.json(t)
		plan, credits := b["plan"].(map[string]any), b["credits"].(map[string]any)
		if b["enabled"] != true || plan["id"] != "starter" || credits["balancePaise"] != 2500000.0 || credits["leads"] != 500.0 ||
			credits["leadPricePaise"] != 5000.0 || credits["expiresAt"] == nil {
			t.Errorf("billing page %v: want Starter with ₹25,000 (500 leads at ₹50) expiring", b)
		}
		if len(b["packs"].([]any)) != 3 || len(b["plans"].([]any)) != 3 {
			t.Errorf("packs %v plans %v: want three of each", b["packs"], b["plans"])
		}
		a.do("GET", "/api/billing", nil, as(B)) // a second visit grants nothing
		ledger := a.objects(B, "/api/billing/ledger")
		if len(ledger) != 1 || ledger[0]["kind"] != "grant" || ledger[0]["balanceAfterPaise"] != 2500000.0 {
			t.Errorf("ledger %v: want the one grant", ledger)
		}
	})
}

func TestUnlockRevealsTheContactOnceForOneLead(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S, B, C := a.newAgent("seller", "9811111111"), a.newAgent("buyer", "9822222222"), a.newAgent("other", "9844444444")
		m := a.matchPair(S, B)

		// Before: the seller's phone is nowhere for the buyer.
		got := a.onlyMatch(B, "/api/matches")
		seller := got["sellerAgent"].(map[string]any)
		if got["unlocked"] != false || seller["phone"] != "" || seller["contactHidden"] != true || seller["contactReason"] != "locked" {
			t.Errorf("locked match shows %v, want no phone, reason locked", got)
		}
		mp := findID(a.objects(B, "/api/marketplace/properties"), idOf(got["property"].(map[string]any)))
		if mp["agentPhone"] != "" || mp["agentContactReason"] != "locked" {
			t.Errorf("marketplace shows %v, want the phone locked", mp)
		}
		if d := findID(a.objects(B, "/api/agents"), S.id); d["phone"] != "" || d["contactReason"] != "locked" {
			t.Errorf("directory shows %v, want the phone locked", d)
		}
		if strings.Contains(string(a.do("GET", "/api/matches", nil, as(B)).body), S.phone) {
			t.Error("the seller's phone is in the buyer's match list")
		}

		res := a.do("POST", matchPath(m, "/unlock"), nil, as(B))
		wantStatus(t, res, 200)
		u := res.json(t)
		c := u["contact"].(map[string]any)
		if u["charged"] != true || u["balancePaise"] != 2495000.0 || u["leads"] != 499.0 || c["phone"] != S.phone ||
			c["whatsapp"] != "https://wa.me/"+strings.TrimPrefix(S.phone, "+") || c["agentId"] != float64(S.id) {
			t.Errorf("unlock answered %v, want the seller's contact for one lead", u)
		}
		again := a.do("POST", matchPath(m, "/unlock"), nil, as(B)).json(t)
		if again["charged"] != false || again["balancePaise"] != 2495000.0 {
			t.Errorf("repeat unlock answered %v, want it free", again)
		}
		got = a.onlyMatch(B, "/api/matches")
		if got["unlocked"] != true || got["sellerAgent"].(map[string]any)["phone"] != S.phone {
			t.Errorf("unlocked match shows %v, want the phone", got)
		}
		if d := findID(a.objects(B, "/api/agents"), S.id); d["phone"] != S.phone {
			t.Errorf("directory after the unlock shows %v, want the phone", d)
		}
		// Each side pays for its own lead: the seller still sees the buyer locked, and was charged nothing.
		if got := a.onlyMatch(S, "/api/matches"); got["unlocked"] != false || got["buyerAgent"].(map[string]any)["phone"] != "" {
			t.Errorf("the seller's view %v: want the buyer locked", got)
		}
		if bal, _ := a.credits(S); bal != 2500000 {
			t.Errorf("the seller's balance is %d, want untouched", bal)
		}
		wantStatus(t, a.do("POST", matchPath(m, "/unlock"), nil, as(C)), 404)
		wantStatus(t, a.do("POST", matchPath(m+1000, "/unlock"), nil, as(B)), 404)
		ledger := a.objects(B, "/api/billing/ledger")
		if len(ledger) != 2 || ledger[0]["kind"] != "lead" || ledger[0]["matchId"] != float64(m) || ledger[0]["amountPaise"] != -5000.0 {
			t.Errorf("ledger %v: want the lead on top of the grant", ledger)
		}
		usage := a.do("GET", "/api/billing", nil, as(B)).json(t)["usage"].(map[string]any)
		if usage["leadsThisMonth"] != 1.0 || usage["spentThisMonthPaise"] != 5000.0 || usage["requirements"] != 1.0 {
			t.Errorf("usage %v: want one lead of ₹50 and one requirement", usage)
		}
	})
}

func TestConnectedAgentsContactFreely(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S, B := a.newAgent("seller", "9811111111"), a.newAgent("buyer", "9822222222")
		m := a.matchPair(S, B)
		a.befriend(B, S)
		got := a.onlyMatch(B, "/api/matches")
		if got["unlocked"] != true || got["sellerAgent"].(map[string]any)["phone"] != S.phone {
			t.Errorf("connected: match shows %v, want the phone", got)
		}
		u := a.do("POST", matchPath(m, "/unlock"), nil, as(B)).json(t)
		if u["charged"] != false || u["balancePaise"] != 2500000.0 {
			t.Errorf("connected unlock %v: want free", u)
		}
		wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": S.id, "content": "Hello", "matchId": m}, as(B)), 201)
		if bal, _ := a.credits(B); bal != 2500000 {
			t.Errorf("a message between connections cost %d", 2500000-bal)
		}
	})
}

func TestFirstMessageOnAMatchIsALead(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S, B := a.newAgent("seller", "9811111111"), a.newAgent("buyer", "9822222222")
		admin := a.newAdmin("boss", "9833333333")
		m := a.matchPair(S, B)
		// Outside the match, an agent they have not unlocked is not messaged.
		wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": S.id, "content": "Hello"}, as(B)), 403)
		for range 2 {
			wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": S.id, "content": "Hello", "matchId": m}, as(B)), 201)
		}
		if bal, _ := a.credits(B); bal != 2495000 {
			t.Errorf("two messages on a match: balance %d, want one lead taken", bal)
		}
		wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": S.id, "content": "Hello again"}, as(B)), 201)
		// The seller has no credits: their first message on the match is refused with 402.
		a.setBalance(admin, S, 0)
		res := a.do("POST", "/api/messages", map[string]any{"receiverId": B.id, "content": "Hi", "matchId": m}, as(S))
		wantStatus(t, res, 402)
		if res.json(t)["code"] != "no_credits" {
			t.Errorf("402 body %s: want code no_credits", res.body)
		}
	})
}

func TestUnlockWithoutCreditsIs402(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S, B := a.newAgent("seller", "9811111111"), a.newAgent("buyer", "9822222222")
		admin := a.newAdmin("boss", "9833333333")
		m := a.matchPair(S, B)
		a.setBalance(admin, B, 4999)
		res := a.do("POST", matchPath(m, "/unlock"), nil, as(B))
		wantStatus(t, res, 402)
		if body := res.json(t); body["code"] != "no_credits" || !strings.Contains(body["message"].(string), "Buy a credit pack") {
			t.Errorf("402 body %v", body)
		}
		if bal, _ := a.credits(B); bal != 4999 {
			t.Errorf("balance %d after a refused unlock, want 4999", bal)
		}
		if got := a.onlyMatch(B, "/api/matches"); got["unlocked"] != false {
			t.Errorf("a refused unlock unlocked the match: %v", got)
		}
	})
}

func TestTwentyConcurrentUnlocksOfOneMatchChargeOnce(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S, B := a.newAgent("seller", "9811111111"), a.newAgent("buyer", "9822222222")
		m := a.matchPair(S, B)
		a.credits(B) // opens the account
		counts := a.concurrently(20, func(int) (int, error) { return a.raw(B, "POST", matchPath(m, "/unlock")) })
		if counts[200] != 20 {
			t.Fatalf("answers %v, want 20 × 200", counts)
		}
		if bal, _ := a.credits(B); bal != 2495000 {
			t.Fatalf("balance %d, want one lead taken", bal)
		}
		var leads int
		if err := a.db.QueryRow(`SELECT count(*) FROM billing_ledger WHERE user_id = $1 AND kind = 'lead'`, B.id).Scan(&leads); err != nil || leads != 1 {
			t.Fatalf("%d lead entries (%v), want 1", leads, err)
		}
	})
}

func TestFiftyConcurrentUnlocksWithTenLeadsChargeTen(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S, B := a.newAgent("seller", "9811111111"), a.newAgent("buyer", "9822222222")
		admin := a.newAdmin("boss", "9833333333")
		for i := range 5 {
			a.create(S, "/api/properties", listing("title", fmt.Sprintf("Flat %d", i)))
		}
		for range 10 {
			a.create(B, "/api/requirements", wanted())
		}
		matches := a.objects(B, "/api/matches?limit=100")
		if len(matches) != 50 {
			t.Fatalf("%d matches, want 50", len(matches))
		}
		a.setBalance(admin, B, 10*5000)
		counts := a.concurrently(50, func(i int) (int, error) { return a.raw(B, "POST", matchPath(idOf(matches[i]), "/unlock")) })
		if counts[200] != 10 || counts[402] != 40 {
			t.Fatalf("answers %v, want 10 × 200 and 40 × 402", counts)
		}
		var balance, negative, unlocks int
		if err := a.db.QueryRow(`SELECT balance_paise FROM billing_accounts WHERE user_id = $1`, B.id).Scan(&balance); err != nil {
			t.Fatal(err)
		}
		if err := a.db.QueryRow(`SELECT count(*) FROM billing_ledger WHERE balance_after_paise < 0`).Scan(&negative); err != nil {
			t.Fatal(err)
		}
		if err := a.db.QueryRow(`SELECT count(*) FROM billing_unlocks WHERE user_id = $1`, B.id).Scan(&unlocks); err != nil {
			t.Fatal(err)
		}
		if balance != 0 || negative != 0 || unlocks != 10 {
			t.Fatalf("balance %d, negative entries %d, unlocks %d; want 0, 0, 10", balance, negative, unlocks)
		}
	})
}

func TestPlanLimitsActiveListingsAndRequirements(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S := a.newAgent("seller", "9811111111")
		admin := a.newAdmin("boss", "9833333333")
		var first map[string]any
		for i := range 10 {
			p := a.create(S, "/api/properties", listing())
			if i == 0 {
				first = p
			}
		}
		res := a.do("POST", "/api/properties", listing(), as(S))
		wantStatus(t, res, 402)
		body := res.json(t)
		if body["code"] != "plan_limit" || body["message"] != "Your Starter plan allows 10 active listings. Upgrade to Professional for 50, or mark a listing inactive." {
			t.Errorf("402 body %v", body)
		}
		// An inactive listing may be added; re-activating it over the limit is refused; editing an active one is not.
		inactive := a.create(S, "/api/properties", listing("isActive", false))
		wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(inactive)), listing("isActive", true), as(S)), 402)
		wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(first)), listing("title", "Edited"), as(S)), 200)
		// Requirements: the same rule through PATCH-like updates.
		for range 10 {
			a.create(S, "/api/requirements", wanted())
		}
		wantError(t, a.do("POST", "/api/requirements", wanted(), as(S)), 402)
		r := a.create(S, "/api/requirements", wanted("isActive", false))
		wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", idOf(r)), map[string]any{"isActive": true}, as(S)), 402)
		// On Professional the agent may add up to 50.
		wantStatus(t, a.do("PUT", userPath(S.id, "/plan"), map[string]any{"plan": "professional", "months": 1}, as(admin)), 200)
		wantStatus(t, a.do("POST", "/api/properties", listing(), as(S)), 201)
		plan := a.do("GET", "/api/billing", nil, as(S)).json(t)["plan"].(map[string]any)
		if plan["id"] != "professional" || plan["endsAt"] == nil || plan["limits"].(map[string]any)["listings"] != 50.0 {
			t.Errorf("plan %v: want Professional for a month", plan)
		}
		// When it ends, nothing is hidden, but nothing more may be added.
		if _, err := a.db.Exec(`UPDATE billing_accounts SET plan_ends_at = $1 WHERE user_id = $2`, a.db.Time().Add(-time.Minute), S.id); err != nil {
			t.Fatal(err)
		}
		wantStatus(t, a.do("POST", "/api/properties", listing(), as(S)), 402)
		if n := len(a.objects(S, "/api/properties?limit=100")); n != 12 {
			t.Errorf("%d listings after the plan ended, want all 12 kept", n)
		}
	})
}

func TestHundredConcurrentCreatesStopAtThePlanLimit(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		S := a.newAgent("seller", "9811111111")
		a.credits(S)
		body := `{"title":"Flat","propertyType":"apartment","listingPurpose":"for_sale","price":7500000,"state":"Telangana","city":"Hyderabad","locality":"Gachibowli"}`
		counts := a.concurrently(100, func(int) (int, error) { return a.rawBody(S, "POST", "/api/properties", body) })
		if counts[201] != 10 || counts[402] != 90 {
			t.Fatalf("answers %v, want 10 × 201 and 90 × 402", counts)
		}
		var active int
		if err := a.db.QueryRow(`SELECT count(*) FROM properties WHERE agent_id = $1 AND is_active = TRUE`, S.id).Scan(&active); err != nil || active != 10 {
			t.Fatalf("%d active listings (%v), want 10", active, err)
		}
	})
}

func TestAdminBilling(t *testing.T) {
	eachEngine(t, billingOn, func(t *testing.T, a *apiTest) {
		B := a.newAgent("buyer", "9822222222")
		admin := a.newAdmin("boss", "9833333333")
		for _, path := range []string{"/api/admin/billing/plans", "/api/admin/billing/packs"} {
			wantStatus(t, a.do("GET", path, nil, as(B)), 403)
		}
		wantStatus(t, a.do("POST", userPath(B.id, "/credits"), map[string]any{"amountPaise": 100, "reason": "x"}, as(B)), 403)

		// Credits: added with a reason, audited; taking more than the balance is refused.
		res := a.do("POST", userPath(B.id, "/credits"), map[string]any{"amountPaise": 100000, "reason": "Goodwill for a missed lead"}, as(admin))
		wantStatus(t, res, 200)
		if res.json(t)["balancePaise"] != 2600000.0 {
			t.Errorf("credits answered %s", res.body)
		}
		wantFieldError(t, a.do("POST", userPath(B.id, "/credits"), map[string]any{"amountPaise": -2600001, "reason": "too much"}, as(admin)),
			"amountPaise", "That takes more than the agent's balance")
		wantError(t, a.do("POST", userPath(B.id, "/credits"), map[string]any{"amountPaise": 0, "reason": ""}, as(admin)), 400, "amountPaise", "reason")
		wantStatus(t, a.do("POST", userPath(admin.id, "/credits"), map[string]any{"amountPaise": 5, "reason": "self"}, as(admin)), 404)
		wantStatus(t, a.do("POST", userPath(99999, "/credits"), map[string]any{"amountPaise": 5, "reason": "nobody"}, as(admin)), 404)
		var audited int
		if err := a.db.QueryRow(`SELECT count(*) FROM audit_log WHERE action = 'billing.credits' AND target_id = $1`, B.id).Scan(&audited); err != nil || audited != 1 {
			t.Errorf("%d audit entries (%v), want 1", audited, err)
		}

		// Enterprise with custom limits.
		res = a.do("PUT", userPath(B.id, "/plan"), map[string]any{"plan": "enterprise", "months": 12, "limits": map[string]any{"listings": 3, "requirements": 200}}, as(admin))
		wantStatus(t, res, 200)
		if l := res.json(t)["limits"].(map[string]any); l["listings"] != 3.0 || l["requirements"] != 200.0 {
			t.Errorf("enterprise limits %v", l)
		}
		wantError(t, a.do("PUT", userPath(B.id, "/plan"), map[string]any{"plan": "gold", "months": 0}, as(admin), invalid()), 400, "plan", "months")

		// Plans: the landing page's prices and the enforced limits are the same rows.
		plans := a.do("GET", "/api/admin/billing/plans", nil, as(admin))
		wantStatus(t, plans, 200)
		list := plans.list(t)
		pro := list[1].(map[string]any)
		pro["pricePaise"], pro["priceText"] = 60000, "₹600"
		wantStatus(t, a.do("PUT", "/api/admin/billing/plans", list, as(admin)), 200)
		if price := a.do("GET", "/api/billing", nil, as(B)).json(t)["plans"].([]any)[1].(map[string]any)["pricePaise"]; price != 60000.0 {
			t.Errorf("professional price %v after the edit, want 60000", price)
		}
		if price := a.do("GET", "/api/site", nil).json(t)["plans"].([]any)[1].(map[string]any)["price"]; price != "₹600" {
			t.Errorf("the landing page shows %v for Professional after the edit, want ₹600", price)
		}
		wantError(t, a.do("PUT", "/api/admin/billing/plans", list[:2], as(admin)), 400, "plans")

		// Packs: the whole list; a missing one is retired, not deleted.
		packs := a.do("GET", "/api/admin/billing/packs", nil, as(admin)).list(t)
		keep := packs[0].(map[string]any)
		res = a.do("PUT", "/api/admin/billing/packs", []any{
			map[string]any{"id": keep["id"], "name": "Small", "amountPaise": 300000},
			map[string]any{"name": "Huge", "amountPaise": 5000000},
		}, as(admin))
		wantStatus(t, res, 200)
		if got := res.list(t); len(got) != 4 {
			t.Errorf("packs after the save: %v, want 4 (two retired)", got)
		}
		onSale := a.do("GET", "/api/billing", nil, as(B)).json(t)["packs"].([]any)
		if len(onSale) != 2 || onSale[0].(map[string]any)["name"] != "Small" || onSale[1].(map[string]any)["leads"] != 1000.0 {
			t.Errorf("packs on sale %v", onSale)
		}
		wantError(t, a.do("PUT", "/api/admin/billing/packs", []any{map[string]any{"name": "", "amountPaise": -1}}, as(admin), invalid()), 400, "packs.0.name", "packs.0.amountPaise")
	})
}
