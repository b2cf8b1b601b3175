package agreements_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"propmatch/internal/feature/agreements"
	"propmatch/internal/kit/apperr"
	"propmatch/internal/kit/input"
	"propmatch/internal/kit/paging"
	"propmatch/internal/kit/pdftext"
	"propmatch/internal/kit/store"
	"propmatch/internal/kit/store/storetest"
	"propmatch/internal/platform/access"
)

// fixture is a match between a listing agent and a buyer agent, an
// outsider and an admin.
type fixture struct {
	db                              *store.DB
	svc                             *agreements.Service
	listing, buyer, outsider, admin access.Actor
	match                           int64
}

var phone = 0

func addUser(t *testing.T, db *store.DB, name, role string, rera any) int64 {
	t.Helper()
	phone++
	var id int64
	err := db.QueryRow(`INSERT INTO users (username, password_hash, full_name, phone, role, rera_number, is_rera_verified, created_at, updated_at)
		VALUES ($1, 'x', $2, $3, $4, $5, $6, $7, $7) RETURNING id`, strings.ToLower(strings.Fields(name)[0])+fmt.Sprint(phone), name,
		fmt.Sprintf("+9198%08d", phone), role, rera, rera != nil, db.Time()).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func setup(t *testing.T, db *store.DB) fixture {
	t.Helper()
	f := fixture{db: db, svc: agreements.NewService(db, nil)}
	f.listing = access.Actor{ID: addUser(t, db, "Asha Listing", "agent", "A51800012345")}
	f.buyer = access.Actor{ID: addUser(t, db, "Bala Buyer", "agent", nil)}
	f.outsider = access.Actor{ID: addUser(t, db, "Om Outsider", "agent", nil)}
	f.admin = access.Actor{ID: addUser(t, db, "Ada Admin", "admin", nil), Admin: true}
	now := db.Time()
	var prop, req int64
	if err := db.QueryRow(`INSERT INTO properties (agent_id, title, property_type, listing_purpose, price, city, locality, address, created_at, updated_at)
		VALUES ($1, '3 BHK in Baner', 'apartment', 'for_sale', 9500000, 'Pune', 'Baner', '12 Secret Lane', $2, $2) RETURNING id`, f.listing.ID, now).Scan(&prop); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`INSERT INTO requirements (agent_id, client_name, client_phone, created_at, updated_at)
		VALUES ($1, 'Rahul Kumar Sharma', '+919800000000', $2, $2) RETURNING id`, f.buyer.ID, now).Scan(&req); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`INSERT INTO matches (property_id, requirement_id, seller_agent_id, buyer_agent_id, match_score, created_at, updated_at)
		VALUES ($1, $2, $3, $4, 80, $5, $5) RETURNING id`, prop, req, f.listing.ID, f.buyer.ID, now).Scan(&f.match); err != nil {
		t.Fatal(err)
	}
	return f
}

func split(l, b int64) agreements.Terms {
	return agreements.Terms{ListingSidePercent: input.Int{Value: l, Set: true}, BuyerSidePercent: input.Int{Value: b, Set: true}, Basis: "brokerage"}
}

func fixed(p int64) agreements.Terms {
	return agreements.Terms{FixedAmountPaise: input.Int{Value: p, Set: true}, Basis: "price"}
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if apperr.CodeOf(err) != code {
		t.Fatalf("err = %v (%s), want %s", err, apperr.CodeOf(err), code)
	}
}

func fieldsOf(err error) string {
	var e *apperr.Error
	if ae, ok := err.(*apperr.Error); ok {
		e = ae
	}
	if e == nil {
		return ""
	}
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Path)
	}
	return strings.Join(out, ",")
}

