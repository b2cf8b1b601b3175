package httpapi_test

import (
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"sync"
	"testing"
)

// leadPair is one listing of A matched to one requirement of B.
type leadPair struct {
	pid, rid, mid int64
	city          string
}

// pairIn lists a flat of seller in city and posts a requirement of buyer
// that it fits, and returns the pair with its match.
func (a *apiTest) pairIn(seller, buyer agent, city string, over ...any) leadPair {
	a.t.Helper()
	pid := idOf(a.create(seller, "/api/properties", listing("city", city)))
	rid := idOf(a.create(buyer, "/api/requirements", wanted(append([]any{"preferredCities", city}, over...)...)))
	m := a.onlyMatch(buyer, fmt.Sprintf("/api/requirements/%d/matches", rid))
	return leadPair{pid: pid, rid: rid, mid: idOf(m), city: city}
}

// setLead PUTs status (or notes) on the match as g and wants 200.
func (a *apiTest) setLead(g agent, mid int64, what string, value string) map[string]any {
	a.t.Helper()
	res := a.do("PUT", fmt.Sprintf("/api/matches/%d/%s", mid, what), map[string]any{what: value}, as(g))
	wantStatus(a.t, res, 200)
	return res.json(a.t)
}

// seen returns the match mid as g finds it at path, or nil.
func (a *apiTest) seen(g agent, path string, mid int64) map[string]any {
	a.t.Helper()
	return findID(a.objects(g, path), mid)
}

