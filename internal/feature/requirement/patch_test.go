package requirement

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"propmatch/internal/kit/input"
)

// stored is a requirement as validate returns it.
func stored(t *testing.T) Requirement {
	t.Helper()
	r, err := wanted(t, "specialRequirements", "Near a school", "minArea", "1000", "maxArea", 1500.5).validate()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestAStoredRequirementValidatesToItself(t *testing.T) {
	r := stored(t)
	again, err := inputOf(r).validate()
	if err != nil || !reflect.DeepEqual(again, r) {
		t.Errorf("inputOf(r).validate() = %+v, %v\nwant %+v", again, err, r)
	}
}

func patchOf(t *testing.T, body string) Patch {
	t.Helper()
	var p Patch
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPatchChangesOnlyTheFieldsSent(t *testing.T) {
	r := stored(t)
	got, err := patchOf(t, `{"maxPrice": "90,00,000", "timeline": "within_6_months", "clientPhone": "91234 56789",
		"preferredLocalities": "Kondapur, Madhapur", "id": 99, "agentId": 7, "unknown": true}`).apply(inputOf(r)).validate()
	if err != nil {
		t.Fatal(err)
	}
	want := r
	want.MaxPrice, want.Timeline, want.ClientPhone = f64(9e6), "6months", "+919123456789"
	want.PreferredLocalities = []string{"Kondapur", "Madhapur"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("patched = %+v\nwant      %+v", got, want)
	}
}

func TestPatchNullClearsOrResets(t *testing.T) {
	r := stored(t)
	r.IsActive = false
	got, err := patchOf(t, `{"clientEmail": null, "minPrice": null, "specialRequirements": "", "isActive": null, "timeline": null}`).
		apply(inputOf(r)).validate()
	if err != nil {
		t.Fatal(err)
	}
	if got.ClientEmail != nil || got.MinPrice != nil || got.SpecialRequirements != nil || !got.IsActive || got.Timeline != "flexible" {
		t.Errorf("patched = %+v", got)
	}
	if !reflect.DeepEqual(got.MaxPrice, r.MaxPrice) || got.ClientName != r.ClientName {
		t.Errorf("unsent fields changed: %+v", got)
	}
}

func TestPatchIsValidatedAsAWhole(t *testing.T) {
	_, err := patchOf(t, `{"maxPrice": "60,00,000"}`).apply(inputOf(stored(t))).validate()
	if want := []fieldErr{{"maxPrice", "Max budget must be greater than or equal to min budget"}}; !slices.Equal(errorsOf(err), want) {
		t.Errorf("errors = %v, want %v", errorsOf(err), want)
	}
}

func TestPatchOfTheWrongTypeIsRefusedAtItsPath(t *testing.T) {
	for _, tc := range []struct{ body, path, message string }{
		{`{"maxPrice": "abc"}`, "maxPrice", "Maximum price must be a number"},
		{`{"isActive": "maybe"}`, "isActive", "Active must be true or false"},
		{`{"clientName": {}}`, "clientName", ""},
		{`{"preferredCities": {"a": 1}}`, "preferredCities", ""},
	} {
		var p Patch
		err := json.Unmarshal([]byte(tc.body), &p)
		var typ *json.UnmarshalTypeError
		if !errors.As(err, &typ) || typ.Field != tc.path || input.Message(typ) != tc.message {
			t.Errorf("%s: error %v, want a type error at %s saying %q", tc.body, err, tc.path, tc.message)
		}
	}
}
