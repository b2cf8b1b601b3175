package httpapi_test

import (
	"fmt"
	"reflect"
	"testing"
)

func TestDashboardStats(t *testing.T) {
	eachEngine(t, apiOptions{}, func(t *testing.T, a *apiTest) {
		A := a.newAgent("anil", "9811111111")
		B := a.newAgent("bina", "9822222222")
		C := a.newAgent("chetan", "9833333333")
		types := func(apartment, villa, plot int) map[string]any {
			return map[string]any{"apartment": apartment, "villa": villa, "plot": plot, "commercial": 0, "agricultural": 0}
		}
		stats := func(properties, active, requirements, buyer, seller, newM int, pt map[string]any) map[string]any {
			return map[string]any{"properties": properties, "activeProperties": active, "requirements": requirements,
				"buyerMatches": buyer, "sellerMatches": seller, "totalMatches": buyer + seller, "newMatches": newM, "propertyTypes": pt,
				"unreadMessages": 0, "pendingRequests": 0, "sentRequests": 0, "messagesBadge": 0, "connections": 0, "courses": 0, "enrolledCourses": 0}
		}
		check := func(t *testing.T, g agent, want map[string]any) {
			t.Helper()
			res := a.sub(t).do("GET", "/api/dashboard/stats", nil, as(g))
			wantStatus(t, res, 200)
			got := res.json(t)
			if !reflect.DeepEqual(got, jsonValue(want)) {
				t.Errorf("stats of agent %d = %v, want %v", g.id, got, jsonValue(want))
			}
		}
		t.Run("EmptyAgent", func(t *testing.T) {
			check(t, C, stats(0, 0, 0, 0, 0, 0, types(0, 0, 0)))
		})
		// A lists two apartments (one inactive) and a villa; B wants an
		// apartment and a villa; B lists a plot that A's client wants.
		p1 := idOf(a.create(A, "/api/properties", listing()))
		a.create(A, "/api/properties", listing("title", "Inactive flat", "isActive", false))
		p3 := idOf(a.create(A, "/api/properties", listing("title", "Villa", "propertyType", "villa", "price", 15000000)))
		r1 := idOf(a.create(B, "/api/requirements", wanted()))
		a.create(B, "/api/requirements", wanted("clientName", "Villa client", "propertyTypes", "villa", "minPrice", 10000000, "maxPrice", 20000000))
		a.create(B, "/api/properties", listing("title", "Plot", "propertyType", "plot", "price", 5000000, "bedrooms", nil))
		a.create(A, "/api/requirements", wanted("clientName", "Plot client", "propertyTypes", "plot", "minPrice", 4000000, "maxPrice", 6000000))
		m1 := a.onlyMatch(B, fmt.Sprintf("/api/requirements/%d/matches", r1))
		if m1["propertyId"] != float64(p1) {
			t.Fatalf("r1's match is on property %v, want %d", m1["propertyId"], p1)
		}
		wantStatus(t, a.do("PUT", fmt.Sprintf("/api/matches/%d/status", idOf(m1)), map[string]any{"status": "contacted"}, as(B)), 200)

		// newMatches counts each side by its own status: B's contacted is
		// B's, and the match is still new on A's side.
		t.Run("AfterListingsRequirementsAndAStatusChange", func(t *testing.T) {
			check(t, A, stats(3, 2, 1, 1, 2, 3, types(2, 1, 0)))
			check(t, B, stats(1, 1, 2, 2, 1, 2, types(0, 0, 1)))
			check(t, C, stats(0, 0, 0, 0, 0, 0, types(0, 0, 0)))
		})
		t.Run("AfterDeletingTheVilla", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("DELETE", fmt.Sprintf("/api/properties/%d", p3), nil, as(A)), 200)
			check(t, A, stats(2, 1, 1, 1, 1, 2, types(2, 0, 0)))
			check(t, B, stats(1, 1, 2, 1, 1, 1, types(0, 0, 1)))
		})
		t.Run("AfterDeactivatingTheApartment", func(t *testing.T) {
			// The contacted match survives: the buyer's status moved past new.
			wantStatus(t, a.sub(t).do("PUT", fmt.Sprintf("/api/properties/%d", p1), listing("isActive", false), as(A)), 200)
			check(t, A, stats(2, 0, 1, 1, 1, 2, types(2, 0, 0)))
			check(t, B, stats(1, 1, 2, 1, 1, 1, types(0, 0, 1)))
		})
		t.Run("AfterDeletingARequirementWithAMatch", func(t *testing.T) {
			wantStatus(t, a.sub(t).do("DELETE", fmt.Sprintf("/api/requirements/%d", r1), nil, as(B)), 200)
			check(t, A, stats(2, 0, 1, 1, 0, 1, types(2, 0, 0)))
			check(t, B, stats(1, 1, 1, 0, 1, 1, types(0, 0, 1)))
		})
		t.Run("SignedOutIs401", func(t *testing.T) {
			wantError(t, a.sub(t).do("GET", "/api/dashboard/stats", nil), 401)
		})
	})
}
