package input

import (
	"encoding/json"
	"errors"
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
		{"IndianAndInternationalGrouping", `{"price": "1,00,00,000.50", "bedrooms": "1,000"}`, f(10000000.5), i(1000), "", nil, false, false},
		{"SignsAndExponents", `{"price": "+1.5e6", "bedrooms": -2}`, f(1500000), i(-2), "", nil, false, false},
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

// TestUnreadableValuesAreRefused: a value that cannot be read as its kind is
// an error at its field, never a silent 0 or "not set" (issue 9, F14).
func TestUnreadableValuesAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name, body, field, message string
	}{
		{"PriceAsWords", `{"price": "abc"}`, "price", "Price must be a number"},
		{"BudgetWithTrailingLetter", `{"price": "12,00,000x"}`, "price", "Price must be a number"},
		{"CommaAsDecimalPoint", `{"price": "7,5"}`, "price", "Price must be a number"},
		{"StrayCommas", `{"price": "1,2,3"}`, "price", "Price must be a number"},
		{"OnlyACommaIsNotEmpty", `{"price": ","}`, "price", "Price must be a number"},
		{"NaN", `{"price": "NaN"}`, "price", "Price must be a number"},
		{"Infinity", `{"price": "Infinity"}`, "price", "Price must be a number"},
		{"Hexadecimal", `{"price": "0x1p20"}`, "price", "Price must be a number"},
		{"Underscores", `{"price": "1_000"}`, "price", "Price must be a number"},
		{"TwoNumbers", `{"price": "12 13"}`, "price", "Price must be a number"},
		{"TextOverflowingFloat64", `{"price": "1e999"}`, "price", "Price is out of range"},
		{"NumberOverflowingFloat64", `{"price": 1e999}`, "price", "Price is out of range"},
		{"BooleanPrice", `{"price": true}`, "price", ""},
		{"ObjectPrice", `{"price": {}}`, "price", ""},
		{"ArrayPrice", `{"price": [1]}`, "price", ""},
		{"BedroomsAsWords", `{"bedrooms": "three"}`, "bedrooms", "Bedrooms must be a number"},
		{"BedroomsWithUnit", `{"bedrooms": "12a"}`, "bedrooms", "Bedrooms must be a number"},
		{"BedroomsBeyondInt", `{"bedrooms": 1e15}`, "bedrooms", "Bedrooms is out of range"},
		{"ActiveAsMaybe", `{"active": "maybe"}`, "active", "Active must be true or false"},
		{"ActiveAsTwo", `{"active": 2}`, "active", "Active must be true or false"},
		{"ActiveAsObject", `{"active": {}}`, "active", ""},
		{"FloorAsArray", `{"floor": ["7"]}`, "floor", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var v struct {
				Price    Float  `json:"price"`
				Bedrooms Int    `json:"bedrooms"`
				Floor    String `json:"floor"`
				Active   Bool   `json:"active"`
			}
			err := json.Unmarshal([]byte(tc.body), &v)
			var typ *json.UnmarshalTypeError
			if !errors.As(err, &typ) || typ.Field != tc.field {
				t.Fatalf("got %v (%+v), want a type error at %s", err, v, tc.field)
			}
			if got := Message(typ); got != tc.message {
				t.Fatalf("Message = %q, want %q", got, tc.message)
			}
		})
	}
}
