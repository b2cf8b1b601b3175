package httpapi_test

import (
	"fmt"
	"testing"
)

// TestDuplicateListingsAcrossAgents holds the API of issue 26's duplicates:
// a create and an update answer possibleDuplicates (non-blocking: 201/200
// either way), the owner and an admin read a listing's duplicates and
// another agent gets 404, the marketplace shows one card with alsoListedBy,
// and an admin lists the clusters and splits one for good.
func TestDuplicateListingsAcrossAgents(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		kavitha := a.newAgent("kavitha", "9811111111")
		ravi := a.newAgent("ravi", "9822222222")
		buyer := a.newAgent("buyer", "9833333333")
		admin := a.newAdmin("boss", "9844444444")
		photo := pngDataURL(t, 240, 180, true)
		flat := func(over ...any) map[string]any {
			return listing(append([]any{"locality", "Kondapur", "price", 12500000, "bedrooms", 3, "sqft", 1650, "images", []string{photo}}, over...)...)
		}
		first := a.create(kavitha, "/api/properties", flat())
		if d, ok := first["possibleDuplicates"].([]any); !ok || len(d) != 0 {
			t.Fatalf("the first listing's possibleDuplicates = %v, want []", first["possibleDuplicates"])
		}
		second := a.create(ravi, "/api/properties", flat("title", "Kondapur 3BHK ready to move", "price", 12800000))
		dups, _ := second["possibleDuplicates"].([]any)
		if len(dups) != 1 {
			t.Fatalf("possibleDuplicates = %v, want Kavitha's listing", second["possibleDuplicates"])
		}
		d := dups[0].(map[string]any)
		if d["agentName"] != "kavitha" && d["agentName"] == "" || int64(d["id"].(float64)) != idOf(first) {
			t.Errorf("duplicate = %v", d)
		}
		res := a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(second)), flat("price", 12700000), as(ravi))
		wantStatus(t, res, 200)
		if dups, _ := res.json(t)["possibleDuplicates"].([]any); len(dups) != 1 {
			t.Errorf("the update's possibleDuplicates = %v, want one", dups)
		}

		path := fmt.Sprintf("/api/properties/%d/duplicates", idOf(second))
		if list := a.do("GET", path, nil, as(ravi)).list(t); len(list) != 1 {
			t.Errorf("the owner reads %d duplicates, want 1", len(list))
		}
		wantStatus(t, a.do("GET", path, nil, as(kavitha)), 404)
		wantStatus(t, a.do("GET", path, nil, as(admin)), 200)
		wantStatus(t, a.do("GET", "/api/properties/999999/duplicates", nil, as(ravi)), 404)
		wantStatus(t, a.do("GET", path, nil), 401)

		market := a.objects(buyer, "/api/marketplace/properties")
		card := findID(market, idOf(second))
		if card == nil || findID(market, idOf(first)) != nil {
			t.Fatalf("the marketplace shows %d cards; want Ravi's standing for both", len(market))
		}
		also, _ := card["alsoListedBy"].([]any)
		if len(also) != 1 || int64(also[0].(map[string]any)["propertyId"].(float64)) != idOf(first) {
			t.Errorf("alsoListedBy = %v, want Kavitha's listing", card["alsoListedBy"])
		}

		wantStatus(t, a.do("GET", "/api/admin/duplicates", nil, as(ravi)), 403)
		clusters := a.do("GET", "/api/admin/duplicates", nil, as(admin)).list(t)
		if len(clusters) != 1 {
			t.Fatalf("%d clusters, want 1", len(clusters))
		}
		cid := int64(clusters[0].(map[string]any)["id"].(float64))
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/duplicates/%d/split", cid), nil, as(ravi)), 403)
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/duplicates/%d/split", cid), nil, as(admin)), 200)
		wantStatus(t, a.do("POST", fmt.Sprintf("/api/admin/duplicates/%d/split", cid), nil, as(admin)), 404)
		wantStatus(t, a.do("POST", "/api/admin/duplicates/abc/split", nil, as(admin), invalid()), 400)
		if n := len(a.do("GET", "/api/admin/duplicates", nil, as(admin)).list(t)); n != 0 {
			t.Errorf("%d clusters after the split, want 0", n)
		}
		res = a.do("PUT", fmt.Sprintf("/api/properties/%d", idOf(second)), flat(), as(ravi))
		if dups, _ := res.json(t)["possibleDuplicates"].([]any); len(dups) != 0 {
			t.Errorf("after the split a save still answers %v", dups)
		}
		if market := a.objects(buyer, "/api/marketplace/properties"); findID(market, idOf(first)) == nil || findID(market, idOf(second)) == nil {
			t.Errorf("after the split the marketplace should show both listings")
		}
	})
}