func TestProposalRules(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		for _, c := range []struct {
			name  string
			in    agreements.Terms
			field string
		}{
			{"not adding to 100", split(60, 30), "buyerSidePercent"},
			{"over 100", split(120, -20), "listingSidePercent,buyerSidePercent"},
			{"half a split", agreements.Terms{ListingSidePercent: input.Int{Value: 50, Set: true}, Basis: "brokerage"}, "buyerSidePercent"},
			{"nothing", agreements.Terms{Basis: "brokerage"}, "listingSidePercent"},
			{"both", agreements.Terms{ListingSidePercent: input.Int{Value: 50, Set: true}, BuyerSidePercent: input.Int{Value: 50, Set: true},
				FixedAmountPaise: input.Int{Value: 100, Set: true}, Basis: "brokerage"}, "fixedAmountPaise"},
			{"zero fixed", fixed(0), "fixedAmountPaise"},
			{"no basis", agreements.Terms{FixedAmountPaise: input.Int{Value: 100, Set: true}}, "basis"},
			{"bad basis", agreements.Terms{FixedAmountPaise: input.Int{Value: 100, Set: true}, Basis: "rent"}, "basis"},
			{"long note", func() agreements.Terms {
				t := split(50, 50)
				t.Note = input.String(strings.Repeat("n", 1001))
				return t
			}(), "note"},
		} {
			_, err := f.svc.Propose(ctx, f.listing, f.match, c.in)
			wantCode(t, err, apperr.Invalid)
			if got := fieldsOf(err); got != c.field {
				t.Errorf("%s: fields %q, want %q", c.name, got, c.field)
			}
		}
		// Someone not on the match, even an admin, cannot propose; the match is NotFound.
		for _, a := range []access.Actor{f.outsider, f.admin} {
			_, err := f.svc.Propose(ctx, a, f.match, split(50, 50))
			wantCode(t, err, apperr.NotFound)
		}
		_, err := f.svc.Propose(ctx, f.listing, f.match+999, split(50, 50))
		wantCode(t, err, apperr.NotFound)

		a, err := f.svc.Propose(ctx, f.listing, f.match, split(60, 40))
		if err != nil {
			t.Fatal(err)
		}
		if a.Version != 1 || a.Status != agreements.Proposed || a.ProposedBySide != "listing" || a.CanAnswer {
			t.Fatalf("proposal = %+v", a)
		}
		// The proposer revises: the first is superseded.
		a2, err := f.svc.Propose(ctx, f.listing, f.match, fixed(5000000))
		if err != nil || a2.Version != 2 {
			t.Fatalf("revise = %+v, %v", a2, err)
		}
		// The other agent must answer rather than propose.
		_, err = f.svc.Propose(ctx, f.buyer, f.match, split(50, 50))
		wantCode(t, err, apperr.Conflict)
		// The proposer cannot accept, reject or counter their own.
		_, err = f.svc.Accept(ctx, f.listing, a2.ID)
		wantCode(t, err, apperr.Conflict)
		_, err = f.svc.Reject(ctx, f.listing, a2.ID)
		wantCode(t, err, apperr.Conflict)
		_, err = f.svc.Counter(ctx, f.listing, a2.ID, split(50, 50))
		wantCode(t, err, apperr.Conflict)
		// Others do not see it.
		for _, a := range []access.Actor{f.outsider, f.admin} {
			_, err = f.svc.Accept(ctx, a, a2.ID)
			wantCode(t, err, apperr.NotFound)
		}
		_, err = f.svc.List(ctx, f.outsider, f.match)
		wantCode(t, err, apperr.NotFound)
		if list, err := f.svc.List(ctx, f.admin, f.match); err != nil || len(list) != 2 || list[0].CanAnswer {
			t.Fatalf("admin's read = %+v, %v", list, err)
		}
		// An older version cannot be accepted.
		_, err = f.svc.Accept(ctx, f.buyer, a.ID)
		wantCode(t, err, apperr.Conflict)
		// The buyer counters; then the listing agent rejects the counter.
		c, err := f.svc.Counter(ctx, f.buyer, a2.ID, split(50, 50))
		if err != nil || c.Version != 3 || c.ProposedBy != f.buyer.ID {
			t.Fatalf("counter = %+v, %v", c, err)
		}
		r, err := f.svc.Reject(ctx, f.listing, c.ID)
		if err != nil || r.Status != agreements.Rejected {
			t.Fatalf("reject = %+v, %v", r, err)
		}
		list, err := f.svc.List(ctx, f.buyer, f.match)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range list {
			got = append(got, fmt.Sprint(a.Version, a.Status))
		}
		if strings.Join(got, ",") != "3rejected,2superseded,1superseded" {
			t.Fatalf("history = %v", got)
		}
		// After a rejection either may propose again; the buyer does, the listing agent accepts.
		n, err := f.svc.Propose(ctx, f.buyer, f.match, split(55, 45))
		if err != nil || n.Version != 4 {
			t.Fatal(n, err)
		}
		if l, _ := f.svc.List(ctx, f.listing, f.match); !l[0].CanAnswer {
			t.Fatal("the listing agent cannot answer the buyer's proposal")
		}
		acc, err := f.svc.Accept(ctx, f.listing, n.ID)
		if err != nil || acc.Status != agreements.Accepted || acc.Number == nil || acc.Hash == nil || acc.Deal == nil || acc.Deal.Stage != "agreed" {
			t.Fatalf("accept = %+v, %v", acc, err)
		}
		// Locked: no new proposal, no second answer.
		_, err = f.svc.Propose(ctx, f.listing, f.match, split(50, 50))
		wantCode(t, err, apperr.Conflict)
		_, err = f.svc.Reject(ctx, f.buyer, acc.ID)
		wantCode(t, err, apperr.Conflict)

		// The public check: exists, unaltered, no amounts.
		chk, err := f.svc.Verify(ctx, *acc.Number)
		if err != nil || !chk.Unaltered || chk.Hash != *acc.Hash || chk.ListingAgentName != "Asha Listing" || chk.BuyerAgentName != "Bala Buyer" {
			t.Fatalf("check = %+v, %v", chk, err)
		}
		_, err = f.svc.Verify(ctx, "PMA-2026-AAAAAAAAAAAA")
		wantCode(t, err, apperr.NotFound)
		// Altering the stored terms is caught.
		if _, err := db.Exec(`UPDATE agreements SET snapshot = replace(snapshot, '"buyerSidePercent":45', '"buyerSidePercent":50') WHERE id = $1`, acc.ID); err != nil {
			t.Fatal(err)
		}
		if chk, _ := f.svc.Verify(ctx, *acc.Number); chk.Unaltered {
			t.Fatal("an altered agreement checks as unaltered")
		}
	})
}

