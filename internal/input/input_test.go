package input

import (
	"encoding/json"
	"testing"
)

func TestLenientInput(t *testing.T) {
	var v struct {
		Price    Float  `json:"price"`
		Bedrooms Int    `json:"bedrooms"`
		Floor    String `json:"floor"`
		Cities   List   `json:"cities"`
		Active   Bool   `json:"active"`
	}
	for _, tc := range []struct {
		name, body        string
		price             *float64
		bedrooms          *int
		floor             string
		cities            []string
		active, activeSet bool
	}{
		{"Numbers", `{"price": 4500000, "bedrooms": 3, "floor": 7, "cities": ["Pune"], "active": true}`, f(4500000), i(3), "7", []string{"Pune"}, true, true},
		{"Text", `{"price": " 45,00,000 ", "bedrooms": "3", "floor": " 7th ", "cities": "Pune, , Mumbai ", "active": "no"}`, f(4500000), i(3), "7th", []string{"Pune", "Mumbai"}, false, true},
		{"EmptyIsAbsent", `{"price": "", "bedrooms": "", "floor": "", "cities": [], "active": ""}`, nil, nil, "", []string{}, false, false},
		{"InvalidIsAbsent", `{"price": "call me", "bedrooms": "many"}`, nil, nil, "", nil, false, false},
		{"NullIsAbsent", `{"price": null, "bedrooms": null, "floor": null, "cities": null, "active": null}`, nil, nil, "", []string{}, false, false},
		{"FractionOfIntIsCut", `{"bedrooms": 2.7}`, nil, i(2), "", nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v.Price, v.Bedrooms, v.Floor, v.Cities, v.Active = Float{}, Int{}, "", nil, Bool{}
			if err := json.Unmarshal([]byte(tc.body), &v); err != nil {
				t.Fatal(err)
			}
			if !eqPtr(v.Price.Ptr(), tc.price) || !eqPtr(v.Bedrooms.Ptr(), tc.bedrooms) || string(v.Floor) != tc.floor ||
				len(v.Cities) != len(tc.cities) || v.Active.Set != tc.activeSet || v.Active.Value != tc.active {
				t.Fatalf("got %+v", v)
			}
		})
	}
	if err := json.Unmarshal([]byte(`{"floor": {"a": 1}}`), &v); err == nil {
		t.Fatal("an object was accepted as text")
	}
}

func f(v float64) *float64 { return &v }
func i(v int) *int         { return &v }

func eqPtr[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}