// TestLeadStatusBelongsToEachSide: each agent of a match keeps their own lead
// status and private notes, and the API shows the caller's side (issue 9, F15).
func TestLeadStatusBelongsToEachSide(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111") // seller agent: lists the flats
		B := a.newAgent("bina", "9822222222") // buyer agent: owns the requirements
		reqMatches := func(p leadPair) string { return fmt.Sprintf("/api/requirements/%d/matches", p.rid) }
		// outAndBack edits the listing out of the requirement's band and back.
		outAndBack := func(t *testing.T, p leadPair) {
			t.Helper()
			for _, price := range []any{30000000, 7500000} {
				wantStatus(t, a.do("PUT", fmt.Sprintf("/api/properties/%d", p.pid), listing("city", p.city, "price", price), as(A)), 200)
			}
		}

		t.Run("SellerNotInterestedHidesTheMatchOnlyFromTheSeller", func(t *testing.T) {
			a := a.sub(t)
			p := a.pairIn(A, B, "Warangal")
			wantFields(t, "seller's answer", a.setLead(A, p.mid, "status", "not_interested"), map[string]any{"status": "not_interested"})
			for _, path := range []string{"/api/matches", "/api/matches?type=seller", "/api/matches?status=new"} {
				if m := a.seen(A, path, p.mid); m != nil {
					t.Errorf("the seller still sees the match they marked not_interested at %s", path)
				}
			}
			wantFields(t, "seller's explicit filter", a.seen(A, "/api/matches?status=not_interested", p.mid), map[string]any{"status": "not_interested"})
			for _, path := range []string{"/api/matches", "/api/matches?type=buyer", "/api/matches?status=new", reqMatches(p)} {
				if m := a.seen(B, path, p.mid); m == nil || m["status"] != "new" {
					t.Errorf("buyer's match at %s = %v, want it new", path, m)
				}
			}
		})
		t.Run("SellerNotInterestedDoesNotExcludeThePair", func(t *testing.T) {
			a := a.sub(t)
			p := a.pairIn(A, B, "Karimnagar")
			a.setLead(A, p.mid, "status", "not_interested")
			outAndBack(t, p)
			list := a.objects(B, reqMatches(p))
			if len(list) != 1 || idOf(list[0]) != p.mid || list[0]["status"] != "new" {
				t.Errorf("after edits the buyer's matches are %v, want match %d still new", list, p.mid)
			}
		})
		t.Run("BuyerNotInterestedExcludesThePairForever", func(t *testing.T) {
			a := a.sub(t)
			p := a.pairIn(A, B, "Nizamabad")
			a.setLead(B, p.mid, "status", "not_interested")
			outAndBack(t, p)
			wantStatus(t, a.do("PATCH", fmt.Sprintf("/api/requirements/%d", p.rid), map[string]any{"minPrice": 6000000}, as(B)), 200)
			list := a.objects(B, reqMatches(p))
			if len(list) != 1 || idOf(list[0]) != p.mid || list[0]["status"] != "not_interested" {
				t.Errorf("after edits the pair is offered as %v, want only the not_interested match %d", list, p.mid)
			}
			// The seller's pipeline is theirs: the buyer's choice is not shown to them.
			wantFields(t, "seller's view", a.seen(A, "/api/matches?type=seller", p.mid), map[string]any{"status": "new"})
		})
		t.Run("NotesOfOneSideAreInvisibleToTheOther", func(t *testing.T) {
			a := a.sub(t)
			p := a.pairIn(A, B, "Khammam")
			const sellerNote, buyerNote = "Owner will drop to 72 lakh", "Client can stretch to 85 lakh"
			wantFields(t, "seller's answer", a.setLead(A, p.mid, "notes", sellerNote), map[string]any{"notes": sellerNote})
			wantFields(t, "buyer's answer", a.setLead(B, p.mid, "notes", buyerNote), map[string]any{"notes": buyerNote})
			for _, c := range []struct {
				who          agent
				paths        []string
				own, another string
			}{
				{A, []string{"/api/matches", "/api/matches?type=seller"}, sellerNote, buyerNote},
				{B, []string{"/api/matches", "/api/matches?type=buyer", reqMatches(p)}, buyerNote, sellerNote},
			} {
				for _, path := range c.paths {
					res := a.do("GET", path, nil, as(c.who))
					wantStatus(t, res, 200)
					if bytes.Contains(res.body, []byte(c.another)) {
						t.Errorf("agent %d reads the other side's notes at %s", c.who.id, path)
					}
					wantFields(t, "own notes at "+path, findID(jsonObjects(t, res), p.mid), map[string]any{"notes": c.own})
				}
			}
			res := a.do("PUT", fmt.Sprintf("/api/matches/%d/status", p.mid), map[string]any{"status": "viewed", "viewedBy": "seller"}, as(A))
			wantStatus(t, res, 200)
			if bytes.Contains(res.body, []byte(buyerNote)) {
				t.Errorf("the seller's status answer carries the buyer's notes: %s", res.body)
			}
		})
		t.Run("MessagingFromAMatchMarksOnlyTheSendersSideContacted", func(t *testing.T) {
			a := a.sub(t)
			p := a.pairIn(A, B, "Nalgonda")
			wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": B.id, "content": "Still available", "matchId": p.mid}, as(A)), 201)
			wantFields(t, "sender's side", a.seen(A, "/api/matches?type=seller", p.mid), map[string]any{"status": "contacted"})
			wantFields(t, "receiver's side", a.seen(B, reqMatches(p), p.mid), map[string]any{"status": "new"})
			wantStatus(t, a.do("POST", "/api/messages", map[string]any{"receiverId": A.id, "content": "Can we visit?", "matchId": p.mid}, as(B)), 201)
			wantFields(t, "buyer's side", a.seen(B, reqMatches(p), p.mid), map[string]any{"status": "contacted"})
		})
		t.Run("SellersStatusNeitherCountsNorFreesTheBuyersSlots", func(t *testing.T) {
			a := a.sub(t)
			p := a.pairIn(A, B, "Siddipet")
			a.setLead(A, p.mid, "status", "closed")
			var open, stored int
			if err := a.db.QueryRow(`SELECT new_matches FROM requirements WHERE id = $1`, p.rid).Scan(&stored); err != nil {
				t.Fatal(err)
			}
			if err := a.db.QueryRow(`SELECT COUNT(*) FROM matches WHERE requirement_id = $1 AND buyer_status = 'new' AND seller_status = 'new'`, p.rid).Scan(&open); err != nil {
				t.Fatal(err)
			}
			if stored != open || open != 0 {
				t.Errorf("requirement keeps new_matches %d with %d open matches, want 0 and 0", stored, open)
			}
		})
	})
}

// TestLeadChangesAtOnce: both agents changing the same match at once take
// turns, and the requirement's stored bound agrees with its matches after.
func TestLeadChangesAtOnce(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		p := a.pairIn(A, B, "Mahbubnagar")
		var wg sync.WaitGroup
		for i := range 100 {
			g, status := A, []string{"new", "viewed"}[i%2]
			if i%4 >= 2 {
				g = B
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := a.do("PUT", fmt.Sprintf("/api/matches/%d/status", p.mid), map[string]any{"status": status}, as(g))
				if res.status != 200 {
					t.Errorf("status %s as %d: %d %s", status, g.id, res.status, res.body)
				}
			}()
		}
		wg.Wait()
		var stored, open int
		a.db.QueryRow(`SELECT new_matches FROM requirements WHERE id = $1`, p.rid).Scan(&stored)
		a.db.QueryRow(`SELECT COUNT(*) FROM matches WHERE requirement_id = $1 AND buyer_status = 'new' AND seller_status = 'new'`, p.rid).Scan(&open)
		if stored != open {
			t.Errorf("requirement stores new_matches %d, has %d open matches", stored, open)
		}
	})
}