func TestLockedSnapshotAndPDF(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		a, err := f.svc.Propose(ctx, f.buyer, f.match, split(60, 40))
		if err != nil {
			t.Fatal(err)
		}
		acc, err := f.svc.Accept(ctx, f.listing, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		var raw string
		if err := db.QueryRow(`SELECT snapshot FROM agreements WHERE id = $1`, acc.ID).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		// The client is named as the listing agent may see them; both RERA numbers are recorded.
		for _, want := range []string{`"client":"Rahul S."`, `"reraNumber":"A51800012345"`, `"reraNumber":""`, `"listingSidePercent":60`,
			`"acceptedBy":` + fmt.Sprint(f.listing.ID), `"proposedBy":` + fmt.Sprint(f.buyer.ID)} {
			if !strings.Contains(raw, want) {
				t.Errorf("snapshot lacks %s: %s", want, raw)
			}
		}
		if strings.Contains(raw, "Secret Lane") || strings.Contains(raw, "Sharma") {
			t.Errorf("snapshot holds the address or the client's full name: %s", raw)
		}
		if agreements.Hash([]byte(raw)) != *acc.Hash {
			t.Fatal("the stored hash is not the snapshot's SHA-256")
		}
		pdf, number, err := f.svc.PDF(ctx, f.buyer, acc.ID, "https://propmatch.example")
		if err != nil || number != *acc.Number {
			t.Fatal(number, err)
		}
		text := pdftext.OnePage(t, pdf)
		for _, want := range []string{*acc.Hash, *acc.Number, "Asha Listing", "Bala Buyer", "A51800012345", "Listing side 60%, buyer side 40%", "https://propmatch.example/agreements/" + number} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
		if _, _, err := f.svc.PDF(ctx, f.admin, acc.ID, ""); err != nil {
			t.Errorf("admin's PDF: %v", err)
		}
		_, _, err = f.svc.PDF(ctx, f.outsider, acc.ID, "")
		wantCode(t, err, apperr.NotFound)
		_, _, err = f.svc.PDF(ctx, f.buyer, a.ID+100, "")
		wantCode(t, err, apperr.NotFound)
	})
}

