package matchengine

import (
	"encoding/json"
	"testing"
)

func TestParseBreakdown(t *testing.T) {
	stored := func(b Breakdown) string { s, _ := json.Marshal(b); return string(s) }
	full := Breakdown{PropertyType: 30, City: 25, Price: 15, Bedrooms: 10, Locality: 20, Total: 100}
	for _, tc := range []struct {
		name, in string
		want     Breakdown
	}{
		{"as stored", stored(full), full},
		{"zeros", stored(Breakdown{PropertyType: 30, City: 25, Total: 55}), Breakdown{PropertyType: 30, City: 25, Total: 55}},
		{"other key order", `{"total":55,"city":25,"propertyType":30}`, Breakdown{PropertyType: 30, City: 25, Total: 55}},
		{"spaces", `{"propertyType": 30, "city": 25, "price": 0, "bedrooms": 0, "locality": 0, "total": 55}`, Breakdown{PropertyType: 30, City: 25, Total: 55}},
		{"negative", `{"propertyType":-1,"city":0,"price":0,"bedrooms":0,"locality":0,"total":0}`, Breakdown{PropertyType: -1}},
		{"leading zero is not JSON", `{"propertyType":030,"city":0,"price":0,"bedrooms":0,"locality":0,"total":0}`, Breakdown{}},
		{"trailing text", stored(full) + "x", Breakdown{}},
		{"cut short", stored(full)[:20], Breakdown{}},
		{"empty object", `{}`, Breakdown{}},
		{"empty", ``, Breakdown{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ParseBreakdown(tc.in); got != tc.want {
				t.Fatalf("ParseBreakdown(%q) = %+v, want %+v", tc.in, got, tc.want)
			}
		})
	}
}

func FuzzParseBreakdown(f *testing.F) {
	f.Add(`{"propertyType":30,"city":25,"price":15,"bedrooms":10,"locality":20,"total":100}`)
	f.Add(`{"propertyType":1e2,"city":25,"price":15,"bedrooms":10,"locality":20,"total":100}`)
	f.Fuzz(func(t *testing.T, in string) {
		var want Breakdown
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			want = Breakdown{}
		}
		if got := ParseBreakdown(in); got != want {
			t.Fatalf("ParseBreakdown(%q) = %+v, want %+v", in, got, want)
		}
	})
}
