package httpapi

import "testing"

// A NUL character is reported at the path of the string that holds it, the
// way validation errors name fields; a key holding one counts for the
// object it is in.
func TestNULIsReportedAtItsPath(t *testing.T) {
	cases := []struct {
		name, body, want string
		found            bool
	}{
		{"TopLevelField", `{"title":"a\u0000"}`, "title", true},
		{"ArrayItem", `{"amenities":["Gym","Pool\u0000"]}`, "amenities.1", true},
		{"Nested", `{"a":{"b":[1,{"c":"x\u0000"}]}}`, "a.b.1.c", true},
		{"AfterClosedContainers", `{"a":[1,[2]],"b":{"c":true},"d":"\u0000"}`, "d", true},
		{"ArrayOfObjects", `[{"x":1},{"y":null},"\u0000"]`, "2", true},
		{"KeyCountsForItsObject", `{"a":{"k\u0000":1}}`, "a", true},
		{"TopLevelKey", `{"k\u0000":1}`, "", true},
		{"OneString", `"\u0000"`, "", true},
		{"EscapedBackslash", `{"a":"\\u0000"}`, "", false},
		{"Malformed", `{"a":`, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, found := nulPath([]byte(c.body))
			if got != c.want || found != c.found {
				t.Errorf("nulPath(%s) = %q, %v; want %q, %v", c.body, got, found, c.want, c.found)
			}
		})
	}
}