func TestHashChangesWithEveryTerm(t *testing.T) {
	p := func(n int64) *int64 { return &n }
	base := agreements.Snapshot{Number: "PMA-2026-AAAAAAAAAAAA", MatchID: 7, Version: 2, ListingSidePercent: p(60), BuyerSidePercent: p(40),
		Basis: "brokerage", Note: "Note", ListingAgent: agreements.Party{ID: 1, Name: "A", Username: "a", ReraNumber: "R1", ReraVerified: true},
		BuyerAgent: agreements.Party{ID: 2, Name: "B", Username: "b", ReraNumber: "R2"}, Listing: agreements.Listing{ID: 3, Title: "T", PropertyType: "apartment", Locality: "L", City: "C"},
		Requirement: agreements.Requirement{ID: 4, Client: "Rahul S."}, ProposedBy: 1, ProposedAt: "2026-11-28T10:00:00Z", AcceptedBy: 2, AcceptedAt: "2026-11-28T11:00:00Z"}
	_, h0, err := agreements.HashOf(base)
	if err != nil {
		t.Fatal(err)
	}
	if _, again, _ := agreements.HashOf(base); again != h0 {
		t.Fatal("the same terms hash differently")
	}
	changes := map[string]func(s *agreements.Snapshot){
		"number": func(s *agreements.Snapshot) { s.Number = "PMA-2026-BBBBBBBBBBBB" }, "match": func(s *agreements.Snapshot) { s.MatchID++ },
		"version": func(s *agreements.Snapshot) { s.Version++ }, "listing %": func(s *agreements.Snapshot) { s.ListingSidePercent = p(50); s.BuyerSidePercent = p(50) },
		"buyer %": func(s *agreements.Snapshot) { s.BuyerSidePercent = p(41) },
		"fixed": func(s *agreements.Snapshot) {
			s.ListingSidePercent, s.BuyerSidePercent, s.FixedAmountPaise = nil, nil, p(100)
		},
		"basis": func(s *agreements.Snapshot) { s.Basis = "price" }, "note": func(s *agreements.Snapshot) { s.Note = "Note." },
		"listing agent": func(s *agreements.Snapshot) { s.ListingAgent.Name = "A2" }, "listing rera": func(s *agreements.Snapshot) { s.ListingAgent.ReraNumber = "R9" },
		"buyer rera": func(s *agreements.Snapshot) { s.BuyerAgent.ReraNumber = "" }, "buyer verified": func(s *agreements.Snapshot) { s.BuyerAgent.ReraVerified = true },
		"listing": func(s *agreements.Snapshot) { s.Listing.Title = "T2" }, "client": func(s *agreements.Snapshot) { s.Requirement.Client = "Rahul K." },
		"proposer": func(s *agreements.Snapshot) { s.ProposedBy = 2 }, "proposed at": func(s *agreements.Snapshot) { s.ProposedAt = "2026-11-28T10:00:01Z" },
		"accepter": func(s *agreements.Snapshot) { s.AcceptedBy = 1 }, "accepted at": func(s *agreements.Snapshot) { s.AcceptedAt = "2026-11-29T11:00:00Z" },
	}
	for name, change := range changes {
		s := base
		change(&s)
		if _, h, _ := agreements.HashOf(s); h == h0 {
			t.Errorf("changing the %s leaves the hash", name)
		}
	}
	// Canonical: sorted keys, no white space, no HTML escaping.
	b, _ := agreements.Canonical(map[string]any{"b": 1, "a": "<&>", "c": map[string]any{"z": nil, "y": true}})
	if string(b) != `{"a":"<&>","b":1,"c":{"y":true,"z":null}}` {
		t.Fatalf("canonical = %s", b)
	}
}