// TestClientPrivacy: other agents see a client's first name and last initial,
// never a requirement's notes or special requirements, and cannot search by
// another agent's client's name; the owner reveals the full name by
// connecting or by sharing it on a match (issue 9, F19).
func TestClientPrivacy(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")   // seller agent of the match
		B := a.newAgent("bina", "9822222222")   // owns the requirement
		C := a.newAgent("chetan", "9833333333") // a third agent
		const notes, special = "Client is relocating from Pune in June", "Vastu compliant, east facing"
		p := a.pairIn(A, B, "Adilabad", "clientName", "Meena Iyer", "notes", notes, "specialRequirements", special)
		market := "/api/marketplace/requirements"
		// nameAs returns the client's name on the requirement as g sees it in the
		// marketplace and, for the match's agents, on the match.
		nameAs := func(t *testing.T, g agent) []any {
			t.Helper()
			names := []any{a.seen(g, market, p.rid)["clientName"]}
			if g != C {
				names = append(names, a.seen(g, "/api/matches", p.mid)["requirement"].(map[string]any)["clientName"])
			}
			return names
		}
		wantName := func(t *testing.T, g agent, want string) {
			t.Helper()
			for _, got := range nameAs(t, g) {
				if got != want {
					t.Errorf("agent %d sees the client as %v, want %q", g.id, got, want)
				}
			}
		}

		t.Run("OtherAgentsSeeTheFirstNameAndLastInitial", func(t *testing.T) {
			wantName(t, A, "Meena I.")
			wantName(t, C, "Meena I.")
			wantName(t, B, "Meena Iyer")
		})
		t.Run("RequirementNotesArePrivateToTheOwner", func(t *testing.T) {
			a := a.sub(t)
			for _, c := range []struct {
				who  agent
				path string
			}{{A, market}, {C, market}, {A, "/api/matches"}, {A, "/api/matches?type=seller"}} {
				res := a.do("GET", c.path, nil, as(c.who))
				wantStatus(t, res, 200)
				for _, secret := range []string{notes, special} {
					if bytes.Contains(res.body, []byte(secret)) {
						t.Errorf("agent %d reads %q at %s", c.who.id, secret, c.path)
					}
				}
			}
			wantFields(t, "the owner's requirement", findID(a.objects(B, "/api/requirements"), p.rid), map[string]any{"notes": notes, "specialRequirements": special})
			wantFields(t, "the owner's marketplace entry", a.seen(B, market, p.rid), map[string]any{"notes": notes, "specialRequirements": special})
		})
		t.Run("SearchingByClientNameCoversOnlyOwnRequirements", func(t *testing.T) {
			a := a.sub(t)
			search := func(g agent, q string) []int64 {
				return ids(a.objects(g, market+"?q="+url.QueryEscape(q)))
			}
			for _, q := range []string{"meena", "Iyer", "meena iyer"} {
				for _, g := range []agent{A, C} {
					if got := search(g, q); slices.Contains(got, p.rid) {
						t.Errorf("agent %d finds another agent's client by %q", g.id, q)
					}
				}
				if got := search(B, q); !slices.Contains(got, p.rid) {
					t.Errorf("the owner does not find their client by %q: %v", q, got)
				}
			}
			if got := search(C, "adilabad"); !slices.Contains(got, p.rid) {
				t.Errorf("the city no longer finds the requirement: %v", got)
			}
		})
		t.Run("OnlyTheBuyerAgentSharesTheName", func(t *testing.T) {
			a := a.sub(t)
			path := fmt.Sprintf("/api/matches/%d/share-client", p.mid)
			wantError(t, a.do("PUT", path, nil, as(A)), 403)
			wantError(t, a.do("PUT", path, nil, as(C)), 404)
			wantName(t, A, "Meena I.")
		})
		t.Run("SharingOnAMatchRevealsTheNameToItsSellerAgent", func(t *testing.T) {
			a := a.sub(t)
			res := a.do("PUT", fmt.Sprintf("/api/matches/%d/share-client", p.mid), nil, as(B))
			wantStatus(t, res, 200)
			wantFields(t, "shared match", res.json(t), map[string]any{"clientNameShared": true})
			wantName(t, A, "Meena Iyer")
			wantName(t, C, "Meena I.")
			if res := a.do("GET", "/api/matches", nil, as(A)); bytes.Contains(res.body, []byte(notes)) {
				t.Errorf("sharing the name showed the notes too")
			}
		})
		t.Run("AnAcceptedConnectionRevealsTheName", func(t *testing.T) {
			a := a.sub(t)
			id := a.connect(C, B)
			wantName(t, C, "Meena I.") // a pending request is not enough
			wantStatus(t, a.do("PUT", fmt.Sprintf("/api/connections/%d", id), map[string]any{"status": "accepted"}, as(B)), 200)
			wantName(t, C, "Meena Iyer")
			if res := a.do("GET", market, nil, as(C)); bytes.Contains(res.body, []byte(special)) {
				t.Errorf("a connection showed the special requirements")
			}
		})
	})
}