// TestAcceptRaces: 100 accepts at once, and accepts racing counters, leave
// exactly one accepted version.
func TestAcceptRaces(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		a, err := f.svc.Propose(ctx, f.listing, f.match, split(50, 50))
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, conflicts := 0, 0
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f.svc.Accept(ctx, f.buyer, a.ID)
				mu.Lock()
				defer mu.Unlock()
				switch apperr.CodeOf(err) {
				case "":
					ok++
				case apperr.Conflict:
					conflicts++
				default:
					t.Errorf("accept: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 1 || conflicts != 99 {
			t.Fatalf("%d accepted, %d conflicts; want 1 and 99", ok, conflicts)
		}
		countAccepted(t, db, f.match, 1)

		// Accept against counter: 50 of each on a fresh proposal of a second match.
		g := setup(t, db)
		b, err := g.svc.Propose(ctx, g.listing, g.match, split(60, 40))
		if err != nil {
			t.Fatal(err)
		}
		wins := map[string]int{}
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				kind := "accept"
				if i%2 == 0 {
					_, err = g.svc.Accept(ctx, g.buyer, b.ID)
				} else {
					kind = "counter"
					_, err = g.svc.Counter(ctx, g.buyer, b.ID, split(50, 50))
				}
				mu.Lock()
				defer mu.Unlock()
				switch apperr.CodeOf(err) {
				case "":
					wins[kind]++
				case apperr.Conflict:
				default:
					t.Errorf("%s: %v", kind, err)
				}
			}()
		}
		wg.Wait()
		if wins["accept"]+wins["counter"] != 1 {
			t.Fatalf("winners = %v, want exactly one", wins)
		}
		var accepted, open, total int
		if err := db.QueryRow(`SELECT COUNT(*) FILTER (WHERE status = 'accepted'), COUNT(*) FILTER (WHERE status = 'proposed'), COUNT(*)
			FROM agreements WHERE match_id = $1`, g.match).Scan(&accepted, &open, &total); err != nil {
			t.Fatal(err)
		}
		if wins["accept"] == 1 && (accepted != 1 || open != 0 || total != 1) || wins["counter"] == 1 && (accepted != 0 || open != 1 || total != 2) {
			t.Fatalf("wins %v left %d accepted, %d open of %d", wins, accepted, open, total)
		}
		// The partial unique index holds even past the service.
		if _, err := db.Exec(`UPDATE agreements SET status = 'accepted' WHERE match_id = $1`, f.match); err == nil {
			var n int
			_ = db.QueryRow(`SELECT COUNT(*) FROM agreements WHERE match_id = $1`, f.match).Scan(&n)
			if n > 1 {
				t.Fatal("two accepted agreements on one match")
			}
		}
	})
}

func countAccepted(t *testing.T, db *store.DB, match int64, want int) {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM agreements WHERE match_id = $1 AND status = 'accepted'`, match).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != want {
		t.Fatalf("%d accepted, want %d", n, want)
	}
}

func TestDealStagesAndDisputes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		a, _ := f.svc.Propose(ctx, f.listing, f.match, split(50, 50))
		// No deal before acceptance.
		_, err := f.svc.SetStage(ctx, f.listing, a.ID, agreements.StageInput{Stage: "site_visit"})
		wantCode(t, err, apperr.Conflict)
		if _, err := f.svc.Accept(ctx, f.buyer, a.ID); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.SetStage(ctx, f.listing, a.ID, agreements.StageInput{Stage: "sold"})
		wantCode(t, err, apperr.Invalid)
		_, err = f.svc.SetStage(ctx, f.outsider, a.ID, agreements.StageInput{Stage: "offer"})
		wantCode(t, err, apperr.NotFound)
		_, err = f.svc.SetStage(ctx, f.admin, a.ID, agreements.StageInput{Stage: "offer"})
		wantCode(t, err, apperr.NotFound)
		for _, st := range []string{"site_visit", "offer"} {
			d, err := f.svc.SetStage(ctx, f.buyer, a.ID, agreements.StageInput{Stage: input.String(st)})
			if err != nil || d.Deal.Stage != st {
				t.Fatal(d, err)
			}
		}
		// Closing: a price is needed; the first confirmation records, a different second is refused, the same closes.
		_, err = f.svc.SetStage(ctx, f.listing, a.ID, agreements.StageInput{Stage: "closed"})
		wantCode(t, err, apperr.Invalid)
		d, err := f.svc.SetStage(ctx, f.listing, a.ID, agreements.StageInput{Stage: "closed", FinalPricePaise: input.Int{Value: 9_000_000_00, Set: true}})
		if err != nil || d.Deal.Stage != "offer" || d.Deal.ListingClosePaise == nil || d.Deal.FinalPricePaise != nil {
			t.Fatalf("first confirmation = %+v, %v", d.Deal, err)
		}
		_, err = f.svc.SetStage(ctx, f.buyer, a.ID, agreements.StageInput{Stage: "closed", FinalPricePaise: input.Int{Value: 8_900_000_00, Set: true}})
		wantCode(t, err, apperr.Conflict)
		if !strings.Contains(apperr.MessageOf(err), "90,00,000") {
			t.Errorf("the refusal does not state the other side's price: %v", err)
		}
		d, err = f.svc.SetStage(ctx, f.buyer, a.ID, agreements.StageInput{Stage: "closed", FinalPricePaise: input.Int{Value: 9_000_000_00, Set: true}})
		if err != nil || d.Deal.Stage != "closed" || d.Deal.FinalPricePaise == nil || *d.Deal.FinalPricePaise != 9_000_000_00 || d.Deal.ClosedAt == nil {
			t.Fatalf("close = %+v, %v", d.Deal, err)
		}
		_, err = f.svc.SetStage(ctx, f.buyer, a.ID, agreements.StageInput{Stage: "fallen_through"})
		wantCode(t, err, apperr.Conflict)

		// Disputes: a note is required; one open at a time; admins resolve, audited.
		_, err = f.svc.FileDispute(ctx, f.buyer, a.ID, agreements.DisputeInput{Note: " "})
		wantCode(t, err, apperr.Invalid)
		_, err = f.svc.FileDispute(ctx, f.outsider, a.ID, agreements.DisputeInput{Note: "x"})
		wantCode(t, err, apperr.NotFound)
		d, err = f.svc.FileDispute(ctx, f.buyer, a.ID, agreements.DisputeInput{Note: "Commission not paid"})
		if err != nil || d.Deal.Dispute == nil || d.Deal.Dispute.Status != "open" {
			t.Fatal(d, err)
		}
		_, err = f.svc.FileDispute(ctx, f.listing, a.ID, agreements.DisputeInput{Note: "again"})
		wantCode(t, err, apperr.Conflict)
		list, _, err := f.svc.Disputes(ctx, "open", paging.Page{Limit: 10})
		if err != nil || len(list) != 1 || list[0].Note != "Commission not paid" || list[0].BuyerAgentName != "Bala Buyer" {
			t.Fatal(list, err)
		}
		_, _, err = f.svc.Disputes(ctx, "bogus", paging.Page{Limit: 10})
		wantCode(t, err, apperr.Invalid)
		r, err := f.svc.ResolveDispute(ctx, f.admin, a.ID, agreements.DisputeInput{Note: "Paid on 1 Dec"})
		if err != nil || r.Status != "resolved" || r.Resolution != "Paid on 1 Dec" {
			t.Fatal(r, err)
		}
		_, err = f.svc.ResolveDispute(ctx, f.admin, a.ID, agreements.DisputeInput{Note: "again"})
		wantCode(t, err, apperr.NotFound)
		var audited int
		if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'agreement.dispute.resolve' AND target_id = $1`, a.ID).Scan(&audited); err != nil || audited != 1 {
			t.Fatalf("audit rows = %d, %v", audited, err)
		}
	})
}

// TestCloseRace: both sides confirm the close at once, 50 times each: the
// deal closes once, at the one price.
func TestCloseRace(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		a, _ := f.svc.Propose(ctx, f.listing, f.match, split(50, 50))
		if _, err := f.svc.Accept(ctx, f.buyer, a.ID); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				who := f.listing
				if i%2 == 1 {
					who = f.buyer
				}
				_, err := f.svc.SetStage(ctx, who, a.ID, agreements.StageInput{Stage: "closed", FinalPricePaise: input.Int{Value: 5_000_000_00, Set: true}})
				if err != nil && apperr.CodeOf(err) != apperr.Conflict {
					t.Errorf("confirm: %v", err)
				}
			}()
		}
		wg.Wait()
		got, err := f.svc.Get(ctx, f.listing, a.ID)
		if err != nil || got.Deal.Stage != "closed" || *got.Deal.FinalPricePaise != 5_000_000_00 {
			t.Fatalf("after the race: %+v, %v", got.Deal, err)
		}
	})
}
